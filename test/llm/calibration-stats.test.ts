import { describe, expect, it } from 'vitest';
import { bootstrap, mcc, spread, wilson } from '../../src/llm/calibration-stats.js';

describe('calibration statistics', () => {
  it("gives Wilson's interval, inside [0, 1] at the edges", () => {
    const i = wilson(8, 10);
    expect(i.low).toBeCloseTo(0.49, 2);
    expect(i.high).toBeCloseTo(0.943, 2);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(0, 0).low).toBeNaN();
  });

  it("computes Matthews' correlation: 1 when right, −1 when swapped, 0 for a constant answer", () => {
    expect(
      mcc([
        ['a', 'a'],
        ['b', 'b'],
        ['a', 'a'],
      ]),
    ).toBe(1);
    expect(
      mcc([
        ['a', 'b'],
        ['b', 'a'],
      ]),
    ).toBe(-1);
    expect(
      mcc([
        ['a', 'a'],
        ['b', 'a'],
        ['c', 'a'],
      ]),
    ).toBe(0);
  });

  it('bootstraps the same interval on every run and spreads repeated figures', () => {
    const pairs = Array.from({ length: 40 }, (_, i) => [i % 3 === 0 ? 'x' : 'y', i % 4 === 0 ? 'x' : 'y'] as [string, string]);
    const one = bootstrap(pairs, (s) => mcc(s));
    expect(bootstrap(pairs, (s) => mcc(s))).toEqual(one);
    expect(one.low).toBeLessThanOrEqual(mcc(pairs));
    expect(one.high).toBeGreaterThanOrEqual(mcc(pairs));
    expect(spread([0.5, 0.7, 0.6])).toEqual({ mean: 0.6, sd: expect.closeTo(0.1, 9), min: 0.5, max: 0.7 });
  });
});
