/**
 * axiom-usage — What it checks: asks Lean (`#print axioms`, batched, in one environment importing
 * every built module of the project) which axioms each theorem depends on, and reports theorems that
 * depend on `sorryAx` — also when the sorry is in another declaration, two files away — on
 * `Lean.ofReduceBool` / `Lean.trustCompiler` (native_decide), or on axioms the project declares.
 *
 * Why it matters: counting sorries by text misses every theorem that is only proved modulo an
 * unproved lemma; Lean's own answer is transitive.
 *
 * Example: `theorem main : P := helper` where `helper` (in another file) is `by sorry` → main
 * depends on sorryAx through helper.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { owns, sumMetrics } from '../core/shard.js';
import type { AuditContext, AuditorMeta, ShardMerge } from '../core/types.js';
import { hasSorryToken } from '../lean/syntax/lexer.js';
import { isProofKind } from '../lean/syntax/names.js';
import type { LeanDecl, LeanProject } from '../model/lean.js';
import { replForAudit, runOnPool } from '../repl/audit-support.js';
import { buildDir } from '../repl/launch.js';
import type { FileJob, WorkerSession } from '../repl/pool.js';
import { isCommandResponse } from '../repl/protocol.js';
import { printAxiomsQuery } from '../repl/queries.js';
import { readPrintAxioms, STANDARD_AXIOMS } from '../repl/results.js';

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
        what: 'A theorem that depends on `Lean.ofReduceBool` or `Lean.trustCompiler`: somewhere below it, `native_decide` or compiled code was trusted.',
        why: 'Its proof holds only if the compiler and every implementation it ran are correct.',
        example: 'theorem t : big_computation = 42 := by native_decide',
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

const NATIVE = new Set(['Lean.ofReduceBool', 'Lean.trustCompiler']);
const BATCH = 200;

type Answer = { axioms: string[] } | { error: string };

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

/** Modules Lean can import: every module when the build folder is unknown, else those with an .olean. */
function importable(ctx: AuditContext, project: LeanProject): Set<string> {
  const dir = buildDir(ctx.root);
  const modules = project.files.map((f) => f.module);
  if (!dir) return new Set(modules);
  return new Set(modules.filter((m) => existsSync(`${join(dir, ...m.split('.'))}.olean`)));
}

/** Runs `#print axioms` over the project's theorems and reports what Lean answers. */
export async function run(ctx: AuditContext): Promise<void> {
  const project = await ctx.project();
  const isTheorem = (d: LeanDecl): boolean => isProofKind(d.kind) && d.kind !== 'example' && d.name !== '';
  if (!project.files.some((f) => f.decls.some(isTheorem))) ctx.skip('the project has no theorem');
  const theorems = project.files.filter((f) => owns(ctx.shard, f.path)).flatMap((f) => f.decls.filter(isTheorem));
  const repl = replForAudit(ctx);
  const built = importable(ctx, project);
  const moduleOf = new Map(project.files.flatMap((f) => f.decls.map((d) => [d, f.module] as const)));
  const answers = new Map<LeanDecl, Answer>();
  const checkable: LeanDecl[] = [];
  for (const decl of theorems) {
    if (decl.modifiers.includes('private')) answers.set(decl, { error: 'private declarations cannot be named outside their module' });
    else if (!built.has(moduleOf.get(decl)!)) answers.set(decl, { error: `module ${moduleOf.get(decl)} is not built` });
    else checkable.push(decl);
  }
  const header = [...built]
    .sort()
    .map((m) => `import ${m}`)
    .join('\n');
  const batches = new Map<string, LeanDecl[]>();
  for (let i = 0; i < checkable.length; i += BATCH)
    batches.set(`theorems ${i + 1}-${Math.min(i + BATCH, checkable.length)}`, checkable.slice(i, i + BATCH));
  const jobs: FileJob<Map<string, Answer>>[] = [...batches].map(([id, decls]) => ({
    id,
    header,
    weight: decls.length,
    run: (session) =>
      printAxioms(
        session,
        decls.map((d) => d.fullName),
      ),
  }));
  for (const result of await runOnPool(ctx, repl, jobs)) {
    for (const decl of batches.get(result.id)!) {
      answers.set(
        decl,
        result.ok ? (result.value.get(decl.fullName) ?? { error: 'Lean printed nothing for it' }) : { error: result.error },
      );
    }
  }
  report(ctx, project, theorems, answers);
}

/** A process failure of one `#print axioms` command (crash, timeout, memory): the batch's fault, not Lean's answer. */
class BatchDied extends Error {}

/**
 * `#print axioms` for `names`; when the process dies on the batch, the batch is split in halves and
 * each half run again (the pool starts a fresh process), so a theorem that kills the REPL leaves only
 * itself unchecked.
 */
async function printAxioms(session: WorkerSession, names: string[]): Promise<Map<string, Answer>> {
  try {
    return await printAxiomsOnce(session, names);
  } catch (e) {
    if (!(e instanceof BatchDied)) throw e;
    if (names.length === 1) return new Map([[names[0]!, { error: e.message }]]);
    const half = Math.ceil(names.length / 2);
    const first = await printAxioms(session, names.slice(0, half));
    const second = await printAxioms(session, names.slice(half));
    return new Map([...first, ...second]);
  }
}

async function printAxiomsOnce(session: WorkerSession, names: string[]): Promise<Map<string, Answer>> {
  const base = await session.base();
  if (!base.ok) throw new Error(base.reason);
  const outcome = await session.send({ cmd: printAxiomsQuery(names), env: base.env });
  if (!outcome.ok) {
    const message = `${outcome.failure.cause}: ${outcome.failure.detail}`;
    throw outcome.failure.cause === 'aborted' ? new Error(message) : new BatchDied(message);
  }
  if (!isCommandResponse(outcome.response)) throw new Error(`the REPL answered: ${(outcome.response as { message?: string }).message}`);
  const { axioms, errors } = readPrintAxioms(outcome.response.messages);
  const answers = new Map<string, Answer>();
  for (const name of names) {
    const found = axioms.get(name);
    if (found) answers.set(name, { axioms: found });
  }
  for (const { line, message } of errors) {
    const name = names[line - 1];
    if (name !== undefined && !answers.has(name)) answers.set(name, { error: message });
  }
  return answers;
}

function report(ctx: AuditContext, project: LeanProject, theorems: LeanDecl[], answers: Map<LeanDecl, Answer>): void {
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
    const native = axioms.filter((a) => NATIVE.has(a));
    if (native.length) {
      counts.withNativeCode += 1;
      ctx.report({ messageId: 'native', ...where, evidence, data: { name: decl.fullName, axioms: native.join(', ') } });
    }
    const own = axioms.filter((a) => project.decls.get(a)?.kind === 'axiom');
    if (own.length) {
      counts.withProjectAxioms += 1;
      ctx.report({ messageId: 'project-axiom', ...where, evidence, data: { name: decl.fullName, axioms: own.join(', ') } });
    }
    const other = axioms.filter((a) => !STANDARD_AXIOMS.has(a) && a !== 'sorryAx' && !NATIVE.has(a) && !own.includes(a));
    if (other.length) ctx.report({ messageId: 'other-axiom', ...where, evidence, data: { name: decl.fullName, axioms: other.join(', ') } });
  }
  ctx.metric('theorems', theorems.length);
  for (const [name, value] of Object.entries(counts)) ctx.metric(name, value);
}
