import { describe, expect, it } from 'vitest';
import { parsedSource, proofGapsOf } from '../../../src/lean/syntax/gaps.js';
import { lex } from '../../../src/lean/syntax/lexer.js';
import { identsOf, isCloser, isOpener, MAX_NAMESPACE_DEPTH, moduleName, parseLean } from '../../../src/lean/syntax/parser.js';
import { itemsOf } from '../../../src/lean/syntax/scope-links.js';

const decls = (src: string) => parseLean(src, 'Test/A.lean').decls;
const byName = (src: string) => Object.fromEntries(decls(src).map((d) => [d.fullName, d]));

describe('parseLean', () => {
  it('names the module after the path and reads imports', () => {
    expect(moduleName('Pfr/Entropy/Basic.lean')).toBe('Pfr.Entropy.Basic');
    const file = parseLean('module\n\npublic import Mathlib.Tactic\nimport all Foo.Bar\nimport Baz\n', 'X.lean');
    expect(file.module).toBe('X');
    expect(file.imports).toEqual(['Mathlib.Tactic', 'Foo.Bar', 'Baz']);
  });

  it('reads every declaration kind with its modifiers, attributes and docstring', () => {
    const src = [
      '/-- The answer. -/',
      '@[simp, reducible] protected noncomputable def answer : Nat := 42',
      'private theorem t : True := trivial',
      'lemma l : 1 = 1 := rfl',
      'abbrev N := Nat',
      'instance instFoo : Inhabited N := ⟨0⟩',
      'structure P where',
      '  x : Nat',
      'class C (α : Type) where',
      '  op : α → α',
      'inductive T | a | b',
      'axiom ax : False',
      'opaque o : Nat',
      'example : True := trivial',
      'partial def loop (n : Nat) : Nat := loop n',
      'unsafe def u : Nat := 0',
      'nonrec def n : Nat := 0',
    ].join('\n');
    const ds = decls(src);
    expect(ds.map((d) => [d.kind, d.name])).toEqual([
      ['def', 'answer'],
      ['theorem', 't'],
      ['lemma', 'l'],
      ['abbrev', 'N'],
      ['instance', 'instFoo'],
      ['structure', 'P'],
      ['class', 'C'],
      ['inductive', 'T'],
      ['axiom', 'ax'],
      ['opaque', 'o'],
      ['example', ''],
      ['def', 'loop'],
      ['def', 'u'],
      ['def', 'n'],
    ]);
    expect(ds[0]).toMatchObject({ doc: 'The answer.', attributes: ['simp', 'reducible'], modifiers: ['protected', 'noncomputable'] });
    expect(ds[1]!.modifiers).toEqual(['private']);
    expect(ds[11]!.modifiers).toEqual(['partial']);
    expect(ds[12]!.modifiers).toEqual(['unsafe']);
    expect(ds[13]!.modifiers).toEqual(['nonrec']);
    expect(ds[8]!.body).toBeUndefined();
    expect(ds[9]!.body).toBeUndefined();
    expect(ds[10]!.fullName).toBe('«example@Test.A:14»');
  });

  it('qualifies names through namespaces, sections, _root_ and dotted namespace/end', () => {
    const src = [
      'namespace A',
      'def f := 1',
      'section S',
      'def g := 2',
      'end S',
      'namespace B.C',
      'theorem h : True := trivial',
      'def _root_.top := 3',
      'protected def p := 4',
      'end B.C',
      'def Nested.k := 5',
      'end A',
      'def z := 6',
    ].join('\n');
    expect(decls(src).map((d) => [d.fullName, d.namespace])).toEqual([
      ['A.f', 'A'],
      ['A.g', 'A'],
      ['A.B.C.h', 'A.B.C'],
      ['top', 'A.B.C'],
      ['A.B.C.p', 'A.B.C'],
      ['A.Nested.k', 'A'],
      ['z', ''],
    ]);
    expect(parseLean(src, 'A.lean').problems).toEqual([]);
  });

  it('reports an end that closes nothing or the wrong scope', () => {
    const file = parseLean('namespace A\nend B\nend\n', 'E.lean');
    expect(file.problems.map((p) => [p.messageId, p.location.line])).toEqual([
      ['mismatched-end', 2],
      ['unmatched-end', 3],
    ]);
  });

  it('reads `end` inside a project’s own command (`snip end`) as no scope command', () => {
    const file = parseLean('public section\nnamespace P\nsnip begin\ndef f := 1\nsnip end\ndef g := 2\nend P\n', 'S.lean');
    expect(file.decls.map((d) => d.fullName)).toEqual(['P.f', 'P.g']);
    expect(file.problems).toEqual([]);
  });

  it('reads the declaration commands a project defines (compfiles’ `problem`, `determine`) as declarations', () => {
    const src = [
      'syntax (name := problem) declModifiers "problem " declId ppIndent(declSig) declVal : command',
      'syntax (name := determine) declModifiers "determine " declId ppIndent(optDeclSig) declVal : command',
      'syntax (name := snipBegin) "snip " &"begin" : command',
      'namespace P',
      'def helper : Nat := 1',
      'snip begin',
      'lemma aux : helper = 1 := rfl',
      'snip end',
      '/-- The answer. -/',
      'noncomputable determine solution : Nat := 3',
      'problem p1 (n : Nat) : n + 0 = n := by',
      '  sorry',
      'end P',
    ].join('\n');
    const file = parseLean(src, 'P.lean');
    expect(file.decls.map((d) => [d.fullName, d.kind, d.command])).toEqual([
      ['P.helper', 'def', undefined],
      ['P.aux', 'lemma', undefined],
      ['P.solution', 'def', 'determine'],
      ['P.p1', 'theorem', 'problem'],
    ]);
    const ruled = parseLean(
      [
        'syntax (name := determine) declModifiers "determine " declId ppIndent(optDeclSig) declVal : command',
        'elab_rules : command',
        '| `(command| $dm:declModifiers determine%$dt $di:declId $ds:optDeclSig $dv:declVal) => do',
        '  modifyEnv fun env => env -- "theorem" in a string is not a keyword',
        '  let cmd ← `(command | $dm:declModifiers abbrev $di:declId $ds:optDeclSig $dv:declVal)',
        '  Lean.Elab.Command.elabCommand cmd',
        'determine answer : Nat := 3',
      ].join('\n'),
      'R.lean',
    );
    expect(ruled.decls.map((d) => [d.fullName, d.kind, d.command])).toEqual([['answer', 'abbrev', 'determine']]);
    const [helper, aux, solution, p1] = file.decls;
    expect([helper!.body, aux!.body]).toEqual(['1', 'rfl']);
    expect([solution!.doc, solution!.modifiers, solution!.header]).toEqual(['The answer.', ['noncomputable'], ': Nat']);
    expect(p1!.header).toBe('(n : Nat) : n + 0 = n');
    expect(proofGapsOf(file, src).map((g) => [g.kind, g.decl?.fullName, g.context])).toEqual([['sorry-in-proof', 'P.p1', 'by-block']]);
    expect(file.problems).toEqual([]);
  });

  it('reads a keyword after a leading dot (`hints := .abbrev`) as a name, not a command', () => {
    const src = ['def mk : Decl := {', '  hints := .abbrev', '  safety := .safe', '  kind := .opaque }', 'def next := 1'].join('\n');
    expect(parseLean(src, 'D.lean').decls.map((d) => d.fullName)).toEqual(['mk', 'next']);
  });

  it('reads of a Verso document (`#doc (Genre) "Title" =>`) only the code of its ```lean blocks, at their own lines', () => {
    const src = [
      'import VersoManual',
      'def before := 1',
      '#doc (Manual) "Guide" =>',
      '',
      'Write `sorry` where a proof is "missing: the prose has a theorem t here, and /- an open comment',
      '```lean "label"',
      'def x := 5',
      'theorem t : 1 = 1 := sorry',
      '```',
      '```lean (error := true)',
      'def shown : String := 5',
      '```',
      '````',
      '```lean',
      'def quoted := 1',
      '```',
      '````',
      ':::theorem "y" (lean := "y")',
      'The prose of a directive: def z := 1',
      ':::',
    ].join('\n');
    const file = parseLean(src, 'Doc.lean');
    expect(file.decls.map((d) => [d.fullName, d.location.line])).toEqual([
      ['before', 2],
      ['x', 7],
      ['t', 8],
    ]);
    expect(file.problems).toEqual([]);
    expect(proofGapsOf(file, parsedSource(file)!).map((g) => [g.kind, g.line, g.column])).toEqual([['sorry-in-proof', 8, 21]]);
    // A `#doc` command of a project's own, not followed by `(`, is no document.
    expect(parseLean('#doc foo\ndef after := 1', 'D.lean').decls.map((d) => d.fullName)).toEqual(['after']);
  });

  it("reads a keyword after `|` as a constructor's name, not a command (lean4lean's VDecl)", () => {
    const src = [
      'inductive VDecl where',
      '  | axiom (_ : Nat)',
      '  | def (_ : Nat)',
      '  | example',
      'def dist (x y : Int) := |x - y|',
      'lemma next : 1 = 1 := rfl',
    ].join('\n');
    expect(parseLean(src, 'D.lean').decls.map((d) => [d.fullName, d.kind])).toEqual([
      ['VDecl', 'inductive'],
      ['dist', 'def'],
      ['next', 'lemma'],
    ]);
  });

  it('reads a keyword in a name literal (`` `instance ``) as a name, not a command', () => {
    const src = ['def mk : MetaM Unit := do', '  Attribute.add n `instance default', '  let k := ``theorem', 'def next := 1'].join('\n');
    expect(parseLean(src, 'D.lean').decls.map((d) => d.fullName)).toEqual(['mk', 'next']);
  });

  it('reads a project command only where a command may start', () => {
    const src = [
      'macro "answer " n:declId sig:optDeclSig val:declVal : command => `(abbrev $n $sig $val)',
      'answer a : Nat := 1',
      'def answer_of (answer : Nat) : Nat :=',
      '  answer',
      'def g := (answer_of',
      'answer)',
    ].join('\n');
    expect(parseLean(src, 'Q.lean').decls.map((d) => [d.fullName, d.kind, d.body])).toEqual([
      ['a', 'abbrev', '1'],
      ['answer_of', 'def', 'answer'],
      ['g', 'def', '(answer_of\nanswer)'],
    ]);
  });

  it('keeps the header apart from the body at :=, where and | arms', () => {
    const d = byName(
      [
        'theorem abs_le (x : Int) (h : |x| ≤ 1) :',
        '    |x| ≤ 2 := by',
        '  omega',
        'def fib : Nat → Nat',
        '  | 0 => 0',
        '  | n + 1 => n',
        'instance : Add Nat where',
        '  add := Nat.add',
        'def withLet : let x := 1; x = 1 := rfl',
        'def withDefault (n : Nat := 3) : Nat := n',
        'instance (priority := 100) named : Inhabited Nat := ⟨0⟩',
      ].join('\n'),
    );
    expect(d.abs_le).toMatchObject({ header: '(x : Int) (h : |x| ≤ 1) :\n    |x| ≤ 2', body: 'by\n  omega' });
    expect(d.fib).toMatchObject({ header: ': Nat → Nat', body: '| 0 => 0\n  | n + 1 => n' });
    const inst = Object.values(d).find((x) => x.kind === 'instance' && x.name === '')!;
    expect(inst).toMatchObject({ header: ': Add Nat', body: 'where\n  add := Nat.add' });
    expect(d.withLet).toMatchObject({ header: ': let x := 1; x = 1', body: 'rfl' });
    expect(d.withDefault).toMatchObject({ header: '(n : Nat := 3) : Nat', body: 'n' });
    expect(d.named).toMatchObject({ header: ': Inhabited Nat', body: '⟨0⟩' });
  });

  it('ends the header at the declaration’s own :=, whatever have, haveI, letI, show … from or fun its type holds', () => {
    const d = byName(
      [
        // FLT's FreyCurve.torsion_isHardlyRamified: the statement goes on after the `haveI`'s value.
        'theorem frey :',
        '    haveI : Fact (P.p.Prime) := ⟨P.pp⟩',
        '    IsHardlyRamified P.hp_odd sorry (rep P) :=',
        '  sorry',
        // FLT's Threeadic: a `letI` naming a value, then the claim on the next line.
        'theorem three (hp : p.Prime) :',
        '    letI v := hp.toPlace',
        '    trace (ρ v) = 1 + p := sorry',
        // batteries' getElem_getElem_findIdxs: an anonymous `haveI` proving a bound.
        'theorem idx (h : i < n) : haveI : i < m := lt h; xs[i] = 0 := by simp',
        'def instances : letI := inst₁; haveI := inst₂; have h : a = a := rfl; T := t',
        'theorem shown : show P from hp := trivial',
        'theorem funny : (fun x => x) = fun y => y := rfl',
      ].join('\n'),
    );
    expect(d.frey).toMatchObject({
      header: ':\n    haveI : Fact (P.p.Prime) := ⟨P.pp⟩\n    IsHardlyRamified P.hp_odd sorry (rep P)',
      body: 'sorry',
    });
    expect(d.three).toMatchObject({ header: '(hp : p.Prime) :\n    letI v := hp.toPlace\n    trace (ρ v) = 1 + p', body: 'sorry' });
    expect(d.idx).toMatchObject({ header: '(h : i < n) : haveI : i < m := lt h; xs[i] = 0', body: 'by simp' });
    expect(d.instances).toMatchObject({ header: ': letI := inst₁; haveI := inst₂; have h : a = a := rfl; T', body: 't' });
    expect(d.shown).toMatchObject({ header: ': show P from hp', body: 'trivial' });
    expect(d.funny).toMatchObject({ header: ': (fun x => x) = fun y => y', body: 'rfl' });
  });

  it('keeps whole the shapes of the 19 statements FLT and carleson had cut at a letI or haveI', () => {
    const d = byName(
      [
        // FLT's AlgEquiv.extendScalars and IsBiscalar instance: a letI, then the claim, then `where`.
        'def extendScalars (f : C ≃ₐ[A] D) :',
        '    letI := f.toAlgebra',
        '    C ≃ₐ[B] D where',
        '  __ := f.toAlgebra',
        'instance biscalar (ψ : A →ₛₐ[σ] B) :',
        '    letI := ψ.toAlgebra',
        '    IsBiscalar S A ψ.map where',
        '  map_smul₁ s x := sorry',
        // FLT's localcomponent_matrix: named letIs in a row.
        'lemma matrix (i j : ι) :',
        '    letI b₀ := chooseBasis K B',
        '    letI b := b₀.baseChange L',
        '    b.toMatrix i j = 0 := by',
        '  simp',
        // carleson's toReal_ofReal_preimage: the letI on the header's first line.
        "lemma preimage {s : Set ℝ≥0∞} : letI t := toReal ⁻¹' s",
        '  s = t := by',
        '  simp',
      ].join('\n'),
    );
    expect(d.extendScalars).toMatchObject({
      header: '(f : C ≃ₐ[A] D) :\n    letI := f.toAlgebra\n    C ≃ₐ[B] D',
      body: 'where\n  __ := f.toAlgebra',
    });
    expect(d.biscalar).toMatchObject({ body: 'where\n  map_smul₁ s x := sorry' });
    expect(d.biscalar!.header).toMatch(/IsBiscalar S A ψ\.map$/);
    expect(d.matrix).toMatchObject({ body: 'by\n  simp' });
    expect(d.matrix!.header).toMatch(/b\.toMatrix i j = 0$/);
    expect(d.preimage).toMatchObject({ header: "{s : Set ℝ≥0∞} : letI t := toReal ⁻¹' s\n  s = t", body: 'by\n  simp' });
  });

  it('reads the `|` of a match or fun in the type as the term’s alternatives, not the declaration’s arms', () => {
    const d = byName(
      [
        // batteries' List.replaceF_cons and PhysLean's stabilityCounterExample_ξ.
        'theorem replaceF_cons : (a :: l).replaceF p = match p a with',
        '    | none => a :: replaceF p l',
        "    | some a' => a' :: l := rfl",
        'lemma xi : c.ξ = fun',
        '    | .inl 0 => 0',
        '    | .inr 0 => 1 := by',
        '  funext μ',
        'def fib : Nat → Nat',
        '  | 0 => 0',
        '  | n + 1 => n',
      ].join('\n'),
    );
    expect(d.replaceF_cons).toMatchObject({ body: 'rfl' });
    expect(d.replaceF_cons!.header).toMatch(/\| some a' => a' :: l$/);
    expect(d.xi).toMatchObject({ header: ': c.ξ = fun\n    | .inl 0 => 0\n    | .inr 0 => 1', body: 'by\n  funext μ' });
    expect(d.fib).toMatchObject({ header: ': Nat → Nat', body: '| 0 => 0\n  | n + 1 => n' });
  });

  it('reads a command keyword where a declaration’s name goes as the name (FLT’s `instance module`)', () => {
    const src = [
      'namespace FixedPoints',
      'instance module [Ring R] [Module R A] : Module R (fixedPoints G A) where',
      '  one_smul a := one_smul _',
      'instance (priority := 100) module : Module S W := ⟨sorry⟩',
      'end FixedPoints',
      'module',
    ].join('\n');
    const file = parseLean(src, 'Test/A.lean');
    expect(file.problems).toEqual([]);
    expect(file.decls.map((d) => [d.fullName, d.kind, d.header, d.body])).toEqual([
      ['FixedPoints.module', 'instance', '[Ring R] [Module R A] : Module R (fixedPoints G A)', 'where\n  one_smul a := one_smul _'],
      ['FixedPoints.module', 'instance', ': Module S W', '⟨sorry⟩'],
    ]);
  });

  it('records ranges and locations that point back into the text', () => {
    const src = '-- c\n/-- doc -/\ntheorem t (n : Nat) :\n  n = n := rfl\n';
    const [t] = decls(src);
    expect(t!.location).toEqual({ file: 'Test/A.lean', line: 3, column: 0, endLine: 4, endColumn: 14 });
    expect(src.slice(t!.range.start, t!.range.end)).toBe('/-- doc -/\ntheorem t (n : Nat) :\n  n = n := rfl');
    expect(src.slice(t!.headerRange.start, t!.headerRange.end)).toBe('(n : Nat) :\n  n = n');
    expect(src.slice(t!.bodyRange!.start, t!.bodyRange!.end)).toBe('rfl');
  });

  it('tracks variables and opens in scope, including `… in` for one command', () => {
    const src = [
      'variable {α : Type} [Inhabited α]',
      'open Nat Function',
      'namespace N',
      'variable (n : Nat)',
      'open Finset in',
      'theorem a : n = n := rfl',
      'variable (X) in',
      '/-- doc -/',
      'structure S where',
      '  x : X',
      'theorem b : True := trivial',
      'end N',
      'theorem c : True := trivial',
    ].join('\n');
    const d = byName(src);
    const scope = (name: string) => ({ variables: itemsOf(d[name]!.variables), opens: itemsOf(d[name]!.opens) });
    expect(scope('N.a')).toEqual({ variables: ['{α : Type} [Inhabited α]', '(n : Nat)'], opens: ['Nat', 'Function', 'Finset'] });
    expect(scope('N.S')).toEqual({ variables: ['{α : Type} [Inhabited α]', '(n : Nat)', '(X)'], opens: ['Nat', 'Function'] });
    expect(scope('N.b')).toEqual({ variables: ['{α : Type} [Inhabited α]', '(n : Nat)'], opens: ['Nat', 'Function'] });
    expect(scope('c')).toEqual({ variables: ['{α : Type} [Inhabited α]'], opens: ['Nat', 'Function'] });
    // Declarations in one scope share its links; closing the namespace goes back to the links in force when it opened.
    expect(d['N.b']!.variables).toBe(d['N.a']!.variables);
    expect(d.c!.opens).toBe(d['N.b']!.opens);
    expect(d.c!.variables).toBe(d['N.b']!.variables!.parent);
  });

  it('does not take term-level `open … in` or `set_option … in` inside a proof for commands', () => {
    const src = [
      'theorem a : True := by',
      '  open Classical in',
      '  set_option maxRecDepth 100 in',
      '  trivial',
      'set_option maxHeartbeats 0 in',
      'theorem b : True := trivial',
    ].join('\n');
    const d = byName(src);
    expect(Object.keys(d)).toEqual(['a', 'b']);
    expect(d.a!.body).toBe('by\n  open Classical in\n  set_option maxRecDepth 100 in\n  trivial');
  });

  it('marks mutual blocks and lets `end` close them without closing a namespace', () => {
    const src = [
      'namespace M',
      'mutual',
      'def even : Nat → Bool',
      '  | 0 => true',
      '  | n+1 => odd n',
      'def odd : Nat → Bool',
      '  | 0 => false',
      '  | n+1 => even n',
      'end',
      'def after := 1',
      'end M',
    ].join('\n');
    const d = byName(src);
    expect(d['M.even']!.mutual).toBe(true);
    expect(d['M.odd']!.mutual).toBe(true);
    expect(d['M.after']!.mutual).toBeUndefined();
  });

  it('ignores instance/class inside attribute brackets and deriving instance', () => {
    const src = [
      'attribute [instance] foo',
      'attribute [local instance] bar in',
      'theorem t : True := trivial',
      'deriving instance Repr for Foo',
      '@[instance] def i : Inhabited Nat := ⟨0⟩',
      'class inductive K | a',
      'local instance : Inhabited Nat := ⟨1⟩',
    ].join('\n');
    expect(decls(src).map((d) => [d.kind, d.name, d.attributes, d.modifiers])).toEqual([
      ['theorem', 't', [], []],
      ['def', 'i', ['instance'], []],
      ['class', 'K', [], []],
      ['instance', '', [], ['local']],
    ]);
  });

  it('lists the constructors and fields of structures, classes and inductives', () => {
    const src = [
      'structure P (α : Type) extends Q where',
      '  mkP ::',
      '  /-- first -/',
      '  x y : α',
      '  z : Nat := 0',
      '    -- continuation',
      'inductive T',
      '  | leaf : T',
      '  | node (l r : T) : T',
      'structure Old := (a : Nat) (b : Nat)',
    ].join('\n');
    const d = byName(src);
    expect(d.P!.members).toEqual(['P.mkP', 'P.x', 'P.y', 'P.z']);
    expect(d.T!.members).toEqual(['T.leaf', 'T.node']);
    expect(d.Old!.members).toEqual(['Old.a', 'Old.b', 'Old.mk']);
  });

  it('lists header and body identifiers apart, without comments or strings', () => {
    const file = parseLean('def a := 1\ntheorem t (h : Foo.bar x) : baz := by\n  -- qux\n  exact quux "sorry" h', 'Test/A.lean');
    expect(identsOf(file, 1)).toEqual({ header: ['h', 'Foo.bar', 'x', 'baz'], body: ['exact', 'quux', 'h'], locals: ['h'], patterns: [] });
    expect(identsOf(file, 0)).toEqual({ header: [], body: [], locals: [], patterns: [] });
  });

  it('stops at #exit and survives an unterminated comment', () => {
    expect(decls('def a := 1\n#exit\ndef b := 2').map((d) => d.name)).toEqual(['a']);
    const file = parseLean('def a := 1\n/- never closed\ndef b := 2', 'U.lean');
    expect(file.decls.map((d) => d.name)).toEqual(['a']);
    expect(file.problems[0]).toMatchObject({ messageId: 'unterminated-comment', location: { file: 'U.lean', line: 2 } });
  });

  it('stops reading at a namespace nested past MAX_NAMESPACE_DEPTH, saying so, and finds no gap past it', () => {
    const nest = (n: number) => Array.from({ length: n }, (_, i) => `namespace N${i}`).join('\n');
    const src = `theorem before : 1 = 1 := sorry\n${nest(MAX_NAMESPACE_DEPTH + 1)}\ntheorem after : 1 = 1 := sorry\n`;
    const file = parseLean(src, 'Deep.lean');
    expect(file.decls.map((d) => d.fullName)).toEqual(['before']);
    expect(file.problems).toEqual([
      {
        messageId: 'namespace-too-deep',
        message: `namespaces nested more than ${MAX_NAMESPACE_DEPTH} deep: the rest of the file is not read`,
        location: { file: 'Deep.lean', line: MAX_NAMESPACE_DEPTH + 2, column: 0 },
      },
    ]);
    expect(proofGapsOf(file, src).map((g) => g.decl?.fullName)).toEqual(['before']);
    const fits = parseLean(`${nest(MAX_NAMESPACE_DEPTH)}\ntheorem t : 1 = 1 := rfl\n`, 'Fits.lean');
    expect(fits.problems).toEqual([]);
    expect(fits.decls[0]!.namespace.split('.')).toHaveLength(MAX_NAMESPACE_DEPTH);
    // `end` gives the depth back.
    const ends = (n: number) => Array.from({ length: n }, (_, i) => `end N${n - 1 - i}\n`).join('');
    const closed = parseLean(`${nest(200)}\n${ends(200)}${nest(200)}\ntheorem t : 1 = 1 := rfl\n${ends(200)}`, 'Closed.lean');
    expect(closed.problems).toEqual([]);
    expect(closed.decls).toHaveLength(1);
  });

  it('tells bracket tokens apart for Token users', () => {
    const tokens = lex('@[simp] (⟨x⟩) "(" a').tokens;
    expect(tokens.filter(isOpener).map((t) => t.text)).toEqual(['@[', '(', '⟨']);
    expect(tokens.filter(isCloser).map((t) => t.text)).toEqual([']', '⟩', ')']);
  });
});
