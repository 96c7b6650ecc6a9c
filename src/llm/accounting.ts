/** Per-run accounting of LLM use: calls, cache hits, tokens, cost and failures by cause. */
import type { Price } from './config.js';

export type FailureCause =
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'connection'
  | 'client'
  | 'malformed'
  | 'unparseable'
  | 'cancelled'
  | 'internal';

export class Accounting {
  calls = 0;
  retries = 0;
  repairs = 0;
  cacheHits = 0;
  /** Of the cache hits, answers committed in the audited repository (read only with `--repo-cache`). */
  repoCacheHits = 0;
  /** Cache entries that failed their check on reading (another rubric or model, not the rubric's schema) and were asked again. */
  cacheInvalid = 0;
  /** Answers that could not be stored (the verdict stands; a rerun will ask again). */
  cacheWriteErrors = 0;
  /** Batches submitted, and batches of an earlier run waited for again (llm.batch). */
  batches = 0;
  batchesResumed = 0;
  promptTokens = 0;
  completionTokens = 0;
  cost = 0;
  /** Entities (not attempts) that ended in a failure, by the cause of the last attempt. */
  readonly failures: Partial<Record<FailureCause, number>> = {};

  constructor(private readonly prices: Record<string, Price> = {}) {}

  /** Records the tokens of one answered call and their price when the model has one. */
  usage(model: string, prompt: number, completion: number): void {
    this.promptTokens += prompt;
    this.completionTokens += completion;
    const price = this.prices[model];
    if (price) this.cost += (prompt * price.prompt + completion * price.completion) / 1_000_000;
  }

  fail(cause: FailureCause): void {
    this.failures[cause] = (this.failures[cause] ?? 0) + 1;
  }

  /** Flat metrics, `llm.`-prefixed, for an AuditorRun. */
  metrics(): Record<string, number> {
    const m: Record<string, number> = {
      'llm.calls': this.calls,
      'llm.retries': this.retries,
      'llm.repairs': this.repairs,
      'llm.cacheHits': this.cacheHits,
      'llm.promptTokens': this.promptTokens,
      'llm.completionTokens': this.completionTokens,
    };
    if (this.repoCacheHits > 0) m['llm.repoCacheHits'] = this.repoCacheHits;
    if (this.cacheInvalid > 0) m['llm.cacheInvalid'] = this.cacheInvalid;
    if (this.cacheWriteErrors > 0) m['llm.cacheWriteErrors'] = this.cacheWriteErrors;
    if (this.batches + this.batchesResumed > 0)
      Object.assign(m, { 'llm.batches': this.batches, 'llm.batchesResumed': this.batchesResumed });
    if (Object.keys(this.prices).length > 0) m['llm.cost'] = Math.round(this.cost * 1e6) / 1e6;
    for (const [cause, n] of Object.entries(this.failures)) m[`llm.failures.${cause}`] = n;
    return m;
  }
}
