/**
 * mathlib-overlap — What it checks: runs `exact?` on every theorem's statement in the environment of
 * exactly the declarations before it (Lean REPL, one worker pool, imports paid once per worker) and
 * classifies the outcome: closed by library lemmas only (overlap), by the project's own earlier
 * results, trivially (hypotheses, rfl), not found, or failed (timeout, crash, error).
 *
 * Why it matters: a project that mostly re-proves what Mathlib has adds little mathematics, and a
 * statement `exact?` closes from its own hypotheses is probably vacuous. Suggestions that depend on
 * `sorryAx` are rejected.
 *
 * Example: `theorem pos : 0 < 1 := by norm_num` → overlap, closed by `exact Nat.one_pos`.
 */
import { owns, sumMetrics } from '../core/shard.js';
import type { AuditContext, AuditorMeta, ShardMerge } from '../core/types.js';
import type { LeanDecl } from '../model/lean.js';
import { replForAudit, runOnPool } from '../repl/audit-support.js';
import { type ProbeResult, projectConstantTest } from '../repl/exact-probe.js';
import { isProbeable, overlapJobs } from '../repl/overlap-jobs.js';

export const meta: AuditorMeta = {
  id: 'mathlib-overlap',
  description: 'exact? on every theorem in the environment before it: library overlap, project reuse, trivial statements',
  rules: {
    overlap: { message: '{{name}} is already in the library: `{{tactic}}` closes it', severity: 'warning' },
    trivial: {
      message: '{{name}} is closed by `{{tactic}}` without any library lemma: the statement may be vacuous or restate a hypothesis',
      severity: 'warning',
    },
    'closed-by-project': { message: '{{name}} follows directly from earlier project results: `{{tactic}}`', severity: 'info' },
    'rejected-sorry': { message: 'exact? closed {{name}} with `{{tactic}}`, which depends on sorryAx: not counted', severity: 'info' },
    'probe-failed': { message: 'exact? on {{name}} did not finish ({{cause}}): {{detail}}', severity: 'info' },
    'file-failed': { message: '{{file}} could not be elaborated in the REPL: {{reason}}', severity: 'error' },
  },
  needs: ['lean-project'],
  shard: 'file',
};

/** overlap / probed, to three digits (0 when nothing was probed). */
const overlapRate = (overlap: number, probed: number): number => (probed ? Math.round((overlap / probed) * 1000) / 1000 : 0);

/** Shards merge by summing the counts and computing overlapRate again from overlap and proofsProbed. */
export const merge: ShardMerge = {
  metrics: (parts) => {
    const m = sumMetrics(parts);
    m.overlapRate = overlapRate(m.overlap ?? 0, m.proofsProbed ?? 0);
    return m;
  },
};

/** Runs the probes and reports the findings and metrics. */
export async function run(ctx: AuditContext): Promise<void> {
  const project = await ctx.project();
  if (!project.files.some((f) => f.decls.some(isProbeable))) ctx.skip('the project has no theorem to probe');
  const repl = replForAudit(ctx);
  const options = {
    maxHeartbeats: repl.settings.maxHeartbeats,
    timeoutMs: repl.settings.timeoutMs,
    isProjectConstant: projectConstantTest(project),
  };
  const fileOf = new Map(project.files.flatMap((f) => f.decls.map((d) => [d, f.path] as const)));
  const jobs = overlapJobs(project, options, (decl) => owns(ctx.shard, fileOf.get(decl)!));
  const results = await runOnPool(ctx, repl, jobs);
  const counts = { probed: 0, overlap: 0, project: 0, trivial: 0, notFound: 0, rejectedSorry: 0, failed: 0, timeouts: 0 };
  for (const outcome of results) {
    if (!outcome.ok) {
      ctx.report({ messageId: 'file-failed', location: { file: outcome.id, line: 1 }, data: { file: outcome.id, reason: outcome.error } });
      continue;
    }
    for (const { decl, result } of outcome.value) {
      counts.probed += 1;
      report(ctx, decl, result, counts);
    }
  }
  ctx.metric('proofsProbed', counts.probed);
  ctx.metric('overlap', counts.overlap);
  ctx.metric('overlapRate', overlapRate(counts.overlap, counts.probed));
  ctx.metric('closedByProject', counts.project);
  ctx.metric('trivial', counts.trivial);
  ctx.metric('notFound', counts.notFound);
  ctx.metric('rejectedSorry', counts.rejectedSorry);
  ctx.metric('failed', counts.failed);
  ctx.metric('timeouts', counts.timeouts);
}

function report(ctx: AuditContext, decl: LeanDecl, result: ProbeResult, counts: Record<string, number>): void {
  const { ms, ...evidence } = result;
  const common = { entityId: decl.fullName, location: decl.location, evidence: { ...evidence, ms } };
  const data = { name: decl.fullName, tactic: result.tactic ?? '', cause: result.cause ?? '', detail: result.detail ?? '' };
  switch (result.class) {
    case 'overlap':
      counts.overlap! += 1;
      return ctx.report({ messageId: 'overlap', ...common, data });
    case 'trivial':
      counts.trivial! += 1;
      return ctx.report({ messageId: 'trivial', ...common, data });
    case 'project':
      counts.project! += 1;
      return ctx.report({ messageId: 'closed-by-project', ...common, data });
    case 'not-found':
      counts.notFound! += 1;
      if (result.rejected) {
        counts.rejectedSorry! += 1;
        ctx.report({ messageId: 'rejected-sorry', ...common, data });
      }
      return;
    case 'failed':
      counts.failed! += 1;
      if (result.cause === 'timeout' || result.cause === 'heartbeats') counts.timeouts! += 1;
      return ctx.report({ messageId: 'probe-failed', ...common, data });
  }
}
