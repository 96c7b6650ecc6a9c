import { describe, expect, it } from 'vitest';
import { fuzzyMeasure, leanScore, minorPenalty, sugeno } from '../../src/llm/leanscorer.js';

describe('LeanScorer aggregation', () => {
  it('is the Sugeno integral Mathesis prints: f = 1, 0.5, 0; μ(s) = max((|s|/n)(1 − δ·n_minor), 0)', () => {
    expect(sugeno(['Match', 'Match', 'Match'])).toBe(1);
    expect(minorPenalty(1)).toBe(0.1);
    expect(minorPenalty(2)).toBe(0.2);
    expect(fuzzyMeasure(2, 4, 1)).toBeCloseTo(0.45);
    // sorted f: 1, 1, 1, 0.5 with δ = 0.1: max(min(1, .225), min(1, .45), min(1, .675), min(.5, .9)) = 0.675
    expect(sugeno(['Match', 'Minor', 'Match', 'Match'])).toBeCloseTo(0.675);
    // two Minor: δ = 0.2, factor 0.6: max(min(1, .2), min(1, .4), min(.5, .6), min(.5, .8)) = 0.5
    expect(sugeno(['Match', 'Minor', 'Minor', 'Match'])).toBeCloseTo(0.5);
    // six Minor: 1 − 0.2·6 < 0, μ is 0 everywhere
    expect(sugeno(['Minor', 'Minor', 'Minor', 'Minor', 'Minor', 'Minor'])).toBe(0);
  });

  it('lets {Major, Match, Match} score 0.667 and pass α = 0.6 by the formula alone; the Major veto fails it', () => {
    const score = leanScore(['Major', 'Match', 'Match'], 0.6);
    expect(score).toEqual({ sugeno: 0.667, veto: true, pass: false, passWithoutVeto: true });
  });

  it('passes at exactly α (the comparison is ≥) and fails below it', () => {
    expect(leanScore(['Match', 'Minor', 'Match', 'Match'], 0.675)).toMatchObject({ pass: true, veto: false });
    expect(leanScore(['Match', 'Minor', 'Match', 'Match'], 0.68)).toMatchObject({ pass: false, veto: false });
  });
});
