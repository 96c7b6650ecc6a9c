/** The judging engine: renders a rubric, consults the cache, calls the role's model, parses and repairs. */
import { join, resolve } from 'node:path';
import type { Config } from '../core/config.js';
import { locateInside } from '../core/repo-file.js';
import { Accounting, type FailureCause } from './accounting.js';
import { BatchClient } from './batch.js';
import { type CacheEntry, type CacheSource, cacheKey, DiskCache, userCacheDir } from './cache.js';
import { ChatClient, type ChatMessage, LlmCallError } from './client.js';
import { BATCH_DEFAULTS, LLM_DEFAULTS, type LlmConfig, llmConfig, type Role } from './config.js';
import { type Env, type ResolvedEndpoint, resolveEndpoints } from './endpoint.js';
import { Limiter } from './limiter.js';
import { coerceBySchema, extractJsonObject } from './parse.js';
import { type Rubric, renderRubric, type TemplateValue } from './rubric.js';

export type AskResult =
  | { ok: true; value: Record<string, unknown>; cached: boolean; model: string; cacheSource?: CacheSource }
  | { ok: false; cause: FailureCause | 'not-cached'; message: string; model: string };

export interface EngineSetup {
  root: string;
  config: Config;
  env?: Env;
  backoffMs?: number;
}

/**
 * Answers being computed in this process, by cache key: two auditors (or two entities) asking the
 * same question share one call, and a cache-only lookup waits for an answer already on its way.
 */
const inFlight = new Map<string, Promise<AskResult>>();

/** One limiter per endpoint and limit in this process, so auditors running side by side share `concurrency`. */
const limiters = new Map<string, Limiter>();
function limiterFor(baseURL: string, limit: number): Limiter {
  const id = `${baseURL}|${limit}`;
  let limiter = limiters.get(id);
  if (!limiter) limiters.set(id, (limiter = new Limiter(limit)));
  return limiter;
}

/** The folder `--repo-cache` reads a repository's committed answers from when it names none. */
export const REPO_CACHE_DIR = '.leanaudit-cache';

/** What the engine asks of a role's client: live (ChatClient) or through batches (BatchClient). */
type Completer = Pick<ChatClient, 'endpoint' | 'complete'>;

export class LlmEngine {
  readonly accounting: Accounting;
  private readonly limiters = new Set<Limiter>();

  /** Calls under way on this engine's endpoints (shared with other auditors using the same endpoint). */
  inFlight(): number {
    let n = 0;
    for (const limiter of this.limiters) n += limiter.running;
    return n;
  }
  readonly cache: DiskCache;
  private readonly clients = new Map<Role, Completer>();

  private constructor(
    readonly settings: LlmConfig,
    endpoints: ResolvedEndpoint[],
    cacheDir: string | undefined,
    repoCacheDir: string | undefined,
    backoffMs?: number,
  ) {
    this.accounting = new Accounting(settings.prices);
    this.cache = new DiskCache(cacheDir, repoCacheDir);
    const limit = settings.concurrency ?? LLM_DEFAULTS.concurrency;
    const batch = settings.batch === true ? BATCH_DEFAULTS : settings.batch ? { ...BATCH_DEFAULTS, ...settings.batch } : undefined;
    for (const endpoint of endpoints) {
      if (batch) {
        const stateDir = this.cache.dir === undefined ? undefined : join(this.cache.dir, 'batches');
        const timeoutMs = settings.timeoutMs ?? LLM_DEFAULTS.timeoutMs;
        this.clients.set(
          endpoint.role,
          new BatchClient(endpoint, { accounting: this.accounting, timeoutMs, ...batch, ...(stateDir ? { stateDir } : {}) }),
        );
        continue;
      }
      const limiter = limiterFor(endpoint.baseURL, limit);
      this.limiters.add(limiter);
      this.clients.set(
        endpoint.role,
        new ChatClient(endpoint, {
          timeoutMs: settings.timeoutMs ?? LLM_DEFAULTS.timeoutMs,
          retries: settings.retries ?? LLM_DEFAULTS.retries,
          limiter,
          accounting: this.accounting,
          ...(backoffMs !== undefined ? { backoffMs } : {}),
        }),
      );
    }
  }

  /**
   * An engine for `roles`, or the reason there can be none (no endpoint, no model, no key).
   * `optional` roles are added when they resolve and silently left out when they do not.
   */
  static async create(roles: Role[], setup: EngineSetup, optional: Role[] = []): Promise<LlmEngine | { reason: string }> {
    const settings = llmConfig(setup.config);
    const dir = settings.cacheDir ?? userCacheDir();
    const repoCache = settings.repoCache === true ? REPO_CACHE_DIR : settings.repoCache || undefined;
    const located = repoCache === undefined ? undefined : locateInside(setup.root, repoCache, 'folder');
    if (located && 'reason' in located) {
      return {
        reason: `--repo-cache: the repository's cache folder ${repoCache} is ${located.reason === 'missing' ? 'not there' : 'outside the repository'}`,
      };
    }
    const env = setup.env ?? process.env;
    const resolution = await resolveEndpoints(roles, settings, env);
    if (!resolution.ok) return { reason: resolution.reason };
    const endpoints = [...resolution.endpoints];
    for (const role of optional) {
      const extra = await resolveEndpoints([role], settings, env);
      if (extra.ok) endpoints.push(...extra.endpoints);
    }
    return new LlmEngine(settings, endpoints, dir === false ? undefined : resolve(setup.root, dir), located?.file, setup.backoffMs);
  }

  /** The endpoint serving `role`, if it resolved. */
  endpoint(role: Role): ResolvedEndpoint | undefined {
    return this.clients.get(role)?.endpoint;
  }

  /**
   * Answers `rubric` for `inputs`: from the cache when the same rubric, model and prompt were answered
   * before; otherwise by a call, with one repair re-ask when the reply is unusable. Only validated
   * answers are cached. `cacheOnly` never calls. An abort propagates as the signal's reason.
   */
  async ask(rubric: Rubric, inputs: Record<string, TemplateValue>, signal: AbortSignal, cacheOnly = false): Promise<AskResult> {
    const client = this.clients.get(rubric.role);
    if (!client) throw new Error(`no endpoint resolved for role ${rubric.role}`);
    const { model, baseURL, temperature } = client.endpoint;
    const { system, user } = renderRubric(rubric, inputs);
    const key = cacheKey({
      rubric: rubric.id,
      version: rubric.version,
      bodyHash: rubric.bodyHash,
      model,
      baseURL,
      temperature,
      input: [system, user],
    });
    const hit = await this.cache.get(key);
    const value = hit && this.checkEntry(hit.entry, rubric, model);
    if (hit && value) {
      this.accounting.cacheHits += 1;
      if (hit.source === 'repository') this.accounting.repoCacheHits += 1;
      return { ok: true, value, cached: true, model, ...(hit.source === 'repository' ? { cacheSource: hit.source } : {}) };
    }
    if (hit) this.accounting.cacheInvalid += 1;
    const pending = inFlight.get(key);
    if (pending) {
      const shared = await pending;
      if (shared.ok) this.accounting.cacheHits += 1;
      return shared.ok ? { ...shared, cached: true } : shared;
    }
    if (cacheOnly) return { ok: false, cause: 'not-cached', message: 'no cached answer', model };
    const call = this.call(client, rubric, key, system, user, signal);
    inFlight.set(key, call);
    try {
      return await call;
    } finally {
      inFlight.delete(key);
    }
  }

  private async call(
    client: Completer,
    rubric: Rubric,
    key: string,
    system: string,
    user: string,
    signal: AbortSignal,
  ): Promise<AskResult> {
    const { model } = client.endpoint;
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ];
    try {
      let reply = await client.complete(messages, signal);
      let checked = this.check(rubric, reply.text);
      if (!checked.ok) {
        this.accounting.repairs += 1;
        const repair: ChatMessage[] = [
          ...messages,
          { role: 'assistant', content: reply.text },
          { role: 'user', content: repairRequest(rubric, checked.problem) },
        ];
        reply = await client.complete(repair, signal);
        checked = this.check(rubric, reply.text);
      }
      if (!checked.ok) {
        this.accounting.fail('unparseable');
        return { ok: false, cause: 'unparseable', message: `unusable reply after one repair: ${checked.problem}`, model };
      }
      try {
        await this.cache.put(key, {
          rubric: rubric.id,
          version: rubric.version,
          model,
          createdAt: new Date().toISOString(),
          value: checked.value,
        });
      } catch {
        this.accounting.cacheWriteErrors += 1;
      }
      return { ok: true, value: checked.value, cached: false, model };
    } catch (e) {
      if (!(e instanceof LlmCallError)) throw e;
      this.accounting.fail(e.failure);
      return { ok: false, cause: e.failure, message: e.message, model };
    }
  }

  /**
   * The answer of a cache entry when it is one this rubric, version and model could have given and
   * it passes the rubric's schema; else undefined (a malformed or planted entry is asked again).
   */
  private checkEntry(entry: unknown, rubric: Rubric, model: string): Record<string, unknown> | undefined {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { rubric: id, version, model: answeredBy, value } = entry as Partial<CacheEntry>;
    if (id !== rubric.id || version !== rubric.version || answeredBy !== model) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !rubric.validate(value)) return undefined;
    return value as Record<string, unknown>;
  }

  private check(rubric: Rubric, text: string): { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } {
    const found = extractJsonObject(text);
    if (!found) return { ok: false, problem: 'no JSON object found in the reply' };
    const value = coerceBySchema(found, rubric.schema);
    if (!rubric.validate(value)) {
      const errors = (rubric.validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim());
      return { ok: false, problem: `the JSON does not match the schema: ${errors.join('; ')}` };
    }
    return { ok: true, value };
  }
}

function repairRequest(rubric: Rubric, problem: string): string {
  return (
    `Your previous reply could not be used (${problem}). ` +
    `Reply again with one JSON object only, no prose and no code fence, matching this JSON schema:\n` +
    JSON.stringify(rubric.schema)
  );
}

/** The `llm` need of the run services: undefined when an endpoint resolves, else why not and what to set. */
export async function llmUnavailable(env: { root: string; config: Config }): Promise<string | undefined> {
  const resolution = await resolveEndpoints(['direct-judge'], llmConfig(env.config), process.env);
  return resolution.ok ? undefined : resolution.reason;
}
