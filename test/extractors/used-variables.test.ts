import { describe, expect, it } from 'vitest';
import { usedVariables } from '../../extractors/used-variables.js';
import { parseLean } from '../../src/lean/parser.js';
import { growthRatio, LOOSELY_LINEAR } from '../helpers/growth.js';

const decls = (text: string) => Object.fromEntries(parseLean(text, 'V.lean').decls.map((d) => [d.fullName, d]));

const SOURCE = [
  'variable {G : Type*} [Group G] (a b : G) {n : ℕ} (f : Fin n → G) [Fact (0 < n)]',
  'theorem uses_a : a = a := rfl',
  'theorem uses_f : f = f := rfl',
  'section',
  'variable (a : ℕ) (c : G)',
  'theorem inner : a = c := rfl',
  'end',
  'variable (h : a = b) in',
  'theorem with_h : True := trivial',
  'theorem none : 1 = 1 := rfl',
].join('\n');

describe('usedVariables', () => {
  it('includes the binders a statement names, those their types name, and instance binders on included variables only', () => {
    const d = decls(SOURCE);
    expect(usedVariables(d.uses_a!)).toEqual(['{G : Type*}', '[Group G]', '(a b : G)']);
    expect(usedVariables(d.uses_f!)).toEqual(['{G : Type*}', '[Group G]', '{n : ℕ}', '(f : Fin n → G)', '[Fact (0 < n)]']);
    // Every binder of a name the statement mentions, in the order written.
    expect(usedVariables(d.inner!)).toEqual(['{G : Type*}', '[Group G]', '(a b : G)', '(a : ℕ)', '(c : G)']);
    expect(usedVariables(d.with_h!, 'h')).toEqual(['{G : Type*}', '[Group G]', '(a b : G)', '(h : a = b)']);
    expect(usedVariables(d.none!)).toEqual([]);
  });

  it('reads no binder in a comment, and brings in the binder that declares a variable a later `variable {F}` binds again', () => {
    const d = decls(
      [
        'variable {S T : Type*} [MeasurableSpace S] --[MeasurableSingletonClass S]',
        '  [MeasurableSpace T] /- (x : S) -/',
        '/-! Notes: a sequence (aₙ)_{n ∈ ℕ} -/',
        'variable (F : Type*) [Field F] (R : Type*) [CommRing R]',
        'variable {F R}',
        'variable (l : List F) (m : Module F R)',
        'theorem t (μ : S) : μ = μ := rfl',
        'theorem u (x : F) : x = x := rfl',
        'theorem w : m = m := rfl',
      ].join('\n'),
    );
    expect(usedVariables(d.t!)).toEqual(['{S T : Type*}', '[MeasurableSpace S]', '[MeasurableSpace T]']);
    // `{F R}` binds `R` again: the binder declaring it comes in, with its instance.
    expect(usedVariables(d.u!)).toEqual(['(F : Type*)', '[Field F]', '(R : Type*)', '[CommRing R]', '{F R}']);
    expect(usedVariables(d.w!)).toEqual(['(F : Type*)', '[Field F]', '(R : Type*)', '[CommRing R]', '(m : Module F R)']);
  });

  it('gives the same answers asked in any order, as the binders in force move from declaration to declaration', () => {
    const d = decls(SOURCE);
    const names = ['uses_a', 'uses_f', 'inner', 'with_h', 'none'];
    const inOrder = names.map((name) => usedVariables(d[name]!, name === 'with_h' ? 'h' : undefined));
    const backwards = [...names].reverse().map((name) => usedVariables(d[name]!, name === 'with_h' ? 'h' : undefined));
    expect(backwards.reverse()).toEqual(inOrder);
    expect(usedVariables(decls('variable (z : ℕ)\ntheorem t : z = z := rfl').t!)).toEqual(['(z : ℕ)']);
    expect(usedVariables(d.inner!)).toEqual(inOrder[2]);
  });

  it('costs the binders a statement reaches, not every `variable` in force: n entities under n `variable`s grow linearly', () => {
    const make = (n: number) =>
      Object.values(decls(Array.from({ length: n }, (_, i) => `variable (x${i} : Nat)\ntheorem t${i} : x${i} = x${i} := rfl\n`).join('')));
    const all = (list: ReturnType<typeof make>) => list.map((decl) => usedVariables(decl));
    expect(all(make(3))).toEqual([['(x0 : Nat)'], ['(x1 : Nat)'], ['(x2 : Nat)']]);
    expect(growthRatio(make, all, 500)).toBeLessThan(LOOSELY_LINEAR);
  });
});
