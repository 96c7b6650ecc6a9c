/**
 * Tactics and commands past which Lean checks nothing, or trusts compiled code: `stop` (core
 * Lean's `repeat sorry`, which admits every goal left), `#exit` with declarations after it (Lean
 * reads none of them), and native evaluation beyond `native_decide` (proof-gaps' rule): `bv_decide`,
 * `decide (config := { native := true })`, `Lean.ofReduceNat`; and a `sorry` built in a syntax
 * quotation that the proof's own `run_tac`/`by_elab` elaborates, which proof-gaps leaves to macros.
 */
import type { FindingInput } from '../../core/types.js';
import type { Token } from '../../model/lean.js';
import { hitAt } from './hit.js';
import { DECLARING, type FileCode, headOf } from './source.js';

/** Tokens after which a tactic begins (not `(`: `ih (stop - start)` passes a variable). */
const TACTIC_START: ReadonlySet<string> = new Set(['by', ';', '=>', '·', '.', '<;>', 'then', 'else', 'first', '|']);

/** Whether `stop` at token i stands as a tactic: the first token of its line or after a tactic separator, inside a `by`. */
function isTacticStop(tokens: Token[], i: number, from: number): boolean {
  const t = tokens[i]!;
  if (t.text !== 'stop' || t.kind !== 'ident') return false;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (next !== undefined && next.line === t.line && (next.text === ':=' || next.text === ':' || next.text === '.')) return false;
  const starts = prev === undefined || prev.line !== t.line || TACTIC_START.has(prev.text);
  return starts && tokens.slice(from, i).some((u) => u.text === 'by');
}

/** Tactics that run meta code written in the proof itself. */
const RUNS_IN_PROOF: ReadonlySet<string> = new Set(['run_tac', 'by_elab']);

/** Whether token i stands in a syntax quotation opened since `from` (`` `( `` or `` `(tactic| ``) and not closed before it. */
function quoted(tokens: Token[], i: number, from: number): boolean {
  let depth = 0;
  for (let j = i - 1; j >= from; j--) {
    const t = tokens[j]!;
    if (t.text === ')') depth++;
    else if (t.text === '(') {
      if (depth === 0) return tokens[j - 1]?.text === '`' && tokens[j - 1]!.end === t.start;
      depth--;
    }
  }
  return false;
}

export function escapes(code: FileCode): FindingInput[] {
  const found: FindingInput[] = [];
  const { tokens } = code;
  for (const command of code.commands) {
    const head = tokens[headOf(code, command)]!;
    if (head.text === '#exit') {
      const hidden = code.commands.filter((c) => c.start > command.start && DECLARING.has(tokens[headOf(code, c)]!.text));
      if (hidden.length === 0) continue;
      const first = tokens[headOf(code, hidden[0]!) + 1];
      found.push(
        hitAt(
          code.path,
          head,
          'exit-hides-declarations',
          { count: String(hidden.length), s: hidden.length === 1 ? '' : 's', first: first?.text ?? 'an anonymous one' },
          { hidden: hidden.map((c) => `${code.path}:${tokens[c.start]!.line}`) },
        ),
      );
      continue;
    }
    let runner: string | undefined;
    for (let i = command.start; i < command.end; i++) {
      const t = tokens[i]!;
      if (RUNS_IN_PROOF.has(t.text) && DECLARING.has(head.text)) runner ??= t.text;
      if (runner !== undefined && (t.text === 'sorry' || t.text === 'admit') && t.kind === 'keyword' && quoted(tokens, i, command.start))
        found.push(hitAt(code.path, t, 'quoted-sorry', { token: t.text, runner }, { runner }));
      if (isTacticStop(tokens, i, command.start)) found.push(hitAt(code.path, t, 'stop-tactic', {}));
      const native = nativeAt(tokens, i);
      if (native !== undefined) found.push(hitAt(code.path, t, 'native-evaluation', { token: native }, { token: native }));
    }
  }
  return found;
}

/** The native evaluation written at token i, if any. */
function nativeAt(tokens: Token[], i: number): string | undefined {
  const t = tokens[i]!;
  if (t.kind !== 'ident') return undefined;
  if (t.text === 'bv_decide' || t.text === 'bv_decide?') return t.text;
  if (t.text === 'Lean.ofReduceNat' || t.text === 'ofReduceNat') return t.text;
  if (t.text === 'native' && tokens[i + 1]?.text === ':=' && tokens[i + 2]?.text === 'true') {
    const decide = tokens.slice(Math.max(0, i - 8), i).some((u) => u.text === 'decide');
    if (decide) return 'decide (config := { native := true })';
  }
  return undefined;
}
