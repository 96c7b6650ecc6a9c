/**
 * proof-gaps
 *
 * What it checks: every `sorry` and `admit` token (never one in a comment, string, docstring or an
 * identifier such as `sorry_free`), classified as in a statement (the binders and type of a
 * declaration: `answer(sorry) ↔ …`), in a proof (theorem/lemma/example, a `by` block, a proof
 * field) or in data (the value of a def/abbrev/instance or a data field; a field of a structure
 * the project declares is told by its declared type, any other by its name); `axiom`
 * declarations with any modifiers, namespace or indentation; and the escape hatches that make the
 * kernel trust what it did not check: `native_decide`/`Lean.ofReduceBool`/`decide +native`,
 * `@[implemented_by]`, `@[extern]`, `unsafe`, bodiless `opaque`, `set_option maxHeartbeats 0`,
 * `set_option debug.skipKernelTC true`, `apply?`/`exact?`/`rw?` left in a proof, and a theorem
 * whose statement is `True`; and the uses of the project's sorry macros (SciLean's `sorry_proof`,
 * a macro for `axiom sorryProofAxiom {P : Prop} : P`; see src/lean/sorry-macros.ts), placed as a
 * `sorry` would be. Totals per project and per file are metrics.
 *
 * Why it matters: "compiles with no sorry" is the signal people read today, usually counted with
 * grep, which counts sorries in comments and strings and misses indented or `private` axioms. A
 * sorry in data is worse than a missing proof: it is an unstated assumption every theorem using
 * that definition silently depends on; a sorry in a statement means the claim itself is not yet
 * written down, whatever its proof.
 *
 * Example: `def bound : ℕ := sorry` gives `sorry-in-data`; `theorem t : P := by\n  sorry` gives
 * `sorry-in-proof`; `theorem t : answer(sorry) ↔ P` gives `sorry-in-statement`; `/- sorry -/` and
 * `"sorry"` give nothing.
 */
import type { AuditContext, AuditorMeta, FindingInput } from '../../core/types.js';
import { readLeanSource, sourceByPath } from '../../lean/project.js';
import { type GapKind, macroSorriesOf, type ProofGap, proofGapsOf, SORRY_KINDS } from '../../lean/syntax/gaps.js';
import { typeHead } from '../../lean/syntax/lexer.js';
import { isProofKind } from '../../lean/syntax/names.js';
import { ImportGraph } from '../../lean/workspace/imports.js';
import type { LeanDecl } from '../../model/lean.js';
import { blueprintClaims } from './blueprint-claims.js';
import { type DeliberateGaps, deliberateGapFiles } from './deliberate-gaps.js';
import { classifyFieldsByType } from './fields.js';
import { reachedGapFindings } from './reached-gaps.js';
import { Dependents } from './resting-on.js';
import { sorryMacros, sorryMacrosByFile } from './sorry-macros.js';
import { reportTrust } from './trust-findings.js';

export const meta: AuditorMeta = {
  id: 'proof-gaps',
  description: 'sorry/admit in proofs, in data and in statements, axioms and kernel escape hatches, counted on tokens',
  rules: {
    'sorry-in-proof': {
      message: '`{{token}}` in {{place}} {{decl}}',
      severity: 'error',
      docs: {
        what: 'A `sorry` or `admit` token in a proof: the value of a theorem, lemma or example, a `by` block, a proof field of a structure instance, or an argument whose parameter is a proposition (`ofComplex z ρ sorry` for `hρ : ρ.IsTrivial`, also inside a statement).',
        why: 'The theorem is not proved; Lean accepts it only because `sorry` fills the gap, and every result using it inherits the gap.',
        example: 'theorem t : 2 + 2 = 4 := by\n  sorry',
      },
    },
    'sorry-in-data': {
      message: '`{{token}}` as data in {{decl}}: an unstated assumption, not a missing proof',
      severity: 'error',
      docs: {
        what: 'A `sorry` standing for data: the value of a `def`, `abbrev` or `instance`, a data field of a structure instance, or an argument whose parameter is data.',
        why: 'A sorry in data is an unstated assumption, not a missing proof: every theorem about that definition silently depends on a value nobody wrote.',
        example: 'def bound : ℕ := sorry',
      },
    },
    'sorry-in-statement': {
      message: '`{{token}}` in the statement of {{decl}}: the claim itself is unfinished, whatever its proof',
      severity: 'error',
      docs: {
        what: 'A `sorry` inside the statement of a declaration (its binders or type), such as `answer(sorry)` in a benchmark problem.',
        why: 'The claim itself is unfinished: whatever its proof, it does not yet say anything definite.',
        example: 'theorem t : answer(sorry) ↔ P := by\n  sorry',
      },
    },
    'sorry-in-command': {
      message:
        "`{{token}}` outside any declaration, in {{decl}}: a macro's expansion (its uses are reported where they stand) or a `#check`",
      severity: 'warning',
      docs: {
        what: "A `sorry` outside any declaration: in a macro's expansion (its uses are reported where they stand) or a command such as `#check`.",
        why: 'It may be harmless (a `#check`) or the definition of a sorry by another name; it is worth a look, but is not counted as a gap of a theorem.',
        example: 'macro "sorry_proof" : term => `(sorry)',
      },
    },
    'sorry-undetermined': {
      message: '`{{token}}` in {{decl}}: a missing proof or missing data, undetermined: {{why}}',
      severity: 'error',
      docs: {
        what: 'A `sorry` whose kind the sources cannot tell: the value of a field whose structure is declared outside the sources read and whose name says nothing (`map`), an argument of a function declared there, or a component of an anonymous constructor `⟨…⟩`.',
        why: 'It is a gap either way, but calling it data ("an unstated assumption") or a proof would be a guess: Mathlib’s `Subfunctor.map` is a proof, `Functor.map` data. With `.lake/packages` checked out, the declared type of a Mathlib structure’s field decides.',
        example: 'def F : Subfunctor G where\n  obj U := …\n  map := sorry   -- undetermined without Mathlib’s sources; a proof with them',
      },
    },
    'sorry-macro': {
      message: '`{{token}}` in {{place}} {{decl}} stands for `{{standsFor}}` through a project macro: a sorry by another name',
      severity: 'error',
      docs: {
        what: "A use of a project macro whose expansion is a `sorry` (SciLean's `sorry_proof`, a macro for an axiom of any proposition), placed as a `sorry` would be.",
        why: 'A renamed sorry escapes `grep sorry` and every count that reads tokens, while leaving the same gap.',
        example: 'macro "sorry_proof" : term => `(sorry)\ntheorem t : P := sorry_proof',
      },
    },
    axiom: {
      message: 'axiom {{decl}} is assumed without proof',
      severity: 'error',
      docs: {
        what: 'An `axiom` declaration of the project, with any modifiers, namespace or indentation.',
        why: 'An axiom is assumed, not proved; a false one makes every theorem provable, and theorems using it are only as sound as the assumption.',
        example: 'axiom choice_fn : (ℕ → ℕ) → ℕ',
      },
    },
    'native-decide': {
      message: '`{{token}}` in {{decl}}{{uses}}: the kernel trusts compiled code',
      severity: 'warning',
      docs: {
        what: 'A declaration proved with `native_decide`, `decide +native` or `Lean.ofReduceBool`: one finding per declaration, its uses listed in the evidence.',
        why: 'The proof rests on the axiom `Lean.ofReduceBool`: the compiler and every `@[implemented_by]`/`@[extern]` it runs are trusted, and so is everything that uses the declaration.',
        example: 'theorem order_five : t5a.order = 5 := by native_decide',
      },
    },
    'native-decide-in-example': {
      message: '`{{token}}` in an example{{uses}} ({{decl}}): a check nothing rests on',
      severity: 'info',
      docs: {
        what: 'An `example` proved with `native_decide` (or `decide +native`, `Lean.ofReduceBool`).',
        why: 'An `example` adds nothing to the environment, so no theorem can rest on it: the compiled-code trust stays inside this check (a computation such as a table of values), where a theorem’s would spread to its users.',
        example: 'example : t2.density = 2 := by native_decide',
      },
    },
    'implemented-by': {
      message:
        '`@[implemented_by]` on {{decl}}: compiled code may differ from the logical definition; proofs see it only through `native_decide`',
      severity: 'info',
      docs: {
        what: 'A definition whose compiled code is another one (`@[implemented_by f_impl]`).',
        why: 'The kernel checks proofs against the logical definition; the implementation is trusted only by code that runs, and by proofs through `native_decide` (reported apart). Programs such as batteries and aesop use it by design.',
        example: '@[implemented_by scanlMUnsafe] def scanlM … := …',
      },
    },
    extern: {
      message: '`@[extern]` on {{decl}}: compiled code may differ from the logical definition; proofs see it only through `native_decide`',
      severity: 'info',
      docs: {
        what: 'A definition whose compiled code is a C function (`@[extern "c_fn"]`).',
        why: 'As for `@[implemented_by]`: the kernel checks proofs against the logical definition, and only `native_decide` proofs trust the compiled code.',
        example: '@[extern "lean_nat_add"] def add : Nat → Nat → Nat := …',
      },
    },
    unsafe: {
      message: '{{decl}} is `unsafe`: no theorem can use it; only compiled code runs it',
      severity: 'info',
      docs: {
        what: 'A declaration marked `unsafe`.',
        why: 'The kernel rejects any safe declaration that uses an unsafe one, so no proof rests on it; it is code (an implementation behind `@[implemented_by]`, a metaprogram, a script).',
        example: 'unsafe def mapMUnsafe … := …',
      },
    },
    'opaque-without-body': {
      message: 'opaque {{decl}} has no body: an unspecified constant',
      severity: 'warning',
      docs: {
        what: 'An `opaque` constant given no value and no implementation (`@[implemented_by]`/`@[extern]`, which make it compiled code).',
        why: 'Nothing can be proved about it beyond its type: a definition a formalization leaves unspecified.',
        example: 'opaque IsGood : ℕ → Prop',
      },
    },
    'max-heartbeats-zero': {
      message: '`{{token}}` disables the heartbeat limit',
      severity: 'warning',
      docs: {
        what: "`set_option maxHeartbeats 0` (or `synthInstance.maxHeartbeats 0`): the elaborator's time limit turned off.",
        why: 'A proof that needs unbounded time may never finish on another machine or toolchain, and a loop in elaboration then hangs the build instead of failing.',
        example: 'set_option maxHeartbeats 0 in\ntheorem big : … := by simp',
      },
    },
    'skip-kernel-tc': {
      message: '`{{token}}`: declarations are not type-checked by the kernel',
      severity: 'error',
      docs: {
        what: '`set_option debug.skipKernelTC true`: declarations are added without the kernel type-checking them.',
        why: "Everything after it is accepted on the elaborator's word alone: a wrong proof is no longer caught by the kernel.",
        example: 'set_option debug.skipKernelTC true\ntheorem t : False := …',
      },
    },
    'search-tactic': {
      message: '`{{token}}` left in {{decl}}{{uses}}',
      severity: 'warning',
      docs: {
        what: 'A search tactic left in a proof: `apply?`, `exact?` or `rw?`; one finding per declaration, its uses listed in the evidence.',
        why: 'They are for finding a proof while writing it; left in, they re-run the search at every build and may close the goal differently on another Mathlib.',
        example: 'theorem t (a b : ℕ) : a + b = b + a := by exact?',
      },
    },
    'trivial-statement': {
      message: 'the statement of {{decl}} is `True`',
      severity: 'warning',
      docs: {
        what: 'A theorem or lemma whose whole statement is `True`.',
        why: 'It proves nothing: usually a placeholder for a statement not yet written, which progress counts then count as done.',
        example: 'theorem main_result : True := trivial',
      },
    },
    'exemption-refused': {
      message: '{{what}} is not taken as deliberate gaps: {{why}}; its gaps count',
      severity: 'warning',
      docs: {
        what: 'The lakefile’s `testDriver` or `comparator_config.json` asks to leave a library’s or module’s gaps out of the totals, but it cannot be anything but the audited code: a test driver that is the only library, a default target, or imported by another library; a comparator challenge that is also the solution.',
        why: 'One line of a repository’s own configuration would otherwise turn every sorry and axiom of the library into a single info line and let the audit pass.',
        example: 'testDriver = "Demo"   # lakefile.toml whose only library is Demo',
      },
    },
    'rests-on-gap': {
      message: '{{decl}}, which no other declaration uses, rests on {{gap}} in {{file}}: {{chain}}',
      severity: 'warning',
      docs: {
        what: 'A result (a theorem or lemma no other declaration of the project uses) whose own proof is complete but that reaches a `sorry`, a sorry macro’s use or a project axiom in another file through the declarations it references; the shortest chain is given.',
        why: 'Its file shows no gap, yet it is proved only modulo the gap at the end of the chain. The chain is read from the text; `#print axioms` (the axiom-usage auditor, with Lean) decides.',
        example: '-- A.lean\ntheorem step : P := sorry\n-- B.lean\ntheorem main : P := step   -- main → step → the sorry in step',
        exampleNeeds: 'the gap in a second file, which the result’s file imports',
      },
    },
    'challenge-statement-differs': {
      message: 'the statement of {{name}} in the solution reads differently from the challenge’s: `{{solution}}` against `{{challenge}}`',
      severity: 'info',
      docs: {
        what: 'A theorem `comparator_config.json` names whose statement in the solution module reads differently, whitespace aside, from the challenge module’s.',
        why: 'comparator accepts a solution only if it proves the challenge’s statement. Text that differs may still elaborate to the same statement (another notation, an unfolded definition): a comparator run decides (the command is in the evidence).',
        example: '-- Challenge.lean: theorem t : ∀ n : ℕ, n + 0 = n := sorry\n-- Solution.lean:  theorem t : ∀ n : ℕ, 0 + n = n := …',
        exampleNeeds: 'comparator_config.json and both modules',
      },
    },
    'challenge-theorem-missing': {
      message: '{{name}}, which comparator_config.json names, is not declared in {{module}}',
      severity: 'info',
      docs: {
        what: 'A theorem of `theorem_names` in `comparator_config.json` that the challenge or the solution module does not declare, as the source reads.',
        why: 'comparator fails on a theorem missing from either module; a declaration made by a macro is not seen by the source reading, so a comparator run decides.',
        example: '{"theorem_names": ["main"], …}   # Solution.lean declares no `main`',
      },
    },
    'test-library': {
      message: '{{file}} is in {{library}}, the lakefile’s test driver: {{gaps}} left out of the totals, as test inputs',
      severity: 'info',
      docs: {
        what: 'The proof gaps of a file of the library the lakefile names as its `testDriver`, one finding per file with every place; they are left out of the totals.',
        why: 'Tests of linters and tactics state axioms and sorries on purpose (`#guard_msgs` checks the warnings they give); a finished library’s audit must not fail on them.',
        example: 'testDriver = "BatteriesTest"   # lakefile.toml: BatteriesTest/simpa.lean’s `axiom div_eq_mul_inv …` is a test input',
      },
    },
    'challenge-statement': {
      message:
        '{{file}} is {{module}}, comparator’s challenge module: {{gaps}} left out of the totals, as the statements a solution proves{{solution}}',
      severity: 'info',
      docs: {
        what: 'The proof gaps of the challenge module named in `comparator_config.json` (leanprover/comparator), one finding per file; they are left out of the totals.',
        why: 'The challenge module states the theorems with `sorry` on purpose: comparator checks that the solution module proves the same statements with the permitted axioms.',
        example:
          '{"challenge_module": "Challenge", "solution_module": "Solution", …}   # Challenge.lean: theorem classical_carleson\' : ClassicalCarleson := sorry',
      },
    },
    'claim-rests-on-gap': {
      message: '{{entity}} is marked {{claim}}, but `{{decl}}` rests on `{{root}}` ({{gap}}): {{chain}}',
      severity: 'info',
      docs: {
        what: 'An entity shown as proved (`\\leanok` on its proof, status `proved`, a VersoBlueprint or LeanArchitect node) whose declaration uses, directly or through other project declarations, one with a `sorry`, a project axiom or `native_decide`; the chain is in the message. The references are read from the text: `#print axioms` (axiom-usage, with Lean) decides.',
        why: 'A proof that uses an unproved lemma is no more finished than the lemma. leanblueprint colours a node "fully proved" from its `\\uses` ancestors only, so a gap in a declaration no blueprint node names never shows on the page.',
        example: '\\begin{proof}\\leanok … \\end{proof}  % theorem main := helper 2, where lemma helper … := sorry',
      },
    },
  },
  needs: ['lean-project'],
};

/** The rules about files, results and challenges, which are not gaps. */
const NOT_GAPS: ReadonlySet<string> = new Set([
  'test-library',
  'challenge-statement',
  'native-decide-in-example',
  'rests-on-gap',
  'challenge-statement-differs',
  'challenge-theorem-missing',
  'claim-rests-on-gap',
]);
/** The kinds of gap the proof-gaps rules report one by one (the rules about files are not gaps). */
const KINDS = Object.keys(meta.rules).filter((k) => !NOT_GAPS.has(k)) as GapKind[];
/** Not counted among the `sorry` tokens nor the escape hatches, but its declarations are among those with a sorry. */
const MACRO: GapKind = 'sorry-macro';
/** Escape hatches reported once per declaration, with the count and every place: 15 `native_decide` in one proof are one trust in compiled code. */
const PER_DECLARATION: ReadonlySet<GapKind> = new Set(['native-decide', 'search-tactic']);
/** Attributes that give an opaque constant its implementation. */
const IMPLEMENTATION = /^(implemented_by|extern)\b/;

/** Reports every proof gap of the project and the per-file and per-project totals. */
export async function run(ctx: AuditContext): Promise<void> {
  const project = await ctx.project();
  const totals = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<GapKind, number>;
  let filesWithGaps = 0;
  const sorried = new Set<LeanDecl>();
  const axioms = new Set<LeanDecl>();
  /** Each declaration with a gap of its own, and what it is, for the trust levels. */
  const ownGaps = new Map<LeanDecl, string>();
  const nativeDecided = new Set<LeanDecl>();
  const imports = new ImportGraph(project.files);
  const macros = sorryMacrosByFile(project, sorryMacros(project, sourceByPath(project), imports), imports);
  const { files: deliberate, refused } = deliberateGapFiles(project);
  for (const { what, why } of refused) ctx.report({ messageId: 'exemption-refused', data: { what, why } });
  const found: { path: string; gaps: ProofGap[] }[] = [];
  for (const file of project.files) {
    ctx.signal.throwIfAborted();
    const text = readLeanSource(project, file);
    if (text === undefined) continue;
    const gaps = withMacroSorries(proofGapsOf(file, text), macroSorriesOf(file, text, macros.get(file.path) ?? NO_MACROS));
    if (gaps.length > 0) found.push({ path: file.path, gaps });
  }
  // Classified at once: the structures declared in the dependencies' sources are looked up in one pass.
  const classified = classifyFieldsByType(
    found.flatMap((f) => f.gaps),
    project,
  );
  let next = 0;
  let deliberateCount = 0;
  let deliberateFiles = 0;
  for (const { path, gaps: raw } of found) {
    const gaps = classified.slice(next, (next += raw.length)).filter((gap) => !implementedOpaque(gap));
    const why = deliberate.get(path);
    if (why !== undefined) {
      if (gaps.length > 0) {
        ctx.report(deliberateFinding(path, why, gaps));
        deliberateFiles++;
      }
      deliberateCount += gaps.length;
      continue;
    }
    if (gaps.length > 0) filesWithGaps++;
    const perFile = new Map<GapKind, number>();
    for (const gap of gaps) {
      totals[gap.kind]++;
      perFile.set(gap.kind, (perFile.get(gap.kind) ?? 0) + 1);
      if ((SORRY_KINDS.has(gap.kind) || gap.kind === MACRO) && gap.decl) sorried.add(gap.decl);
      if (gap.kind === 'axiom' && gap.decl) axioms.add(gap.decl);
      const what = gap.decl && !ownGaps.has(gap.decl) ? TRUST_GAPS[gap.kind] : undefined;
      if (what !== undefined) ownGaps.set(gap.decl!, what);
      if (gap.kind === 'native-decide' && gap.decl && gap.decl.kind !== 'example') nativeDecided.add(gap.decl);
    }
    for (const finding of findings(path, gaps)) ctx.report(finding);
    for (const [kind, count] of perFile) ctx.metric(`file:${path}:${kind}`, count);
  }
  for (const kind of KINDS) ctx.metric(kind, totals[kind]);
  ctx.metric(
    'sorry',
    [...SORRY_KINDS].reduce((n, k) => n + totals[k], 0),
  );
  ctx.metric(
    'escape-hatches',
    KINDS.filter((k) => !SORRY_KINDS.has(k) && k !== 'axiom' && k !== MACRO).reduce((n, k) => n + totals[k], 0),
  );
  ctx.metric('declarations-with-sorry', new Set([...sorried].map((decl) => decl.fullName)).size);
  const dependents = new Dependents(project.files);
  for (const [what, roots] of [
    ['sorry', sorried],
    ['axiom', axioms],
  ] as const) {
    const resting = dependents.restingOn(roots);
    ctx.metric(`resting-on-${what}`, resting.length);
    ctx.metric(`theorems-resting-on-${what}`, resting.filter((decl) => isProofKind(decl.kind)).length);
  }
  let reached = 0;
  for (const finding of reachedGapFindings(project.files, dependents, new Set([...sorried, ...axioms]), (path) => deliberate.has(path)))
    ctx.report(finding), reached++;
  ctx.metric('results-resting-on-gaps', reached);
  await reportTrust(ctx, project, dependents, ownGaps, (path) => deliberate.has(path));
  const entities = await ctx.entities().catch(() => []);
  if (entities.length > 0) {
    const gapOf = new Map<LeanDecl, string>([
      ...[...nativeDecided].map((decl): [LeanDecl, string] => [decl, 'proved by `native_decide`, through the axiom `Lean.ofReduceBool`']),
      ...[...axioms].map((decl): [LeanDecl, string] => [decl, 'an axiom of the project']),
      ...[...sorried].map((decl): [LeanDecl, string] => [decl, 'it has a `sorry`']),
    ]);
    const claims = blueprintClaims(entities, project.files, gapOf, dependents);
    for (const finding of claims.findings) ctx.report(finding);
    for (const [name, value] of Object.entries(claims.metrics)) ctx.metric(name, value);
  }
  ctx.metric('files', project.files.length);
  ctx.metric('files-with-gaps', filesWithGaps);
  ctx.metric('deliberate-gaps', deliberateCount);
  ctx.metric('deliberate-gap-files', deliberateFiles);
}

const NO_MACROS: ReadonlyMap<string, string> = new Map();

/** The gaps that stop a trust level at the source, as its reason names them. */
const TRUST_GAPS: Partial<Record<GapKind, string>> = {
  'sorry-in-proof': 'a `sorry`',
  'sorry-in-data': 'a `sorry`',
  'sorry-in-statement': 'a `sorry`',
  'sorry-undetermined': 'a `sorry`',
  'sorry-macro': 'a sorry macro',
  axiom: 'an axiom',
  'native-decide': '`native_decide` (compiled code trusted)',
  'skip-kernel-tc': 'the kernel check turned off',
};

/** A bodiless opaque whose implementation an attribute gives (`@[implemented_by]`, `@[extern]`): compiled code, reported as such, not an unspecified constant. */
const implementedOpaque = (gap: ProofGap): boolean =>
  gap.kind === 'opaque-without-body' && (gap.decl?.attributes.some((a) => IMPLEMENTATION.test(a)) ?? false);

/** A file's gaps and its sorry macros' uses, in the order of the source. */
const withMacroSorries = (gaps: ProofGap[], macroGaps: ProofGap[]): ProofGap[] =>
  macroGaps.length === 0 ? gaps : [...gaps, ...macroGaps].sort((a, b) => a.line - b.line || a.column - b.column);

/** Where in its declaration a sorry macro is used, for its message. */
function placeOf(gap: ProofGap): string {
  if (gap.context === 'statement') return 'the statement of';
  return gap.context === 'by-block' ||
    gap.context === 'theorem' ||
    gap.context === 'proof-field' ||
    gap.context === 'proof-value' ||
    gap.context === 'proof-argument'
    ? 'the proof of'
    : 'the value of';
}

/** The places of a declaration's repeated escape hatch its finding lists; past them, its `uses` counts them all. */
const PLACES_LISTED = 1000;

/**
 * The findings of one file's gaps, made one at a time as they are reported (a hostile file's
 * millions of `sorry`s are never all findings at once): one per sorry, axiom or shape, one per
 * declaration for the escape hatches used over and over, given at its first use.
 */
function* findings(path: string, gaps: ProofGap[]): Generator<FindingInput> {
  const keyOf = (gap: ProofGap): string | undefined =>
    PER_DECLARATION.has(gap.kind) && gap.decl ? `${gap.kind} ${gap.decl.fullName}` : undefined;
  const grouped = new Map<string, { uses: number; places: string[]; given: boolean }>();
  for (const gap of gaps) {
    const key = keyOf(gap);
    if (key === undefined) continue;
    let group = grouped.get(key);
    if (group === undefined) grouped.set(key, (group = { uses: 0, places: [], given: false }));
    group.uses++;
    if (group.places.length < PLACES_LISTED) group.places.push(`${path}:${gap.line}:${gap.column}`);
  }
  for (const gap of gaps) {
    const key = keyOf(gap);
    const group = key === undefined ? undefined : grouped.get(key)!;
    if (group?.given) continue;
    const finding = findingOf(path, gap);
    if (group !== undefined) {
      group.given = true;
      if (group.uses > 1) {
        finding.data = { ...finding.data, uses: ` (${group.uses} uses)` };
        finding.evidence = { ...finding.evidence, uses: group.uses, places: group.places };
      }
    }
    yield finding;
  }
}

/** Why a sorry's kind is undetermined, for its message. */
function undeterminedWhy(gap: ProofGap): string {
  if (gap.context === 'field') {
    const structure = gap.decl ? typeHead(gap.decl.header) : undefined;
    return `\`${gap.field}\` is a field of ${structure ? `\`${structure}\`` : 'a structure'}, declared outside the sources read (with \`.lake/packages\` checked out, its declared type decides)`;
  }
  if (gap.context === 'argument' && gap.argument && 'callee' in gap.argument)
    return `it is an argument of \`${gap.argument.callee}\`, whose signature is not in the project`;
  return 'it is a component of an anonymous constructor `⟨…⟩`, whose structure is not read';
}

/** Where a `sorry` in a proof stands, for its message: `the proof of`, or for a proof argument the parameter it fills. */
function proofPlace(gap: ProofGap): string {
  if (gap.context !== 'proof-argument' || gap.parameter === undefined) return 'the proof of';
  const parameter = gap.parameter.name !== undefined ? ` \`${gap.parameter.name}\`` : '';
  return `the proof${parameter} that ${gap.parameter.callee} takes, in the ${gap.parameter.inStatement ? 'statement' : 'value'} of`;
}

function findingOf(path: string, gap: ProofGap): FindingInput {
  const decl = gap.decl ? gap.decl.fullName : `the command at line ${gap.line}`;
  const kind = gap.kind === 'native-decide' && gap.decl?.kind === 'example' ? 'native-decide-in-example' : gap.kind;
  return {
    messageId: kind,
    data: {
      token: gap.text,
      decl,
      uses: '',
      place: gap.standsFor ? placeOf(gap) : proofPlace(gap),
      ...(gap.kind === 'sorry-undetermined' ? { why: undeterminedWhy(gap) } : {}),
      ...(gap.standsFor ? { standsFor: gap.standsFor } : {}),
    },
    ...(gap.decl ? { entityId: gap.decl.fullName } : {}),
    location: { file: path, line: gap.line, column: gap.column },
    evidence: {
      ...(gap.decl ? { declKind: gap.decl.kind } : {}),
      ...(gap.decl?.command ? { declCommand: gap.decl.command } : {}),
      ...(gap.context ? { context: gap.context } : {}),
      ...(gap.field ? { field: gap.field } : {}),
      ...(gap.structure ? { structure: gap.structure } : {}),
      ...(gap.parameter ? { callee: gap.parameter.callee, ...(gap.parameter.name ? { parameter: gap.parameter.name } : {}) } : {}),
      ...(gap.kind === 'sorry-undetermined' && gap.argument && 'callee' in gap.argument ? { callee: gap.argument.callee } : {}),
      ...(gap.standsFor ? { standsFor: gap.standsFor } : {}),
    },
  };
}

/** How many gaps of each kind. */
function kindCounts(gaps: ProofGap[]): Map<GapKind, number> {
  const counts = new Map<GapKind, number>();
  for (const gap of gaps) counts.set(gap.kind, (counts.get(gap.kind) ?? 0) + 1);
  return counts;
}

/** The one finding of a file whose gaps are deliberate (see deliberate-gaps.ts), with every place. */
function deliberateFinding(path: string, why: DeliberateGaps, gaps: ProofGap[]): FindingInput {
  const counts = new Map<string, number>();
  for (const gap of gaps) {
    const what = SORRY_KINDS.has(gap.kind) ? '`sorry`' : gap.kind === MACRO ? 'sorry macro' : gap.kind;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  const summary = `${gaps.length} gap${gaps.length === 1 ? '' : 's'} (${[...counts].map(([what, n]) => `${what} ×${n}`).join(', ')})`;
  const first = { file: path, line: gaps[0]!.line, column: gaps[0]!.column };
  return {
    messageId: 'test' in why ? 'test-library' : 'challenge-statement',
    data:
      'test' in why
        ? { file: path, library: why.test, gaps: summary }
        : { file: path, module: why.challenge, gaps: summary, solution: why.solution ? ` in ${why.solution}` : '' },
    location: first,
    evidence: {
      gaps: gaps.length,
      kinds: Object.fromEntries(kindCounts(gaps)),
      places: gaps.map((gap) => `${path}:${gap.line}:${gap.column} ${gap.kind}${gap.decl ? ` in ${gap.decl.fullName}` : ''}`),
    },
  };
}
