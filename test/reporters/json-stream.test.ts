import { describe, expect, it } from 'vitest';
import { inertJson } from '../../src/reporters/escape.js';
import { jsonChunks, LazyArray } from '../../src/reporters/json-stream.js';
import { hostileReport } from './hostile-report.js';
import { sampleReport } from './sample-report.js';

const joined = (value: unknown): string => [...jsonChunks(value)].join('');

describe('jsonChunks', () => {
  it('gives, joined, the text inertJson gives: nesting, empty containers, undefined, toJSON, controls', () => {
    const values: unknown[] = [
      sampleReport(),
      hostileReport(),
      { a: [], b: {}, c: undefined, d: () => 1, e: [undefined, () => 1, null], f: new Date(0), g: { toJSON: () => 'x' } },
      { deep: { er: { still: { deeper: { and: [1, { x: 'y' }] } } } } },
      { long: Array.from({ length: 200 }, (_, i) => ({ i, s: `\u202e${i}\u0085` })) },
      [],
      'text',
      42,
      null,
    ];
    for (const value of values) expect(joined(value)).toBe(inertJson(value));
  });

  it('writes a LazyArray as the array of what it makes, made as it is written', () => {
    let made = 0;
    const lazy = new LazyArray(function* () {
      for (let i = 0; i < 3; i++) {
        made++;
        yield { i };
      }
    });
    const pieces = jsonChunks({ results: lazy, after: true });
    expect(made).toBe(0);
    expect([...pieces].join('')).toBe(inertJson({ results: [{ i: 0 }, { i: 1 }, { i: 2 }], after: true }));
    expect(made).toBe(3);
    expect(joined({ none: new LazyArray(() => []) })).toBe(inertJson({ none: [] }));
  });

  it('writes a long array element by element: no piece grows with the number of elements', () => {
    const report = { runs: [{ findings: Array.from({ length: 50_000 }, (_, i) => ({ message: `finding ${i}`, line: i })) }] };
    let longest = 0;
    let count = 0;
    for (const piece of jsonChunks(report)) {
      longest = Math.max(longest, piece.length);
      count++;
    }
    expect(count).toBeGreaterThan(50_000);
    expect(longest).toBeLessThan(200);
  });
});
