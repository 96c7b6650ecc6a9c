import { describe, expect, it } from 'vitest';
import { llmConfig } from '../../src/llm/config.js';

describe('llmConfig', () => {
  it('accepts a complete section and an absent one', () => {
    const llm = {
      default: { baseURL: 'https://api.openai.com/v1', model: 'gpt-4o-mini', responseFormat: 'json' },
      roles: { 'roundtrip-judge': { baseURL: 'https://api.deepseek.com', apiKeyEnv: 'DEEPSEEK_API_KEY', model: 'deepseek-chat' } },
      concurrency: 16,
      timeoutMs: 60000,
      retries: 2,
      cacheDir: false,
      skolemAware: false,
      contextChars: 1500,
      prices: { 'gpt-4o-mini': { prompt: 0.15, completion: 0.6 } },
    };
    expect(llmConfig({ llm })).toBe(llm);
    expect(llmConfig({})).toEqual({});
  });

  it.each([
    [{ concurrency: 0 }, 'llm.concurrency: must be an integer >= 1'],
    [{ roles: { judge: {} } }, 'llm.roles.judge: unknown role'],
    [{ default: { apiKey: 'sk-x' } }, 'llm.default.apiKey: unknown key'],
    [{ default: { responseFormat: 'xml' } }, 'llm.default.responseFormat'],
    [{ prices: { m: { prompt: 1 } } }, 'llm.prices.m'],
    [{ cacheDir: 3 }, 'llm.cacheDir'],
    [{ bogus: 1 }, 'llm.bogus: unknown key'],
  ])('rejects %j', (llm, message) => {
    expect(() => llmConfig({ llm })).toThrow(message);
  });
});
