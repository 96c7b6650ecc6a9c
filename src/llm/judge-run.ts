/** Runs one faithfulness protocol over every paired entity and reports verdicts, failures and metrics. */
import type { AuditContext, AuditorMeta } from '../core/types.js';
import type { PairedEntity } from '../model/entity.js';
import type { LeanProject } from '../model/lean.js';
import { LLM_DEFAULTS, llmConfig, type Role } from './config.js';
import { LlmEngine } from './engine.js';
import { auxiliaryText, judgeInputOf, unjudgeableCause } from './entity-input.js';
import { type JudgeInput, type Judgment, judgeDirect, judgeRoundtrip, loadJudgeRubrics, type Rubrics } from './protocols.js';
import { agreement, cohenKappa, type Grouped, grouped, round, VERDICTS } from './verdict.js';

export type Protocol = 'direct' | 'roundtrip';

/** Messages shared by both judge auditors. */
/** How each protocol's judge reads a pairing, as its rules' documentation says it. */
const JUDGED_BY: Record<Protocol, string> = {
  direct: 'The judge, shown the informal statement and the Lean statement side by side (proofs left out), finds that the Lean statement',
  roundtrip:
    'Judged against the informal statement, the back-translation of the Lean statement (made by a model that never saw the text) shows that the Lean statement',
};

/** The rules of a judge protocol: one per verdict, failures, entities not judged, and the run's summary. */
export function judgeRules(protocol: Protocol): AuditorMeta['rules'] {
  return {
    faithful: {
      message: '{{label}}{{entity}}: Faithful — {{reason}}{{note}}',
      severity: 'info',
      docs: {
        what: `${JUDGED_BY[protocol]} says what the informal statement says: Q1 (Lean implies the text) and Q2 (the text implies Lean) both hold.`,
        why: "This is the pairing a formalization should have; the finding records the judge's reason and the model, for audit.",
        example: 'text: for every n, ∑_{k=1}^{n} k = n(n+1)/2; Lean: ∀ n, ∑ k ∈ Finset.Icc 1 n, k = n * (n + 1) / 2',
      },
    },
    stronger: {
      message: '{{label}}{{entity}}: Stronger (the Lean statement says more than the text) — {{reason}}{{note}}',
      severity: 'info',
      docs: {
        what: `${JUDGED_BY[protocol]} says more than the informal statement: Q1 holds and Q2 does not (fewer hypotheses, a stronger conclusion).`,
        why: 'A stronger formal statement still proves the text, but is not the text: a benchmark item or a blueprint node then measures something else.',
        example: 'text: for n ≥ 1, …; Lean: ∀ n, … (the hypothesis dropped)',
      },
    },
    different: {
      message: '{{label}}{{entity}}: Different — {{reason}}{{note}}',
      severity: 'warning',
      docs: {
        what: `${JUDGED_BY[protocol]} does not say what the informal statement says: Q1 fails (a hypothesis added, a parameter restricted, a conjunct dropped).`,
        why: 'The kernel accepts a proof of another claim; published audits find such divergences in a large share of formalized statements.',
        example: 'text: ∑_{k=1}^{n} k = n(n+1)/2; Lean sums over Finset.range n (0 … n-1)',
      },
    },
    'judge-failed': {
      message: '{{label}}{{entity}}: not judged, the LLM call failed ({{cause}}): {{detail}}',
      severity: 'error',
      docs: {
        what: 'The LLM call for an entity failed (time-out, refusal, rate limit, an unusable reply after one repair): the entity has no verdict.',
        why: "A failed call is an error on that entity, never a verdict; the run's figures say how many entities went unjudged.",
        example: 'the endpoint answered 429 after every retry',
      },
    },
    'not-judged': {
      message: '{{label}}{{entity}}: not judged: {{cause}}',
      severity: 'info',
      docs: {
        what: 'An entity that cannot be judged: no Lean declaration is paired with it, or its informal statement is empty.',
        why: "It is counted apart so the verdicts' percentages are over what was judged; pairing's findings say why it is unpaired.",
        example: '\\begin{lemma}\\lean{Missing.name} …  % the name resolves to nothing',
      },
    },
    summary: {
      message:
        '{{entities}} entities: {{faithful}} Faithful, {{stronger}} Stronger, {{different}} Different ({{pctDifferent}}% of judged), {{failed}} failed, {{notJudged}} not judged; {{calls}} calls, {{cacheHits}} cache hits',
      severity: 'info',
      docs: {
        what: 'The totals of the run: Faithful, Stronger, Different, failed and not judged, with the calls made and the cache hits.',
        why: 'One line to compare runs and to see at a glance how much of the project was judged.',
        example: '218 entities: 150 Faithful, 20 Stronger, 31 Different (15.3% of judged), 2 failed, 15 not judged',
      },
    },
  };
}

const ROLES: Record<Protocol, Role[]> = {
  direct: ['direct-judge'],
  roundtrip: ['back-translator', 'roundtrip-judge'],
};

export type Outcome = { entity: PairedEntity; input?: JudgeInput } & (
  | { kind: 'judged'; judgment: Judgment }
  | { kind: 'not-judged'; cause: string }
);

/** What a finished protocol run leaves for the auditor to build on. */
export interface JudgeRun {
  engine: LlmEngine;
  rubrics: Rubrics;
  outcomes: Outcome[];
  skolem: boolean;
}

/** Judges every entity with `protocol`, reporting one finding per entity, a summary and the metrics. */
export async function runJudgeAudit(ctx: AuditContext, protocol: Protocol): Promise<JudgeRun> {
  const entities = await ctx.entities();
  if (entities.length === 0) ctx.skip('no informal statements were paired with Lean declarations');
  const optional: Role[] = protocol === 'roundtrip' ? ['direct-judge'] : [];
  const engine = await LlmEngine.create(ROLES[protocol], { root: ctx.root, config: ctx.config }, optional);
  if (!(engine instanceof LlmEngine)) ctx.skip(engine.reason);
  const settings = llmConfig(ctx.config);
  const skolem = settings.skolemAware ?? LLM_DEFAULTS.skolemAware;
  const contextChars = settings.contextChars ?? LLM_DEFAULTS.contextChars;
  const rubrics = loadJudgeRubrics();
  const project = await ctx.project().catch((): LeanProject | undefined => undefined);
  const judge = protocol === 'direct' ? judgeDirect : judgeRoundtrip;
  ctx.log(
    `${entities.length} entities, ${ROLES[protocol].map((r) => `${r}: ${engine.endpoint(r)!.model}`).join(', ')}, skolem-aware ${skolem}`,
  );

  const outcomes = await Promise.all(
    entities.map(async (entity): Promise<Outcome> => {
      const cause = unjudgeableCause(entity);
      if (cause) return { entity, kind: 'not-judged', cause };
      const input = judgeInputOf(entity, contextChars, auxiliaryText(entity, project));
      try {
        return { entity, input, kind: 'judged', judgment: await judge(engine, rubrics, input, skolem, ctx.signal) };
      } catch (e) {
        const rubric = protocol === 'direct' ? rubrics.direct : rubrics.roundtrip;
        const cancelled = ctx.signal.aborted;
        const failure: Judgment = {
          ok: false,
          cause: cancelled ? 'cancelled' : 'internal',
          message: e instanceof Error ? e.message : String(e),
          model: '',
          rubric,
        };
        return { entity, input, kind: 'judged', judgment: failure };
      }
    }),
  );
  for (const outcome of outcomes) reportOutcome(ctx, outcome, protocol);
  reportMetrics(ctx, outcomes, engine);
  return { engine, rubrics, outcomes, skolem };
}

function reportOutcome(ctx: AuditContext, outcome: Outcome, protocol: Protocol): void {
  const { entity } = outcome;
  const label = entity.selfConsistency ? '[self-consistency] ' : '';
  const related = entity.decls.flatMap((d) => (d.location ? [{ location: d.location, message: `Lean declaration ${d.fullName}` }] : []));
  const base = {
    entityId: entity.id,
    ...(entity.location ? { location: entity.location } : {}),
    ...(related.length > 0 ? { related } : {}),
  };
  if (outcome.kind === 'not-judged') {
    ctx.report({
      ...base,
      messageId: 'not-judged',
      data: { label, entity: entity.id, cause: outcome.cause },
      evidence: { protocol, cause: outcome.cause, selfConsistency: entity.selfConsistency === true },
    });
    return;
  }
  const j = outcome.judgment;
  const provenance = { rubric: j.rubric.id, rubricVersion: j.rubric.version, model: j.model };
  const shared = {
    protocol,
    selfConsistency: entity.selfConsistency === true,
    informal: outcome.input?.informal,
    formal: outcome.input?.formal,
  };
  if (!j.ok) {
    ctx.report({
      ...base,
      messageId: 'judge-failed',
      data: { label, entity: entity.id, cause: j.cause, detail: j.message },
      evidence: { ...shared, cause: j.cause, detail: j.message },
      provenance,
    });
    return;
  }
  const note = j.scoreDisagreement
    ? ` (the judge's own label was ${j.modelVerdict}, which contradicts its answers Q1=${j.q1}, Q2=${j.q2})`
    : '';
  ctx.report({
    ...base,
    messageId: j.verdict.toLowerCase(),
    data: { label, entity: entity.id, reason: j.reason, note },
    evidence: {
      ...shared,
      verdict: j.verdict,
      q1: j.q1,
      q2: j.q2,
      reason: j.reason,
      ...(j.modelVerdict ? { modelVerdict: j.modelVerdict } : {}),
      scoreDisagreement: j.scoreDisagreement,
      ...(j.backTranslation !== undefined ? { backTranslation: j.backTranslation } : {}),
    },
    provenance: { ...provenance, cached: j.cached },
  });
}

function reportMetrics(ctx: AuditContext, outcomes: Outcome[], engine: LlmEngine): void {
  const judged = outcomes.flatMap((o) => (o.kind === 'judged' && o.judgment.ok ? [o.judgment] : []));
  const failed = outcomes.filter((o) => o.kind === 'judged' && !o.judgment.ok).length;
  const notJudged = outcomes.filter((o) => o.kind === 'not-judged').length;
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, judged.filter((j) => j.verdict === v).length]));
  const pct = (n: number) => (judged.length === 0 ? 0 : round((100 * n) / judged.length, 1));
  const metrics: Record<string, number> = {
    entities: outcomes.length,
    judged: judged.length,
    faithful: counts.Faithful!,
    stronger: counts.Stronger!,
    different: counts.Different!,
    pctFaithful: pct(counts.Faithful!),
    pctStronger: pct(counts.Stronger!),
    pctDifferent: pct(counts.Different!),
    failed,
    notJudged,
    coveragePct: outcomes.length === 0 ? 100 : round((100 * (judged.length + failed + notJudged)) / outcomes.length, 1),
    scoreDisagreements: judged.filter((j) => j.scoreDisagreement).length,
    selfConsistency: outcomes.filter((o) => o.entity.selfConsistency).length,
    ...engine.accounting.metrics(),
  };
  for (const [name, value] of Object.entries(metrics)) ctx.metric(name, value);
  ctx.report({
    messageId: 'summary',
    data: {
      entities: outcomes.length,
      faithful: counts.Faithful!,
      stronger: counts.Stronger!,
      different: counts.Different!,
      pctDifferent: pct(counts.Different!),
      failed,
      notJudged,
      calls: engine.accounting.calls,
      cacheHits: engine.accounting.cacheHits,
    },
  });
}

/** Pairs of grouped verdicts (direct, round-trip) for the entities both protocols judged. */
export async function directPairs({ engine, rubrics, outcomes, skolem }: JudgeRun, signal: AbortSignal): Promise<[Grouped, Grouped][]> {
  const pairs = await Promise.all(
    outcomes.map(async (o): Promise<[Grouped, Grouped] | undefined> => {
      if (o.kind !== 'judged' || !o.judgment.ok || !o.input) return undefined;
      const direct = await judgeDirect(engine, rubrics, o.input, skolem, signal, true);
      return direct.ok ? [grouped(direct.verdict), grouped(o.judgment.verdict)] : undefined;
    }),
  );
  return pairs.filter((p): p is [Grouped, Grouped] => p !== undefined);
}

/** Agreement and Cohen's κ, as metric values (NaN-free: absent when there are no pairs). */
export function agreementMetrics(pairs: [Grouped, Grouped][]): Record<string, number> {
  if (pairs.length === 0) return { 'agreement.pairs': 0 };
  return { 'agreement.pairs': pairs.length, 'agreement.rate': round(agreement(pairs)), 'agreement.kappa': round(cohenKappa(pairs)) };
}
