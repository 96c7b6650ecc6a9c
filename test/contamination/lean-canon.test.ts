import { describe, expect, it } from 'vitest';
import {
  canonicalFormal,
  canonicalHeader,
  canonicalizationsBetween,
  leanStatements,
  leanTokens,
} from '../../src/contamination/lean-canon.js';
import { canonicalNotation, NOTATION } from '../../src/contamination/notation.js';

const canon = (s: string) => canonicalFormal(s).tokens.join(' ');

describe('notation table', () => {
  it('maps ASCII and long spellings to one form', () => {
    expect(['->', 'forall', 'λ', '=>', '<=', 'Nat', 'Real', 'exists', '<->'].map(canonicalNotation)).toEqual([
      '→',
      '∀',
      'fun',
      '↦',
      '≤',
      'ℕ',
      'ℝ',
      '∃',
      '↔',
    ]);
  });

  it('never maps ≠ to != (Boolean bne in Lean 4)', () => {
    expect(canonicalNotation('≠')).toBe('≠');
    expect(canonicalNotation('!=')).toBe('!=');
    expect(NOTATION.some(([a, b]) => (a === '!=' && b === '≠') || (a === '≠' && b === '!='))).toBe(false);
    expect(canon('theorem t (a b : ℕ) : a ≠ b')).not.toBe(canon('theorem t (a b : ℕ) : a != b'));
  });
});

describe('leanTokens', () => {
  it('is NFC only: ℝ stays ℝ (NFKC would make it R), composed accents are unified', () => {
    expect(leanTokens('ℝ').map((t) => t.text)).toEqual(['ℝ']);
    expect(leanTokens('x = cafe\u0301').map((t) => t.text)).toEqual(leanTokens('x = caf\u00e9').map((t) => t.text));
  });

  it('drops comments and maps `x in s` to `x ∈ s` after a big operator only', () => {
    expect(leanTokens('∑ x in s, f x -- c\n/- d -/').map((t) => t.text)).toEqual(['∑', 'x', '∈', 's', ',', 'f', 'x']);
    expect(leanTokens('let y := 1 in y').map((t) => t.text)).toContain('in');
  });
});

describe('canonicalHeader', () => {
  it('says where the hypotheses statements (instance binders left out) and the conclusion are in the tokens', () => {
    const { tokens, shape } = canonicalFormal(
      'theorem t (a b : ℝ) (h₀ : a ≠ b) [Fact (0 < a)] (h₁ : a ≠ 2 * b) (h₂ : a + b = 3) : a * b = 2',
    );
    expect(shape.hypotheses.map(([from, to]) => tokens.slice(from, to).join(' '))).toEqual(['v1 + v2 = 3', 'v1 ≠ 2 * v2', 'v1 ≠ v2']);
    expect(tokens.slice(shape.conclusion).join(' ')).toBe('v1 * v2 = 2');
    expect(tokens[shape.conclusion - 1]).toBe(':');
    const bare = canonicalHeader('(x : ℕ) : x + 0 = x');
    expect([bare.shape.hypotheses, bare.tokens.slice(bare.shape.conclusion).join(' ')]).toEqual([[], 'v1 + 0 = v1']);
  });

  it('renames variables in order and erases hypothesis names', () => {
    expect(canonicalHeader('(x y : ℝ) (hx : 0 < x) : x * y = y * x').tokens.join(' ')).toBe(
      '( v1 : ℝ ) ( v2 : ℝ ) ( _h : 0 < v1 ) : v1 * v2 = v2 * v1',
    );
  });

  it('is α-equivalent for renamed binders, including bound variables and dotted names', () => {
    expect(canon('theorem a (s : Finset ℕ) (h : ∀ x ∈ s, x ≤ 3) : ∑ i ∈ s, i ≤ 3 * s.card := by sorry')).toBe(
      canon('theorem b (t : Finset Nat) (ht : forall y ∈ t, y <= 3) : ∑ j in t, j ≤ 3 * t.card := by simp'),
    );
  });

  it('ignores the order of hypotheses but not of variables', () => {
    const base = canon('theorem a (m n : ℤ) (h₀ : m ∣ n) (h₁ : n ≠ 0) : m ≠ 0');
    expect(canon('theorem a (m n : ℤ) (h₁ : n ≠ 0) (h₀ : m ∣ n) : m ≠ 0')).toBe(base);
    expect(canon('theorem a (m : ℤ) (h₁ : m ∣ n) (n : ℤ) (h₀ : n ≠ 0) : m ≠ 0')).not.toBe(canon('theorem a (n m : ℤ) : m ≠ 0'));
  });

  it('puts binders in a dependency-respecting order decided by their roles, not their names or written order', () => {
    const planted = 'theorem t (n : ℕ) (β : Type*) [Fintype β] (hn : 0 < n) : Fintype.card (Fin n → β) = Fintype.card β ^ n';
    const original = 'theorem u (α : Type*) [Fintype α] (n : ℕ) (hn : 0 < n) : Fintype.card (Fin n → α) = Fintype.card α ^ n';
    expect(canon(planted)).toBe(canon(original));
    expect(canon(original)).toBe(
      '( v1 : ℕ ) ( v2 : Type * ) ( _h : 0 < v1 ) [ Fintype v2 ] : Fintype.card Fin v1 → v2 = Fintype.card v2 ^ v1',
    );
    expect(canon('theorem a (x y : ℝ) (h : 0 < x) : x - y < x')).toBe(canon('theorem b (y x : ℝ) (h : 0 < y) : y - x < y'));
    expect(canon('theorem a (x y : ℝ) (h : 0 < x) : x - y < x')).not.toBe(canon('theorem b (x y : ℝ) (h : 0 < y) : x - y < x'));
  });

  it('places a variable after the variables its type mentions', () => {
    expect(canon('theorem a (v : Fin n) (n : ℕ) : v.val < n')).toBe('( v1 : ℕ ) ( v2 : Fin v1 ) : v2.val < v1');
    expect(canon('theorem a {s : Finset α} {α : Type} : s.card ≥ 0')).toBe('{ v1 : Type } { v2 : Finset v1 } : v2.card ≥ 0');
  });

  it('reads an instance binder the same with or without a name', () => {
    expect(canon('theorem a (G : Type) [inst : Group G] (g : G) : g * 1 = g')).toBe(
      canon('theorem a (G : Type) [Group G] (g : G) : g * 1 = g'),
    );
  });

  it('says which canonicalizations two statements needed to match', () => {
    const a = canonicalFormal('theorem t (n : ℕ) (β : Type*) [Fintype β] (hn : 0 < n) : Fintype.card (Fin n → β) = Fintype.card β ^ n');
    const b = canonicalFormal('theorem u (α : Type*) [Fintype α] (n : Nat) (h : 0 < n) : Fintype.card (Fin n -> α) = (Fintype.card α) ^ n');
    expect(a.tokens).toEqual(b.tokens);
    expect(canonicalizationsBetween(a.trace, b.trace)).toEqual([
      'binder-order',
      'variable-names',
      'hypothesis-names',
      'notation',
      'parentheses',
    ]);
    expect(canonicalizationsBetween(a.trace, a.trace)).toEqual([]);
    const grouped = canonicalFormal('theorem g (x y : ℝ) : x + y = y + x');
    const split = canonicalFormal('theorem g (x : ℝ) (y : ℝ) : x + y = y + x');
    expect(canonicalizationsBetween(grouped.trace, split.trace)).toEqual(['binder-groups']);
  });

  it('renames set-builder and fun binders', () => {
    expect(canon('theorem a : {x : ℕ | x < 2} = {y | y < 2} := rfl')).toContain('{ b1 | b1 < 2 }');
    expect(canon('theorem a : (fun x => x + 1) = (λ y ↦ y + 1)')).toBe(': fun b1 ↦ b1 + 1 = fun b2 ↦ b2 + 1');
  });

  it('drops round parentheses inside types, so redundant ones do not break a match', () => {
    expect(canon('theorem a (f : ℝ → ℝ) : (∏ x ∈ s, f x) = 20')).toBe(canon('theorem b (g : ℝ → ℝ) : ∏ x ∈ s, (g x) = 20'));
  });

  it('keeps different statements apart', () => {
    expect(canon('theorem a (x : ℝ) : x ^ 2 ≥ 0')).not.toBe(canon('theorem a (x : ℝ) : x ^ 3 ≥ 0'));
  });
});

describe('leanStatements', () => {
  it('lists theorems, lemmas and examples with their lines, proofs and comments left out', () => {
    const src = 'import Mathlib\n\n/-- doc -/\ntheorem foo (n : ℕ) : n = n := by\n  rfl\n\ndef bar := 1\n\nexample : True := trivial\n';
    const { statements } = leanStatements(src, 'x.lean');
    expect(statements.map((s) => [s.kind, s.line, s.doc])).toEqual([
      ['theorem', 4, 'doc'],
      ['example', 9, undefined],
    ]);
    expect(statements[0]!.name).toBe('foo');
    expect(statements[0]!.tokens.join(' ')).toBe('( v1 : ℕ ) : v1 = v1');
  });
});
