/**
 * `#print axioms` for declarations of a project, batched in one environment importing every built
 * module: the one way leanaudit asks Lean which axioms a declaration rests on (the axiom-usage
 * auditor for every theorem, trust-level for the results it rates). The header is plain imports,
 * never a `module`, since toolchains from lean4 #8174 until #13117 refuse the command there.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LeanDecl, LeanProject } from '../model/lean.js';
import { buildDir } from './launch.js';
import type { FileJob, WorkerSession } from './pool.js';
import { isCommandResponse } from './protocol.js';
import { printAxiomsQuery } from './queries.js';
import { readPrintAxioms } from './results.js';
import { type PoolWatcher, type ReplForAudit, runOnPool } from './run-pool.js';

/** Lean's list of axioms for a declaration, or why there is none (never a verdict). */
export type AxiomsAnswer = { axioms: string[] } | { error: string };

const BATCH = 200;

/** Asks Lean the axioms of each of `decls`; private declarations and those of unbuilt modules are answered with the reason. */
export async function askAxioms(
  ctx: PoolWatcher & { root: string },
  repl: ReplForAudit,
  project: LeanProject,
  decls: readonly LeanDecl[],
): Promise<Map<LeanDecl, AxiomsAnswer>> {
  const built = importable(ctx.root, project);
  const moduleOf = new Map(project.files.flatMap((f) => f.decls.map((d) => [d, f.module] as const)));
  const answers = new Map<LeanDecl, AxiomsAnswer>();
  const checkable: LeanDecl[] = [];
  for (const decl of decls) {
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
  const jobs: FileJob<Map<string, AxiomsAnswer>>[] = [...batches].map(([id, batch]) => ({
    id,
    header,
    weight: batch.length,
    run: (session) =>
      printAxioms(
        session,
        batch.map((d) => d.fullName),
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
  return answers;
}

/** Modules Lean can import: every module when the build folder is unknown, else those with an .olean. */
function importable(root: string, project: LeanProject): Set<string> {
  const dir = buildDir(root);
  const modules = project.files.map((f) => f.module);
  if (!dir) return new Set(modules);
  return new Set(modules.filter((m) => existsSync(`${join(dir, ...m.split('.'))}.olean`)));
}

/** A process failure of one `#print axioms` command (crash, timeout, memory): the batch's fault, not Lean's answer. */
class BatchDied extends Error {}

/**
 * `#print axioms` for `names`; when the process dies on the batch, the batch is split in halves and
 * each half run again (the pool starts a fresh process), so a theorem that kills the REPL leaves only
 * itself unchecked.
 */
async function printAxioms(session: WorkerSession, names: string[]): Promise<Map<string, AxiomsAnswer>> {
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

async function printAxiomsOnce(session: WorkerSession, names: string[]): Promise<Map<string, AxiomsAnswer>> {
  const base = await session.base();
  if (!base.ok) throw new Error(base.reason);
  const outcome = await session.send({ cmd: printAxiomsQuery(names), env: base.env });
  if (!outcome.ok) {
    const message = `${outcome.failure.cause}: ${outcome.failure.detail}`;
    throw outcome.failure.cause === 'aborted' ? new Error(message) : new BatchDied(message);
  }
  if (!isCommandResponse(outcome.response)) throw new Error(`the REPL answered: ${(outcome.response as { message?: string }).message}`);
  const { axioms, errors } = readPrintAxioms(outcome.response.messages);
  const answers = new Map<string, AxiomsAnswer>();
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
