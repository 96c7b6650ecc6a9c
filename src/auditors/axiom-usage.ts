/**
 * axiom-usage — What it checks: asks Lean (`#print axioms`, batched, in one environment importing
 * every built module of the project) which axioms each theorem depends on, and reports theorems that
 * depend on `sorryAx` — also when the sorry is in another declaration, two files away — on a
 * native computation (`native_decide`, `bv_decide`: `Lean.ofReduceBool` / `Lean.trustCompiler` on
 * older toolchains, an auxiliary `…._native.<tactic>.ax_<n>` axiom per computation on current
 * ones), or on axioms the project declares.
 *
 * Why it matters: counting sorries by text misses every theorem that is only proved modulo an
 * unproved lemma; Lean's own answer is transitive.
 *
 * Example: `theorem main : P := helper` where `helper` (in another file) is `by sorry` → main
 * depends on sorryAx through helper.
 */
import { owns, sumMetrics } from '../core/shard.js';
import type { AuditContext, AuditorMeta, ShardMerge } from '../core/types.js';
import { hasSorryToken } from '../lean/syntax/lexer.js';
import { isTheoremKind } from '../lean/syntax/names.js';
import type { LeanDecl, LeanProject } from '../model/lean.js';
import { type AxiomsAnswer, askAxioms } from '../repl/print-axioms.js';
import { isNativeAxiom, STANDARD_AXIOMS } from '../repl/results.js';
import { replForAudit } from './utils/repl.js';

export const meta: AuditorMeta = {
  id: 'axiom-usage',
  description: '#print axioms for every theorem: sorryAx (also through other declarations), native_decide, project axioms',
  rules: {
    'sorry-transitive': {
      message: '{{name}} depends on sorryAx through {{via}}, although its own proof has no sorry',
      severity: 'error',
      docs: {
        what: 'A theorem without a `sorry` of its own that depends on `sorryAx` through other declarations, as `#print axioms` reports; the chain of references is given.',
        why: "Counting sorries by text misses every theorem proved modulo an unproved lemma; Lean's own answer is transitive.",
        example: 'theorem main : P := helper  -- helper, in another file, is `by sorry`',
      },
    },
    sorry: {
      message: '{{name}} depends on sorryAx',
      severity: 'warning',
      docs: {
        what: 'A theorem that depends on `sorryAx` and has a `sorry` of its own.',
        why: 'Lean confirms the gap proof-gaps counted; the theorem is not proved.',
        example: 'theorem t : P := by sorry',
      },
    },
    native: {
      message: '{{name}} trusts compiled code: it depends on {{axioms}}',
      severity: 'warning',
      docs: {
        what: 'A theorem that depends on a native computation: `Lean.ofReduceBool`, `Lean.ofReduceNat` or `Lean.trustCompiler` (toolchains before lean4 #14953), or an auxiliary axiom `…._native.<tactic>.ax_<n>` that `native_decide` and `bv_decide` add for each computation (since lean4 #12217).',
        why: 'Its proof holds only if the compiler and every implementation it ran are correct.',
        example: "theorem t : big_computation = 42 := by native_decide\n-- 't' depends on axioms: [t._native.native_decide.ax_1]",
      },
    },
    'project-axiom': {
      message: '{{name}} depends on axioms the project declares: {{axioms}}',
      severity: 'warning',
      docs: {
        what: 'A theorem that depends on axioms the project itself declares.',
        why: "The theorem is proved relative to those assumptions, which are not Lean's standard ones.",
        example: 'axiom choice_fn …\ntheorem t : … := … choice_fn …',
      },
    },
    'other-axiom': {
      message: '{{name}} depends on non-standard axioms: {{axioms}}',
      severity: 'info',
      docs: {
        what: "A theorem that depends on axioms neither standard (`propext`, `Classical.choice`, `Quot.sound`), nor `sorryAx`, nor native, nor the project's.",
        why: 'Information: such axioms come from dependencies and are worth knowing about.',
        example: "a dependency's axiom reached through a library lemma",
      },
    },
    unchecked: {
      message: '{{name}} could not be checked: {{reason}}',
      severity: 'info',
      docs: {
        what: 'A theorem whose axioms could not be asked: it is private, its module is not built, or Lean answered with an error.',
        why: "Not a verdict: the theorem's axioms are unknown; build the project (`lake build`) to check it.",
        example: 'module Foo.Bar is not built',
      },
    },
  },
  needs: ['lean-project', 'repl'],
  shard: 'file',
};

/** Every metric is a count: shards merge by summing (the REPL pool's counters then count the work of all shards). */
export const merge: ShardMerge = { metrics: sumMetrics };

/** Declarations whose own statement, proof or value contains a `sorry` or `admit` token. */
function textualSorries(project: LeanProject): Set<string> {
  const names = new Set<string>();
  for (const decl of project.decls.values()) if (hasSorryToken(decl.header) || hasSorryToken(decl.body)) names.add(decl.fullName);
  return names;
}

/** The chain of references from `start` to the nearest declaration with a textual sorry. */
function sorryPath(project: LeanProject, start: string, sorried: Set<string>): string[] | undefined {
  const previous = new Map<string, string>([[start, '']]);
  const queue = [start];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (name !== start && sorried.has(name)) {
      const path = [name];
      for (let p = previous.get(name)!; p !== start; p = previous.get(p)!) path.unshift(p);
      return path;
    }
    for (const next of project.decls.get(name)?.references ?? []) {
      if (!previous.has(next)) {
        previous.set(next, name);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** Runs `#print axioms` over the project's theorems and reports what Lean answers. */
export async function run(ctx: AuditContext): Promise<void> {
  const project = await ctx.project();
  const isTheorem = (d: LeanDecl): boolean => isTheoremKind(d.kind) && d.name !== '';
  if (!project.files.some((f) => f.decls.some(isTheorem))) ctx.skip('the project has no theorem');
  const theorems = project.files.filter((f) => owns(ctx.shard, f.path)).flatMap((f) => f.decls.filter(isTheorem));
  const answers = await askAxioms(ctx, replForAudit(ctx), project, theorems);
  report(ctx, project, theorems, answers);
}

function report(ctx: AuditContext, project: LeanProject, theorems: LeanDecl[], answers: Map<LeanDecl, AxiomsAnswer>): void {
  const sorried = textualSorries(project);
  const counts = {
    checked: 0,
    standardOnly: 0,
    withSorryAx: 0,
    withSorryAxTransitive: 0,
    withNativeCode: 0,
    withProjectAxioms: 0,
    unchecked: 0,
  };
  for (const decl of theorems) {
    const answer = answers.get(decl)!;
    const where = { entityId: decl.fullName, location: decl.location };
    if ('error' in answer) {
      counts.unchecked += 1;
      ctx.report({ messageId: 'unchecked', ...where, data: { name: decl.fullName, reason: answer.error } });
      continue;
    }
    counts.checked += 1;
    const { axioms } = answer;
    const evidence = { axioms };
    if (axioms.every((a) => STANDARD_AXIOMS.has(a))) counts.standardOnly += 1;
    if (axioms.includes('sorryAx')) {
      counts.withSorryAx += 1;
      const path = sorried.has(decl.fullName) ? undefined : sorryPath(project, decl.fullName, sorried);
      if (!sorried.has(decl.fullName)) {
        counts.withSorryAxTransitive += 1;
        const via = path ? path.join(' → ') : 'a declaration outside the parsed sources';
        ctx.report({
          messageId: 'sorry-transitive',
          ...where,
          evidence: { ...evidence, via: path ?? [] },
          data: { name: decl.fullName, via },
        });
      } else {
        ctx.report({ messageId: 'sorry', ...where, evidence, data: { name: decl.fullName } });
      }
    }
    const native = axioms.filter(isNativeAxiom);
    if (native.length) {
      counts.withNativeCode += 1;
      ctx.report({ messageId: 'native', ...where, evidence, data: { name: decl.fullName, axioms: native.join(', ') } });
    }
    const own = axioms.filter((a) => project.decls.get(a)?.kind === 'axiom');
    if (own.length) {
      counts.withProjectAxioms += 1;
      ctx.report({ messageId: 'project-axiom', ...where, evidence, data: { name: decl.fullName, axioms: own.join(', ') } });
    }
    const other = axioms.filter((a) => !STANDARD_AXIOMS.has(a) && a !== 'sorryAx' && !isNativeAxiom(a) && !own.includes(a));
    if (other.length) ctx.report({ messageId: 'other-axiom', ...where, evidence, data: { name: decl.fullName, axioms: other.join(', ') } });
  }
  ctx.metric('theorems', theorems.length);
  for (const [name, value] of Object.entries(counts)) ctx.metric(name, value);
  // A REPL that crashed or timed out on every theorem checked nothing: the run failed, it is no verdict of `ok`.
  if (theorems.length > 0 && counts.checked === 0) {
    const first = answers.get(theorems[0]!);
    throw new Error(`checked none of the ${theorems.length} theorems asked${first && 'error' in first ? ` (first: ${first.error})` : ''}`);
  }
}
