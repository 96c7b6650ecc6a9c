/** What the REPL-backed auditors share: deciding whether the REPL can run, and running a pool of jobs. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditContext } from '../core/types.js';
import { type ReplSettings, replSettings } from './config.js';
import { resolveLaunch } from './launch.js';
import { type FileJob, type JobResult, ReplPool } from './pool.js';
import type { ReplCommandSpec } from './process.js';

export interface ReplForAudit {
  settings: ReplSettings;
  spec: ReplCommandSpec;
}

/** The settings and start command, or skips the auditor with the reason and the command that enables it (shown once for all the Lean-backed auditors). */
export function replForAudit(ctx: AuditContext): ReplForAudit {
  const settings = replSettings(ctx.config);
  const launch = resolveLaunch(ctx.root, settings);
  if (!launch.ok) ctx.skip(launch.reason, launch.enable);
  ctx.log(`REPL: ${launch.describe}, ${settings.workers} worker(s)`);
  return { settings, spec: launch.spec };
}

/** The command that would let the REPL start here, or undefined when it can: for an auditor skipped for want of it (see `AuditContext.skip`). */
export function replEnableCommand(ctx: Pick<AuditContext, 'root' | 'config'>): string | undefined {
  const launch = resolveLaunch(ctx.root, replSettings(ctx.config));
  return launch.ok ? undefined : launch.enable;
}

/** Runs the jobs on a pool sized by the settings; records the pool's counters as metrics; always closes it. */
export async function runOnPool<R>(
  ctx: Pick<AuditContext, 'signal' | 'metric'> & Partial<Pick<AuditContext, 'progress'>>,
  { settings, spec }: ReplForAudit,
  jobs: FileJob<R>[],
): Promise<JobResult<R>[]> {
  let done = 0;
  let running = 0;
  const tell = (): void => ctx.progress?.({ done, total: jobs.length, unit: 'files', inFlight: running });
  const counted = jobs.map((job) => ({
    ...job,
    run: async (session: Parameters<FileJob<R>['run']>[0]): Promise<R> => {
      running += 1;
      tell();
      try {
        return await job.run(session);
      } finally {
        running -= 1;
        done += 1;
        tell();
      }
    },
  }));
  const pickleDir = settings.pickle ? mkdtempSync(join(tmpdir(), 'leanaudit-pickle-')) : undefined;
  const pool = new ReplPool(spec, {
    workers: Math.min(settings.workers, Math.max(1, jobs.length)),
    timeoutMs: settings.timeoutMs,
    importTimeoutMs: settings.importTimeoutMs,
    limits: { maxOutputChars: settings.maxOutputMb * 2 ** 20, memoryLimitBytes: settings.memoryLimitMb * 2 ** 20, memoryPollMs: 1000 },
    signal: ctx.signal,
    ...(pickleDir ? { pickleDir } : {}),
  });
  try {
    tell();
    return await pool.run(counted);
  } finally {
    pool.close();
    const stats = pool.stats();
    ctx.metric('replWorkers', stats.workers);
    ctx.metric('replImports', stats.imports + stats.unpickles);
    ctx.metric('replRestarts', stats.restarts);
    if (pickleDir) rmSync(pickleDir, { recursive: true, force: true });
  }
}
