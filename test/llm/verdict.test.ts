import { describe, expect, it } from 'vitest';
import { agreement, classScores, cohenKappa, confusion, grouped, verdictOf } from '../../src/llm/verdict.js';

describe('verdicts', () => {
  it('follows the truth table', () => {
    expect(verdictOf(true, true)).toBe('Faithful');
    expect(verdictOf(true, false)).toBe('Stronger');
    expect(verdictOf(false, true)).toBe('Different');
    expect(verdictOf(false, false)).toBe('Different');
    expect(grouped('Stronger')).toBe('OK');
    expect(grouped('Different')).toBe('Different');
  });

  it("computes agreement and Cohen's κ", () => {
    const pairs: [string, string][] = [
      ['a', 'a'],
      ['a', 'a'],
      ['b', 'b'],
      ['a', 'b'],
    ];
    expect(agreement(pairs)).toBe(0.75);
    expect(cohenKappa(pairs)).toBeCloseTo(0.5);
    expect(
      cohenKappa([
        ['a', 'a'],
        ['a', 'a'],
      ]),
    ).toBe(1);
    expect(
      cohenKappa([
        ['a', 'b'],
        ['b', 'a'],
      ]),
    ).toBe(-1);
    expect(cohenKappa([])).toBeNaN();
  });

  it('builds a confusion matrix and per-class precision/recall/F1', () => {
    const pairs: [string, string][] = [
      ['x', 'x'],
      ['x', 'y'],
      ['y', 'y'],
      ['y', 'y'],
    ];
    expect(confusion(pairs, ['x', 'y'])).toEqual({ x: { x: 1, y: 1 }, y: { x: 0, y: 2 } });
    expect(classScores(pairs, 'y')).toEqual({ precision: 2 / 3, recall: 1, f1: 0.8, support: 2 });
    expect(classScores(pairs, 'z').precision).toBeNaN();
  });
});
