import { describe, expect, it } from 'vitest';
import { parseLean } from '../../src/lean/parser.js';
import { linkReferences } from '../../src/lean/references.js';
import { Dependents } from '../../src/lean/resting-on.js';

describe('Dependents.restingOn', () => {
  it('finds the declarations that reach a sorried one through references, directly or not, but not the sorried ones', () => {
    const files = [
      parseLean(['theorem base : 1 = 1 := sorry', 'theorem uses : 1 = 1 := base', 'def unrelated : Nat := 1'].join('\n'), 'A.lean'),
      parseLean(
        [
          'import A',
          'theorem far : 1 = 1 := uses',
          'theorem alsoSorried : 2 = 2 := by',
          '  have := base',
          '  sorry',
          'theorem fine : 2 = 2 := rfl',
        ].join('\n'),
        'B.lean',
      ),
    ];
    linkReferences(files);
    const resting = new Dependents(files).restingOn(new Set(['base', 'alsoSorried']));
    expect(resting.map((decl) => decl.fullName)).toEqual(['uses', 'far']);
  });

  it('never rests a theorem on a sorried test declaration its file does not import, whose name its auto-bound implicits share', () => {
    const files = [
      parseLean('theorem a : True := sorry\ntheorem t : True := sorry', 'Test/Names.lean', { module: 'Test.Names' }),
      parseLean(
        'theorem total_of (le : α → α → Prop) (total : le a b ∨ le b a) : True := by\n  intro t\n  exact trivial',
        'Lib/Order.lean',
        { module: 'Lib.Order' },
      ),
    ];
    linkReferences(files);
    expect(new Dependents(files).restingOn(new Set(['a', 't']))).toEqual([]);
  });

  it('ends on reference cycles', () => {
    const files = [
      parseLean(
        [
          'mutual',
          '  def f : Nat → Nat',
          '    | 0 => sorry',
          '    | n + 1 => g n',
          '  def g : Nat → Nat',
          '    | 0 => 0',
          '    | n + 1 => f n',
          'end',
          'def h := g 1',
        ].join('\n'),
        'M.lean',
      ),
    ];
    linkReferences(files);
    expect(new Dependents(files).restingOn(new Set(['f'])).map((decl) => decl.fullName)).toEqual(['g', 'h']);
  });
});
