import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ItemResult } from '../../src/contamination/aggregate.js';
import { resolveSettings } from '../../src/contamination/config.js';
import { runScan } from '../../src/contamination/run.js';

const here = join(import.meta.dirname, 'fixtures', 'planted');
const bench = [{ path: join(here, 'bench.jsonl') }];
const corpus = [join(here, 'corpus')];

async function scan(threads: number): Promise<Map<string, ItemResult>> {
  const outcome = await runScan({ bench, corpus, settings: resolveSettings({}), threads });
  return new Map(outcome.items.map((r) => [r.id, r]));
}

/** id -> [overall verdict, exact windows, word n-grams, Lean-aware, name leaked]. */
const EXPECTED: Record<string, [string, string, string, string, boolean]> = {
  planted_verbatim: ['dirty', 'dirty', 'dirty', 'dirty', true],
  planted_renamed: ['dirty', 'clean', 'clean', 'dirty', false],
  planted_ascii: ['dirty', 'clean', 'clean', 'dirty', false],
  planted_reordered: ['dirty', 'clean', 'clean', 'dirty', false],
  planted_binders: ['dirty', 'clean', 'clean', 'dirty', false],
  planted_spacing: ['dirty', 'clean', 'clean', 'dirty', true],
  planted_paraphrase: ['clean', 'clean', 'clean', 'clean', false],
  planted_informal_case: ['dirty', 'dirty', 'dirty', 'clean', false],
  control_triangle: ['clean', 'clean', 'clean', 'clean', false],
  control_digits: ['clean', 'clean', 'clean', 'clean', false],
  control_sequence: ['clean', 'clean', 'clean', 'clean', false],
};

describe('planted contamination', () => {
  it('gives each planted item its expected verdict per channel', async () => {
    const results = await scan(0);
    expect(results.size).toBe(Object.keys(EXPECTED).length);
    for (const [id, [overall, exact, ngram, lean, leaked]] of Object.entries(EXPECTED)) {
      const r = results.get(id)!;
      const got = {
        id,
        overall: r.verdict,
        exact: r.exact?.verdict,
        ngram: r.ngram?.verdict,
        lean: r.lean?.verdict,
        leaked: r.nameLeak?.leaked,
      };
      expect(got).toEqual({ id, overall, exact, ngram, lean, leaked });
    }
  });

  it('does not count a paraphrase as exact: no window and no 13-gram matches', async () => {
    const r = (await scan(0)).get('planted_paraphrase')!;
    expect(r.exact!.byField.informal!.matched).toBe(0);
    expect(r.ngram!.hit).toBe(false);
  });

  it('reports the best-matching document with file:line, coverage, longest run and spans', async () => {
    const r = (await scan(0)).get('planted_verbatim')!;
    expect(r.strongest).toBe('exact');
    const best = r.exact!.best!;
    expect(best.file.endsWith('notes.md') || best.file.endsWith('dump.jsonl')).toBe(true);
    expect(best.line).toBe(best.file.endsWith('notes.md') ? 3 : 1);
    expect(best.longestRun).toBeGreaterThanOrEqual(50);
    expect(best.spans.length).toBeGreaterThan(0);
    expect(r.exact!.byField.formal).toEqual({ windows: expect.any(Number), matched: r.exact!.byField.formal!.windows, eta: 1 });
    const ngramBest = r.ngram!.best!;
    expect(ngramBest.file.endsWith('notes.md')).toBe(true);
    expect(ngramBest.line).toBe(3);
    expect(ngramBest.coverage).toBe(1);
    expect(ngramBest.spans[0]!.text).toContain('let n be a positive integer');
  });

  it('finds the case- and whitespace-changed informal statement on the line it starts', async () => {
    const r = (await scan(0)).get('planted_informal_case')!;
    expect(r.exact!.best!.line).toBe(9);
    expect(r.exact!.byField.informal!.eta).toBe(1);
  });

  it('matches renamed, ASCII-notation, reordered and re-spaced statements to the right corpus theorem', async () => {
    const results = await scan(0);
    const where = (id: string) => {
      const l = results.get(id)!.lean!;
      return [l.best!.name, l.best!.file.split('/').pop(), l.best!.line, l.coverage, l.best!.longestRun === l.tokens];
    };
    expect(where('planted_renamed')).toEqual(['product_bound', 'Copied.lean', 3, 1, true]);
    expect(where('planted_ascii')).toEqual(['antitone_of_succ', 'Copied.lean', 6, 1, true]);
    expect(where('planted_reordered')).toEqual(['dvd_chain', 'Copied.lean', 11, 1, true]);
    expect(where('planted_spacing')).toEqual(['planted_spacing', 'Copied.lean', 16, 1, true]);
    expect(results.get('planted_renamed')!.strongest).toBe('lean');
  });

  it('matches binders written in another order with renamed variables, and says which canonicalizations it took', async () => {
    const l = (await scan(0)).get('planted_binders')!.lean!;
    expect([l.best!.name, l.coverage, l.best!.longestRun === l.tokens]).toEqual(['card_fun_fin', 1, true]);
    expect(l.best!.canonicalizations).toEqual(['binder-order', 'variable-names', 'hypothesis-names']);
  });

  it('gives identical results on worker threads and on the main thread', async () => {
    const strip = (m: Map<string, ItemResult>) => [...m.values()];
    expect(strip(await scan(2))).toEqual(strip(await scan(0)));
  });
});
