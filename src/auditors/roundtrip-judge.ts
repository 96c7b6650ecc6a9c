/**
 * roundtrip-judge — What it checks: each Lean statement is translated back into plain mathematics by
 * a model that never sees the book (back-translator), and a second judge compares that translation
 * with the informal statement (Q1 = back ⇒ text is primary). It then measures its agreement with the
 * direct judge (Faithful+Stronger grouped) and Cohen's κ, and says when both judges are the same
 * model family.
 *
 * Why it matters: a judge shown Lean and text side by side can be swayed by matching names and
 * notation; a translation made blind to the text exposes what the Lean really says, and a second
 * protocol from a different model family makes errors less correlated.
 *
 * Example: `theorem pow_bound (n : ℕ) (hn : n ≤ 7) : …` is back-translated as "for every natural
 * number n at most 7, …"; against "for every n" the judge answers Q1 = false: Different.
 */
import type { Auditor, FindingInput, ShardMerge } from '../core/types.js';
import { agreementMetrics, directPairs, JUDGE_MERGE, JUDGE_RULES, mergeAgreementMetrics, runJudgeAudit } from '../llm/judge-run.js';

export const meta: Auditor['meta'] = {
  id: 'roundtrip-judge',
  description: 'LLM round trip: Lean back-translated blind to the text, then judged against it; agreement with direct-judge',
  rules: {
    ...JUDGE_RULES,
    'same-family': {
      message:
        'the round-trip judge ({{roundtrip}}) and the direct judge ({{direct}}) are the same model family ({{family}}): their errors may be correlated; configure llm.roles to use a different family',
      severity: 'warning',
    },
    agreement: {
      message:
        "round-trip vs direct: agreement {{rate}}% and Cohen's κ {{kappa}} over {{pairs}} entities judged by both (Faithful and Stronger grouped)",
      severity: 'info',
    },
    'no-agreement': { message: 'no agreement with the direct judge computed: {{cause}}', severity: 'info' },
  },
  needs: ['entities', 'llm'],
  shard: 'entity',
};

/** The agreement finding from the metrics: a whole run's, or merged shards'. */
function agreementFindings(m: Record<string, number>): FindingInput[] {
  const pairs = m['agreement.pairs'];
  if (pairs === undefined) return [{ messageId: 'no-agreement', data: { cause: 'no endpoint resolves for the direct-judge role' } }];
  if (pairs === 0) {
    const cause = 'no direct-judge verdict is cached for these entities (run direct-judge first, with the cache on)';
    return [{ messageId: 'no-agreement', data: { cause } }];
  }
  const kappa = m['agreement.kappa']!;
  return [
    {
      messageId: 'agreement',
      data: { rate: (m['agreement.rate']! * 100).toFixed(1), kappa: Number.isNaN(kappa) ? 'n/a' : kappa.toFixed(3), pairs },
    },
  ];
}

/** Shards merge as the direct judge's do, the agreement counted again from its 2×2 table; `same-family` is the same in every shard. */
export const merge: ShardMerge = {
  metrics: (parts) => {
    const m = { ...JUDGE_MERGE.metrics(parts), ...mergeAgreementMetrics(parts) };
    if (parts.some((p) => p.sameModelFamily !== undefined)) m.sameModelFamily = Math.max(...parts.map((p) => p.sameModelFamily ?? 0));
    return m;
  },
  summaries: {
    rules: ['summary', 'agreement', 'no-agreement', 'same-family'],
    findings: (m) => [...JUDGE_MERGE.summaries!.findings(m), ...agreementFindings(m)],
  },
};

/** Judges every paired entity through the round trip, then compares with the direct judge's cached verdicts. */
export async function run(ctx: Parameters<Auditor['run']>[0]): Promise<void> {
  const judged = await runJudgeAudit(ctx, 'roundtrip');
  const roundtrip = judged.engine.endpoint('roundtrip-judge')!;
  const direct = judged.engine.endpoint('direct-judge');
  const metrics: Record<string, number> = {};
  if (direct) {
    const same = roundtrip.family === direct.family;
    metrics.sameModelFamily = same ? 1 : 0;
    if (same) ctx.report({ messageId: 'same-family', data: { roundtrip: roundtrip.model, direct: direct.model, family: direct.family } });
    Object.assign(metrics, agreementMetrics(await directPairs(judged, ctx.signal)));
  }
  for (const [name, value] of Object.entries(metrics)) ctx.metric(name, value);
  for (const finding of agreementFindings(metrics)) ctx.report(finding);
}
