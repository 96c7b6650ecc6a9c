/**
 * One REPL child process: writes requests, frames and parses responses, and enforces the
 * per-request wall-clock timeout, the output limit and the memory limit. Any of these failures,
 * a crash or unparseable output kills the process (its whole process group); the request is
 * answered with the failure and its cause, never with an exception.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { treeRssBytes } from './memory.js';
import { BlockFramer, encodeRequest, excerpt, ProtocolError, parseResponse, type ReplRequest, type ReplResponse } from './protocol.js';

/** How to start the REPL: a shell command line, or a program and its arguments. */
export interface ReplCommandSpec {
  shell?: string;
  file?: string;
  args?: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

export interface ProcessLimits {
  /** Largest response accepted, in characters. */
  maxOutputChars: number;
  /** Resident memory of the process tree above which it is killed. */
  memoryLimitBytes?: number;
  memoryPollMs: number;
}

/** Why a request failed; `header` means the file's imports could not be elaborated. */
export type FailureCause = 'timeout' | 'crashed' | 'protocol' | 'output-limit' | 'memory' | 'aborted' | 'spawn' | 'header';

export interface ReplFailure {
  cause: FailureCause;
  detail: string;
}

export type ReplOutcome<R = ReplResponse> = { ok: true; response: R; ms: number } | { ok: false; failure: ReplFailure; ms: number };

export interface RequestOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

interface Pending {
  resolve(outcome: ReplOutcome): void;
  started: number;
}

const STDERR_TAIL = 4000;

/** Process groups still running; killed when leanaudit exits, since they live in groups of their own. */
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
});

/**
 * The watchdog of one REPL process group: a `sh` blocked reading a pipe whose other end only leanaudit
 * holds. However leanaudit ends (SIGTERM, SIGHUP, SIGKILL, a crash), the kernel closes that end, `read`
 * returns and the group is killed. Node has no prctl(PR_SET_PDEATHSIG), and the end of a pipe is seen
 * at once where polling the parent's pid would lag; the exit handler above covers the ordinary ends.
 */
export function startWatchdog(pgid: number): ChildProcess | undefined {
  if (process.platform === 'win32') return undefined;
  const dog = spawn('/bin/sh', ['-c', 'read _; kill -9 -"$1" 2>/dev/null', 'leanaudit-repl-watchdog', String(pgid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  dog.on('error', () => undefined);
  dog.stdin!.on('error', () => undefined);
  // Neither the watchdog nor its pipe may keep leanaudit's event loop alive.
  dog.unref();
  (dog.stdin as unknown as { unref?: () => void }).unref?.();
  return dog;
}

/** A started REPL process; `request` calls are answered one at a time, in order. */
export class ReplProcess {
  private readonly child: ChildProcess;
  private readonly watchdog: ChildProcess | undefined;
  private readonly framer = new BlockFramer();
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private stderr = '';
  private exited = false;
  private deathNote: ReplFailure | undefined;

  constructor(
    spec: ReplCommandSpec,
    private readonly limits: ProcessLimits,
  ) {
    const options: SpawnOptions = { cwd: spec.cwd, env: spec.env ?? process.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] };
    this.child = spec.shell !== undefined ? spawn(spec.shell, { ...options, shell: true }) : spawn(spec.file!, spec.args ?? [], options);
    if (this.child.pid !== undefined) {
      running.add(this.child.pid);
      this.watchdog = startWatchdog(this.child.pid);
    }
    this.child.stdout!.setEncoding('utf8');
    this.child.stderr!.setEncoding('utf8');
    this.child.stdout!.on('data', (text: string) => this.onStdout(text));
    this.child.stderr!.on('data', (text: string) => {
      this.stderr = (this.stderr + text).slice(-STDERR_TAIL);
    });
    this.child.stdin!.on('error', () => undefined);
    this.child.on('error', (e) => this.die({ cause: 'spawn', detail: `cannot start the REPL: ${e.message}` }));
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      if (this.child.pid !== undefined) running.delete(this.child.pid);
      // Killed, not told to read: once the group is gone its id may be reused.
      this.watchdog?.kill('SIGKILL');
      const crashed = () => {
        const partial = this.framer.pendingLength > 0 ? `; ${this.framer.pendingLength} characters of an unfinished response` : '';
        const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
        this.die({ cause: 'crashed', detail: `the REPL ${how}${partial}${this.stderrSuffix()}` });
      };
      // Let output still in the pipes arrive first; a lingering grandchild may keep them open.
      this.child.once('close', crashed);
      setTimeout(crashed, 200).unref();
    });
  }

  /** Operating-system process id (the group leader). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** False once the process has exited or been killed. */
  get alive(): boolean {
    return !this.exited && this.deathNote === undefined;
  }

  /** Why the process is dead, if it is. */
  get failure(): ReplFailure | undefined {
    return this.deathNote;
  }

  /** Sends one request and waits for its response, a failure, or the timeout. */
  request(request: ReplRequest, options: RequestOptions): Promise<ReplOutcome> {
    const run = this.queue.then(() => this.exchange(request, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Kills the whole process group. */
  kill(failure: ReplFailure = { cause: 'aborted', detail: 'closed' }): void {
    this.die(failure);
  }

  private exchange(request: ReplRequest, { timeoutMs, signal }: RequestOptions): Promise<ReplOutcome> {
    const started = performance.now();
    if (!this.alive)
      return Promise.resolve({ ok: false, failure: this.deathNote ?? { cause: 'crashed', detail: 'the REPL is not running' }, ms: 0 });
    return new Promise<ReplOutcome>((resolve) => {
      const timers: NodeJS.Timeout[] = [];
      const onAbort = () => this.die({ cause: 'aborted', detail: 'the run was cancelled' });
      const finish = (outcome: ReplOutcome) => {
        for (const t of timers) clearTimeout(t);
        signal?.removeEventListener('abort', onAbort);
        this.pending = undefined;
        resolve(outcome);
      };
      this.pending = { resolve: finish, started };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      timers.push(setTimeout(() => this.die({ cause: 'timeout', detail: `no response within ${timeoutMs} ms` }), timeoutMs));
      if (this.limits.memoryLimitBytes !== undefined) timers.push(setInterval(() => this.checkMemory(), this.limits.memoryPollMs));
      this.child.stdin!.write(encodeRequest(request));
    });
  }

  private onStdout(text: string): void {
    let blocks: string[];
    try {
      blocks = this.framer.push(text);
    } catch (e) {
      return this.die({ cause: 'protocol', detail: (e as Error).message });
    }
    for (const block of blocks) {
      if (!this.pending) return this.die({ cause: 'protocol', detail: `unexpected output with no request pending: ${excerpt(block)}` });
      let response: ReplResponse;
      try {
        response = parseResponse(block);
      } catch (e) {
        const detail = e instanceof ProtocolError ? e.message : String(e);
        return this.die({ cause: 'protocol', detail: `unparseable response: ${detail}${this.stderrSuffix()}` });
      }
      const { resolve, started } = this.pending;
      resolve({ ok: true, response, ms: performance.now() - started });
    }
    if (this.framer.pendingLength > this.limits.maxOutputChars) {
      this.die({ cause: 'output-limit', detail: `response exceeds ${this.limits.maxOutputChars} characters` });
    }
  }

  private checkMemory(): void {
    const rss = this.child.pid === undefined ? undefined : treeRssBytes(this.child.pid);
    if (rss !== undefined && rss > this.limits.memoryLimitBytes!) {
      const mb = (n: number) => Math.round(n / 2 ** 20);
      this.die({ cause: 'memory', detail: `resident memory ${mb(rss)} MB exceeds the limit of ${mb(this.limits.memoryLimitBytes!)} MB` });
    }
  }

  private stderrSuffix(): string {
    const tail = this.stderr.trim();
    return tail ? `; stderr: ${excerpt(tail.slice(-600), 600)}` : '';
  }

  /** Records the first cause of death, kills the process group and fails the pending request. */
  private die(failure: ReplFailure): void {
    this.deathNote ??= failure;
    if (!this.exited && this.child.pid !== undefined) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        this.child.kill('SIGKILL');
      }
    }
    const pending = this.pending;
    if (pending) pending.resolve({ ok: false, failure: this.deathNote, ms: performance.now() - pending.started });
  }
}
