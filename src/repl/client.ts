/**
 * A REPL client that survives its process: a failed request (timeout, crash, garbage, output or
 * memory limit) is reported as failed with its cause, and the next request starts a fresh process.
 * Environments and proof states belong to one process: `generation` tells callers when theirs are gone.
 */
import { type ProcessLimits, type ReplCommandSpec, type ReplOutcome, ReplProcess, type RequestOptions } from './process.js';
import type { Command, CommandResponse, ProofStepResponse, ReplError, ReplRequest } from './protocol.js';

export interface ClientOptions {
  limits: ProcessLimits;
  /** Default wall-clock limit of one request. */
  timeoutMs: number;
}

export class ReplClient {
  private process: ReplProcess | undefined;
  /** How many processes this client has started. */
  starts = 0;
  /** Requests that ended in a process failure, by cause. */
  readonly failures: Record<string, number> = {};

  constructor(
    private readonly spec: ReplCommandSpec,
    private readonly options: ClientOptions,
  ) {}

  /** Increases every time a new process starts: environments of older generations are gone. */
  get generation(): number {
    return this.starts;
  }

  /** Processes started after the first one, i.e. restarts after failures. */
  get restarts(): number {
    return Math.max(0, this.starts - 1);
  }

  /** True while a process runs (a dead one is replaced by the next request). */
  get alive(): boolean {
    return this.process?.alive === true;
  }

  /** Operating-system process id of the current process, if one runs. */
  get pid(): number | undefined {
    return this.process?.alive ? this.process.pid : undefined;
  }

  /** Starts the process now if none is running (otherwise the first request does). */
  ensureStarted(): void {
    if (this.process?.alive) return;
    this.process = new ReplProcess(this.spec, this.options.limits);
    this.starts += 1;
  }

  /** Sends one request, starting a process first when none is alive. */
  async send(request: ReplRequest, options: Partial<RequestOptions> = {}): Promise<ReplOutcome> {
    this.ensureStarted();
    const outcome = await this.process!.request(request, {
      timeoutMs: options.timeoutMs ?? this.options.timeoutMs,
      signal: options.signal,
    });
    if (!outcome.ok) this.failures[outcome.failure.cause] = (this.failures[outcome.failure.cause] ?? 0) + 1;
    return outcome;
  }

  /** Runs a command (`cmd`, optionally in `env`). */
  command(command: Command, options?: Partial<RequestOptions>): Promise<ReplOutcome<CommandResponse | ReplError>> {
    return this.send(command, options) as Promise<ReplOutcome<CommandResponse | ReplError>>;
  }

  /** Runs a tactic in a proof state. */
  tactic(tactic: string, proofState: number, options?: Partial<RequestOptions>): Promise<ReplOutcome<ProofStepResponse | ReplError>> {
    return this.send({ tactic, proofState }, options) as Promise<ReplOutcome<ProofStepResponse | ReplError>>;
  }

  /** Kills the current process, if any. */
  close(): void {
    this.process?.kill();
    this.process = undefined;
  }
}
