/**
 * The compile status of the entities' formal statements: each paired declaration elaborated, in its
 * file, in the environment the declarations before it leave (so the file's own definitions,
 * variables, namespaces and notations are there), a theorem with its proof replaced by `sorry`, a
 * definition as written (its value is part of what it states).
 */
import type { CompileMessage, CompileStatus } from '../core/types.js';
import { readLeanSource } from '../lean/project.js';
import { isProofKind } from '../lean/syntax/names.js';
import type { PairedEntity } from '../model/entity.js';
import type { LeanDecl, LeanProject } from '../model/lean.js';
import { EnvChain } from './chain.js';
import { replSettings } from './config.js';
import { planFile } from './file-plan.js';
import { resolveLaunch } from './launch.js';
import type { FileJob } from './pool.js';
import { errorsOf, isCommandResponse } from './protocol.js';
import { renderQuery } from './queries.js';
import { runOnPool } from './run-pool.js';

/** What elaborating one declaration's statement said. */
type DeclStatus = { ok: true } | { ok: false; messages: CompileMessage[] } | { ok: undefined; reason: string };

export interface StatementEnv {
  root: string;
  config: Record<string, unknown>;
  signal: AbortSignal;
  project(): Promise<LeanProject>;
}

/** A theorem's statement as sent: its `… in` prefix, its header, `sorry` for its proof. */
function statementText(decl: LeanDecl, prefix: string, fileText: string): string {
  return prefix + renderQuery('statement-sorry', { statement: fileText.slice(decl.range.start, decl.headerRange.end).trimEnd() });
}

function fileJob(project: LeanProject, path: string, wanted: Set<string>): FileJob<Map<string, DeclStatus>> | undefined {
  const file = project.files.find((f) => f.path === path)!;
  const text = readLeanSource(project, file);
  if (text === undefined) return undefined;
  const plan = planFile(text, file);
  return {
    id: path,
    header: plan.header,
    weight: plan.steps.length,
    async run(session) {
      const chain = new EnvChain(session);
      const out = new Map<string, DeclStatus>();
      for (const step of plan.steps) {
        const targets = step.decls.filter((d) => wanted.has(d.fullName));
        if (targets.length === 1 && step.decls.length === 1) {
          const decl = targets[0]!;
          if (step.before.trim()) await chain.extend(step.before);
          // A definition's text is its statement: elaborating it once both checks it and extends the chain.
          const proof = isProofKind(decl.kind);
          const outcome = proof
            ? await chain.probe({ cmd: statementText(decl, step.prefix, text) })
            : await chain.extend(step.prefix + step.text);
          if (!outcome.ok) out.set(decl.fullName, { ok: undefined, reason: `${outcome.failure.cause}: ${outcome.failure.detail}` });
          else if (!isCommandResponse(outcome.response)) out.set(decl.fullName, { ok: undefined, reason: 'the REPL gave no environment' });
          else {
            const errors = errorsOf(outcome.response);
            const line0 = decl.location.line - 1;
            out.set(
              decl.fullName,
              errors.length === 0
                ? { ok: true }
                : {
                    ok: false,
                    messages: errors.map((e) => ({
                      declaration: decl.fullName,
                      line: line0 + e.pos.line,
                      column: e.pos.column,
                      message: e.data,
                    })),
                  },
            );
          }
          if (proof) await chain.extend(step.prefix + step.text);
        } else {
          for (const decl of targets) out.set(decl.fullName, { ok: undefined, reason: 'declared in a mutual block, not checked alone' });
          await chain.extend(step.before + step.prefix + step.text);
        }
      }
      return out;
    },
  };
}

/** The status of every entity with paired declarations; every status unknown, with the reason, when no REPL can run. */
export async function checkEntityStatements(env: StatementEnv, entities: PairedEntity[]): Promise<Map<string, CompileStatus>> {
  const statuses = new Map<string, CompileStatus>();
  const paired = entities.filter((e) => e.decls.length > 0);
  if (paired.length === 0) return statuses;
  const settings = replSettings(env.config);
  const launch = resolveLaunch(env.root, settings);
  const unknown = (reason: string) => {
    for (const e of paired) statuses.set(e.id, { state: 'unknown', reason });
    return statuses;
  };
  if (!launch.ok) return unknown(`no Lean REPL (${launch.reason})`);
  const project = await env.project().catch(() => undefined);
  if (!project) return unknown('the Lean project could not be read');
  const byFile = new Map<string, Set<string>>();
  for (const e of paired) {
    for (const d of e.decls) {
      const file = project.decls.get(d.fullName)?.location.file;
      if (file === undefined) continue;
      byFile.set(file, (byFile.get(file) ?? new Set()).add(d.fullName));
    }
  }
  const jobs = [...byFile].flatMap(([path, wanted]) => fileJob(project, path, wanted) ?? []);
  const results = await runOnPool({ signal: env.signal, metric: () => undefined }, { settings, spec: launch.spec }, jobs);
  const byDecl = new Map<string, DeclStatus>();
  for (const result of results) {
    if (result.ok) for (const [name, status] of result.value) byDecl.set(name, status);
    else for (const name of byFile.get(result.id) ?? []) byDecl.set(name, { ok: undefined, reason: result.error });
  }
  for (const e of paired) {
    const each = e.decls.map((d) => byDecl.get(d.fullName) ?? { ok: undefined, reason: `${d.fullName} was not elaborated` });
    const failed = each.flatMap((s) => (s.ok === false ? s.messages : []));
    const open = each.find((s): s is { ok: undefined; reason: string } => s.ok === undefined);
    statuses.set(
      e.id,
      failed.length > 0 ? { state: 'fails', messages: failed } : open ? { state: 'unknown', reason: open.reason } : { state: 'compiles' },
    );
  }
  return statuses;
}
