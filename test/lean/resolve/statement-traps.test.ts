import { describe, expect, it } from 'vitest';
import { statementTraps } from '../../../src/lean/resolve/statement-traps.js';

const kinds = (header: string): [string, string][] => statementTraps(header).map((t) => [t.kind, t.term]);

describe('statementTraps', () => {
  it('reads ℕ subtraction as the binop% elaborator does: the largest type of the leaves and of the expected type', () => {
    expect(kinds('(n : ℕ) : n - 1 < n')).toEqual([['nat-subtraction', 'n - 1']]);
    expect(kinds('(n : ℕ) (x : ℝ) : (n - 1) * x = 0')).toEqual([]);
    expect(kinds('(n : ℕ) : (n - 1 : ℤ) = 2')).toEqual([]);
    expect(kinds('(a : ℕ → ℝ) (n : ℕ) : a (n - 1) = 1')).toEqual([['nat-subtraction', '(n - 1)']]);
    expect(kinds('(n : ℕ) : ∑ k ∈ Finset.range n, (k - 1) = 0')).toEqual([['nat-subtraction', '(k - 1)']]);
  });

  it('is silent where it cannot type a leaf, or a variable comes from outside the statement', () => {
    expect(kinds('(x : ℝ) : x / (a : ℝ) = 1')).toEqual([]);
    expect(kinds('(n : ℕ) (g : Foo) : g (n - 1) = 1')).toEqual([]);
    expect(kinds(': ∀ n, f (n - 1) = 1')).toEqual([]);
  });

  it('is silenced by a hypothesis, a binder predicate or an antecedent bounding the variables', () => {
    expect(kinds('(n : ℕ) (h : 0 < n) : n - 1 < n')).toEqual([]);
    expect(kinds(': ∀ n : ℕ, n > 0 → n - 1 + 1 = n')).toEqual([]);
    expect(kinds(': ∀ n > (0 : ℕ), n - 1 + 1 = n')).toEqual([]);
    expect(kinds('(p : ℕ) (hp : p.Prime) : (p - 1) ! % p = p - 1')).toEqual([]);
    expect(kinds('{p : ℕ} [Fact p.Prime] {a : ZMod p} (ha : a ≠ 0) : a ^ (p - 1) = 1')).toEqual([]);
    expect(kinds('{p : ℕ} [inst : Fact (1 < p)] : (p - 1) + 1 = p')).toEqual([]);
    expect(kinds('{p : ℕ} [Fintype α] : (p - 1) + 1 = p')).toEqual([['nat-subtraction', '(p - 1)']]);
    expect(kinds(': ∀ n : ℕ, n - 1 + 1 = n')).toEqual([['nat-subtraction', 'n - 1']]);
    expect(kinds('(a : ℕ → ℝ) (i : ℕ) : ∑ j ∈ Finset.range (i + 1), a (i - j) = 0')).toEqual([]);
    expect(kinds('(n : ℕ) (hn : Odd n) : 8 ∣ (n ^ 2 - 1)')).toEqual([]);
    expect(kinds('(n : ℕ) : 8 ∣ (2025 ^ n - 15 ^ n)')).toEqual([]);
    expect(kinds(': ∀ k : ℕ, k ≠ 0 → k ≤ 13 ^ 2 - 14 → k % 3 = 0')).toEqual([]);
    expect(kinds('(e : ℕ) : 10 ^ e - 1 = 0')).toEqual([]);
    expect(kinds('(t : ℕ) : t ^ 6 - t ^ 5 = 0')).toEqual([]);
    expect(kinds('(n : Set.Ioi 1) : ((↑n - 1 + 1) : ℕ) = ↑n')).toEqual([]);
  });

  it('tells a cast after the operation from one before it', () => {
    expect(kinds('(n : ℕ) : ((n - 1 : ℕ) : ℝ) = 2')).toEqual([['cast-after-operation', 'n - 1']]);
    expect(kinds('(n : ℕ) : (↑(n - 1) : ℝ) = 2')).toEqual([['cast-after-operation', '(n - 1)']]);
    expect(kinds('(n : ℕ) : (↑n - 1 : ℝ) = 2')).toEqual([]);
  });

  it('reports division by a value that may be 0 unless a hypothesis or its form keeps it away from 0', () => {
    const [trap] = statementTraps('(x y : ℝ) : x / y = 3');
    expect(trap).toMatchObject({ kind: 'division-by-zero', term: 'x / y', degenerate: { variable: 'y', value: '0' } });
    expect(trap!.why).toContain('0 when y = 0');
    expect(kinds('(x y : ℝ) (h : y ≠ 0) : x / y = 3')).toEqual([]);
    expect(kinds('(n : ℕ) : (n : ℝ) / (n + 1) < 1')).toEqual([]);
    expect(kinds('(x : ℝ) : x⁻¹ * x = 1')).toEqual([['division-by-zero', 'x⁻¹']]);
    expect(kinds('(x : ℝ) (h₀ : 2 + 2 / (3 + x) = 144 / 53) : x = 3 / 4')).toEqual([]);
    expect(kinds(': ∀ a b : ℤ, (a / b : ℚ) = 1 → a = b')).toEqual([]);
    expect(kinds('(p : ℕ) : ∀ a b : ℤ, (a / b : ℚ) = ∑ i ∈ Finset.range p, (1 / (i + 1) : ℚ) → ↑p ∣ a')).toEqual([]);
    expect(kinds('(a b : ℕ) (h₀ : a / b = 3) : a = 3 * b')).toEqual([['nat-division', 'a / b']]);
    expect(kinds('(a b : ℕ) (h₀ : b ∣ a) (h₁ : a / b = 3) : a = 3 * b')).toEqual([]);
    expect(kinds('(a b : ℕ) : a / b * b = a')).toEqual([['nat-division', 'a / b']]);
  });

  it('reports sqrt and log of arguments that may leave their domain', () => {
    expect(kinds('(x : ℝ) : Real.sqrt (x - 1) = 3')).toEqual([['sqrt-log-domain', 'Real.sqrt (x - 1)']]);
    expect(kinds('(x : ℝ) : √(x^2 + 1) ≥ 1')).toEqual([]);
    expect(kinds('(x : ℝ) (h : 0 < x) : Real.log x ≤ x - 1')).toEqual([]);
  });

  it('reports contradictory and restated hypotheses, a True conclusion and a number nothing mentions', () => {
    expect(kinds('(x : ℝ) (h₀ : 0 < x) (h₁ : x < 0) : x = 1')).toEqual([['contradictory-hypotheses', 'x < 0']]);
    expect(kinds('(x : ℝ) (h₀ : x = 2) (h₁ : x = 3) : x = 1')).toEqual([['contradictory-hypotheses', 'x = 3']]);
    expect(kinds('(x : ℝ) (h₀ : x ^ 2 = 4) (h₁ : 0 < x) : x ^ 2 = 4')).toEqual([['restated-hypothesis', 'x ^ 2 = 4']]);
    expect(kinds('(h : ∃ x : ℝ, x > 0) : ∃ x : ℝ, x > 1')).toEqual([]);
    expect(kinds('{pre X : List α} (h : pre <+: X) : pre <+: X ∨ pre = X')).toEqual([]);
    expect(kinds(': True')).toEqual([['trivial-conclusion', 'True']]);
    expect(kinds('(x y : ℕ) (h : x = 1) : x = 1 ∨ x = 2')).toEqual([['unused-variable', 'y']]);
    expect(kinds('(x y : ℕ) (h : x = 1) : {z | z = y} = ∅')).toEqual([]);
  });
});
