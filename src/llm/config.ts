/** The `llm` section of the configuration: roles mapped to endpoints and models, plus engine options. */

import type { Config } from '../core/config.js';
import { REPO_PATH } from '../core/config-schema.js';
import { InputError } from '../core/errors.js';
import type { JsonSchema } from '../core/types.js';

export const ROLES = ['direct-judge', 'back-translator', 'roundtrip-judge', 'leanscorer', 'edge-filter'] as const;
export type Role = (typeof ROLES)[number];

/** How to ask for JSON: `json` sends `response_format: json_object`, `prompt` relies on the instructions. */
export type ResponseFormatMode = 'auto' | 'json' | 'prompt';

/** Where one role's calls go. */
export interface EndpointConfig {
  baseURL?: string;
  /** Name of the environment variable holding the API key (never the key itself). */
  apiKeyEnv?: string;
  model?: string;
  /** Overrides the family guessed from the model name (e.g. `gpt`, `deepseek`, `qwen`). */
  family?: string;
  temperature?: number;
  maxTokens?: number;
  responseFormat?: ResponseFormatMode;
}

/** Price of one million tokens, in whatever currency the user keeps accounts in. */
export interface Price {
  prompt: number;
  completion: number;
}

export interface LlmConfig {
  /** Applies to every role that does not say otherwise. */
  default?: EndpointConfig;
  roles?: Partial<Record<Role, EndpointConfig>>;
  concurrency?: number;
  timeoutMs?: number;
  retries?: number;
  /** Cache folder (default: the user's cache folder, see cache.ts); `false` turns the cache off. */
  cacheDir?: string | false;
  /** Also read the audited repository's committed answers (`true`: its `.leanaudit-cache`); `--repo-cache`. */
  repoCache?: boolean | string;
  /** Use the Skolemization-aware variant of the judges' rubrics. */
  skolemAware?: boolean;
  /** Characters of surrounding context (before and after the statement together) shown to a judge. */
  contextChars?: number;
  /** Characters of project definitions the statement reaches shown to a judge. */
  auxiliaryChars?: number;
  /** Characters of library constants' signatures and docstrings shown to a judge. */
  groundingChars?: number;
  /** LeanScorer's pass threshold: a statement passes when no item is Major and its Sugeno score is at least this. */
  leanscorerAlpha?: number;
  /** model name -> price per million tokens. */
  prices?: Record<string, Price>;
  /** Send the judges' requests through the provider's Batch API (see batch.ts); `true` takes the defaults. */
  batch?: boolean | BatchConfig;
}

/** How requests are batched: time between polls, time a batch waits for more requests, most requests per batch. */
export interface BatchConfig {
  pollMs?: number;
  gatherMs?: number;
  maxRequests?: number;
}

/** Batch defaults: poll every 30 s, gather for 2 s, at most 50,000 requests (OpenAI's limit per batch). */
export const BATCH_DEFAULTS: Required<BatchConfig> = { pollMs: 30_000, gatherMs: 2_000, maxRequests: 50_000 };

export const LLM_DEFAULTS = {
  concurrency: 8,
  timeoutMs: 120_000,
  retries: 4,
  skolemAware: true,
  contextChars: 2000,
  auxiliaryChars: 4000,
  groundingChars: 3000,
  leanscorerAlpha: 0.6,
} as const;

const WHERE_REQUESTS_GO = 'chooses where requests and the API key go';

/** The schema of one role's endpoint (and of `llm.default`). */
const ENDPOINT_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    baseURL: { type: 'string', userOnly: WHERE_REQUESTS_GO, description: 'OpenAI-compatible endpoint, e.g. https://api.openai.com/v1' },
    apiKeyEnv: {
      type: 'string',
      userOnly: WHERE_REQUESTS_GO,
      description: 'name of the environment variable holding the API key (never the key itself)',
    },
    model: { type: 'string', envFirst: 'LEANAUDIT_MODEL' },
    family: { type: 'string', description: 'overrides the model family guessed from the model name (gpt, deepseek, qwen, ...)' },
    temperature: { type: 'number' },
    maxTokens: { type: 'number', repoMax: 16_384 },
    responseFormat: { enum: ['auto', 'json', 'prompt'] },
  },
};

/** The schema of the `llm` section (schemas/config.schema.json); `llmConfig` checks what it cannot say. */
export const LLM_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'LLM roles mapped to endpoints and models, and engine options (docs/judges.md)',
  properties: {
    default: { ...ENDPOINT_SCHEMA, description: 'applies to every role that does not say otherwise' },
    roles: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(ROLES.map((role) => [role, ENDPOINT_SCHEMA])),
    },
    concurrency: { type: 'integer', minimum: 1, repoMax: 8 },
    timeoutMs: { type: 'integer', minimum: 1, repoMax: 120_000 },
    retries: { type: 'integer', minimum: 0, repoMax: 4 },
    cacheDir: {
      anyOf: [{ ...REPO_PATH }, { const: false }],
      repoIgnored:
        'the answers a verdict rests on are kept in your cache folder, not one the repository chooses (--repo-cache reads its committed answers)',
      description:
        "cache folder (default: $XDG_CACHE_HOME/leanaudit/answers, else ~/.cache/leanaudit/answers; a relative path is taken from the audited repository); false turns the cache off; a repository's own configuration cannot set it",
    },
    repoCache: {
      anyOf: [{ type: 'boolean' }, { ...REPO_PATH }],
      userOnly: "makes the repository's committed answers verdicts",
      description:
        "also read the audited repository's committed answers (true: its .leanaudit-cache folder; or a folder in it), read-only and marked as the repository's own; --repo-cache",
    },
    skolemAware: { type: 'boolean' },
    contextChars: { type: 'integer', minimum: 0, description: 'characters of surrounding context shown to a judge' },
    auxiliaryChars: {
      type: 'integer',
      minimum: 0,
      description: 'characters of project definitions the statement reaches shown to a judge',
    },
    groundingChars: {
      type: 'integer',
      minimum: 0,
      description: "characters of library constants' signatures and docstrings shown to a judge",
    },
    leanscorerAlpha: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      description: "LeanScorer's pass threshold: a statement passes when no item is Major and its Sugeno score is at least this",
    },
    batch: {
      anyOf: [
        { type: 'boolean' },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            pollMs: { type: 'integer', minimum: 1, description: 'between two polls of a batch (30000)' },
            gatherMs: {
              type: 'integer',
              minimum: 0,
              description: 'requests wait this long for others before their batch is submitted (2000)',
            },
            maxRequests: { type: 'integer', minimum: 1, description: 'most requests in one batch (50000)' },
          },
        },
      ],
      description: "send the judges' requests through the provider's Batch API (docs/judges.md)",
    },
    prices: {
      type: 'object',
      description: "model name -> price per million tokens; a repository's own configuration cannot set them",
      repoIgnored: 'prices are your accounts, not the repository’s',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['prompt', 'completion'],
        properties: { prompt: { type: 'number' }, completion: { type: 'number' } },
      },
    },
  },
};

const ENDPOINT_KEYS = Object.keys(ENDPOINT_SCHEMA.properties as object);
const TOP_KEYS = Object.keys(LLM_CONFIG_SCHEMA.properties as object);

function fail(path: string, what: string): never {
  throw new InputError(`config llm${path}: ${what}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkEndpoint(v: unknown, path: string): EndpointConfig {
  if (!isObject(v)) fail(path, 'must be an object');
  for (const key of Object.keys(v)) if (!ENDPOINT_KEYS.includes(key)) fail(`${path}.${key}`, 'unknown key');
  for (const key of ['baseURL', 'apiKeyEnv', 'model', 'family']) {
    if (v[key] !== undefined && typeof v[key] !== 'string') fail(`${path}.${key}`, 'must be a string');
  }
  if (typeof v.apiKey === 'string') fail(`${path}.apiKey`, 'put the key in an environment variable and name it in apiKeyEnv');
  for (const key of ['temperature', 'maxTokens']) {
    if (v[key] !== undefined && typeof v[key] !== 'number') fail(`${path}.${key}`, 'must be a number');
  }
  if (v.responseFormat !== undefined && !['auto', 'json', 'prompt'].includes(v.responseFormat as string)) {
    fail(`${path}.responseFormat`, 'must be "auto", "json" or "prompt"');
  }
  return v as EndpointConfig;
}

function positiveInt(v: unknown, path: string, min: number): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) fail(path, `must be an integer >= ${min}`);
  return v;
}

/** Validates and returns the `llm` section (empty when absent). */
export function llmConfig(config: Config): LlmConfig {
  const raw = config.llm;
  if (raw === undefined) return {};
  if (!isObject(raw)) fail('', 'must be an object');
  for (const key of Object.keys(raw)) if (!TOP_KEYS.includes(key)) fail(`.${key}`, 'unknown key');
  if (raw.default !== undefined) checkEndpoint(raw.default, '.default');
  if (raw.roles !== undefined) {
    if (!isObject(raw.roles)) fail('.roles', 'must be an object');
    for (const [role, ep] of Object.entries(raw.roles)) {
      if (!(ROLES as readonly string[]).includes(role)) fail(`.roles.${role}`, `unknown role (known: ${ROLES.join(', ')})`);
      checkEndpoint(ep, `.roles.${role}`);
    }
  }
  positiveInt(raw.concurrency, '.concurrency', 1);
  positiveInt(raw.timeoutMs, '.timeoutMs', 1);
  positiveInt(raw.retries, '.retries', 0);
  positiveInt(raw.contextChars, '.contextChars', 0);
  positiveInt(raw.auxiliaryChars, '.auxiliaryChars', 0);
  positiveInt(raw.groundingChars, '.groundingChars', 0);
  const alpha = raw.leanscorerAlpha;
  if (alpha !== undefined && (typeof alpha !== 'number' || !(alpha >= 0 && alpha <= 1)))
    fail('.leanscorerAlpha', 'must be a number from 0 to 1');
  if (raw.cacheDir !== undefined && raw.cacheDir !== false && typeof raw.cacheDir !== 'string') {
    fail('.cacheDir', 'must be a path or false');
  }
  if (raw.skolemAware !== undefined && typeof raw.skolemAware !== 'boolean') fail('.skolemAware', 'must be true or false');
  if (raw.batch !== undefined && typeof raw.batch !== 'boolean') {
    if (!isObject(raw.batch)) fail('.batch', 'must be true, false or {"pollMs", "gatherMs", "maxRequests"}');
    for (const key of Object.keys(raw.batch))
      if (!['pollMs', 'gatherMs', 'maxRequests'].includes(key)) fail(`.batch.${key}`, 'unknown key');
    positiveInt(raw.batch.pollMs, '.batch.pollMs', 1);
    positiveInt(raw.batch.gatherMs, '.batch.gatherMs', 0);
    positiveInt(raw.batch.maxRequests, '.batch.maxRequests', 1);
  }
  if (raw.prices !== undefined) {
    if (!isObject(raw.prices)) fail('.prices', 'must be an object');
    for (const [model, p] of Object.entries(raw.prices)) {
      if (!isObject(p) || typeof p.prompt !== 'number' || typeof p.completion !== 'number') {
        fail(`.prices.${model}`, 'must be {"prompt": number, "completion": number} per million tokens');
      }
    }
  }
  return raw as LlmConfig;
}
