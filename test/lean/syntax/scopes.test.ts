import { describe, expect, it } from 'vitest';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import { ScopeTracker } from '../../../src/lean/syntax/scopes.js';

/** The scope keys a tracker gives the declarations of a file, in order (null where the scope did not change). */
function keys(source: string, path = 'Pkg/Sub/File.lean'): (string | null)[] {
  const tracker = new ScopeTracker();
  return parseLean(source, path).decls.map((decl) => tracker.changed(decl)?.replaceAll('\0', ' | ') ?? null);
}

describe('ScopeTracker', () => {
  it('gives a key when the namespace, the own namespace or the opens change, and none in between', () => {
    const source = [
      'namespace A',
      'theorem one : True := trivial',
      'theorem two : True := trivial',
      'theorem B.three : True := trivial',
      'open C',
      'theorem four : True := trivial',
    ].join('\n');
    expect(keys(source)).toEqual(['A | A | 0', null, 'A | A.B | 0', 'A | A | 1']);
  });

  it("takes an anonymous declaration's own namespace to be its namespace, not a part of its quoted module name", () => {
    const source = [
      'namespace A',
      'theorem one : True := trivial',
      'instance : Inhabited Nat := ⟨0⟩',
      'example : True := trivial',
      'theorem two : True := trivial',
    ].join('\n');
    expect(keys(source)).toEqual(['A | A | 0', null, null, null]);
  });

  it('gives the root its empty own namespace, named or not', () => {
    expect(keys('instance : Inhabited Nat := ⟨0⟩\ntheorem t : True := trivial\n')).toEqual([' |  | 0', null]);
  });
});
