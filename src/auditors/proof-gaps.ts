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
import type { AuditContext, AuditorMeta } from '../core/types.js';
import { classifyFieldsByType } from '../lean/fields.js';
import { type GapKind, macroSorriesOf, type ProofGap, proofGapsOf } from '../lean/gaps.js';
import { ImportGraph } from '../lean/imports.js';
import { readLeanSource, sourceByPath } from '../lean/project.js';
import { Dependents } from '../lean/resting-on.js';
import { sorryMacros, sorryMacrosByFile } from '../lean/sorry-macros.js';

export const meta: AuditorMeta = {
  id: 'proof-gaps',
  description: 'sorry/admit in proofs, in data and in statements, axioms and kernel escape hatches, counted on tokens',
  rules: {
    'sorry-in-proof': {
      message: '`{{token}}` in the proof of {{decl}}',
      severity: 'error',
      docs: {
        what: 'A `sorry` or `admit` token in a proof: the value of a theorem, lemma or example, a `by` block, or a proof field of a structure instance.',
        why: 'The theorem is not proved; Lean accepts it only because `sorry` fills the gap, and every result using it inherits the gap.',
        example: 'theorem t : 2 + 2 = 4 := by\n  sorry',
      },
    },
    'sorry-in-data': {
      message: '`{{token}}` as data in {{decl}}: an unstated assumption, not a missing proof',
      severity: 'error',
      docs: {
        what: 'A `sorry` standing for data: the value of a `def`, `abbrev` or `instance`, or a data field of a structure instance.',
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
      message: '`{{token}}` in {{decl}}: the kernel trusts compiled code',
      severity: 'warning',
      docs: {
        what: '`native_decide`, `decide +native` or `Lean.ofReduceBool`: a proof the kernel accepts on the word of compiled code.',
        why: 'The kernel then trusts the compiler and every `@[implemented_by]`/`@[extern]` behind the computation, not just its own type checker.',
        example: 'theorem t : 2 ^ 64 % 7 = 2 := by native_decide',
      },
    },
    'implemented-by': {
      message: '`@[implemented_by]` on {{decl}}: compiled code may differ from the logical definition',
      severity: 'warning',
      docs: {
        what: 'An `@[implemented_by]` attribute: compiled code replaces the logical definition when the declaration is evaluated.',
        why: 'What `#eval` and `native_decide` compute may then differ from what the definition says, and nothing checks that they agree.',
        example: '@[implemented_by fastFib] def fib : ℕ → ℕ := …',
      },
    },
    extern: {
      message: '`@[extern]` on {{decl}}: compiled code may differ from the logical definition',
      severity: 'warning',
      docs: {
        what: 'An `@[extern]` attribute: a C or foreign implementation replaces the logical definition when the declaration is evaluated.',
        why: 'As with `@[implemented_by]`, compiled code may disagree with the definition the proofs are about.',
        example: '@[extern "fast_add"] def add (a b : ℕ) : ℕ := a + b',
      },
    },
    unsafe: {
      message: '{{decl}} is `unsafe`: the kernel does not check it',
      severity: 'warning',
      docs: {
        what: 'An `unsafe` declaration (an `unsafe def`, `unsafe instance`, ...).',
        why: 'The kernel does not check unsafe declarations; a safe one must not depend on them, but code using them through `@[implemented_by]` can still run them.',
        example: "unsafe def cast' (a : α) : β := unsafeCast a",
      },
    },
    'opaque-without-body': {
      message: 'opaque {{decl}} has no body: an unspecified constant',
      severity: 'warning',
      docs: {
        what: 'An `opaque` constant declared without a value.',
        why: 'Lean fills in an arbitrary inhabitant, so nothing is known about the constant: theorems about it hold for any value, which is rarely what was meant.',
        example: 'opaque threshold : ℕ',
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
      message: '`{{token}}` left in {{decl}}',
      severity: 'warning',
      docs: {
        what: 'A search tactic left in a proof: `apply?`, `exact?` or `rw?`.',
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
  },
  needs: ['lean-project'],
};

const KINDS = Object.keys(meta.rules) as GapKind[];
const SORRY_KINDS: ReadonlySet<GapKind> = new Set(['sorry-in-proof', 'sorry-in-data', 'sorry-in-statement', 'sorry-in-command']);
/** The declarations whose value is a proof. */
const PROOF_KINDS: ReadonlySet<string> = new Set(['theorem', 'lemma', 'example']);
/** Not counted among the `sorry` tokens nor the escape hatches, but its declarations are among those with a sorry. */
const MACRO: GapKind = 'sorry-macro';

/** Reports every proof gap of the project and the per-file and per-project totals. */
export async function run(ctx: AuditContext): Promise<void> {
  const project = await ctx.project();
  const totals = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<GapKind, number>;
  let filesWithGaps = 0;
  const sorried = new Set<string>();
  const axioms = new Set<string>();
  const imports = new ImportGraph(project.files);
  const macros = sorryMacrosByFile(project, sorryMacros(project, sourceByPath(project), imports), imports);
  for (const file of project.files) {
    ctx.signal.throwIfAborted();
    const text = readLeanSource(project, file);
    if (text === undefined) continue;
    const gaps = classifyFieldsByType(
      withMacroSorries(proofGapsOf(file, text), macroSorriesOf(file, text, macros.get(file.path) ?? NO_MACROS)),
      project,
    );
    if (gaps.length > 0) filesWithGaps++;
    const perFile = new Map<GapKind, number>();
    for (const gap of gaps) {
      totals[gap.kind]++;
      perFile.set(gap.kind, (perFile.get(gap.kind) ?? 0) + 1);
      if ((SORRY_KINDS.has(gap.kind) || gap.kind === MACRO) && gap.decl) sorried.add(gap.decl.fullName);
      if (gap.kind === 'axiom' && gap.decl) axioms.add(gap.decl.fullName);
      ctx.report(finding(file.path, gap));
    }
    for (const [kind, count] of perFile) ctx.metric(`file:${file.path}:${kind}`, count);
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
  ctx.metric('declarations-with-sorry', sorried.size);
  const dependents = new Dependents(project.files);
  for (const [what, roots] of [
    ['sorry', sorried],
    ['axiom', axioms],
  ] as const) {
    const resting = dependents.restingOn(roots);
    ctx.metric(`resting-on-${what}`, resting.length);
    ctx.metric(`theorems-resting-on-${what}`, resting.filter((decl) => PROOF_KINDS.has(decl.kind)).length);
  }
  ctx.metric('files', project.files.length);
  ctx.metric('files-with-gaps', filesWithGaps);
}

const NO_MACROS: ReadonlyMap<string, string> = new Map();

/** A file's gaps and its sorry macros' uses, in the order of the source. */
const withMacroSorries = (gaps: ProofGap[], macroGaps: ProofGap[]): ProofGap[] =>
  macroGaps.length === 0 ? gaps : [...gaps, ...macroGaps].sort((a, b) => a.line - b.line || a.column - b.column);

/** Where in its declaration a sorry macro is used, for its message. */
function placeOf(gap: ProofGap): string {
  if (gap.context === 'statement') return 'the statement of';
  return gap.context === 'by-block' || gap.context === 'theorem' || gap.context === 'proof-field' || gap.context === 'proof-value'
    ? 'the proof of'
    : 'the value of';
}

function finding(path: string, gap: ProofGap) {
  const decl = gap.decl ? gap.decl.fullName : `the command at line ${gap.line}`;
  return {
    messageId: gap.kind,
    data: { token: gap.text, decl, ...(gap.standsFor ? { standsFor: gap.standsFor, place: placeOf(gap) } : {}) },
    ...(gap.decl ? { entityId: gap.decl.fullName } : {}),
    location: { file: path, line: gap.line, column: gap.column },
    evidence: {
      ...(gap.decl ? { declKind: gap.decl.kind } : {}),
      ...(gap.decl?.command ? { declCommand: gap.decl.command } : {}),
      ...(gap.context ? { context: gap.context } : {}),
      ...(gap.field ? { field: gap.field } : {}),
      ...(gap.structure ? { structure: gap.structure } : {}),
      ...(gap.standsFor ? { standsFor: gap.standsFor } : {}),
    },
  };
}
