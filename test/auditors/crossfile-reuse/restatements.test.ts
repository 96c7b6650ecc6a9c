import { describe, expect, it } from 'vitest';
import {
  boundNames,
  delegateOf,
  sameWrittenName,
  statementForms,
  writtenNames,
} from '../../../src/auditors/crossfile-reuse/restatements.js';
import { addLink } from '../../../src/lean/syntax/scope-links.js';

const decl = (header: string, body?: string, variables: string[] = []) => ({
  header,
  variables: variables.length ? addLink(undefined, variables) : undefined,
  ...(body === undefined ? {} : { body }),
});

describe('delegateOf', () => {
  it('names the constant a one-step proof applies to the declaration’s own parameters, flipped or moved across a relation', () => {
    expect(delegateOf(decl('(s : Finset ι) (A : ι → Finset α) : P s A', 'Finset.inclusion_exclusion_card_inf_compl s A'))).toBe(
      'Finset.inclusion_exclusion_card_inf_compl',
    );
    expect(delegateOf(decl('{l : List α} (hl : l.Nodup) (k : ℕ) : P', '(List.formPerm_rotate l hl k).symm'))).toBe('List.formPerm_rotate');
    expect(delegateOf(decl('{σ : Perm α} : σ.IsEven ↔ σ ∈ alternatingGroup α', 'mem_alternatingGroup.symm'))).toBe('mem_alternatingGroup');
    expect(
      delegateOf(decl('(A : Matrix n n K) (i j : n) (hij : i ≠ j) (h : A i = A j) : A.det = 0', 'by\n  exact det_zero_of_row_eq hij h')),
    ).toBe('det_zero_of_row_eq');
    expect(
      delegateOf(decl('(hX : Measurable X) (hY : Measurable Y) (μ : Measure Ω) : P', 'sub_nonneg.1 <| mutualInfo_nonneg hX hY _')),
    ).toBe('mutualInfo_nonneg');
    expect(delegateOf(decl('(hf : E f) (hg : E g) : E (f + g)', '_root_.EssentiallyFinite.add hf hg'))).toBe('EssentiallyFinite.add');
    expect(delegateOf(decl('(n : ℕ) : P n', 'by simpa using foo (R := R) n', ['{R : Type*}']))).toBe('foo');
    // Parameters bound by `variable` count as the declaration's own.
    expect(delegateOf(decl('(hX : Measurable X) : P', 'bar hX μ', ['{μ : Measure Ω}']))).toBe('bar');
  });

  it('is undefined when the proof does more than one application to its parameters', () => {
    // A specialization: an argument the declaration does not bind.
    expect(
      delegateOf(decl('(A : ι → Finset U) (w : U → G) : P', 'by\n  exact Finset.inclusion_exclusion_sum_inf_compl Finset.univ A w')),
    ).toBeUndefined();
    expect(delegateOf(decl('(m : ℕ) : P', 'Nat.choose_eq_zero_of_lt 0'))).toBeUndefined();
    // Two constants, a tactic script, a parameter applied as a function, no proof.
    expect(delegateOf(decl('(a b : ℕ) : P', 'foo.trans bar'))).toBeUndefined();
    expect(delegateOf(decl('(a b : ℕ) : P', 'by\n  rw [foo a]\n  ring'))).toBeUndefined();
    expect(delegateOf(decl('{σ : Perm α} (hσ : σ.IsCycle) : P', 'hσ.sign'))).toBeUndefined();
    expect(delegateOf(decl('(a : ℕ) : P'))).toBeUndefined();
    // A proof by computation or a constructor restates nothing.
    expect(delegateOf(decl('(a : ℕ) : a = a', 'rfl'))).toBeUndefined();
    expect(delegateOf(decl(': True', 'by exact trivial'))).toBeUndefined();
  });
});

describe('statementForms', () => {
  it('reads two conclusions as one when they differ in bound names and in the side an equation is written from', () => {
    const one = statementForms(
      decl('(hX : Measurable X) (hY : Measurable Y) : H[X ; μ] - H[X | Y ; μ] = I[X : Y ; μ]', undefined, [
        '{X Y : Ω → S}',
        '{μ : Measure Ω}',
      ]),
    );
    const other = statementForms(
      decl('(hA : Measurable A) (hB : Measurable B) (ν : Measure Ω) : I[A : B ; ν] = H[A ; ν] - H[A | B ; ν]', undefined, [
        '{A B : Ω → S}',
      ]),
    );
    expect(one.some((form) => other.includes(form))).toBe(true);
    const swapped = statementForms(decl('(x y : ℕ) (h : x ≤ y) : x + (y - x) = y'));
    expect(statementForms(decl('(a b : ℕ) (hab : a ≤ b) : b = a + (b - a)')).some((form) => swapped.includes(form))).toBe(true);
  });

  it('keeps apart different statements, does not turn round a relation under a binder, and says nothing of one too short to identify', () => {
    const sum = statementForms(decl('(a b : ℕ) : a + b = b + a'));
    expect(statementForms(decl('(a b : ℕ) : a * b = b * a')).some((form) => sum.includes(form))).toBe(false);
    expect(statementForms(decl('(f g : ℕ → ℕ) (n : ℕ) : ∀ m ≤ n, f m = g m'))).toHaveLength(1);
    expect(statementForms(decl('(A : Matrix n n K) : A.det = 0'))).toEqual([]);
  });
});

describe('names as written', () => {
  it('lists the names a declaration writes, and matches a name written with more or less of its namespace', () => {
    expect([...writtenNames(decl('(A : Matrix n n K) : P', 'by\n  rw [← Matrix.det_transpose, @foo.symm]'))]).toEqual(
      expect.arrayContaining(['Matrix', 'Matrix.det_transpose', 'foo', 'A']),
    );
    expect(sameWrittenName('det_transpose', 'Matrix.det_transpose')).toBe(true);
    expect(sameWrittenName('Matrix.det_transpose', 'det_transpose')).toBe(true);
    expect(sameWrittenName('transpose', 'Matrix.det_transpose')).toBe(false);
    expect(sameWrittenName('Finset.sum_comm', 'Multiset.sum_comm')).toBe(false);
  });

  it('collects the names bound by a header’s binders and by `variable`s', () => {
    const names = [...boundNames(decl('(hX : Measurable X) {n : ℕ} [inst : Fintype α] : P', undefined, ['{X Y : Ω → S}']))];
    expect(names.sort()).toEqual(['X', 'Y', 'hX', 'inst', 'n']);
  });
});
