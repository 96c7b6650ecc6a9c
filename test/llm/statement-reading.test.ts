import { describe, expect, it } from 'vitest';
import { boundNames, valueStart, withoutTacticProofs } from '../../src/llm/statement-reading.js';

describe('boundNames', () => {
  it('takes a parenthesized constant with a type for an ascription, not a binder, past the leading binders', () => {
    const bound = boundNames('(a : ℕ) [Fact (1 < a)] (h : 0 < a) : (C2_0_5 a : ℝ≥0∞) ≤ 2 ^ a');
    expect([...bound].sort()).toEqual(['a', 'h']);
    expect([...boundNames('[TileStructure Q D κ S o]')]).toEqual([]);
  });

  it('binds quantified, fun, big-operator and set-builder variables and implicit binders anywhere', () => {
    const bound = boundNames(
      '∀ x y : ℝ, ∃ (z : ℝ) (w : ℝ), ∑ i ∈ range n, f i = {p | p ≤ x} ∧ (fun ⟨u, hu⟩ ↦ u) = g ∧ ⨆ (q ∈ s) (l ≥ (2 : ℝ)), l',
    );
    for (const name of ['x', 'y', 'z', 'w', 'i', 'p', 'u', 'hu', 'q', 'l']) expect(bound.has(name)).toBe(true);
    expect(bound.has('range')).toBe(false);
    expect(bound.has('f')).toBe(false);
  });

  it('binds the binders of a class field after `where`', () => {
    expect(boundNames('(τ : ℝ) : Prop where\n  le {f g : ℕ → ℝ} (x : ℕ) : f x ≤ g x + τ').has('x')).toBe(true);
  });
});

describe('withoutTacticProofs', () => {
  it('replaces the tactic proofs of fields and arguments, up to their block, bracket or comma', () => {
    const text = 'instance : Foo X where\n  le := by\n    intro f\n    simp\n  top := 3\n  pos := foo (by simp) 2';
    expect(withoutTacticProofs(text, valueStart(text))).toBe('instance : Foo X where\n  le := by …\n  top := 3\n  pos := foo (by …) 2');
  });

  it('keeps a value that is a tactic block as a whole: it builds the definition', () => {
    const text = 'def f : Set ℕ := by\n  classical\n  exact {n | n = 0}';
    expect(withoutTacticProofs(text, valueStart(text))).toBe(text);
  });
});
