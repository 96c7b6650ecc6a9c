import { afterEach, describe, expect, it } from 'vitest';
import { modelFamily, resolveEndpoints, roleEnvPrefix } from '../../src/llm/endpoint.js';
import { type ScriptedServer, startOpenAIServer } from '../helpers/openai-server.js';

const NO_OLLAMA = { LEANAUDIT_OLLAMA_URL: 'http://127.0.0.1:9/v1' };
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('resolveEndpoints', () => {
  it('falls back to OPENAI_BASE_URL, OPENAI_API_KEY and LEANAUDIT_MODEL', async () => {
    const r = await resolveEndpoints(
      ['direct-judge'],
      {},
      { OPENAI_BASE_URL: 'https://api.deepseek.com/v1/', OPENAI_API_KEY: 'k', LEANAUDIT_MODEL: 'deepseek-chat' },
    );
    expect(r).toMatchObject({
      ok: true,
      endpoints: [
        {
          role: 'direct-judge',
          baseURL: 'https://api.deepseek.com/v1',
          model: 'deepseek-chat',
          family: 'deepseek',
          source: 'environment',
          responseFormat: 'auto',
          temperature: 0,
        },
      ],
    });
    if (r.ok) {
      expect(r.endpoints[0]!.apiKey).toBe('k');
      expect(JSON.stringify(r.endpoints)).not.toContain('"k"');
    }
  });

  it('uses OpenAI when only a key and a model are set', async () => {
    const r = await resolveEndpoints(['direct-judge'], {}, { OPENAI_API_KEY: 'k', LEANAUDIT_MODEL: 'gpt-4o' });
    expect(r).toMatchObject({ ok: true, endpoints: [{ baseURL: 'https://api.openai.com/v1' }] });
  });

  it('prefers role config, then role environment, then llm.default, then the global environment', async () => {
    const env = { OPENAI_API_KEY: 'k', LEANAUDIT_MODEL: 'global', [`${roleEnvPrefix('back-translator')}MODEL`]: 'role-env', DS_KEY: 'd' };
    const llm = {
      default: { model: 'default', baseURL: 'http://127.0.0.1:1/v1' },
      roles: { 'roundtrip-judge': { model: 'deepseek-reasoner', apiKeyEnv: 'DS_KEY' } },
    };
    const r = await resolveEndpoints(['direct-judge', 'back-translator', 'roundtrip-judge'], llm, env);
    expect(r.ok && r.endpoints.map((e) => [e.model, e.apiKeyEnv, e.source])).toEqual([
      ['default', 'OPENAI_API_KEY', 'config'],
      ['role-env', 'OPENAI_API_KEY', 'config'],
      ['deepseek-reasoner', 'DS_KEY', 'config'],
    ]);
    expect(roleEnvPrefix('back-translator')).toBe('LEANAUDIT_BACK_TRANSLATOR_');
  });

  it('explains what to set when nothing is configured and no Ollama answers', async () => {
    const r = await resolveEndpoints(['direct-judge'], {}, NO_OLLAMA);
    expect(r.ok).toBe(false);
    if (!r.ok) for (const v of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'LEANAUDIT_MODEL', '127.0.0.1:9']) expect(r.reason).toContain(v);
  });

  it('names the missing model or key variable', async () => {
    const noModel = await resolveEndpoints(['direct-judge'], {}, { OPENAI_API_KEY: 'k' });
    expect(!noModel.ok && noModel.reason).toContain('LEANAUDIT_MODEL');
    const noKey = await resolveEndpoints(
      ['direct-judge'],
      { default: { baseURL: 'https://api.deepseek.com', apiKeyEnv: 'DEEPSEEK_API_KEY', model: 'deepseek-chat' } },
      {},
    );
    expect(!noKey.ok && noKey.reason).toContain('DEEPSEEK_API_KEY is not set');
  });

  it('needs no key for a local server (vLLM, llama.cpp) and uses a local Ollama when it lists models', async () => {
    const local = await resolveEndpoints(
      ['direct-judge'],
      { default: { baseURL: 'http://localhost:8000/v1', model: 'Qwen/Qwen2.5-72B-Instruct' } },
      {},
    );
    expect(local).toMatchObject({ ok: true, endpoints: [{ family: 'qwen' }] });
    server = await startOpenAIServer(() => ({ kind: 'hang' }), { models: ['llama3.1:8b', 'qwen2.5:7b'] });
    const ollama = await resolveEndpoints(['direct-judge'], {}, { LEANAUDIT_OLLAMA_URL: server.url });
    expect(ollama).toMatchObject({
      ok: true,
      endpoints: [{ baseURL: server.url, model: 'llama3.1:8b', source: 'ollama', family: 'llama' }],
    });
    const chosen = await resolveEndpoints(['direct-judge'], {}, { LEANAUDIT_OLLAMA_URL: server.url, LEANAUDIT_MODEL: 'qwen2.5:7b' });
    expect(chosen).toMatchObject({ ok: true, endpoints: [{ model: 'qwen2.5:7b', source: 'ollama' }] });
  });
});

describe('modelFamily', () => {
  it('groups model names by family', () => {
    expect(
      [
        'gpt-4o-mini',
        'o3-mini',
        'openai/gpt-4.1',
        'deepseek-reasoner',
        'claude-3-5-sonnet',
        'mixtral-8x7b',
        'Qwen/Qwen2.5-7B',
        'llama3.1:8b',
        'my-model',
      ].map(modelFamily),
    ).toEqual(['gpt', 'gpt', 'gpt', 'deepseek', 'claude', 'mistral', 'qwen', 'llama', 'my']);
  });
});
