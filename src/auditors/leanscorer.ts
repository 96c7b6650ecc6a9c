/**
 * leanscorer — What it checks: LeanScorer (Mathesis) for each paired entity: one call decomposes the
 * informal statement into atomic conditions and conclusions, a second labels each item Match, Minor or
 * Major against the Lean statement (plus one item for missing or implicit conditions), and a Sugeno
 * integral aggregates the labels. The entity passes when no item is Major and the score is at least α
 * (`llm.leanscorerAlpha`, 0.6).
 *
 * Why it matters: a per-item verdict says which condition or conclusion the formalization gets
 * wrong, where the Q1/Q2 judges give one verdict for the whole statement; the Major veto keeps one
 * wrong item from being outvoted by two right ones.
 *
 * Example: the book says "for every n ≥ 1, (a) P n and (b) Q n"; the Lean theorem proves P n only.
 * Items: n ≥ 1 Match, P n Match, Q n Major → Sugeno 0.667 ≥ 0.6, but the Major veto fails it.
 */
import type { AuditContext, AuditorMeta } from '../core/types.js';
import { LLM_DEFAULTS, llmConfig } from '../llm/config.js';
import { LlmEngine } from '../llm/engine.js';
import { judgeLeanScorer, LABELS, type LeanScorerResult, loadLeanScorerRubrics } from '../llm/leanscorer.js';
import { round } from '../llm/verdict.js';
import { COMMON_JUDGE_RULES, entityBase, inputBudgets, type Prepared, prepareEntities, reportCommon } from './utils/judge-run.js';

export const meta: AuditorMeta = {
  id: 'leanscorer',
  description:
    'LeanScorer: the informal statement decomposed into items, each labelled Match/Minor/Major against Lean, Sugeno-aggregated, Major veto',
  rules: {
    passes: {
      message: '{{label}}{{entity}}: passes LeanScorer (score {{score}} ≥ α {{alpha}}, no Major item): {{labels}}',
      severity: 'info',
      docs: {
        what: 'Every item of the decomposition is Match or Minor and the Sugeno score reaches α.',
        why: 'Recorded with the raw labels so calibration and agreement can be measured.',
        example: '{"llm": {"leanscorerAlpha": 0.6}}',
      },
    },
    fails: {
      message: '{{label}}{{entity}}: fails LeanScorer ({{why}}): {{labels}}',
      severity: 'warning',
      docs: {
        what: 'Some item is Major (the veto), or the Sugeno score of the labels is below α.',
        why: 'A Major item is a condition or conclusion of the book that the Lean statement misses or changes.',
        example: 'theorem t (n : ℕ) (hn : 1 ≤ n) : P n  -- the book: P n and Q n; item "Q n" is Major',
      },
    },
    ...COMMON_JUDGE_RULES,
    summary: {
      message:
        '{{entities}} entities: {{passed}} pass, {{failed}} fail ({{vetoed}} by the Major veto, {{vetoOnly}} of them above α), {{errors}} not scored, {{notJudged}} not judged; α {{alpha}}',
      severity: 'info',
      docs: {
        what: 'Counts of the run, and how many failures only the Major veto decided (the printed formula would have passed them).',
        why: 'Shows what the veto changes on a project.',
        example: '170 entities: 120 pass, 40 fail (30 by the Major veto, 12 of them above α), 0 not scored, 10 not judged; α 0.6',
      },
    },
  },
  needs: ['entities', 'llm'],
};

type Scored = Prepared & { result?: LeanScorerResult };

/** Scores every paired entity with LeanScorer. */
export async function run(ctx: AuditContext): Promise<void> {
  const entities = await ctx.entities();
  if (entities.length === 0) ctx.skip('no informal statements were paired with Lean declarations');
  const engine = await LlmEngine.create(['leanscorer'], { root: ctx.root, config: ctx.config });
  if (!(engine instanceof LlmEngine)) ctx.skip(engine.reason);
  const settings = llmConfig(ctx.config);
  const alpha = settings.leanscorerAlpha ?? LLM_DEFAULTS.leanscorerAlpha;
  const rubrics = loadLeanScorerRubrics();
  ctx.log(`${entities.length} entities, leanscorer: ${engine.endpoint('leanscorer')!.model}, α ${alpha}`);
  const prepared = await prepareEntities(ctx, entities, inputBudgets(settings));
  const scored = await Promise.all(
    prepared.map(async (p): Promise<Scored> => {
      if (p.kind !== 'ready') return p;
      try {
        return { ...p, result: await judgeLeanScorer(engine, rubrics, p.input, alpha, ctx.signal) };
      } catch (e) {
        const cause = ctx.signal.aborted ? 'cancelled' : 'internal';
        return {
          ...p,
          result: { ok: false, cause, message: e instanceof Error ? e.message : String(e), model: '', rubric: rubrics.decompose },
        };
      }
    }),
  );
  const counts = { passed: 0, failed: 0, vetoed: 0, vetoOnly: 0, errors: 0 };
  for (const s of scored) report(ctx, s, alpha, counts);
  const notJudged = scored.filter((s) => s.kind === 'not-judged').length;
  const notCompiled = scored.filter((s) => s.kind === 'not-compiled').length;
  counts.failed += notCompiled;
  const metrics: Record<string, number> = {
    entities: scored.length,
    ...counts,
    notJudged,
    notCompiled,
    alpha,
    instructionsInInput: scored.filter((s) => s.instructions.length > 0 || (s.result?.ok && s.result.instructionsInData)).length,
    ...engine.accounting.metrics(),
  };
  const scores = scored.flatMap((s) => (s.result?.ok ? [s.result.score.sugeno] : []));
  if (scores.length > 0) metrics.meanScore = round(scores.reduce((a, b) => a + b, 0) / scores.length);
  for (const [name, value] of Object.entries(metrics)) ctx.metric(name, value);
  ctx.report({ messageId: 'summary', data: { entities: scored.length, ...counts, notJudged, alpha } });
}

function report(ctx: AuditContext, s: Scored, alpha: number, counts: Record<string, number>): void {
  const { entity } = s;
  const label = entity.selfConsistency ? '[self-consistency] ' : '';
  const shared = { protocol: 'leanscorer', informal: s.input?.informal, formal: s.input?.formal, compileStatus: s.input?.compileStatus };
  if (reportCommon(ctx, s, s.result?.ok === true && s.result.instructionsInData, shared) || !s.result) return;
  const r = s.result;
  const base = entityBase(entity);
  if (!r.ok) {
    counts.errors! += 1;
    ctx.report({
      ...base,
      messageId: 'judge-failed',
      data: { label, entity: entity.id, cause: r.cause, detail: r.message },
      evidence: { ...shared, cause: r.cause, detail: r.message },
      provenance: { rubric: r.rubric.id, rubricVersion: r.rubric.version, model: r.model },
    });
    return;
  }
  const tally = LABELS.map((l) => `${r.items.filter((i) => i.label === l).length} ${l}`).join(', ');
  const { score } = r;
  if (score.pass) counts.passed! += 1;
  else {
    counts.failed! += 1;
    if (score.veto) counts.vetoed! += 1;
    if (score.veto && score.passWithoutVeto) counts.vetoOnly! += 1;
  }
  const why = score.veto
    ? `a Major item${score.passWithoutVeto ? `; the score ${score.sugeno} alone would pass α ${alpha}` : `, score ${score.sugeno} < α ${alpha}`}`
    : `score ${score.sugeno} < α ${alpha}`;
  ctx.report({
    ...base,
    messageId: score.pass ? 'passes' : 'fails',
    data: { label, entity: entity.id, score: score.sugeno, alpha, labels: tally, why },
    evidence: {
      ...shared,
      items: r.items,
      labels: r.items.map((i) => i.label),
      score: score.sugeno,
      alpha,
      comparison: 'pass iff no item is Major and score >= alpha',
      veto: score.veto,
      passWithoutVeto: score.passWithoutVeto,
      pass: score.pass,
    },
    provenance: { rubric: r.rubric.id, rubricVersion: r.rubric.version, model: r.model, cached: r.cached },
  });
}
