/** The parent's side of the fuzzer's child process: send a job, wait at most its budget, kill the child on a hang. */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Job, JobResult } from './jobs.js';

/** How a job ended: answered, killed past its budget, or the child died (out of memory, a native crash). */
export type Ended = { result: JobResult } | { hang: true } | { died: string };

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));

/** One child process running jobs one at a time; a new one is started after a hang or a death. */
export class FuzzChild {
  private child: ChildProcess | undefined;
  private stderr = '';

  constructor(private readonly heapMb: number) {}

  private start(): ChildProcess {
    this.stderr = '';
    const child = fork(CHILD, [], { execArgv: [`--max-old-space-size=${this.heapMb}`], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-8000);
    });
    return child;
  }

  /** Runs `job`, killing the child when it runs past `budgetMs`. */
  run(job: Job, budgetMs: number): Promise<Ended> {
    const child = (this.child ??= this.start());
    return new Promise<Ended>((resolve) => {
      const done = (ended: Ended): void => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(ended);
      };
      const onMessage = (result: JobResult): void => done({ result });
      const onExit = (code: number | null, signal: string | null): void => {
        this.child = undefined;
        // V8's own words when the heap is full; else the last lines the child wrote.
        const outOfMemory = /heap out of memory|FatalProcessOutOfMemory|Allocation failed/.test(this.stderr);
        const why = outOfMemory ? 'out of memory' : this.stderr.trim().split('\n').slice(-3).join(' | ');
        done({ died: `child exited (${signal ?? `code ${code}`}): ${why}` });
      };
      const timer = setTimeout(() => {
        this.stop();
        done({ hang: true });
      }, budgetMs);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(job);
    });
  }

  /** Kills the child (a new one starts with the next job). */
  stop(): void {
    const child = this.child;
    this.child = undefined;
    if (child === undefined) return;
    child.removeAllListeners('exit');
    child.kill('SIGKILL');
  }
}
