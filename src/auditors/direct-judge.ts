/**
 * direct-judge — What it checks: for each informal statement paired with Lean declarations, an LLM
 * judge reads both (proofs discarded) and answers Q1 (Lean ⇒ text) and Q2 (text ⇒ Lean); the verdict
 * follows from the truth table: Faithful, Stronger, or Different.
 *
 * Why it matters: kernel acceptance says nothing about whether the theorem proved is the one the
 * book states; published audits find 18–42% of compiled statements diverge from their source.
 *
 * Example: the book proves `∑_{k=1}^{n} k = n(n+1)/2` for every n; the Lean theorem sums over
 * `Finset.range n` (0..n-1) — Different, with the judge's reason.
 */
import type { Auditor } from '../core/types.js';
import { JUDGE_MERGE, JUDGE_RULES, runJudgeAudit } from './utils/judge-run.js';

export const meta: Auditor['meta'] = {
  id: 'direct-judge',
  description: 'LLM judge: does each Lean statement say what its informal statement says (Q1/Q2 truth table)',
  rules: JUDGE_RULES,
  needs: ['entities', 'llm'],
  shard: 'entity',
};

/** Shards merge by summing the counts and computing the rates and the summary again. */
export const merge = JUDGE_MERGE;

/** Judges every paired entity directly. */
export async function run(ctx: Parameters<Auditor['run']>[0]): Promise<void> {
  await runJudgeAudit(ctx, 'direct');
}
