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
import type { Auditor } from '../core/types.js';
import { agreementMetrics, directPairs, judgeRules, runJudgeAudit } from '../llm/judge-run.js';

export const meta: Auditor['meta'] = {
  id: 'roundtrip-judge',
  description: 'LLM round trip: Lean back-translated blind to the text, then judged against it; agreement with direct-judge',
  rules: {
    ...judgeRules('roundtrip'),
    'same-family': {
      message:
        'the round-trip judge ({{roundtrip}}) and the direct judge ({{direct}}) are the same model family ({{family}}): their errors may be correlated; configure llm.roles to use a different family',
      severity: 'warning',
      docs: {
        what: 'The round-trip judge and the direct judge are served by models of the same family (gpt, deepseek, qwen, ...).',
        why: 'Two judges of one family share their blind spots, so their agreement says less; configure `llm.roles` so that a different family judges the round trip.',
        example: '{"llm": {"roles": {"direct-judge": {"model": "gpt-4o"}, "roundtrip-judge": {"model": "deepseek-chat"}}}}',
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
};

/** Judges every paired entity through the round trip, then compares with the direct judge's cached verdicts. */
export async function run(ctx: Parameters<Auditor['run']>[0]): Promise<void> {
  const judged = await runJudgeAudit(ctx, 'roundtrip');
  const roundtrip = judged.engine.endpoint('roundtrip-judge')!;
  const direct = judged.engine.endpoint('direct-judge');
  if (!direct) {
    ctx.report({ messageId: 'no-agreement', data: { cause: 'no endpoint resolves for the direct-judge role' } });
    return;
  }
  const same = roundtrip.family === direct.family;
  ctx.metric('sameModelFamily', same ? 1 : 0);
  if (same) {
    ctx.report({ messageId: 'same-family', data: { roundtrip: roundtrip.model, direct: direct.model, family: direct.family } });
  }
  const pairs = await directPairs(judged, ctx.signal);
  const metrics = agreementMetrics(pairs);
  for (const [name, value] of Object.entries(metrics)) ctx.metric(name, value);
  if (pairs.length === 0) {
    ctx.report({
      messageId: 'no-agreement',
      data: { cause: 'no direct-judge verdict is cached for these entities (run direct-judge first, with the cache on)' },
    });
    return;
  }
  ctx.report({
    messageId: 'agreement',
    data: {
      rate: (metrics['agreement.rate']! * 100).toFixed(1),
      kappa: Number.isNaN(metrics['agreement.kappa']) ? 'n/a' : metrics['agreement.kappa']!.toFixed(3),
      pairs: pairs.length,
    },
  });
}
