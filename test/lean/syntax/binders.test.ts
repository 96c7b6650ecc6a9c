import { describe, expect, it } from 'vitest';
import { linkReferences } from '../../../src/lean/resolve/references.js';
import { identsOf, parseLean } from '../../../src/lean/syntax/parser.js';

/** The local names of the last declaration of `src`. */
const localsOf = (src: string): string[] => {
  const file = parseLean(src, 'T.lean');
  return identsOf(file, file.decls.length - 1).locals;
};

describe('local names a declaration binds', () => {
  it('reads the binder groups before the type, not ascriptions inside it', () => {
    expect(localsOf('theorem t {α : Type*} [inst : Group α] (x y : α) (h : x = y) [Fintype α] : (card : ℕ) = x := rfl')).toEqual([
      'α',
      'inst',
      'x',
      'y',
      'h',
    ]);
    expect(localsOf('def f : ℕ → ℕ := fun n => (g : ℕ → ℕ) n')).toEqual(['n']);
    expect(localsOf('theorem t [DoublingMeasure X (defaultA a : ℕ)] {b : ℕ} {i} (h) [Fintype α] : True := trivial')).toEqual([
      'b',
      'i',
      'h',
    ]);
  });

  it('reads the names haveI and letI give, in a statement (FLT’s three_adic) and in a proof', () => {
    expect(localsOf('theorem three (hp : p.Prime) :\n    letI v := hp.toPlace\n    trace (ρ v) = 1 + p := sorry')).toEqual(['hp', 'v']);
    expect(localsOf('def g : Nat := haveI inst : Fact p := ⟨hp⟩; letI := inst₂; letI ⟨a, b⟩ := pair; f a')).toEqual(['inst', 'a', 'b']);
  });

  it('reads ∀, ∃, fun and big operators, with their groups and patterns', () => {
    expect(localsOf('theorem t : ∀ a b, ∃ (c : ℕ) (d : ℕ), ∑ i ∈ s, f i = a := by\n  exact fun ⟨u, hu⟩ (v : ℕ) => w')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'i',
      'u',
      'hu',
      'v',
    ]);
  });

  it('reads the names tactics introduce, and stops at the end of the line, at `using` and at a dotted name', () => {
    const src = [
      'theorem t : P := by',
      '  intro x hx',
      '  exact foo',
      '  obtain ⟨y, rfl | hy⟩ := bar',
      '  rintro (h₁ | h₂) ⟨z, hz⟩',
      '  choose g hg using Project.lemma x',
      '  rcases q with ⟨a, b⟩',
      "  cases' r with c hc",
      '  have key : 1 = 1 := rfl',
      '  let n := 3',
      '  have := baz',
      '  by_cases hp : p',
      '  induction m with simp [helper]',
      '  suffices Foo (lift x) by simp',
    ].join('\n');
    expect(localsOf(src)).toEqual([
      'x',
      'hx',
      'y',
      'rfl',
      'hy',
      'h₁',
      'h₂',
      'z',
      'hz',
      'g',
      'hg',
      'a',
      'b',
      'c',
      'hc',
      'key',
      'n',
      'hp',
      'simp',
    ]);
  });

  it('reads every alternative of an rcases pattern and the `⟨…⟩` pattern of `have` and `let`', () => {
    expect(localsOf('theorem t : P := by\n  rcases h with h₁ | ⟨x, hx⟩\n  have ⟨y, hy⟩ := foo\n  exact (let ⟨z, hz⟩ := bar; baz)')).toEqual(
      ['h₁', 'x', 'hx', 'y', 'hy', 'z', 'hz'],
    );
  });

  it('reads the variable of a set-builder or subtype, not a set literal or a structure instance', () => {
    expect(localsOf('theorem t : {x | p x} = {y : ℕ | q y} ∩ {z ∈ S | r z} ∩ {w // w > 0} := by simp')).toEqual(['x', 'y', 'z', 'w']);
    expect(localsOf('def s : Set ℕ × Foo := ({a, b}, {c}, { d := 1 }, { e with f := 2 })')).toEqual([]);
  });

  it('counts the `variable`s in scope, and only while they are in scope', () => {
    const src = 'section\nvariable (f : ℕ → ℕ) {g : ℕ}\ntheorem a : f 0 = g := sorry\nend\ntheorem b : True := trivial';
    const file = parseLean(src, 'T.lean');
    expect(identsOf(file, 0).locals).toEqual(['f', 'g']);
    expect(identsOf(file, 1).locals).toEqual([]);
  });

  it('lists the names of match-arm patterns apart, without application heads, `.c` constructors or ascribed types', () => {
    const patternsOf = (src: string): string[] => identsOf(parseLean(src, 'T.lean'), 0).patterns;
    expect(patternsOf('def f : ℕ → ℕ\n  | 0 => 1\n  | n + 1 => f n * (n + 1)')).toEqual(['n']);
    expect(patternsOf('theorem t (l : List ℕ) : P l := by\n  induction l with\n  | nil => simp\n  | cons x xs ih => simp [ih]')).toEqual([
      'nil',
      'x',
      'xs',
      'ih',
    ]);
    expect(patternsOf('def g (o : Option ℕ) : ℕ := match o with | some x => x | .none => 0')).toEqual(['x']);
    expect(patternsOf('def h : ℕ × ℕ → ℕ | (a, b) => a + b | ⟨c, (d : Foo)⟩ => c')).toEqual(['a', 'b', 'c', 'd']);
    expect(patternsOf('def k : Foo → ℕ | Foo.bar n, @Baz.qux m => n | x@⟨y⟩ => y')).toEqual(['n', 'm', 'x', 'y']);
    expect(patternsOf('theorem u : |x| ≤ 1 := by\n  rcases h with h | h\n  exact fun y => |y|')).toEqual([]);
  });

  it('reads a pattern name as a reference only when it names a constructor of a project type', () => {
    const files = [
      parseLean('inductive Color where\n  | red\n  | green\ndef n : ℕ := 1', 'A.lean'),
      parseLean(
        'import A\nopen Color in\ndef isRed (b : Bool) : Bool := match b with\n  | red => true\n  | _ => false\ndef pred : ℕ → ℕ\n  | 0 => 0\n  | n + 1 => n',
        'B.lean',
      ),
    ];
    linkReferences(files);
    expect(files[1]!.decls[0]!.references).toEqual(['Color']);
    expect(files[1]!.decls[1]!.references).toEqual([]);
  });

  it('keeps a local from being read as the project declaration of the same name', () => {
    const files = [
      parseLean('namespace N\ndef card : ℕ := 3\ndef lift : ℕ := 1\nend N', 'A.lean'),
      parseLean('import A\nnamespace N\ntheorem t (card : ℕ) : card = lift := by\n  exact card', 'B.lean'),
      parseLean('import A\nnamespace N\ntheorem u : card = lift := rfl\nend N', 'C.lean'),
    ];
    linkReferences(files);
    expect(files[1]!.decls[0]!.references).toEqual(['N.lift']);
    expect(files[2]!.decls[0]!).toMatchObject({ references: ['N.card', 'N.lift'], headerReferences: 2 });
  });
});
