/** Readers for what Lean prints in REPL messages: `exact?` suggestions and `#print axioms` lists. */
import type { Message, ReplError } from './protocol.js';

export type ExactResult =
  | { kind: 'suggestion'; tactic: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'timeout'; message: string }
  | { kind: 'error'; message: string };

const TRY_THIS = /^Try this:[ \t]*\n?/;
const NOT_FOUND = /could not close the goal/;
const HEARTBEATS = /maximum number of heartbeats|\(deterministic\) timeout/;

/** The tactic of a `Try this:` message: lines dedented by the first line's indentation, `[apply]` dropped. */
function suggestedTactic(data: string): string {
  const lines = data.replace(TRY_THIS, '').split('\n');
  const indent = /^ */.exec(lines[0]!)![0].length;
  const dedented = lines.map((l) => l.replace(new RegExp(`^ {0,${indent}}`), ''));
  dedented[0] = dedented[0]!.replace(/^\[apply\]\s*/, '');
  return dedented.join('\n').trim();
}

/**
 * The outcome of `exact?` from the messages of a command (or a tactic's protocol error). Reads the
 * three suggestion forms Lean has printed: `Try this: exact X` (to v4.23), `Try this:\n  exact X`
 * (v4.24) and `Try this:\n  [apply] exact X` (v4.25 on).
 */
export function readExact(messages: readonly Message[] | undefined, error?: ReplError): ExactResult {
  if (error) {
    const message = error.message.replace(/^Lean error:\n/, '');
    if (NOT_FOUND.test(message)) return { kind: 'not-found', message };
    return HEARTBEATS.test(message) ? { kind: 'timeout', message } : { kind: 'error', message };
  }
  const suggestion = (messages ?? []).find((m) => TRY_THIS.test(m.data));
  if (suggestion) {
    return { kind: 'suggestion', tactic: suggestedTactic(suggestion.data) };
  }
  const errors = (messages ?? []).filter((m) => m.severity === 'error');
  const notFound = errors.find((m) => NOT_FOUND.test(m.data));
  if (notFound) return { kind: 'not-found', message: notFound.data };
  const timeout = errors.find((m) => HEARTBEATS.test(m.data));
  if (timeout) return { kind: 'timeout', message: timeout.data };
  if (errors.length) return { kind: 'error', message: errors.map((m) => `${m.pos.line}:${m.pos.column}: ${m.data}`).join('\n') };
  return { kind: 'error', message: 'exact? printed no suggestion and no error' };
}

export interface AxiomsReport {
  /** Constant name -> the axioms it depends on (empty: none). */
  axioms: Map<string, string[]>;
  /** Errors (unknown constants), with the line of the command they belong to. */
  errors: { line: number; message: string }[];
}

const DEPENDS = /^'([\s\S]+)' depends on axioms:\s*\[([\s\S]*)\]\s*$/;
const NONE = /^'([\s\S]+)' does not depend on any axioms\s*$/;

/** Reads the output of `#print axioms`, including lists Lean wrapped across lines. */
export function readPrintAxioms(messages: readonly Message[] | undefined): AxiomsReport {
  const report: AxiomsReport = { axioms: new Map(), errors: [] };
  for (const m of messages ?? []) {
    const depends = DEPENDS.exec(m.data);
    if (depends) {
      const list = depends[2]!
        .replace(/\s+/g, ' ')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      report.axioms.set(depends[1]!, list);
      continue;
    }
    const none = NONE.exec(m.data);
    if (none) report.axioms.set(none[1]!, []);
    else if (m.severity === 'error') report.errors.push({ line: m.pos.line, message: m.data });
  }
  return report;
}

/** The axioms of the kernel's standard three; anything else deserves a look. */
export const STANDARD_AXIOMS: ReadonlySet<string> = new Set(['propext', 'Classical.choice', 'Quot.sound']);

/**
 * The axioms that stand for a native computation: `Lean.ofReduceBool`, `Lean.ofReduceNat` and
 * `Lean.trustCompiler` on toolchains before lean4 #14953 removed them, and since lean4 #12217 one
 * auxiliary axiom per computation, named after the declaration, `_native`, the tactic and `ax`
 * (`foo._native.native_decide.ax_1`, `bar._native.bv_decide.ax_1_2`).
 */
export function isNativeAxiom(name: string): boolean {
  return OLD_NATIVE_AXIOMS.has(name) || NATIVE_AUX_AXIOM.test(name);
}

const OLD_NATIVE_AXIOMS: ReadonlySet<string> = new Set(['Lean.ofReduceBool', 'Lean.ofReduceNat', 'Lean.trustCompiler']);
const NATIVE_AUX_AXIOM = /(?:^|\.)_native\.(?:[^.]+\.)+ax(?:_\d+)*$/;
