/**
 * Probes one theorem with `exact?` in the environment just before it, re-elaborates the suggestion
 * to learn the constants it uses and the axioms it depends on, and classifies the outcome.
 */

import { isWrittenAs } from '../lean/resolve/name-lookup.js';
import { lex } from '../lean/syntax/lexer.js';
import type { LeanDecl, LeanProject } from '../model/lean.js';
import type { EnvChain } from './chain.js';
import type { DeclStep } from './file-plan.js';
import { type CommandResponse, errorsOf, isCommandResponse, isReplError } from './protocol.js';
import { renderQuery } from './queries.js';
import { readExact, readPrintAxioms } from './results.js';

/** overlap: closed by library lemmas only; project: uses project results; trivial: hypotheses or rfl/trivial alone. */
export type ProbeClass = 'overlap' | 'project' | 'trivial' | 'not-found' | 'failed';

export interface ProbeResult {
  class: ProbeClass;
  tactic?: string;
  /** The constant the suggestion is built on (the library lemma of an overlap). */
  lemma?: string;
  constants?: string[];
  projectConstants?: string[];
  /** Where the constants came from: the REPL's usedConstants, or the suggestion's identifiers. */
  constantsFrom?: 'usedConstants' | 'text';
  /** Why a suggestion was not counted (it depends on sorryAx). */
  rejected?: string;
  /** Why the probe failed: `timeout`, `heartbeats`, `crashed`, `error`, ... and the detail. */
  cause?: string;
  detail?: string;
  ms: number;
}

export interface ProbeOptions {
  maxHeartbeats: number;
  timeoutMs: number;
  isProjectConstant(name: string): boolean;
}

export const PROBE_NAME = '_leanaudit_probe';

/** Constants that close a goal without any library content. */
const TRIVIAL: ReadonlySet<string> = new Set(['rfl', 'Eq.refl', 'Iff.rfl', 'HEq.refl', 'trivial', 'True.intro', 'id']);

/** A predicate telling project constants (declarations, their members and auxiliaries) from the rest. */
export function projectConstantTest(project: LeanProject): (name: string) => boolean {
  const names = new Set<string>();
  for (const decl of project.decls.values()) {
    names.add(decl.fullName);
    for (const m of decl.members ?? []) names.add(m);
  }
  return (raw) => {
    const name = raw.replace(/^_private\.(?:[^.]+\.)*?0\./, '');
    for (let cut = name.length; cut > 0; cut = name.lastIndexOf('.', cut - 1)) {
      if (names.has(name.slice(0, cut))) return true;
    }
    return false;
  };
}

const identifiers = (text: string): string[] =>
  lex(text)
    .tokens.filter((t) => t.kind === 'ident')
    .map((t) => t.text);

/** The signature after the probe's name: `.{u} (x : α) : T` or ` (x : α) : T`. */
const signatureOf = (decl: LeanDecl): string => (decl.header.startsWith('.{') ? decl.header : ` ${decl.header}`);

function failed(cause: string, detail: string, ms: number): ProbeResult {
  return { class: 'failed', cause, detail, ms };
}

/** Runs `exact?` on `decl` at the chain's tip (which must be the environment just before it). */
export async function probeTheorem(chain: EnvChain, step: DeclStep, decl: LeanDecl, options: ProbeOptions): Promise<ProbeResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const shared = { prefix: step.prefix, probeName: PROBE_NAME, signature: signatureOf(decl) };
  const probe = await chain.probe(
    { cmd: renderQuery('exact-probe', { ...shared, maxHeartbeats: options.maxHeartbeats }) },
    { timeoutMs: options.timeoutMs },
  );
  if (!probe.ok) return failed(probe.failure.cause, probe.failure.detail, elapsed());
  const exact = isReplError(probe.response)
    ? readExact(undefined, probe.response)
    : readExact((probe.response as CommandResponse).messages);
  if (exact.kind === 'not-found') return { class: 'not-found', ms: elapsed() };
  if (exact.kind === 'timeout') return failed('heartbeats', exact.message, elapsed());
  if (exact.kind === 'error') return failed('error', exact.message, elapsed());

  const { tactic } = exact;
  const verify = await chain.probe(
    { cmd: renderQuery('exact-verify', { ...shared, tactic }), allTactics: true },
    { timeoutMs: options.timeoutMs },
  );
  if (!verify.ok) return { ...failed(verify.failure.cause, `re-elaborating \`${tactic}\`: ${verify.failure.detail}`, elapsed()), tactic };
  if (!isCommandResponse(verify.response))
    return { ...failed('error', `re-elaborating \`${tactic}\`: ${(verify.response as { message?: string }).message}`, elapsed()), tactic };
  const errors = errorsOf(verify.response);
  if (errors.length)
    return { ...failed('error', `the suggestion \`${tactic}\` does not re-elaborate: ${errors[0]!.data}`, elapsed()), tactic };

  const tactics = verify.response.tactics ?? [];
  const fromRepl = tactics.some((t) => Array.isArray(t.usedConstants));
  const used = fromRepl ? tactics.flatMap((t) => t.usedConstants ?? []) : identifiers(tactic);
  const constants = [...new Set(used)].filter((c) => !isWrittenAs(c, PROBE_NAME));
  const axioms = [...readPrintAxioms(verify.response.messages).axioms].find(([name]) => isWrittenAs(name, PROBE_NAME))?.[1] ?? [];
  const base = { tactic, constants, constantsFrom: fromRepl ? ('usedConstants' as const) : ('text' as const), ms: elapsed() };
  if (constants.includes('sorryAx') || axioms.includes('sorryAx')) {
    return { ...base, class: 'not-found', rejected: 'the suggestion depends on sorryAx' };
  }
  const projectConstants = constants.filter((c) => options.isProjectConstant(c));
  const written = identifiers(tactic)
    .map((w) => constants.find((c) => isWrittenAs(c, w)))
    .filter((c): c is string => c !== undefined);
  const lemma = written[0] ?? constants[0];
  const named = lemma ? { lemma } : {};
  if (projectConstants.length) return { ...base, class: 'project', projectConstants, ...named };
  if (written.every((c) => TRIVIAL.has(c))) return { ...base, class: 'trivial', ...named };
  return { ...base, class: 'overlap', ...named };
}
