import { describe, expect, it } from 'vitest';
import { NameTable } from '../../src/lean/names.js';
import { parseLean } from '../../src/lean/parser.js';
import { projectDeclarations } from '../../src/lean/reference-lists.js';
import { linkReferences, MAX_SCOPE_PREFIXES, NameResolver, referenceGraph } from '../../src/lean/references.js';
import { addLink } from '../../src/lean/scope-links.js';
import type { ScopeLink } from '../../src/model/lean.js';
import { growthRatio, LOOSELY_LINEAR } from '../helpers/growth.js';

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
    const m = link('namespace Lib\ndef one := 1\ndef Sub.two := 2\nend Lib', 'open Lib\ndef x := one + Sub.two', 'def Lib.three := one');
    expect(refs(m, 'x')).toEqual(['Lib.one', 'Lib.Sub.two']);
    expect(refs(m, 'Lib.three')).toEqual(['Lib.one']);
  });

  it('needs a qualifier for protected names and honours _root_', () => {
    const m = link('namespace N\nprotected def p := 1\ndef q := p\ndef r := N.p\ndef s := _root_.t\nend N\ndef t := 0');
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

describe('scopes of many `open`s', () => {
  const namespaces = (n: number) =>
    Array.from({ length: n }, (_, i) => `namespace N${i}\ntheorem l${i} : 1 = 1 := rfl\nend N${i}`).join('\n');
  const opens = (n: number) => Array.from({ length: n }, (_, i) => `open N${i}`).join('\n');

  it('resolves in the first MAX_SCOPE_PREFIXES namespaces of a scope, and says where a scope had more', () => {
    const n = MAX_SCOPE_PREFIXES + 10;
    const model = link(namespaces(n), `${opens(n)}\ntheorem t : 1 = 1 := l0 ▸ l${n - 1} ▸ rfl`);
    expect(refs(model, 't')).toEqual(['N0.l0']);
    expect(model.problems.filter((p) => p.messageId === 'too-many-opens')).toEqual([
      expect.objectContaining({ location: expect.objectContaining({ file: 'F1.lean', line: n + 1 }) }),
    ]);
    expect(link(namespaces(3), `${opens(3)}\ntheorem t : 1 = 1 := l2 ▸ rfl`).problems).toEqual([]);
  });

  it("costs the `open`s that name the project's namespaces: n `open`s of others, each before a theorem, grow linearly", () => {
    const files = (n: number) => [
      parseLean(
        Array.from({ length: n }, (_, i) => `open Other${i}\ntheorem t${i} : 1 = 1 := t${Math.max(0, i - 1)}`).join('\n'),
        'M.lean',
      ),
    ];
    expect(refs({ ...linkReferences(files(3)) } as ReturnType<typeof link>, 't2')).toEqual(['t1']);
    expect(growthRatio(files, (f) => linkReferences(f), 1000)).toBeLessThan(LOOSELY_LINEAR);
  });
});

describe('duplicate declarations at scale', () => {
  it('finds the repeats of one name in time that grows with their number, not its square', () => {
    const files = (n: number) => [
      parseLean(Array.from({ length: n }, () => 'theorem foo : True := trivial').join('\n'), 'Main.lean', { module: 'Main' }),
    ];
    expect(linkReferences(files(5)).problems).toHaveLength(4);
    expect(growthRatio(files, (f) => linkReferences(f), 10_000)).toBeLessThan(LOOSELY_LINEAR);
  });
});
