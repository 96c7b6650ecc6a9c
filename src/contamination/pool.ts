/** Spreads corpus tasks over worker threads (or runs them inline) with a bounded number in flight. */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../core/paths.js';
import type { CorpusTask } from './corpus.js';
import type { ReadLimits } from './input.js';
import type { ScanOptions } from './scan.js';
import { Scanner } from './scan.js';
import type { ScanIndex } from './scan-index.js';
import type { TaskResult } from './task.js';
import { runTask } from './task.js';

/** Tasks queued per worker beyond the one it is running. */
const AHEAD = 2;

/** Worker threads used by default: one per core, at most 2. */
export function defaultThreads(): number {
  return Math.min(2, availableParallelism());
}

/** The compiled worker script (from dist/ when running the TypeScript sources under a test runner). */
export function workerScript(): string {
  const here = fileURLToPath(import.meta.url);
  const script = here.endsWith('.ts') ? join(packageRoot(), 'dist', 'src', 'contamination', 'worker.js') : join(here, '..', 'worker.js');
  if (!existsSync(script)) throw new Error(`contamination worker not built: ${script} (run npm run build)`);
  return script;
}

/** How a corpus is scanned: worker threads (0: on this thread), the reader's limits, cancellation, scanner options. */
export interface PoolOptions extends ScanOptions {
  threads: number;
  limits: ReadLimits;
  signal?: AbortSignal;
}

/** Scans every task, calling `onResult` in completion order. */
export async function scanTasks(
  index: ScanIndex,
  tasks: AsyncIterable<CorpusTask>,
  options: PoolOptions,
  onResult: (r: TaskResult) => void,
): Promise<void> {
  const { threads, signal, limits, ...scanOptions } = options;
  if (threads <= 0) {
    const scanner = new Scanner(index, scanOptions);
    for await (const task of tasks) {
      signal?.throwIfAborted();
      onResult(await runTask(scanner, index, task, limits));
    }
    return;
  }
  const script = workerScript();
  const workers = Array.from({ length: threads }, () => new Worker(script, { workerData: { index, options: scanOptions, limits } }));
  const iterator = tasks[Symbol.asyncIterator]();
  let nextId = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
        worker.on('message', (msg: { id: number; result: TaskResult }) => {
          const waiter = pending.get(msg.id);
          pending.delete(msg.id);
          onResult(msg.result);
          waiter?.resolve();
        });
        worker.on('error', (e) => {
          for (const waiter of pending.values()) waiter.reject(e);
          pending.clear();
        });
        const inFlight: Promise<void>[] = [];
        const send = (task: CorpusTask): Promise<void> =>
          new Promise<void>((resolve, reject) => {
            const id = nextId++;
            pending.set(id, { resolve, reject });
            worker.postMessage({ id, task });
          });
        for (;;) {
          signal?.throwIfAborted();
          const next = await iterator.next();
          if (next.done) break;
          inFlight.push(send(next.value));
          if (inFlight.length > AHEAD) await inFlight.shift();
        }
        await Promise.all(inFlight);
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
