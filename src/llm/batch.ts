/**
 * The judges through a provider's Batch API (`llm.batch: true`): requests asked at about the same
 * time are written as one JSONL file (POST /v1/files), submitted as a batch (POST /v1/batches,
 * endpoint /v1/chat/completions) and polled (GET /v1/batches/{id}) until done, when the output file
 * (GET /v1/files/{id}/content) answers each request by its custom_id. Each answer is checked by the
 * engine like a live one (schema, one repair, which goes into the next batch) and cached like one.
 * A batch's id and its requests are stored in the cache folder the moment it is submitted, so a run
 * killed while waiting asks the same batch again when it is rerun instead of submitting it anew.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import type { Accounting, FailureCause } from './accounting.js';
import { type ChatMessage, type ChatReply, LlmCallError, redact } from './client.js';
import type { ResolvedEndpoint } from './endpoint.js';
import { sleep } from './limiter.js';

export interface BatchOptions {
  accounting: Accounting;
  /** Folder for the ids of submitted batches (in the cache folder); without one a killed run cannot resume. */
  stateDir?: string;
  /** Between two polls of a batch. */
  pollMs: number;
  /** Requests wait this long for others before their batch is submitted. */
  gatherMs: number;
  /** Most requests in one batch. */
  maxRequests: number;
  timeoutMs: number;
}

/** What a submitted batch is waiting for, as stored in the state folder. */
interface BatchState {
  batchId: string;
  baseURL: string;
  model: string;
  customIds: string[];
  submittedAt: string;
}

/** One line of a batch's output or error file. */
interface OutputLine {
  custom_id: string;
  response?: { status_code: number; body?: unknown } | null;
  error?: { code?: string; message?: string } | null;
}

type Outcome = { ok: true; reply: ChatReply } | { ok: false; error: LlmCallError };

const DONE = new Set(['completed', 'failed', 'expired', 'cancelled']);

/** The failure cause of an HTTP status inside a batch, as a live call's would be. */
function causeOf(status: number): FailureCause {
  if (status === 429) return 'rate-limit';
  if (status === 408) return 'timeout';
  return status >= 500 ? 'server' : 'client';
}

/** A role's client that completes conversations through batches; the same contract as ChatClient.complete. */
export class BatchClient {
  private readonly openai: OpenAI;
  /** Results of the batches submitted or resumed by this client, by custom_id. */
  private readonly waiting = new Map<string, Promise<Map<string, Outcome>>>();
  private readonly batches = new Map<string, Promise<Map<string, Outcome>>>();
  /** Batches of earlier runs still awaited, by custom_id (read once from the state folder). */
  private stored: Map<string, BatchState> | undefined;

  constructor(
    readonly endpoint: ResolvedEndpoint,
    private readonly opts: BatchOptions,
  ) {
    this.openai = new OpenAI({
      baseURL: endpoint.baseURL,
      apiKey: endpoint.apiKey,
      timeout: opts.timeoutMs,
      maxRetries: 3,
      logLevel: 'off',
    });
  }

  /** Sends the conversation in the next batch (or finds it in one already submitted) and waits for its answer. */
  async complete(messages: ChatMessage[], signal: AbortSignal): Promise<ChatReply> {
    const { endpoint } = this;
    const body: Record<string, unknown> = {
      model: endpoint.model,
      messages,
      temperature: endpoint.temperature,
      ...(endpoint.maxTokens !== undefined ? { max_tokens: endpoint.maxTokens } : {}),
      ...(endpoint.responseFormat !== 'prompt' ? { response_format: { type: 'json_object' } } : {}),
    };
    const customId = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 40);
    const results = this.resultsFor(customId, body);
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    const outcome = (await Promise.race([results, aborted])).get(customId) ?? {
      ok: false as const,
      error: new LlmCallError('server', `${endpoint.role} (${endpoint.model}): the batch gave no result for this request`),
    };
    if (!outcome.ok) throw outcome.error;
    return outcome.reply;
  }

  /** The results of the batch that answers `customId`: a stored one, the one being gathered, or a new one. */
  private resultsFor(customId: string, body: Record<string, unknown>): Promise<Map<string, Outcome>> {
    let results = this.waiting.get(customId);
    if (results) return results;
    const state = this.storedStates().get(customId);
    if (state) results = this.poll(state);
    else {
      if (!this.gathering) {
        let resolve!: (r: Map<string, Outcome>) => void;
        const promise = new Promise<Map<string, Outcome>>((r) => {
          resolve = r;
        });
        const gathering = {
          requests: [] as { customId: string; body: Record<string, unknown> }[],
          promise,
          resolve,
          timer: undefined as NodeJS.Timeout | undefined,
        };
        gathering.timer = setTimeout(() => this.flush(), this.opts.gatherMs);
        this.gathering = gathering;
      }
      const gathering = this.gathering;
      gathering.requests.push({ customId, body });
      results = gathering.promise;
      if (gathering.requests.length >= this.opts.maxRequests) this.flush();
    }
    this.waiting.set(customId, results);
    return results;
  }

  /** The batch being gathered: the requests asked within `gatherMs` of its first one. */
  private gathering:
    | {
        requests: { customId: string; body: Record<string, unknown> }[];
        promise: Promise<Map<string, Outcome>>;
        resolve: (r: Map<string, Outcome>) => void;
        timer: NodeJS.Timeout | undefined;
      }
    | undefined;

  /** Submits the batch being gathered. */
  private flush(): void {
    const gathering = this.gathering;
    if (!gathering) return;
    this.gathering = undefined;
    clearTimeout(gathering.timer);
    void this.submit(gathering.requests).then(gathering.resolve);
  }

  /** Writes the JSONL file, creates the batch, stores its id, and polls it. */
  private async submit(batch: { customId: string; body: Record<string, unknown> }[]): Promise<Map<string, Outcome>> {
    try {
      const lines = batch.map((r) => JSON.stringify({ custom_id: r.customId, method: 'POST', url: '/v1/chat/completions', body: r.body }));
      const file = await this.openai.files.create({
        file: await toFile(Buffer.from(`${lines.join('\n')}\n`), 'leanaudit-batch.jsonl'),
        purpose: 'batch',
      });
      const created = await this.openai.batches.create({
        input_file_id: file.id,
        endpoint: '/v1/chat/completions',
        completion_window: '24h',
      });
      this.opts.accounting.batches += 1;
      const state: BatchState = {
        batchId: created.id,
        baseURL: this.endpoint.baseURL,
        model: this.endpoint.model,
        customIds: batch.map((r) => r.customId),
        submittedAt: new Date().toISOString(),
      };
      this.store(state);
      return await this.poll(state, false);
    } catch (e) {
      const error =
        e instanceof LlmCallError
          ? e
          : new LlmCallError(
              'server',
              `${this.endpoint.role} (${this.endpoint.model}): the batch could not be submitted: ${redact(String((e as Error).message ?? e), this.endpoint.apiKey)}`,
            );
      return new Map<string, Outcome>(batch.map((r) => [r.customId, { ok: false, error }]));
    }
  }

  /** Polls a batch until it is done and reads its answers; one poller per batch. */
  private poll(state: BatchState, resumed = true): Promise<Map<string, Outcome>> {
    let running = this.batches.get(state.batchId);
    if (!running) {
      if (resumed) this.opts.accounting.batchesResumed += 1;
      running = this.follow(state).catch((e: unknown) => {
        const message = redact(String((e as Error).message ?? e), this.endpoint.apiKey);
        const error = new LlmCallError(
          'connection',
          `${this.endpoint.role} (${this.endpoint.model}): batch ${state.batchId} could not be followed (rerun to ask it again): ${message}`,
        );
        return new Map<string, Outcome>(state.customIds.map((id) => [id, { ok: false, error }]));
      });
      this.batches.set(state.batchId, running);
    }
    return running;
  }

  private async follow(state: BatchState): Promise<Map<string, Outcome>> {
    const who = `${this.endpoint.role} (${this.endpoint.model})`;
    let batch = await this.openai.batches.retrieve(state.batchId);
    while (!DONE.has(batch.status)) {
      await sleep(this.opts.pollMs, new AbortController().signal);
      batch = await this.openai.batches.retrieve(state.batchId);
    }
    const results = new Map<string, Outcome>();
    for (const fileId of [batch.output_file_id, batch.error_file_id]) {
      if (!fileId) continue;
      const text = await (await this.openai.files.content(fileId)).text();
      for (const raw of text.split('\n')) {
        if (raw.trim() === '') continue;
        const line = JSON.parse(raw) as OutputLine;
        results.set(line.custom_id, this.outcomeOf(line, who));
      }
    }
    if (batch.status !== 'completed') {
      const error = new LlmCallError('server', `${who}: batch ${state.batchId} ended ${batch.status}`);
      for (const id of state.customIds) if (!results.has(id)) results.set(id, { ok: false, error });
    }
    this.forget(state.batchId);
    return results;
  }

  private outcomeOf(line: OutputLine, who: string): Outcome {
    const status = line.response?.status_code;
    if (status === 200) {
      const body = line.response!.body as {
        choices?: { message?: { content?: unknown } }[];
        usage?: { prompt_tokens?: number; completion_tokens?: number };
      };
      const text = body?.choices?.[0]?.message?.content;
      if (typeof text !== 'string')
        return { ok: false, error: new LlmCallError('malformed', `${who}: the batch answer has no choices[0].message.content`) };
      this.opts.accounting.calls += 1;
      if (!body.usage) {
        this.opts.accounting.unknownUsage += 1;
        return { ok: true, reply: { text } };
      }
      const prompt = body.usage.prompt_tokens ?? 0;
      const completion = body.usage.completion_tokens ?? 0;
      this.opts.accounting.usage(this.endpoint.model, prompt, completion);
      return { ok: true, reply: { text, promptTokens: prompt, completionTokens: completion } };
    }
    const message =
      line.error?.message ?? (line.response?.body as { error?: { message?: string } } | undefined)?.error?.message ?? 'no answer';
    this.opts.accounting.calls += 1;
    return {
      ok: false,
      error: new LlmCallError(status ? causeOf(status) : 'server', `${who}: in batch: ${status ? `HTTP ${status}: ` : ''}${message}`),
    };
  }

  /** The batches earlier runs submitted to this endpoint and model, by custom_id. */
  private storedStates(): Map<string, BatchState> {
    if (this.stored) return this.stored;
    this.stored = new Map();
    const dir = this.opts.stateDir;
    if (!dir || !existsSync(dir)) return this.stored;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      try {
        const state = JSON.parse(readFileSync(join(dir, name), 'utf8')) as BatchState;
        if (state.baseURL !== this.endpoint.baseURL || state.model !== this.endpoint.model) continue;
        for (const id of state.customIds) this.stored.set(id, state);
      } catch {}
    }
    return this.stored;
  }

  /** Stores a submitted batch atomically (a temporary file renamed), before it is polled. */
  private store(state: BatchState): void {
    const dir = this.opts.stateDir;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${state.batchId}.json`);
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, file);
  }

  /** A batch whose answers are read is no longer waited for. */
  private forget(batchId: string): void {
    if (this.opts.stateDir) rmSync(join(this.opts.stateDir, `${batchId}.json`), { force: true });
  }
}
