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
import { type ProbeResult, projectConstantTest } from '../repl/exact-probe.js';
import { isProbeable, overlapJobs } from '../repl/overlap-jobs.js';
import { runOnPool } from '../repl/run-pool.js';
import { replForAudit } from './utils/repl.js';

export const meta: AuditorMeta = {
  id: 'mathlib-overlap',
  description: 'exact? on every theorem in the environment before it: library overlap, project reuse, trivial statements',
  rules: {
    overlap: {
      message: '{{name}} is already in the library: `{{tactic}}` closes it',
      severity: 'warning',
      docs: {
        what: "`exact?`, run on a theorem's statement in the environment of the declarations before it, closes it with library lemmas only.",
        why: 'A project that re-proves what Mathlib has adds little mathematics, and should use the library lemma.',
        example: 'theorem pos : 0 < 1 := by norm_num  -- exact? finds Nat.one_pos',
      },
    },
    trivial: {
      message: '{{name}} is closed by `{{tactic}}` without any library lemma: the statement may be vacuous or restate a hypothesis',
      severity: 'warning',
      docs: {
        what: '`exact?` closes the statement without any library lemma: from its own hypotheses, by `rfl`, or by a constructor.',
        why: 'Such a statement may be vacuous or restate a hypothesis: worth checking that it says what was meant.',
        example: 'theorem t (h : P) : P := by simp_all  -- exact? finds h',
      },
    },
    'closed-by-project': {
      message: '{{name}} follows directly from earlier project results: `{{tactic}}`',
      severity: 'info',
      docs: {
        what: "`exact?` closes the statement with the project's own earlier results.",
        why: 'Information: the theorem follows directly from what the project already has, which may be intended (a corollary) or a duplicate.',
        example: "theorem t' : … := by exact? -- closed by the project's theorem t",
      },
    },
    'rejected-sorry': {
      message: 'exact? closed {{name}} with `{{tactic}}`, which depends on sorryAx: not counted',
      severity: 'info',
      docs: {
        what: '`exact?` found a term that depends on `sorryAx`; it is not counted as overlap.',
        why: 'A suggestion resting on an unproved lemma proves nothing.',
        example: 'exact? closes t with `helper`, which is `sorry`',
      },
    },
    'probe-failed': {
      message: 'exact? on {{name}} did not finish ({{cause}}): {{detail}}',
      severity: 'info',
      docs: {
        what: 'The `exact?` probe on a theorem did not finish: time-out, heartbeats, an error or a REPL crash.',
        why: "A failed probe is not a verdict; the run's figures count the theorems probed and the failures apart.",
        example: 'exact? on Foo.big did not finish (timeout): 60000 ms',
      },
    },
    'file-failed': {
      message: '{{file}} could not be elaborated in the REPL: {{reason}}',
      severity: 'error',
      docs: {
        what: 'A file could not be elaborated in the Lean REPL (its imports failed, the REPL crashed), so none of its theorems was probed.',
        why: 'Its theorems are missing from the overlap figures; the reason says what to fix (usually `lake build` first).',
        example: "Foo/Bar.lean could not be elaborated in the REPL: unknown package 'Mathlib'",
      },
    },
  },
  needs: ['lean-project', 'repl'],
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
  // Every probe failed (the REPL crashed, timed out, or no file could be read): nothing was checked, so the run failed.
  if (results.length > 0 && counts.probed === counts.failed) {
    throw new Error(
      `probed none of the theorems asked: ${counts.failed} probes failed, ${results.filter((r) => !r.ok).length} files could not be read`,
    );
  }
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
