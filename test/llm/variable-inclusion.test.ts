import { describe, expect, it } from 'vitest';
import { variableInclusion } from '../../src/llm/variable-inclusion.js';

const same = (text: string) => text;

describe('variableInclusion', () => {
  it('takes the binders the statement mentions, those their types mention, and instance binders whose variables are all taken', () => {
    const binders = ['{X : Type*}', '{a : ℕ}', '[MetricSpace X]', '{f : X → ℝ}', '[Data a X]', '{g : ℕ}'];
    expect(variableInclusion(binders, '(hf : Continuous f) : 0 ≤ f', same)).toEqual({
      taken: ['{X : Type*}', '[MetricSpace X]', '{f : X → ℝ}'],
      ifUsed: ['[Data a X]'],
      left: ['{a : ℕ}', '{g : ℕ}'],
    });
  });

  it('lets a binder of the statement shadow a variable of the same name', () => {
    expect(variableInclusion(['(n : ℕ)', '[NeZero n]'], '(n : ℕ) : n + 0 = n', same)).toEqual({
      taken: [],
      ifUsed: [],
      left: ['(n : ℕ)', '[NeZero n]'],
    });
  });

  it('reads a notation the statement uses through its expansion', () => {
    const expand = (text: string) => (/\bD\b/.test(text) ? `${text}\ndefaultD a` : text);
    expect(variableInclusion(['{a : ℕ}', '[Fact (4 ≤ a)]'], ': 0 < D', expand).taken).toEqual(['{a : ℕ}', '[Fact (4 ≤ a)]']);
  });
});
