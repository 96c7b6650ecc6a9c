import { describe, expect, it } from 'vitest';
import { redact, retryAfterMs } from '../../src/llm/client.js';

describe('retryAfterMs', () => {
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('redact', () => {
  it('masks every occurrence of the key', () => {
    expect(redact('key sk-abc123 and sk-abc123', 'sk-abc123')).toBe('key *** and ***');
  });

  it('masks a key the server echoes only in part, and leaves other words alone', () => {
    const key = 'sk-proj-Zq81mVhT0pLx77Wd';
    expect(redact('Incorrect API key provided: sk-proj-*************77Wd. See the docs.', key)).toBe(
      'Incorrect API key provided: *** See the docs.',
    );
    expect(redact('bad key "…hT0pLx77…"', key)).toBe('bad key "***"');
    expect(redact('model gpt-4o-mini is not available', key)).toBe('model gpt-4o-mini is not available');
  });
});
