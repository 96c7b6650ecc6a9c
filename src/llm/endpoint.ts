/** Resolves each role to a concrete endpoint: config, then environment, then a local Ollama. */
import type { EndpointConfig, LlmConfig, ResponseFormatMode, Role } from './config.js';

export const OLLAMA_URL = 'http://127.0.0.1:11434/v1';
export const OPENAI_URL = 'https://api.openai.com/v1';
export const ENV_HELP =
  'set OPENAI_BASE_URL (e.g. https://api.openai.com/v1), OPENAI_API_KEY and LEANAUDIT_MODEL, ' +
  'or an `llm` section in your own ~/.config/leanaudit/config.json, or start Ollama on 127.0.0.1:11434';

/** A role's endpoint; the API key is kept out of enumeration so it never lands in JSON. */
export interface ResolvedEndpoint {
  role: Role;
  baseURL: string;
  model: string;
  family: string;
  apiKeyEnv: string;
  temperature: number;
  maxTokens?: number;
  responseFormat: ResponseFormatMode;
  source: 'config' | 'environment' | 'ollama';
  readonly apiKey: string;
}

export type Env = Record<string, string | undefined>;

/** `direct-judge` -> `LEANAUDIT_DIRECT_JUDGE_`: prefix of the role's own environment variables. */
export function roleEnvPrefix(role: Role): string {
  return `LEANAUDIT_${role.toUpperCase().replace(/-/g, '_')}_`;
}

/** The model family, guessed from the model name: `gpt-4o-mini` -> `gpt`, `deepseek-chat` -> `deepseek`. */
export function modelFamily(model: string): string {
  const name = model.toLowerCase().split('/').pop()!;
  const known = [
    'gpt',
    'o1',
    'o3',
    'o4',
    'claude',
    'gemini',
    'gemma',
    'deepseek',
    'qwen',
    'llama',
    'mistral',
    'mixtral',
    'phi',
    'kimi',
    'glm',
    'grok',
    'command',
  ];
  const hit = known.find((k) => name.startsWith(k));
  if (hit) return /^o\d$/.test(hit) ? 'gpt' : hit === 'mixtral' ? 'mistral' : hit;
  return name.split(/[-:_.\d]/)[0] || name;
}

function withKey(endpoint: Omit<ResolvedEndpoint, 'apiKey'>, apiKey: string): ResolvedEndpoint {
  return Object.defineProperty({ ...endpoint }, 'apiKey', { value: apiKey, enumerable: false }) as ResolvedEndpoint;
}

/** Outcome of resolution: endpoints for the roles asked, or why there are none. */
export type Resolution = { ok: true; endpoints: ResolvedEndpoint[] } | { ok: false; reason: string };

/**
 * Resolves `roles`. Per field: role config, role environment (`LEANAUDIT_<ROLE>_MODEL`, `_BASE_URL`),
 * `llm.default`, then `OPENAI_BASE_URL` / `LEANAUDIT_MODEL`. With nothing configured anywhere, a
 * local Ollama (`LEANAUDIT_OLLAMA_URL`, default 127.0.0.1:11434) is used when it lists its models.
 */
export async function resolveEndpoints(roles: Role[], llm: LlmConfig, env: Env): Promise<Resolution> {
  const ollamaURL = env.LEANAUDIT_OLLAMA_URL ?? OLLAMA_URL;
  const pick = (role: Role, key: keyof EndpointConfig, envName?: string, globalEnv?: string) =>
    llm.roles?.[role]?.[key] ??
    (envName ? env[roleEnvPrefix(role) + envName] : undefined) ??
    llm.default?.[key] ??
    (globalEnv ? env[globalEnv] : undefined);
  const configured =
    roles.some((r) => pick(r, 'baseURL', 'BASE_URL', 'OPENAI_BASE_URL') !== undefined || pick(r, 'apiKeyEnv') !== undefined) ||
    env.OPENAI_API_KEY !== undefined;
  let ollamaModels: string[] | undefined;
  if (!configured) {
    ollamaModels = await listModels(ollamaURL);
    if (!ollamaModels) return { ok: false, reason: `no LLM endpoint configured and no Ollama answering at ${ollamaURL}: ${ENV_HELP}` };
  }
  const endpoints: ResolvedEndpoint[] = [];
  for (const role of roles) {
    const model = (pick(role, 'model', 'MODEL', 'LEANAUDIT_MODEL') as string | undefined) ?? ollamaModels?.[0];
    if (!model) {
      return {
        ok: false,
        reason: `no model for role ${role}: set LEANAUDIT_MODEL (or ${roleEnvPrefix(role)}MODEL, or llm.roles["${role}"].model)`,
      };
    }
    const apiKeyEnv = (pick(role, 'apiKeyEnv') as string | undefined) ?? 'OPENAI_API_KEY';
    const baseURL = (pick(role, 'baseURL', 'BASE_URL', 'OPENAI_BASE_URL') as string | undefined) ?? (ollamaModels ? ollamaURL : OPENAI_URL);
    const apiKey = env[apiKeyEnv] ?? (ollamaModels || isLocal(baseURL) ? 'none' : undefined);
    if (apiKey === undefined)
      return { ok: false, reason: `role ${role}: the API key variable ${apiKeyEnv} is not set (endpoint ${baseURL})` };
    const source = ollamaModels ? 'ollama' : llm.roles?.[role] || llm.default ? 'config' : 'environment';
    endpoints.push(
      withKey(
        {
          role,
          baseURL: baseURL.replace(/\/+$/, ''),
          model,
          family: (pick(role, 'family') as string | undefined) ?? modelFamily(model),
          apiKeyEnv,
          temperature: (pick(role, 'temperature') as number | undefined) ?? 0,
          ...(pick(role, 'maxTokens') !== undefined ? { maxTokens: pick(role, 'maxTokens') as number } : {}),
          responseFormat: (pick(role, 'responseFormat') as ResponseFormatMode | undefined) ?? 'auto',
          source,
        },
        apiKey,
      ),
    );
  }
  return { ok: true, endpoints };
}

function isLocal(url: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(url);
}

/** Asks an OpenAI-compatible server at `baseURL` for its models; undefined when it does not answer. */
export async function listModels(baseURL: string, timeoutMs = 1500): Promise<string[] | undefined> {
  try {
    const res = await fetch(`${baseURL}/models`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { data?: { id?: unknown }[] };
    return (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
  } catch {
    return undefined;
  }
}
