import { describe, expect, it } from 'vitest';
import { projectDeclarations } from '../../../src/lean/resolve/reference-lists.js';
import { linkReferences, NameResolver, referenceGraph } from '../../../src/lean/resolve/references.js';
import { NameTable } from '../../../src/lean/syntax/names.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import { addLink } from '../../../src/lean/syntax/scope-links.js';
import type { ScopeLink } from '../../../src/model/lean.js';

const link = (...sources: string[]) => {
  const files = sources.map((src, i) => parseLean(src, `F${i}.lean`));
  const model = linkReferences(files);
  return { ...model, graph: referenceGraph(files, model.decls) };
};
const refs = (model: ReturnType<typeof link>, name: string) => model.decls.get(name)!.references;

describe('linkReferences', () => {
  it('resolves through enclosing namespaces, innermost first', () => {
    const m = link('def f := 1\nnamespace A\ndef f := 2\nnamespace B\ndef g := f\nend B\nend A\ndef h := f');
    expect(refs(m, 'A.B.g')).toEqual(['A.f']);
    expect(refs(m, 'h')).toEqual(['f']);
  });

  it('resolves through open, across files, and through the declaration name’s own namespace', () => {
    const m = link(
      'namespace Lib\ndef one := 1\ndef Sub.two := 2\nend Lib',
      'import F0\nopen Lib\ndef x := one + Sub.two',
      'import F0\ndef Lib.three := one',
    );
    expect(refs(m, 'x')).toEqual(['Lib.one', 'Lib.Sub.two']);
    expect(refs(m, 'Lib.three')).toEqual(['Lib.one']);
  });

  it('needs a qualifier for protected names and honours _root_', () => {
    const m = link('def t := 0\nnamespace N\nprotected def p := 1\ndef q := p\ndef r := N.p\ndef s := _root_.t\nend N');
    expect(refs(m, 'N.q')).toEqual([]);
    expect(refs(m, 'N.r')).toEqual(['N.p']);
    expect(refs(m, 'N.s')).toEqual(['t']);
  });

  it('maps constructors and fields to their type and guesses unique dot notation', () => {
    const m = link(
      'structure P where\n  x : Nat\ninductive T | leaf\ndef P.double (p : P) := p.x + p.x\ndef use (p : P) : Nat := p.double + (P.mk 1).x\ndef t := T.leaf',
    );
    expect(refs(m, 'use')).toEqual(['P', 'P.double']);
    expect(refs(m, 't')).toEqual(['T']);
  });

  it('reads field notation as Lean does: on a local or on a project constant, never on a library name', () => {
    const m = link(
      [
        'structure Tableau where\n  n : Nat',
        'def Tableau.order (t : Tableau) : Nat := t.n',
        'def Law.iff.mpr : True := trivial',
        'def Rep.comp_def : True := trivial',
        'def rk4 : Tableau := ⟨4⟩',
        'theorem my_iff : 1 = 1 ↔ True := ⟨fun _ => trivial, fun _ => rfl⟩',
        'def local_field (t : Tableau) : Nat := t.order',
        'def constant_field : Nat := rk4.order',
        'theorem constant_iff : True := my_iff.mp rfl',
        'theorem library_iff (a : Nat) (h : 0 < a) : a ≠ 0 := Nat.pos_iff_ne_zero.mp h |>.elim (fun h => h) sq_pos_iff.mpr',
        'theorem library_namespace : True := Function.comp_def ▸ trivial',
        'def untyped_local (x : Nat) : Nat := x.order',
      ].join('\n'),
    );
    expect(refs(m, 'local_field')).toEqual(['Tableau', 'Tableau.order']);
    expect(refs(m, 'constant_field')).toEqual(['rk4', 'Tableau.order']);
    expect(refs(m, 'constant_iff')).toEqual(['my_iff']);
    expect(refs(m, 'library_iff')).toEqual([]);
    expect(refs(m, 'library_namespace')).toEqual([]);
    expect(refs(m, 'untyped_local')).toEqual([]);
  });

  it('sees only what Lean has in the environment: earlier declarations of the file, and those of the files it imports', () => {
    const m = link(
      'def a := 1\ntheorem foo : True := trivial',
      'import F0\ndef early := later\ndef later := 2\ndef uses := a + later\nmutual\ndef even : Nat → Bool\n  | 0 => true\n  | n + 1 => odd n\ndef odd : Nat → Bool\n  | 0 => false\n  | n + 1 => even n\nend',
      'theorem t (total : le a b ∨ le b a) : True := foo',
    );
    expect(refs(m, 'early')).toEqual([]);
    expect(refs(m, 'uses')).toEqual(['a', 'later']);
    expect(refs(m, 'even')).toEqual(['odd']);
    expect(refs(m, 'odd')).toEqual(['even']);
    // F2 imports nothing of the project: its `a` is an auto-bound implicit and `foo` an unknown name, never F0's declarations.
    expect(refs(m, 't')).toEqual([]);
  });

  it('takes every file as seen from one that imports a project module no file is (a file left out)', () => {
    const files = [
      parseLean('def a := 1', 'Pkg/A.lean', { module: 'Pkg.A' }),
      parseLean('import Pkg.Missing\ndef b := a', 'Pkg/B.lean', { module: 'Pkg.B' }),
    ];
    expect(linkReferences(files).decls.get('b')!.references).toEqual(['a']);
    const external = [
      parseLean('def a := 1', 'Pkg/A.lean', { module: 'Pkg.A' }),
      parseLean('import Mathlib.Tactic\ndef b := a', 'Pkg/B.lean', { module: 'Pkg.B' }),
    ];
    expect(linkReferences(external).decls.get('b')!.references).toEqual([]);
  });

  it('finds an import of a nested package by the one module ending in it', () => {
    const files = [
      parseLean('def a := 1', 'Pkg/Lib/A.lean', { module: 'Pkg.Lib.A' }),
      parseLean('import Lib.A\ndef b := a', 'Pkg/Lib/B.lean', { module: 'Pkg.Lib.B' }),
    ];
    expect(linkReferences(files).decls.get('b')!.references).toEqual(['a']);
  });

  it('resolves each namespace of an `open` with the ones opened before it, in one command or several', () => {
    const m = link(
      'namespace A.B\ndef x := 1\nend A.B\nnamespace C.D\ndef y := 1\nend C.D',
      'import F0\nopen A B\nopen C\nopen D\ndef z := x + y',
    );
    expect(refs(m, 'z')).toEqual(['A.B.x', 'C.D.y']);
  });

  it('reads a name `@[to_additive]` generates as the declaration it is generated from', () => {
    const m = link(
      "@[to_additive]\ntheorem mul_comm' : True := trivial\n@[to_additive add_thing]\ntheorem mul_thing : True := trivial",
      "import F0\ntheorem t : True := add_comm' ▸ add_thing",
    );
    expect(refs(m, 't')).toEqual(["mul_comm'", 'mul_thing']);
  });

  it('reads field notation on a local by the head constant of the type its binder gives it, the name being ambiguous', () => {
    const m = link(
      [
        'structure IdentDistrib where\n  n : Nat',
        'structure Kernel where\n  n : Nat',
        'theorem IdentDistrib.entropy_congr (h : IdentDistrib) : True := trivial',
        'theorem Kernel.entropy_congr (k : Kernel) : True := trivial',
        'theorem uses (hX : IdentDistrib) (k : Kernel) : True := by\n  have := hX.entropy_congr\n  trivial',
        'theorem inner (k : Kernel) : True := by\n  have h : IdentDistrib := ⟨1⟩\n  exact h.entropy_congr',
        'theorem unknown (hX : Nat) : True := hX.entropy_congr',
      ].join('\n'),
    );
    expect(refs(m, 'uses')).toEqual(['IdentDistrib', 'Kernel', 'IdentDistrib.entropy_congr']);
    expect(refs(m, 'inner')).toEqual(['Kernel', 'IdentDistrib', 'IdentDistrib.entropy_congr']);
    expect(refs(m, 'unknown')).toEqual([]);
  });

  it('reads field notation on a local introduced from the statement by the type a definition the statement names gives it', () => {
    const m = link(
      [
        'structure FreyPackage where\n  p : Nat',
        'theorem FreyPackage.mazur (P : FreyPackage) : True := trivial',
        'theorem Other.mazur : True := trivial',
        'def B3 : Prop := IsEmpty FreyPackage',
        'theorem B4_implies_B3 : True → B3 := by\n  intro h\n  rw [isEmpty_iff]\n  intro P\n  exact P.mazur',
      ].join('\n'),
    );
    expect(refs(m, 'B4_implies_B3')).toEqual(['B3', 'FreyPackage.mazur']);
  });

  it('reads the names alias and export commands make as the declarations they stand for', () => {
    const m = link(
      [
        'namespace P',
        'theorem pair_iff : True ↔ True := Iff.rfl',
        'protected alias ⟨_, Indep.pair_eq⟩ := pair_iff',
        "alias pair_iff' := pair_iff",
        'end P',
        'namespace Q',
        'def q := 1',
        'end Q',
        'export Q (q)',
      ].join('\n'),
      "import F0\nopen P\ntheorem t : True := (Indep.pair_eq ⟨⟩)\ntheorem u : True := pair_iff'.mp trivial\ndef w := q",
    );
    expect(refs(m, 't')).toEqual(['P.pair_iff']);
    expect(refs(m, 'u')).toEqual(['P.pair_iff']);
    expect(refs(m, 'w')).toEqual(['Q.q']);
  });

  it('never makes a declaration reference itself, and builds the graph', () => {
    const m = link('def loop : Nat → Nat\n  | 0 => 0\n  | n + 1 => loop n\ntheorem t : loop 0 = 0 := rfl');
    expect(refs(m, 'loop')).toEqual([]);
    expect(m.graph.hasEdge('t', 'loop')).toBe(true);
    expect(m.graph.order).toBe(2);
  });

  it('reports duplicate public declarations where their modules meet, but not private ones, nor across lean_libs', () => {
    const m = link('def a := 1\nprivate def p := 1', 'import F0\ndef a := 2\nprivate def p := 2');
    expect(m.problems.map((p) => [p.messageId, p.location.file, p.location.line])).toEqual([['duplicate-declaration', 'F1.lean', 2]]);
    // Two files no module imports together (tests of their own, a copy left behind) may each declare a name; a file that imports both meets them.
    expect(link('def a := 1', 'def a := 2').problems).toEqual([]);
    const both = link('def a := 1', 'def a := 2', 'import F0\nimport F1\ndef b := 3');
    expect(both.problems.map((p) => [p.location.file, p.message])).toEqual([['F1.lean', 'a is also declared at F0.lean:1']]);
    const quoted = link('def a := 1', 'import «F0»\ndef a := 2');
    expect(quoted.problems.map((p) => p.location.file)).toEqual(['F1.lean']);
    const chain = link('def a := 1', 'def a := 2', 'import F0\ndef a := 3', 'import F2\nimport F1');
    expect(chain.problems.map((p) => [p.location.file, p.message])).toEqual([
      ['F1.lean', 'a is also declared at F0.lean:1'],
      ['F2.lean', 'a is also declared at F0.lean:1'],
    ]);
    const [challenge, solution] = ['theorem main : True := sorry', 'theorem main : True := trivial'].map((src, i) =>
      parseLean(src, `L${i}.lean`),
    );
    challenge!.library = 'Challenge';
    solution!.library = 'Solution';
    expect(linkReferences([challenge!, solution!]).problems).toEqual([]);
  });

  it('resolves a bare identifier only to project declarations', () => {
    const project = projectDeclarations([...link('namespace A\ndef b := 1\nend A').decls.values()]);
    const r = new NameResolver(project);
    const names = new NameTable();
    const id = (ident: string): number => names.internName(ident);
    r.useNames(names);
    const resolved = (ident: string, scope: { namespace: string; opens?: ScopeLink; fullName: string }) =>
      project.names[r.resolve(id(ident), scope)];
    expect(resolved('b', { namespace: 'A', fullName: 'A.c' })).toBe('A.b');
    expect(resolved('Nat.succ', { namespace: 'A', fullName: 'A.c' })).toBeUndefined();
    expect(resolved('b', { namespace: '', opens: addLink(undefined, ['A']), fullName: 'c' })).toBe('A.b');
  });
});

describe('linkReferences with only some files', () => {
  it('links the files given against the names of all, and leaves the others as they were', () => {
    const a = parseLean('def base : Nat := 1\n', 'A.lean');
    const b = parseLean('import A\ntheorem uses : base = base := rfl\n', 'B.lean');
    const c = parseLean('import A\ntheorem alsoUses : base = base := rfl\n', 'C.lean');
    linkReferences([a, b, c], new Set([b]));
    expect(b.decls[0]!.references).toEqual(['base']);
    expect(c.decls[0]!.references).toEqual([]);
  });
});
