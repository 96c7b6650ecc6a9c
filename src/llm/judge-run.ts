/** Runs one faithfulness protocol over every paired entity and reports verdicts, failures and metrics. */
import { owns, sumMetrics } from '../core/shard.js';
import type { AuditContext, AuditorMeta, FindingInput, ShardMerge } from '../core/types.js';
import type { PairedEntity } from '../model/entity.js';
import type { LeanProject } from '../model/lean.js';
import { LLM_DEFAULTS, llmConfig, type Role } from './config.js';
import { LlmEngine } from './engine.js';
import { auxiliaryText, judgeInputOf, unjudgeableCause } from './entity-input.js';
import { type JudgeInput, type Judgment, judgeDirect, judgeRoundtrip, loadJudgeRubrics, type Rubrics } from './protocols.js';
import { agreement, cohenKappa, type Grouped, grouped, round, VERDICTS } from './verdict.js';

export type Protocol = 'direct' | 'roundtrip';

/** Messages shared by both judge auditors. */
export const JUDGE_RULES: AuditorMeta['rules'] = {
  faithful: { message: '{{label}}{{entity}}: Faithful — {{reason}}{{note}}', severity: 'info' },
  stronger: {
    message: '{{label}}{{entity}}: Stronger (the Lean statement says more than the text) — {{reason}}{{note}}',
    severity: 'info',
  },
  different: { message: '{{label}}{{entity}}: Different — {{reason}}{{note}}', severity: 'warning' },
  'judge-failed': { message: '{{label}}{{entity}}: not judged, the LLM call failed ({{cause}}): {{detail}}', severity: 'error' },
  'not-judged': { message: '{{label}}{{entity}}: not judged: {{cause}}', severity: 'info' },
  summary: {
    message:
      '{{entities}} entities: {{faithful}} Faithful, {{stronger}} Stronger, {{different}} Different ({{pctDifferent}}% of judged), {{failed}} failed, {{notJudged}} not judged; {{calls}} calls, {{cacheHits}} cache hits',
    severity: 'info',
  },
};

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
  const all = await ctx.entities();
  if (all.length === 0) ctx.skip('no informal statements were paired with Lean declarations');
  const entities = all.filter((e) => owns(ctx.shard, e.id));
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
  ctx.report(summaryFinding(metrics));
}

/** The summary finding, from the run's metrics (the same for one run and for merged shards). */
function summaryFinding(m: Record<string, number>): FindingInput {
  return {
    messageId: 'summary',
    data: {
      entities: m.entities ?? 0,
      faithful: m.faithful ?? 0,
      stronger: m.stronger ?? 0,
      different: m.different ?? 0,
      pctDifferent: m.pctDifferent ?? 0,
      failed: m.failed ?? 0,
      notJudged: m.notJudged ?? 0,
      calls: m['llm.calls'] ?? 0,
      cacheHits: m['llm.cacheHits'] ?? 0,
    },
  };
}

/** Metrics of merged shards: every count summed, then the rates computed again from the sums as reportMetrics computes them. */
export function mergeJudgeMetrics(parts: Record<string, number>[]): Record<string, number> {
  const m = sumMetrics(parts);
  const judged = m.judged ?? 0;
  const pct = (n: number | undefined) => (judged === 0 ? 0 : round((100 * (n ?? 0)) / judged, 1));
  m.pctFaithful = pct(m.faithful);
  m.pctStronger = pct(m.stronger);
  m.pctDifferent = pct(m.different);
  const entities = m.entities ?? 0;
  m.coveragePct = entities === 0 ? 100 : round((100 * (judged + (m.failed ?? 0) + (m.notJudged ?? 0))) / entities, 1);
  if (m['llm.cost'] !== undefined) m['llm.cost'] = Math.round(m['llm.cost'] * 1e6) / 1e6;
  return m;
}

/** How the judges' shards merge: metrics recomputed, the summary made anew. */
export const JUDGE_MERGE: ShardMerge = {
  metrics: mergeJudgeMetrics,
  summaries: { rules: ['summary'], findings: (m) => [summaryFinding(m)] },
};

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

const GROUPED: Grouped[] = ['OK', 'Different'];
/** The metric counting pairs judged `direct` by the direct judge and `roundtrip` by the round trip. */
const cell = (direct: Grouped, roundtrip: Grouped): string => `agreement.${direct}-${roundtrip}`;

/** Agreement and Cohen's κ, as metric values (NaN-free: absent when there are no pairs), with the 2×2 counts they come from. */
export function agreementMetrics(pairs: [Grouped, Grouped][]): Record<string, number> {
  if (pairs.length === 0) return { 'agreement.pairs': 0 };
  const cells = Object.fromEntries(
    GROUPED.flatMap((d) => GROUPED.map((r) => [cell(d, r), pairs.filter(([x, y]) => x === d && y === r).length])),
  );
  return {
    'agreement.pairs': pairs.length,
    'agreement.rate': round(agreement(pairs)),
    'agreement.kappa': round(cohenKappa(pairs)),
    ...cells,
  };
}

/** Agreement metrics of merged shards: the 2×2 counts summed, rate and κ computed again from them. */
export function mergeAgreementMetrics(parts: Record<string, number>[]): Record<string, number> {
  const withPairs = parts.filter((p) => p['agreement.pairs'] !== undefined);
  if (withPairs.length === 0) return {};
  const pairs: [Grouped, Grouped][] = [];
  for (const d of GROUPED) for (const r of GROUPED) for (let n = sumMetrics(withPairs)[cell(d, r)] ?? 0; n > 0; n--) pairs.push([d, r]);
  return agreementMetrics(pairs);
}
