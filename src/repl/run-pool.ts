/** Running a pool of REPL jobs for an auditor or a command: the pool sized by the settings, its counters kept as metrics. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProgressUpdate } from '../core/types.js';
import type { ReplSettings } from './config.js';
import { type FileJob, type JobResult, ReplPool } from './pool.js';
import type { ReplCommandSpec } from './process.js';

/** What a pool of REPL workers reports to: the run's abort signal, its metrics and, when shown, its progress. */
export interface PoolWatcher {
  signal: AbortSignal;
  metric(name: string, value: number): void;
  progress?(update: ProgressUpdate): void;
}

/** The REPL settings and the command that starts a worker. */
export interface ReplForAudit {
  settings: ReplSettings;
  spec: ReplCommandSpec;
}

/** Runs the jobs on a pool sized by the settings; records the pool's counters as metrics; always closes it. */
export async function runOnPool<R>(ctx: PoolWatcher, { settings, spec }: ReplForAudit, jobs: FileJob<R>[]): Promise<JobResult<R>[]> {
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
