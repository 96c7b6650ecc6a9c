/** One role's chat-completions client: bounded concurrency, retries with backoff, timeouts, cancellation. */
import { setMaxListeners } from 'node:events';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Accounting, FailureCause } from './accounting.js';
import type { ResolvedEndpoint } from './endpoint.js';
import { type Limiter, sleep } from './limiter.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatReply {
  text: string;
  /** Absent when the reply carried no `usage`. */
  promptTokens?: number;
  completionTokens?: number;
}

/** A call that failed for good (after retries); `cause` classifies it for the accounting. */
export class LlmCallError extends Error {
  override name = 'LlmCallError';
  constructor(
    readonly failure: FailureCause,
    message: string,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  timeoutMs: number;
  retries: number;
  limiter: Limiter;
  accounting: Accounting;
  /** First backoff delay; doubles per attempt (with jitter), capped at 30 s. */
  backoffMs?: number;
  /** Longest `Retry-After` honoured. */
  maxRetryAfterMs?: number;
}

/** Milliseconds a response asks us to wait (`retry-after-ms`, `retry-after` seconds or HTTP date). */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function classify(e: unknown): { cause: FailureCause; retry: boolean } {
  if (e instanceof APIConnectionTimeoutError) return { cause: 'timeout', retry: true };
  if (e instanceof APIConnectionError) return { cause: 'connection', retry: true };
  if (e instanceof APIError && typeof e.status === 'number') {
    if (e.status === 429) return { cause: 'rate-limit', retry: true };
    if (e.status === 408) return { cause: 'timeout', retry: true };
    if (e.status >= 500) return { cause: 'server', retry: true };
    return { cause: 'client', retry: false };
  }
  return { cause: 'malformed', retry: true };
}

export class ChatClient {
  private readonly openai: OpenAI;
  /** Whether requests carry `response_format`: for `auto`, until the endpoint refuses it. */
  private jsonMode: boolean;
  /** For `auto`: whether the endpoint's answer to `response_format` is known. */
  private jsonKnown: boolean;
  /** For `auto`, while unknown: the one request asking the endpoint, which the others wait for. */
  private probe: Promise<unknown> | undefined;

  constructor(
    readonly endpoint: ResolvedEndpoint,
    private readonly opts: ClientOptions,
  ) {
    this.openai = new OpenAI({
      baseURL: endpoint.baseURL,
      apiKey: endpoint.apiKey,
      timeout: opts.timeoutMs,
      maxRetries: 0,
      logLevel: 'off',
    });
    this.jsonMode = endpoint.responseFormat !== 'prompt';
    this.jsonKnown = endpoint.responseFormat !== 'auto';
  }

  /**
   * Sends the conversation; retries transient failures; throws LlmCallError or the abort reason. A
   * request sent with `response_format` that an `auto` endpoint rejects is sent again without it and
   * is not a retry. Until an `auto` endpoint has answered one request, the others wait for that
   * answer, so a refusal costs one rejected round trip, not one per request queued behind it.
   */
  async complete(messages: ChatMessage[], signal: AbortSignal): Promise<ChatReply> {
    const { retries, limiter, accounting } = this.opts;
    setMaxListeners(0, signal);
    let last: LlmCallError | undefined;
    for (let attempt = 0; attempt <= retries; ) {
      let wait: number | undefined;
      while (!this.jsonKnown && this.probe) await this.probe.catch(() => undefined);
      const json = this.jsonMode;
      const probing = !this.jsonKnown;
      const request = limiter.run(() => this.once(messages, signal, json), signal);
      if (probing) this.probe = request;
      try {
        const answer = await request;
        this.jsonKnown = true;
        return answer;
      } catch (e) {
        if (probing) this.probe = undefined;
        if (signal.aborted || e instanceof APIUserAbortError) throw signal.reason ?? e;
        if (json && this.endpoint.responseFormat === 'auto' && rejectsResponseFormat(e)) {
          this.jsonMode = false;
          this.jsonKnown = true;
          continue;
        }
        const { cause, retry } = classify(e);
        last = new LlmCallError(cause, `${this.endpoint.role} (${this.endpoint.model}): ${redact(describe(e), this.endpoint.apiKey)}`);
        if (!retry) break;
        wait = e instanceof APIError ? retryAfterMs(e.headers) : undefined;
      }
      if (attempt === retries) break;
      await sleep(this.delay(attempt, wait), signal);
      attempt += 1;
      accounting.retries += 1;
    }
    throw last!;
  }

  private delay(attempt: number, retryAfter: number | undefined): number {
    if (retryAfter !== undefined) return Math.min(retryAfter, this.opts.maxRetryAfterMs ?? 120_000);
    const base = Math.min((this.opts.backoffMs ?? 500) * 2 ** attempt, 30_000);
    return base * (1 + Math.random() * 0.25);
  }

  private async once(messages: ChatMessage[], parent: AbortSignal, json: boolean): Promise<ChatReply> {
    const { opts } = this;
    opts.accounting.calls += 1;
    const call = new AbortController();
    const relay = () => call.abort(parent.reason);
    parent.addEventListener('abort', relay, { once: true });
    try {
      return await this.send(messages, call.signal, json);
    } finally {
      parent.removeEventListener('abort', relay);
    }
  }

  /** One request on a signal of its own, so the run's signal only carries listeners of calls in flight. */
  private async send(messages: ChatMessage[], signal: AbortSignal, json: boolean): Promise<ChatReply> {
    const { endpoint, opts } = this;
    const res = await this.openai.chat.completions.create(
      {
        model: endpoint.model,
        messages,
        temperature: endpoint.temperature,
        ...(endpoint.maxTokens !== undefined ? { max_tokens: endpoint.maxTokens } : {}),
        ...(json ? { response_format: { type: 'json_object' as const } } : {}),
      },
      { signal },
    );
    const text = res.choices?.[0]?.message?.content;
    if (typeof text !== 'string') throw new Error('the response has no choices[0].message.content');
    if (!res.usage) {
      opts.accounting.unknownUsage += 1;
      return { text };
    }
    const prompt = res.usage.prompt_tokens ?? 0;
    const completion = res.usage.completion_tokens ?? 0;
    opts.accounting.usage(endpoint.model, prompt, completion);
    return { text, promptTokens: prompt, completionTokens: completion };
  }
}

function rejectsResponseFormat(e: unknown): boolean {
  return e instanceof APIError && e.status === 400 && /response_format|json_object|json mode/i.test(e.message);
}

/**
 * The text with the key masked, also where a server echoes it only in part (`sk-proj-****…abcd`):
 * every word holding six or more consecutive characters of the key, or ending in its last four
 * characters after a run of masking stars, becomes `***`.
 */
export function redact(text: string, key: string): string {
  if (key.length < 4) return text;
  const whole = text.split(key).join('***');
  const span = Math.min(6, key.length);
  const pieces = new Set<string>();
  for (let i = 0; i + span <= key.length; i++) pieces.add(key.slice(i, i + span));
  const tail = key.slice(-4);
  return whole.replace(/[^\s"'`,;:()[\]{}<>]+/g, (word) => {
    if (word === '***') return word;
    for (let i = 0; i + span <= word.length; i++) if (pieces.has(word.slice(i, i + span))) return '***';
    return /\*{3,}/.test(word) && word.endsWith(tail) ? '***' : word;
  });
}

function describe(e: unknown): string {
  if (e instanceof APIError && typeof e.status === 'number') return `HTTP ${e.status}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}
