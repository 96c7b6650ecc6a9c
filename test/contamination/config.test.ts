import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, resolveSettings, settingsHash, verdictOf } from '../../src/contamination/config.js';

describe('contamination settings', () => {
  it('fills in the defaults: window 50, thresholds 0.2/0.8, 13/8-grams, every channel', () => {
    expect(resolveSettings({})).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ window: 50, thresholds: { suspicious: 0.2, dirty: 0.8 }, ngram: { hit: 13, coverage: 8 } });
    expect(DEFAULT_SETTINGS.lean).toEqual({ n: 8, commonIn: 3, hypothesisTokens: 16 });
  });

  it('rejects bad values with the name of the setting', () => {
    expect(() => resolveSettings({ window: 0 })).toThrow(/window must be a positive integer/);
    expect(() => resolveSettings({ thresholds: { dirty: 1.5 } })).toThrow(/thresholds.dirty must be a number between 0 and 1/);
    expect(() => resolveSettings({ ngram: { hit: 100 } })).toThrow(/ngram.hit must be at most 63/);
    expect(() => resolveSettings({ channels: ['exact', 'fuzzy' as 'exact'] })).toThrow(/channels must be a list of/);
    expect(() => resolveSettings({ lean: { hypothesisTokens: -1 } })).toThrow(/lean.hypothesisTokens must be a non-negative integer/);
    expect(resolveSettings({ lean: { hypothesisTokens: 0 } }).lean.hypothesisTokens).toBe(0);
  });

  it('maps scores to verdicts at the thresholds (clean < 0.2 <= suspicious < 0.8 <= dirty)', () => {
    const t = DEFAULT_SETTINGS.thresholds;
    expect([0, 0.19, 0.2, 0.79, 0.8, 1].map((x) => verdictOf(x, t))).toEqual([
      'clean',
      'clean',
      'suspicious',
      'suspicious',
      'dirty',
      'dirty',
    ]);
  });

  it('hashes the settings independently of key order, and differently when a setting changes', () => {
    const a = resolveSettings({ thresholds: { suspicious: 0.3, dirty: 0.9 } });
    const reordered = { ...a, thresholds: { dirty: 0.9, suspicious: 0.3 } };
    expect(settingsHash(reordered)).toBe(settingsHash(a));
    expect(settingsHash(a)).not.toBe(settingsHash(resolveSettings({})));
    expect(settingsHash(a)).toMatch(/^[0-9a-f]{16}$/);
  });
});
