/**
 * A pool of REPL processes. Work comes as file jobs; a worker takes the heaviest job whose header
 * (the file's imports) it has already imported, else the heaviest job left, so each process pays
 * for an import once per distinct header. With `pickle`, the first worker to import a header pickles
 * the environment and the others unpickle it instead of elaborating the header again.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { type ClientOptions, ReplClient } from './client.js';
import type { ReplCommandSpec, ReplOutcome, RequestOptions } from './process.js';
import { errorsOf, isCommandResponse, isReplError, type ReplRequest } from './protocol.js';

/** Process failures (crash, timeout, memory) importing one header before its files are given up. */
const MAX_IMPORT_FAILURES = 2;

export type BaseEnv = { ok: true; env: number; generation: number } | { ok: false; reason: string };

/** What a job sees of its worker. */
export interface WorkerSession {
  readonly worker: number;
  /** The environment of the job's header in the running process, importing it when needed. */
  base(): Promise<BaseEnv>;
  /** The generation of the running process (starting one if none runs). */
  generation(): number;
  send(request: ReplRequest, options?: Partial<RequestOptions>): Promise<ReplOutcome>;
}

export interface FileJob<R> {
  id: string;
  /** The command whose environment the job starts from: the file's imports. */
  header: string;
  /** Expected cost, for scheduling: heaviest first. */
  weight: number;
  run(session: WorkerSession): Promise<R>;
}

export type JobResult<R> = { id: string; ok: true; value: R; worker: number } | { id: string; ok: false; error: string; worker?: number };

export interface PoolOptions extends ClientOptions {
  workers: number;
  importTimeoutMs: number;
  /** Folder for pickled header environments; pickling is off without one. */
  pickleDir?: string;
  signal?: AbortSignal;
}

export interface PoolStats {
  workers: number;
  starts: number;
  restarts: number;
  imports: number;
  unpickles: number;
  failures: Record<string, number>;
}

interface Worker {
  index: number;
  client: ReplClient;
  headers: Map<string, { env: number; generation: number }>;
}

/** Why a response to a header command is not a usable environment, or undefined when it is. */
function headerProblem(outcome: ReplOutcome): string | undefined {
  if (!outcome.ok) return `${outcome.failure.cause}: ${outcome.failure.detail}`;
  const { response } = outcome;
  if (isReplError(response)) return response.message;
  if (!isCommandResponse(response)) return 'the REPL answered the import with a proof state';
  const errors = errorsOf(response);
  return errors.length ? errors.map((m) => `${m.pos.line}:${m.pos.column}: ${m.data}`).join('\n') : undefined;
}

export class ReplPool {
  private readonly workers: Worker[];
  private readonly failedHeaders = new Map<string, string>();
  private readonly importFailures = new Map<string, number>();
  private readonly pickles = new Map<string, Promise<string | undefined>>();
  private imports = 0;
  private unpickles = 0;

  constructor(
    spec: ReplCommandSpec,
    private readonly options: PoolOptions,
  ) {
    this.workers = Array.from({ length: Math.max(1, options.workers) }, (_, index) => ({
      index,
      client: new ReplClient(spec, options),
      headers: new Map(),
    }));
  }

  /** Runs every job; a job that throws becomes a failed result, the others go on. Results keep the jobs' order. */
  async run<R>(jobs: FileJob<R>[]): Promise<JobResult<R>[]> {
    const remaining = [...jobs].sort((a, b) => b.weight - a.weight);
    const results = new Map<FileJob<R>, JobResult<R>>();
    const { signal } = this.options;
    await Promise.all(
      this.workers.map(async (worker) => {
        for (;;) {
          if (signal?.aborted) return;
          const job = this.take(worker, remaining);
          if (!job) return;
          try {
            results.set(job, { id: job.id, ok: true, value: await job.run(this.session(worker, job.header)), worker: worker.index });
          } catch (e) {
            results.set(job, { id: job.id, ok: false, error: e instanceof Error ? e.message : String(e), worker: worker.index });
          }
        }
      }),
    );
    return jobs.map((job) => results.get(job) ?? { id: job.id, ok: false, error: 'cancelled' });
  }

  /** Counters over the pool's life. */
  stats(): PoolStats {
    const failures: Record<string, number> = {};
    for (const { client } of this.workers) {
      for (const [cause, n] of Object.entries(client.failures)) failures[cause] = (failures[cause] ?? 0) + n;
    }
    return {
      workers: this.workers.length,
      starts: this.workers.reduce((n, w) => n + w.client.starts, 0),
      restarts: this.workers.reduce((n, w) => n + w.client.restarts, 0),
      imports: this.imports,
      unpickles: this.unpickles,
      failures,
    };
  }

  /** Kills every process. */
  close(): void {
    for (const { client } of this.workers) client.close();
  }

  private take<R>(worker: Worker, remaining: FileJob<R>[]): FileJob<R> | undefined {
    if (remaining.length === 0) return undefined;
    const loaded = remaining.findIndex((job) => this.hasHeader(worker, job.header));
    return remaining.splice(Math.max(loaded, 0), 1)[0];
  }

  private hasHeader(worker: Worker, header: string): boolean {
    return worker.client.alive && worker.headers.get(header)?.generation === worker.client.generation;
  }

  private session(worker: Worker, header: string): WorkerSession {
    const { client } = worker;
    const signal = this.options.signal;
    return {
      worker: worker.index,
      base: () => this.base(worker, header),
      generation: () => {
        client.ensureStarted();
        return client.generation;
      },
      send: (request, options) => client.send(request, { signal, ...options }),
    };
  }

  private async base(worker: Worker, header: string): Promise<BaseEnv> {
    const failed = this.failedHeaders.get(header);
    if (failed !== undefined) return { ok: false, reason: failed };
    const { client } = worker;
    client.ensureStarted();
    const known = worker.headers.get(header);
    if (known && known.generation === client.generation && client.alive) return { ok: true, ...known };
    if (this.options.pickleDir) {
      const file = await this.pickled(worker, header);
      const mine = worker.headers.get(header);
      if (mine && mine.generation === client.generation && client.alive) return { ok: true, ...mine };
      if (file) {
        const outcome = await client.send(
          { unpickleEnvFrom: file },
          { timeoutMs: this.options.importTimeoutMs, signal: this.options.signal },
        );
        if (headerProblem(outcome) === undefined && outcome.ok && isCommandResponse(outcome.response)) {
          this.unpickles += 1;
          return this.remember(worker, header, outcome.response.env);
        }
      }
    }
    return this.importHeader(worker, header);
  }

  private async importHeader(worker: Worker, header: string): Promise<BaseEnv> {
    const { client } = worker;
    const outcome = await client.send({ cmd: header }, { timeoutMs: this.options.importTimeoutMs, signal: this.options.signal });
    this.imports += 1;
    const problem = headerProblem(outcome);
    if (problem !== undefined) {
      const reason = `the header does not elaborate: ${problem}`;
      const failures = (this.importFailures.get(header) ?? 0) + 1;
      this.importFailures.set(header, failures);
      // Lean's own errors are final; a crash or timeout is given one more chance in a fresh process.
      if (outcome.ok || failures >= MAX_IMPORT_FAILURES) this.failedHeaders.set(header, reason);
      return { ok: false, reason };
    }
    return this.remember(worker, header, (outcome as { response: { env: number } }).response.env);
  }

  /** The pickle of `header`, made by the first worker that asks (which imports it), awaited by the others. */
  private pickled(worker: Worker, header: string): Promise<string | undefined> {
    const existing = this.pickles.get(header);
    if (existing) return existing;
    const file = join(this.options.pickleDir!, `${createHash('sha256').update(header).digest('hex').slice(0, 16)}.olean`);
    const made = (async () => {
      const base = await this.importHeader(worker, header);
      if (!base.ok) return undefined;
      const outcome = await worker.client.send({ pickleTo: file, env: base.env }, { timeoutMs: this.options.importTimeoutMs });
      return headerProblem(outcome) === undefined ? file : undefined;
    })();
    this.pickles.set(header, made);
    return made;
  }

  private remember(worker: Worker, header: string, env: number): BaseEnv {
    const entry = { env, generation: worker.client.generation };
    worker.headers.set(header, entry);
    return { ok: true, ...entry };
  }
}
