/** Statistics a calibration reports beside accuracy and κ: MCC, confidence intervals, the spread over repeated runs. */
import { seededRandom } from '../core/random.js';

/** A 95 % interval. */
export interface Interval {
  low: number;
  high: number;
}

/** Wilson's 95 % score interval for a proportion of `k` in `n` (NaN bounds for n = 0). */
export function wilson(k: number, n: number): Interval {
  if (n === 0) return { low: NaN, high: NaN };
  const z = 1.96;
  const p = k / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Matthews' correlation over any number of labels (Gorodkin's R_K); 0 when either side is constant, NaN for no pairs. */
export function mcc<L>(pairs: readonly [L, L][]): number {
  const n = pairs.length;
  if (n === 0) return NaN;
  const labels = [...new Set(pairs.flat())];
  const correct = pairs.filter(([e, a]) => e === a).length;
  let crossed = 0;
  let predicted2 = 0;
  let true2 = 0;
  for (const label of labels) {
    const t = pairs.filter(([e]) => e === label).length;
    const p = pairs.filter(([, a]) => a === label).length;
    crossed += t * p;
    predicted2 += p * p;
    true2 += t * t;
  }
  const denominator = Math.sqrt((n * n - predicted2) * (n * n - true2));
  return denominator === 0 ? 0 : (correct * n - crossed) / denominator;
}

/** The 95 % percentile bootstrap interval of `statistic` over the pairs (1,000 resamples, fixed seed). */
export function bootstrap<P>(pairs: readonly P[], statistic: (sample: P[]) => number, resamples = 1000): Interval {
  if (pairs.length === 0) return { low: NaN, high: NaN };
  const random = seededRandom(45);
  const values: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const sample = Array.from({ length: pairs.length }, () => pairs[Math.floor(random() * pairs.length)]!);
    const value = statistic(sample);
    if (!Number.isNaN(value)) values.push(value);
  }
  if (values.length === 0) return { low: NaN, high: NaN };
  values.sort((x, y) => x - y);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))]!;
  return { low: at(0.025), high: at(0.975) };
}

/** Mean, sample standard deviation, least and greatest of repeated figures. */
export interface Spread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}

/** The spread of `values` (NaN ones left out). */
export function spread(values: readonly number[]): Spread {
  const xs = values.filter((x) => !Number.isNaN(x));
  if (xs.length === 0) return { mean: NaN, sd: NaN, min: NaN, max: NaN };
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = xs.length < 2 ? 0 : Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
  return { mean, sd, min: Math.min(...xs), max: Math.max(...xs) };
}
