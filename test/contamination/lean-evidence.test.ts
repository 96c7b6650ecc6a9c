import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ItemResult } from '../../src/contamination/aggregate.js';
import { resolveSettings } from '../../src/contamination/config.js';
import { itemResultsJsonl, reportOutcome } from '../../src/contamination/findings.js';
import { canonicalFormal } from '../../src/contamination/lean-canon.js';
import { isEvidence, mostlyInConclusion, sharedParts } from '../../src/contamination/lean-evidence.js';
import { runScan, type ScanOutcome } from '../../src/contamination/run.js';

const here = join(import.meta.dirname, 'fixtures', 'shared-parts');

async function scan(config: Parameters<typeof resolveSettings>[0] = {}): Promise<ScanOutcome> {
  return runScan({
    bench: [{ path: join(here, 'bench.jsonl') }],
    corpus: [join(here, 'corpus')],
    settings: resolveSettings(config),
    threads: 0,
  });
}
const byId = (o: ScanOutcome): Map<string, ItemResult> => new Map(o.items.map((r) => [r.id, r]));

/** The `[start, length]` n-grams of `tokens` that occur in `other`, as the scan would share them. */
function sharedGrams(tokens: string[], other: string[], n: number): [number, number][] {
  const theirs = new Set(other.flatMap((_, k) => (k + n <= other.length ? [other.slice(k, k + n).join(' ')] : [])));
  return tokens.flatMap((_, k): [number, number][] =>
    k + n <= tokens.length && theirs.has(tokens.slice(k, k + n).join(' ')) ? [[k, n]] : [],
  );
}

describe('mostlyInConclusion', () => {
  it('is true when more than half of the n-gram is at or after the conclusion (4 of 8 is not)', () => {
    expect([2, 3, 4, 10].map((start) => mostlyInConclusion(start, 8, 7))).toEqual([false, false, true, true]);
  });
});

describe('sharedParts', () => {
  const item = canonicalFormal('theorem t (a b : ℝ) (h₀ : a ≠ b) [Fact (0 < a)] (h₁ : a ≠ 2 * b) (h₂ : a + b = 3) : a * b = 2');

  it('counts what a pair of short shared hypotheses covers: two whole hypotheses (and the first token of a third), no conclusion', () => {
    const other = canonicalFormal('theorem u (a b : ℝ) (h₀ : a ≠ b) (h₁ : a ≠ 2 * b) (h₂ : a ≠ 3 * b) : a ^ 2 ≠ b');
    const shared = sharedParts(item.shape, item.tokens.length, sharedGrams(item.tokens, other.tokens, 8), false);
    expect(shared).toEqual({ conclusion: false, conclusionTokens: 0, hypothesisTokens: 9, hypotheses: 2 });
    expect(isEvidence(shared, 0.5, { dirty: 0.8, hypothesisTokens: 16 })).toBe(false);
  });

  it('sees a shared conclusion from either side: a whole short conclusion, or an n-gram mostly in a conclusion', () => {
    const short = canonicalFormal('theorem s (x y : ℤ) (h₀ : 0 < y) (h₁ : y < x) : x = 26');
    const at = short.shape.conclusion;
    expect(sharedParts(short.shape, short.tokens.length, [[at - 5, 8]], false)).toMatchObject({ conclusion: true, conclusionTokens: 3 });
    expect(sharedParts(short.shape, short.tokens.length, [[at - 6, 8]], false)).toMatchObject({ conclusion: false, conclusionTokens: 2 });
    expect(sharedParts(item.shape, item.tokens.length, [[item.shape.conclusion - 3, 8]], false).conclusion).toBe(true);
    expect(sharedParts(short.shape, short.tokens.length, [[0, 8]], true).conclusion).toBe(true);
  });
});

describe('isEvidence', () => {
  const weak = { conclusion: false, conclusionTokens: 2, hypothesisTokens: 15, hypotheses: 2 };
  const limits = { dirty: 0.8, hypothesisTokens: 16 };

  it('counts a shared conclusion, enough hypothesis tokens, or dirty coverage; 0 hypothesis tokens counts every match', () => {
    expect(isEvidence(weak, 0.79, limits)).toBe(false);
    expect(isEvidence({ ...weak, conclusion: true }, 0.2, limits)).toBe(true);
    expect(isEvidence({ ...weak, hypothesisTokens: 16 }, 0.2, limits)).toBe(true);
    expect(isEvidence(weak, 0.8, limits)).toBe(true);
    expect(isEvidence(weak, 0.2, { ...limits, hypothesisTokens: 0 })).toBe(true);
  });
});

describe('what a Lean match shares decides whether it counts (fixtures/shared-parts)', () => {
  it('does not flag two different statements that share a pair of short hypotheses, at or above the threshold', async () => {
    const results = byId(await scan());
    for (const [id, name] of [
      ['pair_ne_ratio', 'term_vanishes'],
      ['pair_lt_product', 'classify_divisors'],
    ] as const) {
      const lean = results.get(id)!.lean!;
      expect({ id, name: lean.best!.name, verdict: lean.verdict, weak: lean.best!.weak }).toEqual({
        id,
        name,
        verdict: 'clean',
        weak: true,
      });
      expect(lean.coverage).toBeGreaterThanOrEqual(0.2);
      expect(lean.best!.shared).toMatchObject({ conclusion: false, hypotheses: 2 });
      expect(results.get(id)!.verdict).toBe('clean');
    }
  });

  it('flags them again when lean.hypothesisTokens is 0 (every match counts)', async () => {
    const results = byId(await scan({ lean: { hypothesisTokens: 0 } }));
    expect(['pair_ne_ratio', 'pair_lt_product'].map((id) => results.get(id)!.lean!.verdict)).toEqual(['suspicious', 'suspicious']);
  });

  it('keeps the matches that are evidence: the same conclusion, three specific hypotheses, a reordered copy with casts', async () => {
    const results = byId(await scan());
    const got = (id: string) => {
      const l = results.get(id)!.lean!;
      return [l.best!.name, l.verdict, l.best!.weak, l.best!.shared.conclusion];
    };
    expect(got('same_claim_other_setting')).toEqual(['cubic_of_sides', 'suspicious', false, true]);
    expect(got('three_facts_open_answer')).toEqual(['almost_additive', 'suspicious', false, false]);
    expect(results.get('three_facts_open_answer')!.lean!.best!.shared).toMatchObject({ hypotheses: 3 });
    expect(results.get('three_facts_open_answer')!.lean!.best!.shared.hypothesisTokens).toBeGreaterThanOrEqual(16);
    expect(got('reordered_with_casts')).toEqual(['product_divides', 'dirty', false, true]);
    expect(results.get('reordered_with_casts')!.lean!.best!.canonicalizations).toContain('binder-order');
  });

  it('says what the match shares in the finding and in the JSONL line', async () => {
    const outcome = await scan();
    const messages: string[] = [];
    reportOutcome(outcome, {
      report: (f) => {
        if (f.entityId !== undefined && f.messageId !== 'name-leak') messages.push(`${f.entityId}: ${String(f.data?.detail)}`);
      },
      metric: () => {},
    });
    expect(messages.find((m) => m.startsWith('three_facts_open_answer'))).toMatch(
      /shares 3 whole hypotheses \(\d+ tokens\), not the conclusion/,
    );
    expect(messages.find((m) => m.startsWith('same_claim_other_setting'))).toMatch(/shares the conclusion/);
    expect(messages.some((m) => m.startsWith('pair_'))).toBe(false);
    const line = [...itemResultsJsonl(outcome)].find((l) => l.includes('"pair_lt_product"'))!;
    expect(JSON.parse(line).lean.best).toMatchObject({ weak: true, shared: { conclusion: false } });
  });
});
