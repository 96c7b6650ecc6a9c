/**
 * Canonical token form of a Lean statement for the Lean-aware channel: comments dropped, the
 * notation table applied (NFC only), binder groups split one name each, variables renamed in
 * order of appearance, hypothesis names erased and hypotheses sorted, bound variables of
 * `∀ ∃ fun ∑ ∏ …` and set-builders renamed in order of appearance within their binder or conclusion,
 * round parentheses inside types dropped (so redundant ones do not break a match; precedence is lost).
 */
import type { ProjectCommand } from '../lean/commands.js';
import { lex } from '../lean/lexer.js';
import { NameTable } from '../lean/names.js';
import { isCloser, isOpener, parseLean } from '../lean/parser.js';
import type { Token } from '../model/lean.js';
import { readTextFile } from './input.js';
import { BIG_OPERATORS, BINDER_KEYWORDS, canonicalNotation } from './notation.js';

interface Tok {
  text: string;
  /** An identifier that could name a variable (not a keyword, not rewritten by the table). */
  ident: boolean;
  opener: boolean;
  closer: boolean;
}

const COMMENTS = new Set<Token['kind']>(['lineComment', 'blockComment', 'docComment', 'moduleDoc']);
const REGION_END = new Set([',', '↦', '|']);
const BINDER_OPEN = new Set(['(', '{', '[', '⦃']);

/** The tokens of Lean text, NFC-normalized, comments dropped, notation table applied. */
export function leanTokens(text: string): Tok[] {
  const out: Tok[] = [];
  let bigOp = false;
  for (const t of lex(text.normalize('NFC')).tokens) {
    if (COMMENTS.has(t.kind)) continue;
    let canon = canonicalNotation(t.text);
    if (BIG_OPERATORS.has(canon)) bigOp = true;
    else if (bigOp && canon === 'in') canon = '∈';
    else if (bigOp && canon === ',') bigOp = false;
    out.push({
      text: canon,
      ident: t.kind === 'ident' && canon === t.text,
      opener: isOpener(t),
      closer: isCloser(t),
    });
  }
  return out;
}

/** Index of the closer matching the opener at `i`, or the last token. */
function matching(toks: Tok[], i: number): number {
  let depth = 0;
  for (let j = i; j < toks.length; j++) {
    if (toks[j]!.opener) depth++;
    else if (toks[j]!.closer && --depth === 0) return j;
  }
  return toks.length - 1;
}

interface Binder {
  open: string;
  close: string;
  name?: string;
  type: Tok[];
}

/** Splits a header into binders (one per name) and the conclusion after the top-level `:`. */
function splitHeader(toks: Tok[]): { binders: Binder[]; conclusion: Tok[] } {
  const binders: Binder[] = [];
  let i = 0;
  while (i < toks.length && BINDER_OPEN.has(toks[i]!.text)) {
    const end = matching(toks, i);
    const inside = toks.slice(i + 1, end);
    let colon = -1;
    let depth = 0;
    for (let k = 0; k < inside.length && colon < 0; k++) {
      if (inside[k]!.opener) depth++;
      else if (inside[k]!.closer) depth--;
      else if (depth === 0 && inside[k]!.text === ':') colon = k;
    }
    const names = colon < 0 ? [] : inside.slice(0, colon);
    const simple = names.length > 0 && names.every((n) => n.ident || n.text === '_');
    const open = toks[i]!.text;
    const close = toks[end]!.text;
    if (simple) for (const n of names) binders.push({ open, close, name: n.text, type: inside.slice(colon + 1) });
    else binders.push({ open, close, type: inside });
    i = end + 1;
  }
  const rest = toks.slice(i);
  return { binders, conclusion: rest[0]?.text === ':' ? rest.slice(1) : rest };
}

/** The head of a dotted identifier (`s.card` -> `s`). */
const head = (text: string): string => {
  const dot = text.indexOf('.', 1);
  return dot < 0 ? text : text.slice(0, dot);
};

function rename(t: Tok, names: Map<string, string>): string {
  if (!t.ident) return t.text;
  const whole = names.get(t.text);
  if (whole !== undefined) return whole;
  const h = head(t.text);
  const mapped = h === t.text ? undefined : names.get(h);
  return mapped === undefined ? t.text : mapped + t.text.slice(h.length);
}

/** Renders a segment without its round parentheses, `outer` names renamed and its own bound variables renamed `b1, b2, …`. */
function renderSegment(all: Tok[], outer: Map<string, string>): string[] {
  const toks = all.filter((t) => t.text !== '(' && t.text !== ')');
  const names = new Map(outer);
  const out: string[] = [];
  let bound = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const setBuilder = t.text === '{' && toks[i + 1]?.ident === true && toks[i + 2]?.text === '|';
    if (!BINDER_KEYWORDS.has(t.text) && !setBuilder) {
      out.push(rename(t, names));
      continue;
    }
    out.push(t.text);
    let expectName = true;
    let depth = 0;
    for (i++; i < toks.length; i++) {
      const b = toks[i]!;
      if (depth === 0 && REGION_END.has(b.text)) {
        i--;
        break;
      }
      if (b.opener) depth++;
      else if (b.closer) depth--;
      if (expectName && (b.ident || b.text === '_')) {
        const fresh = `b${++bound}`;
        names.set(b.text, fresh);
        out.push(fresh);
        continue;
      }
      out.push(rename(b, names));
      expectName = b.opener || b.text === '!';
    }
  }
  return out;
}

/** The canonical tokens of a statement header (binders and type; no name, no proof). */
export function canonicalHeader(header: string): string[] {
  const { binders, conclusion } = splitHeader(leanTokens(header));
  const used = new Set<string>();
  const note = (toks: Tok[]): void => {
    for (const t of toks) if (t.ident) used.add(head(t.text));
  };
  binders.forEach((b) => note(b.type));
  note(conclusion);
  const names = new Map<string, string>();
  const variables: Binder[] = [];
  const hypotheses: Binder[] = [];
  for (const b of binders) {
    if (b.name !== undefined && b.name !== '_' && used.has(b.name)) {
      names.set(b.name, `v${names.size + 1}`);
      variables.push(b);
    } else hypotheses.push(b);
  }
  const render = (b: Binder, name: string | undefined): string[] => [
    b.open,
    ...(name !== undefined ? [name, ':'] : []),
    ...renderSegment(b.type, names),
    b.close,
  ];
  const out: string[] = [];
  for (const v of variables) out.push(...render(v, names.get(v.name!)));
  const hyps = hypotheses.map((h) => render(h, h.name !== undefined ? '_h' : undefined));
  hyps.sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : a.join(' ') > b.join(' ') ? 1 : 0));
  for (const h of hyps) out.push(...h);
  out.push(':', ...renderSegment(conclusion, names));
  return out;
}

/** One theorem-like declaration of Lean source, with its canonical statement. */
export interface LeanStatement {
  name: string;
  kind: string;
  header: string;
  doc?: string;
  line: number;
  column: number;
  tokens: string[];
}

const THEOREM_KINDS = new Set(['theorem', 'lemma', 'example']);

/** Whether a project command stands for a theorem-like declaration (compfiles' `problem`). */
export const isStatementCommand = (command: ProjectCommand): boolean => command.kind !== undefined && THEOREM_KINDS.has(command.kind);

/**
 * The `theorem`/`lemma`/`example` declarations of Lean source, each with its canonical tokens;
 * `commands` are the declaration commands its project defines (see `projectCommandsOf`).
 */
export function leanStatements(
  text: string,
  file = '<input>',
  commands: ProjectCommand[] = [],
): { statements: LeanStatement[]; problems: ReturnType<typeof parseLean>['problems'] } {
  const names = new NameTable();
  for (const command of commands) names.addProjectCommand(command.word, command.kind);
  const parsed = parseLean(text, file, { names });
  const statements = parsed.decls
    .filter((d) => THEOREM_KINDS.has(d.kind))
    .map((d) => ({
      name: d.fullName,
      kind: d.kind,
      header: d.header,
      ...(d.doc !== undefined ? { doc: d.doc } : {}),
      line: d.location.line,
      column: d.location.column ?? 0,
      tokens: canonicalHeader(d.header),
    }));
  return { statements, problems: parsed.problems };
}

/**
 * The commands the `.lean` files at `paths` define for themselves (see src/lean/commands.ts), so
 * that a corpus or benchmark folder such as compfiles, whose problems are `problem` declarations,
 * is read as Lean reads it. Only files with a `syntax`/`macro`/`elab` command line are parsed.
 */
export function projectCommandsOf(paths: string[]): ProjectCommand[] {
  const names = new NameTable();
  for (const path of paths) {
    let text: string;
    try {
      text = readTextFile(path);
    } catch {
      continue;
    }
    if (/^[ \t]*(?:syntax|macro|elab)\b/m.test(text) && text.includes('command')) parseLean(text, path, { names });
  }
  return names.ownCommands();
}

/** The canonical tokens of a benchmark's formal statement: its first theorem, else the whole text. */
export function canonicalFormal(formal: string): string[] {
  const [first] = leanStatements(formal).statements;
  return first ? first.tokens : canonicalHeader(formal);
}
