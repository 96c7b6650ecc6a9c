/**
 * Proof gaps of one Lean file, found on tokens (never in comments, strings, docstrings or inside
 * identifiers): `sorry`/`admit` classified as in a proof or in data, axioms, and the escape hatches
 * that make the kernel trust something it did not check.
 */
import { lex } from './lexer.js';
import { isCloser, isOpener } from './parser.js';
import type { LeanDecl, LeanFile, Token } from './types.js';

export type GapKind =
  | 'sorry-in-proof'
  | 'sorry-in-data'
  | 'axiom'
  | 'native-decide'
  | 'implemented-by'
  | 'extern'
  | 'unsafe'
  | 'opaque-without-body'
  | 'max-heartbeats-zero'
  | 'skip-kernel-tc'
  | 'search-tactic'
  | 'trivial-statement';

/** Why a `sorry` counts as in a proof or in data. */
export type SorryContext = 'theorem' | 'by-block' | 'proof-field' | 'data-field' | 'value' | 'command';

/** One gap: what, where, and in which declaration. */
export interface ProofGap {
  kind: GapKind;
  /** The token or construct as written (`sorry`, `admit`, `native_decide`, `set_option maxHeartbeats 0`). */
  text: string;
  line: number;
  column: number;
  decl?: LeanDecl;
  /** For sorry/admit: what decided the classification. */
  context?: SorryContext;
  /** For sorry/admit in a field assignment: the field name. */
  field?: string;
}

/** Tactic-block openers: everything up to the closing bracket (or a comma inside brackets) is tactics. */
const TACTIC_BLOCKS: ReadonlySet<string> = new Set(['by', 'decreasing_by']);
const PROOF_KINDS: ReadonlySet<string> = new Set(['theorem', 'lemma', 'example']);
const SEARCH_TACTICS: ReadonlySet<string> = new Set(['apply?', 'exact?', 'rw?']);
/** A file containing none of these needs no token scan for sorry/escape hatches. */
const NEEDLES = ['sorry', 'admit', 'native', 'ofReduceBool', 'implemented_by', 'extern', 'unsafe', 'Heartbeats', 'skipKernelTC', 'apply?', 'exact?', 'rw?'];

/**
 * A field name that reads as a proposition: Mathlib names proof fields in snake_case or with a
 * trailing prime (`map_add'`, `le_refl`), data fields in lowerCamelCase (`toFun`, `add`).
 */
export function isProofFieldName(name: string): boolean {
  return name.includes('_') || name.endsWith("'");
}

/** The proof gaps of one parsed file, given its text (from `readLeanSource`). */
export function proofGapsOf(file: LeanFile, text: string): ProofGap[] {
  const gaps: ProofGap[] = [];
  for (const decl of file.decls) {
    const at = { line: decl.location.line, column: decl.location.column ?? 0, decl };
    if (decl.kind === 'axiom') gaps.push({ kind: 'axiom', text: 'axiom', ...at });
    if (decl.kind === 'opaque' && decl.body === undefined) gaps.push({ kind: 'opaque-without-body', text: 'opaque', ...at });
    if ((decl.kind === 'theorem' || decl.kind === 'lemma') && statesTrue(decl.header)) gaps.push({ kind: 'trivial-statement', text: 'True', ...at });
  }
  if (NEEDLES.some((needle) => text.includes(needle))) scanTokens(file, text, gaps);
  return gaps.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** True when the header's type (after its last top-level `:`) is exactly `True`. */
function statesTrue(header: string): boolean {
  if (!header.endsWith('True')) return false;
  const tokens = lex(header).tokens.filter((t) => t.kind !== 'lineComment' && t.kind !== 'blockComment');
  let depth = 0;
  let colon = -1;
  tokens.forEach((t, i) => {
    if (isOpener(t)) depth++;
    else if (isCloser(t)) depth--;
    else if (depth === 0 && t.text === ':') colon = i;
  });
  return colon >= 0 && colon === tokens.length - 2;
}

/** An identifier starts a field assignment `name := …` when it begins a line or follows `{ , ⟨ where with`. */
function startsField(name: Token, before: Token | undefined): boolean {
  if (before === undefined || before.line < name.line) return true;
  const b = before.text;
  return b === '{' || b === ',' || b === '⟨' || b === 'where' || b === 'with';
}

function scanTokens(file: LeanFile, text: string, gaps: ProofGap[]): void {
  const tokens = lex(text, file.path).tokens;
  const decls = file.decls;
  let d = 0;
  let current: LeanDecl | undefined;
  let depth = 0;
  const tactics: number[] = [];
  let prev: Token | undefined;
  let prev2: Token | undefined;
  let prev3: Token | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const kind = t.kind;
    if (kind === 'lineComment' || kind === 'blockComment' || kind === 'docComment' || kind === 'moduleDoc') continue;
    if (kind === 'keyword' && t.text === '#exit') break;
    while (d < decls.length && decls[d]!.range.end <= t.start) d++;
    const inDecl = d < decls.length && decls[d]!.range.start <= t.start ? decls[d] : undefined;
    if (inDecl !== current) {
      current = inDecl;
      depth = 0;
      tactics.length = 0;
    }
    const add = (gapKind: GapKind, written: string, extra: Partial<ProofGap> = {}): void => {
      gaps.push({ kind: gapKind, text: written, line: t.line, column: t.column, ...(current ? { decl: current } : {}), ...extra });
    };
    if (isOpener(t)) depth++;
    else if (isCloser(t)) {
      depth = Math.max(0, depth - 1);
      while (tactics.length > 0 && tactics[tactics.length - 1]! > depth) tactics.pop();
    } else if (t.text === ',' && depth > 0) {
      while (tactics.length > 0 && tactics[tactics.length - 1]! >= depth) tactics.pop();
    } else if (kind === 'keyword') {
      if (TACTIC_BLOCKS.has(t.text)) tactics.push(depth);
      else if (t.text === 'sorry' || t.text === 'admit') {
        const field = prev?.text === ':=' && prev2?.kind === 'ident' && startsField(prev2, prev3) ? prev2.text : undefined;
        const context: SorryContext = tactics.length > 0
          ? 'by-block'
          : current && PROOF_KINDS.has(current.kind)
            ? 'theorem'
            : field !== undefined
              ? isProofFieldName(field) ? 'proof-field' : 'data-field'
              : current ? 'value' : 'command';
        const inProof = context === 'by-block' || context === 'theorem' || context === 'proof-field';
        add(inProof ? 'sorry-in-proof' : 'sorry-in-data', t.text, { context, ...(field !== undefined ? { field } : {}) });
      } else if (t.text === 'unsafe') add('unsafe', 'unsafe');
      else if (t.text === 'set_option') {
        const option = tokens[i + 1];
        const value = tokens[i + 2];
        if (option?.text.endsWith('maxHeartbeats') && value?.text === '0') add('max-heartbeats-zero', `set_option ${option.text} 0`);
        else if (option?.text === 'debug.skipKernelTC' && value?.text === 'true') add('skip-kernel-tc', 'set_option debug.skipKernelTC true');
      }
    } else if (kind === 'ident') {
      const w = t.text;
      if (w === 'native_decide' || w === 'Lean.ofReduceBool' || w === 'ofReduceBool') add('native-decide', w);
      else if (w === 'native' && prev?.text === '+' && prev2?.text === 'decide') add('native-decide', 'decide +native');
      else if ((w === 'implemented_by' || w === 'extern') && (prev?.kind === 'attributeOpen' || prev?.text === '[' || prev?.text === ',')) {
        add(w === 'extern' ? 'extern' : 'implemented-by', `@[${w}]`);
      } else if (SEARCH_TACTICS.has(w)) add('search-tactic', w);
    }
    prev3 = prev2;
    prev2 = prev;
    prev = t;
  }
}
