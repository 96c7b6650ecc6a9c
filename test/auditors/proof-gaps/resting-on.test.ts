import { describe, expect, it } from 'vitest';
import { Dependents } from '../../../src/auditors/proof-gaps/resting-on.js';
import { linkReferences } from '../../../src/lean/resolve/references.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import type { LeanFile } from '../../../src/model/lean.js';

/** The declarations of these full names, in every file. */
const named = (files: LeanFile[], ...names: string[]) =>
  new Set(files.flatMap((file) => file.decls.filter((decl) => names.includes(decl.fullName))));

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
    const resting = new Dependents(files).restingOn(named(files, 'base', 'alsoSorried'));
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
    expect(new Dependents(files).restingOn(named(files, 'a', 't'))).toEqual([]);
  });

  it('follows a reference to the declaration of that name the file sees, not to a namesake in a file it never meets', () => {
    const files = [
      parseLean('theorem foo : True := sorry', 'Test/A.lean', { module: 'Test.A' }),
      parseLean('def foo := 3\ntheorem bar : foo = 3 := rfl', 'Test/B.lean', { module: 'Test.B' }),
      parseLean('import Test.A\ntheorem baz : True := foo', 'Test/C.lean', { module: 'Test.C' }),
    ];
    linkReferences(files);
    const roots = new Set([files[0]!.decls[0]!]);
    expect(new Dependents(files).restingOn(roots).map((decl) => decl.location.file)).toEqual(['Test/C.lean']);
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
    expect(new Dependents(files).restingOn(named(files, 'f')).map((decl) => decl.fullName)).toEqual(['g', 'h']);
  });
});

describe('Dependents.chain', () => {
  const files = [
    parseLean(['theorem gap : 1 = 1 := sorry', 'theorem mid : 1 = 1 := gap', 'def unrelated : Nat := 1'].join('\n'), 'A.lean'),
    parseLean(['import A', 'theorem top : 1 = 1 := by', '  have := unrelated', '  exact mid'].join('\n'), 'B.lean'),
  ];
  linkReferences(files);
  const dependents = new Dependents(files);
  const roots = named(files, 'gap');
  const decl = (name: string) => [...named(files, name)][0]!;

  it('gives the shortest chain of references from a declaration to the gap it rests on', () => {
    expect(dependents.chain(decl('top'), roots)?.map((d) => d.fullName)).toEqual(['top', 'mid', 'gap']);
  });

  it('gives the root alone for a root, and nothing for a declaration reaching no root', () => {
    expect(dependents.chain(decl('gap'), roots)?.map((d) => d.fullName)).toEqual(['gap']);
    expect(dependents.chain(decl('unrelated'), roots)).toBeUndefined();
  });
});
