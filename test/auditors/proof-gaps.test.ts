import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as proofGaps from '../../src/auditors/proof-gaps/index.js';
import { type RunServices, runAuditor } from '../../src/core/runner.js';
import type { AuditorRun } from '../../src/core/types.js';
import { loadProject } from '../../src/lean/project.js';
import { proofGapsOf } from '../../src/lean/syntax/gaps.js';
import { parseLean } from '../../src/lean/syntax/parser.js';
import { testAuditor, writeCaseProject } from '../helpers/auditor-tester.js';

const TEST_DRIVER_LAKEFILE = [
  'name = "Test"',
  'testDriver = "TestTest"',
  '',
  '[[lean_lib]]',
  'name = "Test"',
  '',
  '[[lean_lib]]',
  'name = "TestTest"',
  'globs = ["TestTest.+"]',
  '',
].join('\n');

const trap = fileURLToPath(new URL('./fixtures/grep-miscount', import.meta.url));

const services = (root: string): RunServices => ({
  root,
  config: {},
  signal: new AbortController().signal,
  project: () => loadProject(root),
  entities: () => Promise.resolve([]),
});

/** The gaps of one source text, as [kind, line, text, context]. */
const gaps = (src: string) => {
  const file = parseLean(src, 'T.lean');
  return proofGapsOf(file, src).map((g) => [g.kind, g.line, g.text, g.context ?? g.decl?.fullName]);
};

const rows = (run: AuditorRun) => run.findings.map((f) => [f.messageId, `${f.location!.file}:${f.location!.line}:${f.location!.column}`]);

/** Runs a shell pipeline in the fixture and counts its output lines; undefined when grep is absent. */
function grepCount(pipeline: string): number | undefined {
  try {
    execSync('command -v grep', { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return Number(execSync(`${pipeline} | wc -l`, { cwd: trap, shell: '/bin/sh' }).toString().trim());
}

describe('proof-gaps against the paper’s grep pipeline', () => {
  it('counts the true sorries and axioms where grep miscounts', async () => {
    const run = await runAuditor(proofGaps, services(trap));
    expect(run.status).toBe('ok');

    // grep counts lines, inside comments, docstrings and strings too; `grep -v '^\s*--'` never
    // filters anything, because `grep -rn` output lines start with `path:line:`.
    const grepSorry = grepCount(`grep -rn '\\bsorry\\b' --include=*.lean . | grep -v '^\\s*--'`) ?? 14;
    const grepAxiom = grepCount(`grep -rn '^axiom ' --include=*.lean .`) ?? 2;
    expect(grepSorry).toBe(14);
    expect(grepAxiom).toBe(2);

    // True counts: 7 sorry + 1 admit tokens (6 in proofs, 2 in data); 4 axioms, one of them
    // private, one indented, one `@[simp] protected` in a nested namespace; the one in a block
    // comment is no axiom.
    expect(run.metrics).toMatchObject({ 'sorry-in-proof': 6, 'sorry-in-data': 2, sorry: 8, axiom: 4, files: 4, 'files-with-gaps': 3 });
    expect(rows(run).filter(([id]) => id === 'axiom')).toEqual([
      ['axiom', 'GrepTrap/Axioms.lean:3:0'],
      ['axiom', 'GrepTrap/Axioms.lean:5:8'],
      ['axiom', 'GrepTrap/Axioms.lean:7:2'],
      ['axiom', 'GrepTrap/Axioms.lean:10:18'],
    ]);
    expect(run.findings.filter((f) => f.messageId === 'axiom').map((f) => f.entityId)).toEqual([
      'GrepTrap.top_level',
      'GrepTrap.hidden',
      'GrepTrap.indented',
      'GrepTrap.Inner.decorated',
    ]);
    expect(rows(run).filter(([id]) => id!.startsWith('sorry'))).toEqual([
      ['sorry-in-proof', 'GrepTrap/Comments.lean:26:2'],
      ['sorry-in-proof', 'GrepTrap/Comments.lean:28:44'],
      ['sorry-in-proof', 'GrepTrap/Comments.lean:28:51'],
      ['sorry-in-proof', 'GrepTrap/Comments.lean:31:2'],
      ['sorry-in-data', 'GrepTrap/Data.lean:4:19'],
      ['sorry-in-data', 'GrepTrap/Data.lean:11:13'],
      ['sorry-in-proof', 'GrepTrap/Data.lean:13:24'],
      ['sorry-in-proof', 'GrepTrap/Data.lean:25:15'],
    ]);
    expect(run.metrics).toMatchObject({
      'file:GrepTrap/Comments.lean:sorry-in-proof': 4,
      'file:GrepTrap/Data.lean:sorry-in-data': 2,
      'file:GrepTrap/Data.lean:sorry-in-proof': 2,
      'file:GrepTrap/Axioms.lean:axiom': 4,
    });
  });

  it('stamps messages, severities and evidence on findings', async () => {
    const run = await runAuditor(proofGaps, services(trap));
    const data = run.findings.find((f) => f.messageId === 'sorry-in-data')!;
    expect(data).toMatchObject({
      auditorId: 'proof-gaps',
      severity: 'error',
      entityId: 'GrepTrap.bound',
      message: '`sorry` as data in GrepTrap.bound: an unstated assumption, not a missing proof',
      evidence: { declKind: 'def', context: 'value' },
    });
    const field = run.findings.find((f) => f.location?.line === 25)!;
    expect(field.evidence).toEqual({ declKind: 'def', context: 'proof-field', field: "map_zero'", structure: 'GrepTrap.Hom' });
    const admit = run.findings.find((f) => f.location?.line === 31)!;
    expect(admit.message).toBe('`admit` in the proof of GrepTrap.admitted');
  });
});

describe('proof-gaps metrics of what rests on a gap', () => {
  it('counts the declarations, and the theorems among them, that reach a sorry or a project axiom through references', async () => {
    const code = [
      'axiom choice_like : 1 = 1',
      'theorem lemma1 : 2 = 2 := sorry',
      'theorem uses_lemma : 2 = 2 := lemma1',
      'def uses_axiom : 1 = 1 := choice_like',
      'theorem far : 1 = 1 := uses_axiom',
      'theorem fine : 3 = 3 := rfl',
      '',
    ].join('\n');
    const root = writeCaseProject({ code });
    try {
      const run = await runAuditor(proofGaps, services(root));
      expect(run.metrics).toMatchObject({
        'declarations-with-sorry': 1,
        'resting-on-sorry': 1,
        'theorems-resting-on-sorry': 1,
        'resting-on-axiom': 2,
        'theorems-resting-on-axiom': 1,
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('proof-gaps evidence of what it groups', () => {
  it('lists every use of an escape hatch, and every deliberate gap, in the evidence', async () => {
    const root = writeCaseProject({
      code: 'theorem big : P := by\n  have a : X := by native_decide\n  exact foo (by native_decide)\n',
      files: {
        'lakefile.toml': TEST_DRIVER_LAKEFILE,
        'TestTest/Linter.lean': 'axiom test_sorry : ∀ {α}, α\ntheorem t : 1 = 2 := sorry\n',
      },
    });
    try {
      const run = await runAuditor(proofGaps, services(root));
      const native = run.findings.find((f) => f.messageId === 'native-decide')!;
      expect(native.evidence).toMatchObject({ uses: 2, places: ['Test/Main.lean:2:19', 'Test/Main.lean:3:16'] });
      expect(native.related).toBeUndefined();
      const tests = run.findings.find((f) => f.messageId === 'test-library')!;
      expect(tests.evidence).toEqual({
        gaps: 2,
        kinds: { axiom: 1, 'sorry-in-proof': 1 },
        places: ['TestTest/Linter.lean:1:0 axiom in test_sorry', 'TestTest/Linter.lean:2:21 sorry-in-proof in t'],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('proofGapsOf', () => {
  it('classifies sorry by declaration kind, tactic blocks and field names', () => {
    expect(
      gaps(
        [
          'example : True := sorry',
          'def d : Nat := (by exact sorry) + sorry',
          'def e : Nat × Nat := ⟨by simp; exact sorry, sorry⟩',
          'instance : Foo where',
          '  toFun := sorry',
          '  le_refl := sorry',
          'structure S where',
          '  x : Nat := sorry',
          'abbrev a : Nat := by',
          '  use 1, sorry',
          '#eval sorry',
          'instance : Equiv A B where',
          '  toFun := by exact f',
          '  invFun x :=',
          '    sorry',
          'theorem t : P := by',
          '  set q := sorry',
          'def e : A ≃ B where',
          '  left_inv x := sorry',
          '  toFun a := sorry',
          'instance : Setoid X where',
          '  iseqv := { refl := sorry, symm := sorry }',
          'def g : Nat := let f x := sorry; f 0',
        ].join('\n'),
      ),
    ).toEqual([
      ['sorry-in-proof', 1, 'sorry', 'theorem'],
      ['sorry-in-proof', 2, 'sorry', 'by-block'],
      ['sorry-in-data', 2, 'sorry', 'value'],
      ['sorry-in-proof', 3, 'sorry', 'by-block'],
      ['sorry-undetermined', 3, 'sorry', 'component'],
      ['sorry-in-data', 5, 'sorry', 'data-field'],
      ['sorry-in-proof', 6, 'sorry', 'proof-field'],
      ['sorry-in-data', 8, 'sorry', 'value'],
      ['sorry-in-proof', 10, 'sorry', 'by-block'],
      ['sorry-in-command', 11, 'sorry', 'command'],
      ['sorry-in-data', 15, 'sorry', 'data-field'],
      ['sorry-in-proof', 17, 'sorry', 'by-block'],
      ['sorry-in-proof', 19, 'sorry', 'proof-field'],
      ['sorry-in-data', 20, 'sorry', 'data-field'],
      ['sorry-in-proof', 22, 'sorry', 'proof-field'],
      ['sorry-in-proof', 22, 'sorry', 'proof-field'],
      ['sorry-in-data', 23, 'sorry', 'value'],
    ]);
  });

  it("tells a sorry outside any declaration (a macro's expansion, a #check) from one in data", () => {
    const src = 'macro "cheat" : tactic => `(tactic| sorry)\n#check (⟨1, sorry⟩ : Fin 2)\ndef d : Nat := sorry\n';
    expect(gaps(src)).toEqual([
      ['sorry-in-command', 1, 'sorry', 'command'],
      ['sorry-in-command', 2, 'sorry', 'command'],
      ['sorry-in-data', 3, 'sorry', 'value'],
    ]);
  });

  it('counts `sorryAx` written out as a sorry, but not the name literal meta code builds terms with', () => {
    const src = [
      'theorem t : 1 = 2 := sorryAx _ false',
      'theorem u : 1 = 2 := by exact @sorryAx (1 = 2) true',
      'def d : Nat := sorryAx Nat',
      'def mkGap (t : Expr) : Expr := mkApp2 (mkConst ``sorryAx [levelZero]) t (toExpr false)',
      'def isGap : Expr → Bool | .app (.const `sorryAx _) _ => true | _ => false',
      '-- sorryAx in a comment, "sorryAx" in a string, my_sorryAx, sorryAx_free',
    ].join('\n');
    expect(gaps(src)).toEqual([
      ['sorry-in-proof', 1, 'sorryAx', 'theorem'],
      ['sorry-in-proof', 2, 'sorryAx', 'by-block'],
      ['sorry-in-data', 3, 'sorryAx', 'value'],
    ]);
  });

  it('counts `lcProof` as a sorry, but not in an unsafe implementation, where it is the idiom', () => {
    const src = [
      'theorem cheat : False := lcProof',
      'def n : { k : Nat // k > 0 } := ⟨0, lcProof⟩',
      'private unsafe def fast (a : Array Nat) (i : USize) : Nat := a.uget i lcProof',
      'def name := ``lcProof',
    ].join('\n');
    expect(gaps(src)).toEqual([
      ['sorry-in-proof', 1, 'lcProof', 'theorem'],
      ['sorry-undetermined', 2, 'lcProof', 'component'],
      ['unsafe', 3, 'unsafe', 'fast'],
    ]);
  });

  it('tells a sorry in a statement from one in its proof', () => {
    expect(
      gaps(
        [
          'theorem erdos_1 : answer(sorry) ↔ ∀ n : ℕ, n = n := by',
          '  sorry',
          'def bound (n : ℕ) (h : sorry) : ℕ := sorry',
          'theorem closed : (answer(True) : Prop) := trivial',
        ].join('\n'),
      ),
    ).toEqual([
      ['sorry-in-statement', 1, 'sorry', 'statement'],
      ['sorry-in-proof', 2, 'sorry', 'by-block'],
      ['sorry-in-statement', 3, 'sorry', 'statement'],
      ['sorry-in-data', 3, 'sorry', 'value'],
    ]);
  });

  it('finds every escape hatch', () => {
    expect(
      gaps(
        [
          'theorem a : 2 + 2 = 4 := by native_decide',
          'theorem b : 2 + 2 = 4 := by decide +native',
          'theorem c : P := Lean.ofReduceBool x y h',
          '@[implemented_by fastImpl] def slow := 1',
          '@[extern "c_fn"] opaque cfn : Nat → Nat',
          'unsafe def u : Nat := 0',
          'opaque secret : Nat',
          'set_option maxHeartbeats 0 in',
          'theorem d : True := by exact?',
          'set_option synthInstance.maxHeartbeats 0',
          'set_option debug.skipKernelTC true',
          'theorem e (n : Nat) : True := by apply?',
          'attribute [implemented_by fastImpl] other',
          'set_option maxHeartbeats 400000 in',
          'theorem f : (x : Nat) → True := fun _ => trivial',
          'theorem g : True := by aesop (add unsafe foo)',
        ].join('\n'),
      ),
    ).toEqual([
      ['native-decide', 1, 'native_decide', 'a'],
      ['native-decide', 2, 'decide +native', 'b'],
      ['native-decide', 3, 'Lean.ofReduceBool', 'c'],
      ['implemented-by', 4, '@[implemented_by]', 'slow'],
      ['extern', 5, '@[extern]', 'cfn'],
      ['opaque-without-body', 5, 'opaque', 'cfn'],
      ['unsafe', 6, 'unsafe', 'u'],
      ['opaque-without-body', 7, 'opaque', 'secret'],
      ['max-heartbeats-zero', 8, 'set_option maxHeartbeats 0', undefined],
      ['trivial-statement', 9, 'True', 'd'],
      ['search-tactic', 9, 'exact?', 'd'],
      ['max-heartbeats-zero', 10, 'set_option synthInstance.maxHeartbeats 0', undefined],
      ['skip-kernel-tc', 11, 'set_option debug.skipKernelTC true', undefined],
      ['trivial-statement', 12, 'True', 'e'],
      ['search-tactic', 12, 'apply?', 'e'],
      ['implemented-by', 13, '@[implemented_by]', undefined],
      ['trivial-statement', 16, 'True', 'g'],
    ]);
  });

  it('sees nothing in comments, strings, docstrings, identifiers or after #exit', () => {
    expect(
      gaps(
        [
          '/-- sorry native_decide -/',
          'def s : String := s!"sorry {1} admit"',
          'def sorry_free := 1 -- sorry',
          '/- axiom bad : False -/',
          'theorem t : True ∧ True := ⟨trivial, trivial⟩',
          '#exit',
          'theorem after : 1 = 2 := sorry',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

testAuditor(proofGaps, {
  valid: [
    { name: 'a complete proof', code: 'theorem t : 1 + 1 = 2 := rfl\n' },
    {
      name: 'a metaprogram that builds `sorry` syntax (aesop’s mkSorry) or names it: quoted, no gap',
      code: [
        'def mkSorry (g : MVarId) : MetaM Syntax := do',
        '  g.admit',
        '  `(tactic| sorry)',
        'def isSorry (s : Syntax) : Bool := s.getId == `sorry || s == (← `(term| sorry))',
        '',
      ].join('\n'),
    },
  ],
  invalid: [
    {
      name: 'an escape hatch used over and over: one finding per declaration with every place; an example’s is information',
      code: [
        'theorem big : P := by',
        '  have a : X := by native_decide',
        '  have b : Y := by native_decide',
        '  exact foo (by native_decide)',
        'example : t.order = 2 := by native_decide',
        'example : t.density = 3 := by native_decide',
        '@[implemented_by fastImpl] opaque fast : Nat → Nat',
        'unsafe def fastImpl (n : Nat) : Nat := n',
        'opaque Unspecified : Nat → Prop',
        '',
      ].join('\n'),
      findings: [
        {
          messageId: 'native-decide',
          line: 2,
          severity: 'warning',
          message: '`native_decide` in big (3 uses): the kernel trusts compiled code',
        },
        { messageId: 'native-decide-in-example', line: 5, severity: 'info' },
        { messageId: 'native-decide-in-example', line: 6, severity: 'info' },
        { messageId: 'implemented-by', line: 7, severity: 'info' },
        { messageId: 'unsafe', line: 8, severity: 'info' },
        { messageId: 'opaque-without-body', line: 9, severity: 'warning' },
      ],
      metrics: { 'native-decide': 5, 'opaque-without-body': 1, 'escape-hatches': 8 },
    },
    {
      name: 'gaps of the lakefile’s test driver library: one information per file, out of the totals',
      code: 'theorem fine : 1 = 1 := rfl\n',
      files: {
        'lakefile.toml': TEST_DRIVER_LAKEFILE,
        'TestTest/Linter.lean': 'axiom test_sorry : ∀ {α}, α\n\ntheorem t : 1 = 2 := sorry\ntheorem u : 1 = 3 := sorry\n',
      },
      findings: [
        {
          messageId: 'test-library',
          file: 'TestTest/Linter.lean',
          line: 1,
          severity: 'info',
          message:
            'TestTest/Linter.lean is in TestTest, the lakefile’s test driver: 3 gaps (axiom ×1, `sorry` ×2) left out of the totals, as test inputs',
        },
      ],
      metrics: { axiom: 0, sorry: 0, 'files-with-gaps': 0, 'deliberate-gaps': 3, 'deliberate-gap-files': 1 },
    },
    {
      name: 'the challenge module of comparator_config.json (carleson’s Challenge.lean): its sorries are the statements to prove',
      code: 'theorem classical_carleson : 1 = 1 := rfl\n',
      path: 'Test/Solution.lean',
      files: {
        'lakefile.toml': 'name = "Test"\n\n[[lean_lib]]\nname = "Test"\n\n[[lean_lib]]\nname = "Challenge"\n',
        'comparator_config.json': JSON.stringify({ challenge_module: 'Challenge', solution_module: 'Test.Solution' }),
        'Challenge.lean': "theorem classical_carleson' : 1 = 1 := sorry\n",
      },
      findings: [
        {
          messageId: 'challenge-statement',
          file: 'Challenge.lean',
          line: 1,
          severity: 'info',
          message:
            'Challenge.lean is Challenge, comparator’s challenge module: 1 gap (`sorry` ×1) left out of the totals, as the statements a solution proves in Test.Solution',
        },
      ],
      metrics: { sorry: 0, 'deliberate-gaps': 1 },
    },
    {
      name: 'a sorry whose kind one cannot tell (FLT’s instance module … := ⟨sorry⟩, a field `map` of a structure declared elsewhere), and a proof argument',
      code: [
        'instance module : Module S W := ⟨sorry⟩',
        'def F : Subfunctor G where',
        '  map := sorry',
        'def ofComplex (z : Nat) (hρ : z = z) : Nat := z',
        'def c : Nat := ofComplex 1 sorry',
        '',
      ].join('\n'),
      findings: [
        {
          messageId: 'sorry-undetermined',
          line: 1,
          severity: 'error',
          entityId: 'module',
          message: /^`sorry` in module: a missing proof or missing data, undetermined: it is a component of an anonymous constructor/,
        },
        {
          messageId: 'sorry-undetermined',
          line: 3,
          message:
            '`sorry` in F: a missing proof or missing data, undetermined: `map` is a field of `Subfunctor`, declared outside the sources read (with `.lake/packages` checked out, its declared type decides)',
        },
        { messageId: 'sorry-in-proof', line: 5, message: '`sorry` in the proof `hρ` that ofComplex takes, in the value of c' },
      ],
      metrics: { sorry: 3, 'sorry-undetermined': 2, 'sorry-in-proof': 1, 'declarations-with-sorry': 3 },
    },
    {
      name: 'an indented private axiom and a sorry, also on a model without locations',
      code: 'namespace N\n\n  private axiom ax : False\n\ntheorem t : 1 = 2 := by\n  sorry\n\nend N\n',
      findings: [
        { messageId: 'axiom', line: 3 },
        { messageId: 'sorry-in-proof', line: 6 },
      ],
    },
    {
      name: 'an unfinished statement (formal-conjectures’ answer(sorry)) with a complete proof',
      code: 'theorem t : answer(sorry) ↔ True := by\n  simp\n',
      findings: [{ messageId: 'sorry-in-statement', line: 1 }],
    },
    {
      name: 'uses of sorry macros (SciLean’s sorry_proof), in a proof, a statement and data, but not in comments, strings or syntax quotations',
      code: [
        'import Test.Util',
        '',
        'theorem t : 1 = 2 := sorry_proof',
        '',
        'theorem u (h : sorry_proof) : 1 = 1 := by',
        '  exact sorry_proof',
        '',
        'def n : Nat := sorry_data',
        'theorem mazur : 2 = 2 := by knownin1980s',
        '',
        '-- sorry_proof in a comment',
        'def s : String := "sorry_proof"',
        'def mk : MacroM Term := `(sorry_proof)',
        '',
      ].join('\n'),
      files: {
        'Test/Util.lean': [
          'axiom sorryProofAxiom {P : Prop} : P',
          'axiom knownin1980s {P : Prop} : P',
          'macro "knownin1980s" : tactic => `(tactic| exact knownin1980s)',
          'axiom sorryDataAxiom {α : Sort _} : α',
          'macro "sorry_proof" : term => `(sorryProofAxiom)',
          'macro "sorry_proof" : tactic => `(tactic| exact sorry_proof)',
          'macro "sorry_data" : term => `(sorryDataAxiom)',
          '',
        ].join('\n'),
      },
      findings: [
        {
          messageId: 'sorry-macro',
          line: 3,
          column: 21,
          message: '`sorry_proof` in the proof of t stands for `sorryProofAxiom` through a project macro: a sorry by another name',
        },
        { messageId: 'sorry-macro', line: 5, message: /in the statement of u/ },
        { messageId: 'sorry-macro', line: 6, message: /in the proof of u/ },
        {
          messageId: 'sorry-macro',
          line: 8,
          message: '`sorry_data` in the value of n stands for `sorryDataAxiom` through a project macro: a sorry by another name',
        },
        { messageId: 'sorry-macro', line: 9, message: /`knownin1980s` in the proof of mazur stands for `knownin1980s`/ },
        { messageId: 'axiom', file: 'Test/Util.lean', line: 1 },
        // The axiom named like its macro (FLT's `knownin1980s`): its name is no use of the macro.
        { messageId: 'axiom', file: 'Test/Util.lean', line: 2 },
        { messageId: 'axiom', file: 'Test/Util.lean', line: 4 },
      ],
    },
    {
      name: 'a tactic macro that discharges with sorry, seen only where its module is imported',
      code: 'import Test.Tactic\n\ntheorem t : 1 = 1 := by\n  conv => ad\n',
      files: {
        'Test/Tactic.lean': 'macro "ad" : conv => `(conv| simp (disch:=sorry) only [foo])\n',
        'Test/Other.lean': 'def ad : Nat := 1\n\ntheorem v : ad = 1 := rfl\n',
      },
      findings: [
        { messageId: 'sorry-macro', line: 4, column: 10, message: /`ad` in the proof of t stands for `sorry`/ },
        // The `sorry` token of the macro's own text counts as one, outside any declaration.
        {
          messageId: 'sorry-in-command',
          file: 'Test/Tactic.lean',
          line: 1,
          severity: 'warning',
          message: /outside any declaration, in the command at line 1/,
        },
      ],
    },
    {
      name: 'a tactic elaborator that admits the goal: no sorry token anywhere',
      code: 'import Test.Admit\n\ntheorem t : 1 = 2 := by\n  skip_goal\n',
      files: { 'Test/Admit.lean': 'open Lean Elab Tactic\nelab "skip_goal" : tactic => do\n  admitGoal (← getMainGoal)\n' },
      findings: [{ messageId: 'sorry-macro', line: 4, column: 2, message: /`skip_goal` in the proof of t stands for `sorry`/ }],
    },
  ],
});

testAuditor(proofGaps, {
  invalid: [
    {
      name: 'no result resting on a gap in another file: a used lemma, a gap in the same file, a theorem with its own sorry',
      code: [
        'import Test.Gap',
        'theorem sameFile : 1 = 1 := sorry',
        'theorem onSameFile : 1 = 1 := sameFile',
        'theorem own : 1 = 1 := by',
        '  have := Test.step',
        '  sorry',
        'theorem fine : 1 = 1 := rfl',
        '',
      ].join('\n'),
      files: { 'Test/Gap.lean': 'theorem Test.step : 1 = 1 := rfl\n' },
      findings: [
        { line: 2, messageId: 'sorry-in-proof' },
        { line: 6, messageId: 'sorry-in-proof' },
      ],
      metrics: { 'results-resting-on-gaps': 0 },
    },
    {
      name: 'a result resting on a sorry and one on a project axiom in other files, each named with its chain',
      code: [
        'import Test.Gap',
        'theorem middle : 1 = 1 := Test.step',
        'theorem top : 1 = 1 := middle',
        'theorem onAxiom : 2 = 2 := Test.assumed',
        '',
      ].join('\n'),
      files: { 'Test/Gap.lean': 'theorem Test.step : 1 = 1 := sorry\naxiom Test.assumed : 2 = 2\n' },
      findings: [
        { file: 'Test/Gap.lean', line: 1, messageId: 'sorry-in-proof' },
        { file: 'Test/Gap.lean', line: 2, messageId: 'axiom' },
        {
          line: 3,
          messageId: 'rests-on-gap',
          severity: 'warning',
          message: 'top, which no other declaration uses, rests on the sorry in Test.step in Test/Gap.lean: top → middle → Test.step',
        },
        { line: 4, messageId: 'rests-on-gap', message: /rests on the axiom Test\.assumed in Test\/Gap\.lean: onAxiom → Test\.assumed$/ },
      ],
      metrics: { 'results-resting-on-gaps': 2 },
    },
  ],
});
