/**
 * proof-tampering
 *
 * What it checks: code that makes Lean accept, or a reader believe, a proof that was not checked —
 * metaprograms changing the environment as the file is elaborated, options that turn proofs into
 * `sorry` or skip the kernel (in the source or the lakefile), `stop`, `#exit` hiding declarations,
 * native evaluation beyond `native_decide`, instances and notations that give core classes and
 * symbols another meaning, a `prelude` file redefining what the kernel computes natively, project
 * syntax hiding a gap at the theorems that use it, imports of modules the audit did not read; and,
 * as information, what only Lean can decide (`partial`, `implemented_by`, an axiom behind an
 * instance, a non-positive inductive), with the check that would.
 *
 * Why it matters: a repository that wants to look finished gets past "it compiles and has no
 * sorry" with any of these. Kept apart from proof-gaps, which counts the gaps of honest work: these
 * are tricks, reported where they stand, each its own rule to configure.
 *
 * Example: `run_cmd liftCoreM (addDecl forged)` gives `environment-change`; `set_option
 * debug.byAsSorry true` gives `proof-checking-option`; `local instance : Add Nat` gives
 * `core-instance`; the words in comments and strings, `decide +kernel` and an instance for a
 * project type give nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditContext, AuditorMeta, FindingInput } from '../../core/types.js';
import { readLeanSource } from '../../lean/project.js';
import { ImportGraph } from '../../lean/workspace/imports.js';
import { environmentChanges } from './environment.js';
import { escapes } from './escapes.js';
import { unreadImports } from './imports.js';
import { withLeanAnswers } from './lean-answers.js';
import { macroUses } from './macros.js';
import { meaningChanges } from './meaning.js';
import { needsLean } from './needs-lean.js';
import { lakefileOptions, sourceOptions } from './options.js';
import { type FileCode, fileCode } from './source.js';

export const meta: AuditorMeta = {
  id: 'proof-tampering',
  description: 'code that makes Lean accept, or a reader believe, a proof that was not checked',
  rules: {
    'environment-change': {
      message: '`{{call}}` in {{where}}: constants it adds or replaces escape `#print axioms` and the kernel',
      severity: 'error',
      docs: {
        what: 'Code run as the file is elaborated (`run_cmd`, `run_elab`, `run_meta`, `#eval`, a proof’s `run_tac`/`by_elab`) calling `addDecl`, `modifyEnv` or `setEnv`; anywhere, `addDeclCore`, `addDeclWithoutChecking`, `setCheckedSync` or a constant put into the map by hand.',
        why: 'It can add an axiom `#print axioms` does not list, an unchecked theorem or a constructor of `False`; only a kernel replay (`lake env leanchecker`) sees it. Library elaborators call `addDecl`/`modifyEnv` too, so those count only where code runs on the spot.',
        example:
          'run_cmd liftCoreM (addDecl (.axiomDecl { name := `forged, levelParams := [], type := mkConst ``False, isUnsafe := false }))',
      },
    },
    'uses-added-constant': {
      message: '{{decl}} uses `{{name}}`, a constant added by the code at {{at}}: it rests on what the kernel may never have checked',
      severity: 'error',
      docs: {
        what: 'A declaration after an `environment-change` in its file that uses a constant that code names (quoted, as `` `forged ``).',
        why: 'The theorem reads as proved from a constant with no visible declaration; the chain from the theorem to the code that made the constant is in the evidence.',
        example:
          'run_cmd liftCoreM (addDecl (.axiomDecl { name := `forged, levelParams := [], type := mkConst ``False, isUnsafe := false }))\ntheorem t : False := forged',
      },
    },
    'proof-checking-option': {
      message: '`{{option}}` {{where}}: Lean accepts proofs it did not check',
      severity: 'error',
      docs: {
        what: '`debug.byAsSorry`, `debug.proofAsSorry`, `debug.terminalTacticsAsSorry` or `debug.skipKernelTC` set to `true`: in a `set_option` (quoted components such as `debug.«skipKernelTC»` included) or in the lakefile (`moreLeanArgs`, `weakLeanArgs`, `leanOptions`). The plain `set_option debug.skipKernelTC true` is proof-gaps’ `skip-kernel-tc`.',
        why: 'Proofs elaborated as `sorry`, or never type-checked by the kernel, look finished. Given by the lakefile, the option reaches every file without a line of it in the source.',
        example: 'set_option debug.byAsSorry true\ntheorem t : 2 + 2 = 5 := by decide',
      },
    },
    'sorry-warning-off': {
      message:
        '`{{option}}` {{where}}: the build no longer warns about the `sorry` of {{files}} file(s), so a clean build log says nothing about gaps',
      severity: 'warning',
      docs: {
        what: '`warn.sorry` set to `false`, in a `set_option` or in the lakefile (`leanOptions`, `moreLeanArgs`, `weakLeanArgs`), in a project with a `sorry` or `admit` to silence.',
        why: 'The sorries stay (proof-gaps counts them, `#print axioms` lists `sorryAx`), but `lake build` passes without the warning each one gives: whoever trusts the build log sees a finished project.',
        example: 'set_option warn.sorry false\ntheorem t : 1 = 2 := by sorry',
      },
    },
    'stop-tactic': {
      message: '`stop` admits every goal left: the rest of the proof is not checked',
      severity: 'error',
      docs: {
        what: 'The tactic `stop`, core Lean’s `repeat sorry`.',
        why: 'Everything after it is skipped and the goals are closed with `sorry`; there is no `sorry` token to count.',
        example: 'theorem t : P := by\n  constructor\n  stop\n  simp',
      },
    },
    'quoted-sorry': {
      message: '`{{token}}` in a syntax quotation the proof’s `{{runner}}` elaborates: a sorry the proof builds',
      severity: 'error',
      docs: {
        what: 'A `sorry` or `admit` inside a syntax quotation (`` `(tactic| sorry) ``) in a declaration whose proof runs meta code (`run_tac`, `by_elab`).',
        why: 'Quotations in macros are their expansions, reported at the uses; in a proof’s own meta code the quoted `sorry` is elaborated on the spot and closes the goal.',
        example: 'theorem t : 1 = 2 := by\n  run_tac do evalTactic (← `(tactic| sorry))',
      },
    },
    'exit-hides-declarations': {
      message: '`#exit` ends the file for Lean: {{count}} declaration{{s}} after it (first `{{first}}`) neither checked nor counted',
      severity: 'warning',
      docs: {
        what: 'An `#exit` command with declarations after it.',
        why: 'Lean stops reading the file at `#exit`: the declarations after it are not checked, and neither their gaps nor they themselves are in any count, while a reader of the file sees them.',
        example: 'theorem warm_up : 1 + 1 = 2 := rfl\n#exit\ntheorem main : P := sorry',
      },
    },
    'native-evaluation': {
      message: '`{{token}}`: the kernel trusts compiled code',
      severity: 'warning',
      docs: {
        what: 'Native evaluation other than `native_decide`/`decide +native` (proof-gaps’ `native-decide`): `bv_decide`, `decide (config := { native := true })`, `Lean.ofReduceNat`.',
        why: 'The proof rests on the compiler and every `@[implemented_by]`/`@[extern]` it runs, through an axiom of native reduction, not on the kernel.',
        example: 'theorem t (x : BitVec 8) : x + 0 = x := by bv_decide',
      },
    },
    'core-instance': {
      message: 'an instance of `{{class}}` for `{{type}}`: statements about `{{type}}` in its scope do not mean what they read',
      severity: 'error',
      docs: {
        what: 'An instance of a core class of arithmetic, order, equality or numerals (`Add`, `OfNat`, `LE`, `DecidableEq`, …) for a core type (`Nat`, `Int`, `ℝ`, …), local, scoped or global.',
        why: 'Core types already have these instances; another one, local or of high priority, silently changes what `1 + 1 = 3` or `(2 : ℕ)` means in every statement that elaborates with it.',
        example: 'local instance : Add Nat where\n  add _ _ := 3\ntheorem t : 1 + 1 = 3 := rfl',
      },
    },
    'core-notation': {
      message: '`{{command}}` gives the core `{{symbol}}` another meaning: statements using it do not say what they read',
      severity: 'error',
      docs: {
        what: 'A `notation`, `infix`/`prefix`/`postfix` or `macro` whose atom is a word of core Lean (`True`, `Nat`, `rfl`, …), or, local or scoped, a symbol of core Lean (`=`, `≈`, `+`, `∀`, …). A global notation on a core symbol overloads it, Lean choosing by type, and is not reported.',
        why: 'A statement written with the symbol reads as the core meaning but elaborates as the new one: `theorem t : True` proves `False` after `local notation "True" => False`. A notation on a fresh symbol changes nothing already written.',
        example: 'local notation "True" => False',
      },
    },
    'prelude-redefinition': {
      message: '`{{name}}` defined in a `prelude` file: the kernel computes it natively, not by this definition',
      severity: 'error',
      docs: {
        what: 'A `prelude` file (one that does not import core Lean) defining a function the kernel computes natively (`Nat.gcd`, `Nat.add`, `Nat.ble`, …).',
        why: 'The kernel evaluates these on numerals with its own implementation, whatever the definition says, so it accepts both `Nat.gcd a b = 0` (by the definition) and `Nat.gcd 1 1 = 1` (by computation): a proof of `False`.',
        example: 'prelude\nimport Init.Prelude\ndef Nat.gcd (_ _ : Nat) : Nat := 0',
      },
    },
    'macro-hides-gap': {
      message: '`{{word}}` in {{decl}} {{does}}, through project syntax defined at {{defined}}',
      severity: 'error',
      docs: {
        what: 'A use, in a declaration, of project syntax whose expansion or elaborator hides a gap: `native_decide` behind a tactic macro or a `macro_rules` rewrite of a core tactic, an elaborator admitting the goal through a helper or registered by `@[tactic …]`, ``mkConst ``sorryAx``, or a macro spelled with look-alike letters (Cyrillic `о` in `sоrry`). Reported in the files that see the definition (its own and those importing it).',
        why: 'The theorem using it shows no `sorry` or `native_decide`; the gap is where the syntax is defined, possibly in another file. Plain sorry macros are proof-gaps’ `sorry-macro`.',
        example: 'macro "compute_it" : tactic => `(tactic| native_decide)\ntheorem t : (List.range 100).length = 100 := by compute_it',
      },
    },
    'unread-import': {
      message: 'imports `{{module}}` ({{path}}), a module of the project the audit did not read: its gaps are in no count',
      severity: 'error',
      docs: {
        what: 'An import of a module whose file is in the project (under a hidden folder, or named as a root in a way the audit does not follow) but not among the files the audit read.',
        why: 'Lake builds it and the importing file rests on it, but whatever it declares (a `sorry`, an axiom, an option) is in no count of the audit.',
        example: 'import «.gen».Lemma   -- .gen/Lemma.lean: theorem gen_lemma : 1 = 2 := sorry',
        exampleNeeds: 'the imported file, under a hidden folder',
      },
    },
    'needs-lean': {
      message: '{{decl}} {{why}}; needs Lean to decide: `{{command}}`',
      severity: 'info',
      docs: {
        what: 'A declaration whose soundness the text cannot decide: `partial`, `@[implemented_by]` or a bodiless `opaque` that a theorem uses, an instance built on a project axiom, an inductive type in negative position in its own constructor, a hypothesis `Fact False`. The finding’s evidence names the check (`check: { kind, command }`: `#print axioms X`, `lake env leanchecker M`).',
        why: 'These are often fine (programs use `partial` and `implemented_by` by design) but can carry an unsound assumption that no name in the proof shows; `#print axioms` or a kernel replay says which.',
        example: 'partial def spin (n : Nat) : Nat := spin (n + 1)\ntheorem t : spin 0 = spin 0 := rfl',
      },
    },
    'lean-answered': {
      message: '{{decl}} {{why}}; `{{command}}` lists: {{axioms}}',
      severity: 'info',
      docs: {
        what: 'A needs-lean finding whose `#print axioms` check Lean answered, the REPL being configured: the axioms beyond the standard three it lists, all of them in the evidence (`axioms`).',
        why: 'What the text could not decide, Lean did: `sorryAx`, a project axiom or a native-computation axiom in the list is the unsound assumption the text only suspected; only standard axioms clear it.',
        example: 'partial def spin (n : Nat) : Nat := spin (n + 1)   -- with repl.command set',
        exampleNeeds: 'the Lean REPL, configured',
      },
    },
  },
  needs: ['lean-project'],
};

const LAKEFILES = ['lakefile.lean', 'lakefile.toml'];

export async function run(ctx: AuditContext): Promise<void> {
  const project = await ctx.project();
  const codes: FileCode[] = [];
  for (const file of project.files) {
    ctx.signal.throwIfAborted();
    const text = readLeanSource(project, file);
    codes.push(fileCode(file.path, file.module, text ?? ''));
  }
  const read = new Set(project.files.map((file) => file.module));
  // Silenced sorry warnings matter where there is a sorry to silence.
  const sorried = codes.filter((code) =>
    code.tokens.some((t) => t.kind === 'keyword' && (t.text === 'sorry' || t.text === 'admit')),
  ).length;
  const keep = (finding: FindingInput): boolean => finding.messageId !== 'sorry-warning-off' || sorried > 0;
  const withCount = (finding: FindingInput): FindingInput =>
    finding.messageId === 'sorry-warning-off'
      ? { ...finding, data: { ...finding.data, files: String(sorried) }, evidence: { ...finding.evidence, filesWithSorry: sorried } }
      : finding;
  for (const code of codes) {
    for (const finding of [
      ...environmentChanges(code),
      ...sourceOptions(code),
      ...escapes(code),
      ...meaningChanges(code),
      ...unreadImports(code, project.root, read),
    ].filter(keep))
      ctx.report(withCount(finding));
  }
  for (const name of LAKEFILES) {
    const path = join(project.root, name);
    if (existsSync(path))
      for (const finding of lakefileOptions(name, readFileSync(path, 'utf8')).filter(keep)) ctx.report(withCount(finding));
  }
  const imports = new ImportGraph(project.files);
  for (const finding of macroUses(
    codes,
    imports,
    project.files.map((file) => file.path),
  ))
    ctx.report(finding);
  for (const finding of await withLeanAnswers(ctx, project, needsLean(project))) ctx.report(finding);
}
