import { describe, expect, it } from 'vitest';
import { fuzzyMeasure, leanScore, minorPenalty, sugeno } from '../../src/llm/leanscorer.js';

describe('LeanScorer aggregation', () => {
  it('is the Sugeno integral Mathesis prints: f = 1, 0.5, 0; μ(s) = max((|s|/n)(1 − δ·n_minor(s)), 0)', () => {
    expect(sugeno(['Match', 'Match', 'Match'])).toBe(1);
    expect(minorPenalty(1)).toBe(0.1);
    expect(minorPenalty(2)).toBe(0.2);
    expect(fuzzyMeasure(2, 4, 1)).toBeCloseTo(0.45);
    // sorted f: 1, 1, 1, 0.5; the three Matches hold no Minor: max(.., min(1, .75), min(.5, .9)) = 0.75
    expect(sugeno(['Match', 'Minor', 'Match', 'Match'])).toBeCloseTo(0.75);
    // two Minor: max(min(1, .25), min(1, .5), min(.5, .75·.9), min(.5, 1·.6)) = 0.5
    expect(sugeno(['Match', 'Minor', 'Minor', 'Match'])).toBeCloseTo(0.5);
    // six Minor: μ of the first two is (2/6)(1 − 0.4) = 0.2, the largest
    expect(sugeno(['Minor', 'Minor', 'Minor', 'Minor', 'Minor', 'Minor'])).toBeCloseTo(0.2);
  });

  it('counts the Minor items of each subset: {Minor, Minor, Match×8} scores 0.8, not 0.5', () => {
    const labels = ['Minor', 'Minor', ...Array<'Match'>(8).fill('Match')] as const;
    expect(sugeno(labels)).toBeCloseTo(0.8);
    expect(leanScore(labels, 0.6)).toMatchObject({ sugeno: 0.8, pass: true, veto: false });
  });

  it('lets {Major, Match, Match} score 0.667 and pass α = 0.6 by the formula alone; the Major veto fails it', () => {
    const score = leanScore(['Major', 'Match', 'Match'], 0.6);
    expect(score).toEqual({ sugeno: 0.667, veto: true, pass: false, passWithoutVeto: true });
  });

  it('passes at exactly α (the comparison is ≥) and fails below it', () => {
    expect(leanScore(['Match', 'Minor', 'Match', 'Match'], 0.75)).toMatchObject({ pass: true, veto: false });
    expect(leanScore(['Match', 'Minor', 'Match', 'Match'], 0.76)).toMatchObject({ pass: false, veto: false });
  });
});
