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
import type { Role } from '../llm/config.js';
import type { ResolvedEndpoint } from '../llm/endpoint.js';
import { agreementMetrics, directPairs, JUDGE_MERGE, JUDGE_RULES, mergeAgreementMetrics, runJudgeAudit } from './utils/judge-run.js';

const ROLE_NAMES: Record<Role, string> = {
  'direct-judge': 'direct judge',
  'back-translator': 'back-translator',
  'roundtrip-judge': 'round-trip judge',
  leanscorer: 'LeanScorer',
  'edge-filter': 'edge filter',
};

export const meta: Auditor['meta'] = {
  id: 'roundtrip-judge',
  description: 'LLM round trip: Lean back-translated blind to the text, then judged against it; agreement with direct-judge',
  rules: {
    ...JUDGE_RULES,
    'same-family': {
      message:
        'the {{first}} ({{firstModel}}) and the {{second}} ({{secondModel}}) are the same model family ({{family}}): their errors may be correlated; configure llm.roles to use a different family',
      severity: 'warning',
      docs: {
        what: 'Two roles whose answers should be independent run on one model family: the back-translator and the round-trip judge, or the round-trip judge and the direct judge.',
        why: "A judge reading its own family's translation, or a second protocol on the same family, repeats the same mistakes, so agreement says little.",
        example: '{"llm": {"roles": {"back-translator": {"model": "deepseek-chat"}, "roundtrip-judge": {"model": "qwen2.5:72b"}}}}',
      },
    },
    agreement: {
      message:
        "round-trip vs direct: agreement {{rate}}% and Cohen's κ {{kappa}} over {{pairs}} entities judged by both (Faithful and Stronger grouped)",
      severity: 'info',
      docs: {
        what: "The agreement rate and Cohen's κ between the round-trip and the direct verdicts, over the entities both judged (Faithful and Stronger grouped).",
        why: 'Low agreement means the verdicts depend on the protocol: read the Different ones of both before trusting either.',
        example: "round-trip vs direct: agreement 87.5% and Cohen's κ 0.612 over 200 entities",
      },
    },
    'no-agreement': {
      message: 'no agreement with the direct judge computed: {{cause}}',
      severity: 'info',
      docs: {
        what: 'No agreement with the direct judge could be computed: no endpoint for the direct judge, or no direct verdict cached for these entities.',
        why: "The agreement is computed from the direct judge's cached verdicts; run direct-judge first, with the cache on.",
        example: 'leanaudit audit . --only direct-judge,roundtrip-judge',
      },
    },
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
    rules: ['summary', 'agreement', 'no-agreement'],
    findings: (m) => [...JUDGE_MERGE.summaries!.findings(m), ...agreementFindings(m)],
  },
  once: ['same-family'],
};

/** Judges every paired entity through the round trip, then compares with the direct judge's cached verdicts. */
export async function run(ctx: Parameters<Auditor['run']>[0]): Promise<void> {
  const judged = await runJudgeAudit(ctx, 'roundtrip');
  const { engine } = judged;
  const roundtrip = engine.endpoint('roundtrip-judge')!;
  const direct = engine.endpoint('direct-judge');
  const pairs: [ResolvedEndpoint, ResolvedEndpoint | undefined][] = [
    [engine.endpoint('back-translator')!, roundtrip],
    [roundtrip, direct],
  ];
  let same = 0;
  for (const [first, second] of pairs) {
    if (!second || first.family !== second.family) continue;
    same = 1;
    ctx.report({
      messageId: 'same-family',
      data: {
        first: ROLE_NAMES[first.role],
        firstModel: first.model,
        second: ROLE_NAMES[second.role],
        secondModel: second.model,
        family: first.family,
      },
    });
  }
  const metrics: Record<string, number> = { sameModelFamily: same };
  if (direct) Object.assign(metrics, agreementMetrics(await directPairs(judged, ctx.signal)));
  for (const [name, value] of Object.entries(metrics)) ctx.metric(name, value);
  for (const finding of agreementFindings(metrics)) ctx.report(finding);
}
