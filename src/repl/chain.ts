/**
 * Environment chaining within one file: each declaration is elaborated in the environment left by
 * the one before, so a probe run at the tip sees exactly the declarations that precede it. When the
 * process dies, the chain is rebuilt in the new process from the header, skipping steps that failed.
 */

import type { WorkerSession } from './pool.js';
import type { ReplOutcome, RequestOptions } from './process.js';
import { type Command, isCommandResponse } from './protocol.js';

const headerFailure = (detail: string): ReplOutcome => ({ ok: false, failure: { cause: 'header', detail }, ms: 0 });

export type ChainTip = { ok: true; env: number } | { ok: false; reason: string };

export class EnvChain {
  private readonly steps: { text: string; ok: boolean }[] = [];
  private tip: { env: number; generation: number } | undefined;
  /** How many times the chain was rebuilt after its process died. */
  rebuilds = 0;

  constructor(private readonly session: WorkerSession) {}

  /** The environment at the end of the chain in the running process. */
  async current(): Promise<ChainTip> {
    for (;;) {
      const generation = this.session.generation();
      if (this.tip && this.tip.generation === generation) return { ok: true, env: this.tip.env };
      const base = await this.session.base();
      if (!base.ok) return base;
      if (this.tip) this.rebuilds += 1;
      let env = base.env;
      let died = false;
      for (const step of this.steps.filter((s) => s.ok)) {
        const outcome = await this.session.send({ cmd: step.text, env });
        if (outcome.ok && isCommandResponse(outcome.response)) {
          env = outcome.response.env;
          continue;
        }
        step.ok = false;
        if (!outcome.ok) {
          died = true;
          break;
        }
      }
      if (!died) {
        this.tip = { env, generation: base.generation };
        return { ok: true, env };
      }
    }
  }

  /** Elaborates `text` at the tip and makes its environment the new tip (unless it failed). */
  async extend(text: string, options?: Partial<RequestOptions>): Promise<ReplOutcome> {
    const tip = await this.current();
    if (!tip.ok) return headerFailure(tip.reason);
    const outcome = await this.session.send({ cmd: text, env: tip.env }, options);
    const ok = outcome.ok && isCommandResponse(outcome.response);
    this.steps.push({ text, ok });
    if (ok) this.tip = { env: (outcome.response as { env: number }).env, generation: this.tip!.generation };
    return outcome;
  }

  /** Runs a command at the tip without extending the chain (a probe). */
  async probe(command: Omit<Command, 'env'>, options?: Partial<RequestOptions>): Promise<ReplOutcome> {
    const tip = await this.current();
    if (!tip.ok) return headerFailure(tip.reason);
    return this.session.send({ ...command, env: tip.env }, options);
  }
}
