import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/contamination/config.js';
import type { BenchItem } from '../../src/contamination/items.js';
import { prepare, searchableName, withoutProofPlaceholder } from '../../src/contamination/prepare.js';

const item = (id: string, formal: string, informal?: string): BenchItem => ({
  id,
  benchmark: 'b',
  formal,
  ...(informal !== undefined ? { informal } : {}),
  location: { file: 'b.jsonl', line: 1 },
});

describe('prepare', () => {
  it('leaves out token n-grams shared by lean.commonIn or more items (boilerplate)', () => {
    const shared = '(a b c : ℝ) (ha : 0 < a) (hb : 0 < b) (hc : 0 < c)';
    const items = [
      item('p1', `theorem p1 ${shared} : a * b * c ≤ (a + b + c) ^ 3 / 27`),
      item('p2', `theorem p2 ${shared} : a / b + b / c + c / a ≥ 3`),
      item('p3', `theorem p3 ${shared} : (a + b) * (b + c) * (c + a) ≥ 8 * a * b * c`),
    ];
    const all = prepare(items, resolveSettings({ lean: { commonIn: 99 } }));
    const filtered = prepare(items, resolveSettings({}));
    for (let i = 0; i < 3; i++) {
      expect(filtered.lean.of(i)).toBeGreaterThan(0);
      expect(filtered.lean.of(i)).toBeLessThan(all.lean.of(i));
    }
    const kept = filtered.lean.pos.filter((_, u) => filtered.lean.item[u] === 0);
    expect(Math.min(...kept)).toBeGreaterThan(0);
  });

  it('keeps every n-gram of an item when all of them are common', () => {
    const same = [
      item('a', 'theorem a (x : ℕ) : x + 0 = x'),
      item('b', 'theorem b (y : ℕ) : y + 0 = y'),
      item('c', 'theorem c (z : ℕ) : z + 0 = z'),
    ];
    const p = prepare(same, resolveSettings({}));
    expect([p.lean.of(0), p.lean.of(1), p.lean.of(2)]).toEqual([4, 4, 4]);
  });

  it('builds windows from both statements and word n-grams from the informal one', () => {
    const p = prepare(
      [item('w', 'theorem w (n : ℕ) (h : 0 < n) : n ^ 2 > 0 := by sorry', 'One two three four five six seven eight nine ten.')],
      resolveSettings({}),
    );
    expect(p.items[0]!.texts.map((t) => t.field)).toEqual(['informal', 'formal']);
    expect(p.items[0]!.texts[1]!.norm).toBe('theorem w (n : n) (h : 0 < n) : n ^ 2 > 0');
    expect(p.hit.of(0)).toBe(1);
    expect(p.hit.len[0]).toBe(10);
    expect(p.cover.of(0)).toBe(3);
  });
});

describe('helpers', () => {
  it('drops only a trailing proof placeholder', () => {
    expect(withoutProofPlaceholder('theorem t : True := by sorry')).toBe('theorem t : True');
    expect(withoutProofPlaceholder('theorem t : True :=\n  sorry\n')).toBe('theorem t : True');
    expect(withoutProofPlaceholder('theorem t : True := trivial')).toBe('theorem t : True := trivial');
  });

  it('searches the last name component, if long enough', () => {
    expect(searchableName('Foo.mathd_algebra_10', 5)).toBe('mathd_algebra_10');
    expect(searchableName('Foo.bar', 5)).toBeUndefined();
  });
});
