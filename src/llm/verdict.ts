/** The Q1/Q2 truth table and the agreement statistics built on verdicts. */

export const VERDICTS = ['Faithful', 'Stronger', 'Different'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Q1∧Q2 → Faithful; Q1∧¬Q2 → Stronger; ¬Q1 → Different. */
export function verdictOf(q1: boolean, q2: boolean): Verdict {
  return q1 ? (q2 ? 'Faithful' : 'Stronger') : 'Different';
}

/** Faithful and Stronger grouped as OK (the Lean statement covers the text); Different stays. */
export type Grouped = 'OK' | 'Different';
export function grouped(v: Verdict): Grouped {
  return v === 'Different' ? 'Different' : 'OK';
}

/** Share of pairs whose two labels are equal (NaN for no pairs). */
export function agreement<L>(pairs: [L, L][]): number {
  return pairs.length === 0 ? NaN : pairs.filter(([a, b]) => a === b).length / pairs.length;
}

/** Cohen's κ of two raters over the same items; 1 when both are constant and equal, NaN for no pairs. */
export function cohenKappa<L>(pairs: [L, L][]): number {
  if (pairs.length === 0) return NaN;
  const n = pairs.length;
  const po = agreement(pairs);
  const labels = new Set(pairs.flat());
  let pe = 0;
  for (const label of labels) {
    const a = pairs.filter(([x]) => x === label).length / n;
    const b = pairs.filter(([, y]) => y === label).length / n;
    pe += a * b;
  }
  return pe === 1 ? 1 : (po - pe) / (1 - pe);
}

/** confusion[expected][actual] = count, over the labels given (rows and columns in that order). */
export function confusion<L extends string>(pairs: [L, L][], labels: readonly L[]): Record<L, Record<L, number>> {
  const m = Object.fromEntries(labels.map((e) => [e, Object.fromEntries(labels.map((a) => [a, 0]))])) as Record<L, Record<L, number>>;
  for (const [expected, actual] of pairs) m[expected][actual] += 1;
  return m;
}

export interface ClassScores {
  precision: number;
  recall: number;
  f1: number;
  support: number;
}

/** Precision, recall and F1 of one label, from (expected, actual) pairs; NaN where undefined. */
export function classScores<L>(pairs: [L, L][], label: L): ClassScores {
  const tp = pairs.filter(([e, a]) => e === label && a === label).length;
  const predicted = pairs.filter(([, a]) => a === label).length;
  const support = pairs.filter(([e]) => e === label).length;
  const precision = predicted === 0 ? NaN : tp / predicted;
  const recall = support === 0 ? NaN : tp / support;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : precision === 0 && recall === 0 ? 0 : NaN;
  return { precision, recall, f1, support };
}

/** A ratio rounded for metrics and tables (NaN stays NaN). */
export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
