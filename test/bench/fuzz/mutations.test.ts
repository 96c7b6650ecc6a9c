import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { chooseMutations, MUTATIONS, mutate } from '../../../bench/fuzz/mutations.js';
import { random } from '../../helpers/lean-texts.js';

const source = Buffer.from('theorem t : True := by\n  trivial\n\ndef x : Nat := 1\n');
const named = (name: string) => MUTATIONS.find((m) => m.name === name)!;

describe('fuzz mutations', () => {
  it('are the same for the same seed, and differ for another', () => {
    const run = (seed: number) => {
      const next = random(seed);
      return Array.from({ length: 50 }, () => mutate(source, next, 1000));
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7).map((m) => m.bytes.toString('latin1'))).not.toEqual(run(8).map((m) => m.bytes.toString('latin1')));
  });

  it('each does what it is named for', () => {
    const next = random(3);
    expect(source.indexOf(named('truncate').apply(source, next))).toBe(0);
    expect(named('nul-byte').apply(source, next).includes(0)).toBe(true);
    expect(isUtf8(named('invalid-utf8').apply(source, next))).toBe(false);
    expect(named('delete-slice').apply(source, next).length).toBeLessThanOrEqual(source.length);
    expect(named('repeat-slice').apply(source, next).length).toBeGreaterThan(source.length);
    const swapped = named('swap-lines').apply(source, next).toString().split('\n').sort();
    expect(swapped).toEqual(source.toString().split('\n').sort());
  });

  it('makes the inputs no person writes: 100k-deep nesting and a 10 MB line', () => {
    const deep = named('deep-nesting').apply(source, random(1)).toString();
    expect(deep.length).toBeGreaterThanOrEqual(source.length + 100_000);
    const line = named('long-line').apply(source, random(1)).toString();
    expect(Math.max(...line.split('\n').map((l) => l.length))).toBeGreaterThanOrEqual(10 << 20);
  });

  it('puts a large mutation in about one input of `largeEvery`', () => {
    const next = random(11);
    let count = 0;
    for (let i = 0; i < 400; i++) if (chooseMutations(next, 20).some((m) => m.large)) count++;
    expect(count).toBeGreaterThan(5);
    expect(count).toBeLessThan(45);
  });
});
