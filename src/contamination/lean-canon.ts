/**
 * Canonical token form of a Lean statement for the Lean-aware channel: comments dropped, the
 * notation table applied (NFC only), binder groups split one name each, variables put in a
 * dependency-respecting order decided by their types and roles (not their names or written order)
 * and renamed `v1, v2, …` in that order, hypothesis names erased and hypotheses sorted, bound
 * variables of `∀ ∃ fun ∑ ∏ …` and set-builders renamed in order of appearance within their binder or
 * conclusion, round parentheses inside types dropped (so redundant ones do not break a match;
 * precedence is lost). Each statement's trace records what was canonicalized, so a match can say
 * which canonicalizations made it (see `canonicalizationsBetween`).
 */
import type { ProjectCommand } from '../lean/syntax/commands.js';
import { lexTable } from '../lean/syntax/lexer.js';
import { isProofKind, NameTable } from '../lean/syntax/names.js';
import { isCloser, isOpener, parseLean } from '../lean/syntax/parser.js';
import type { Token } from '../model/lean.js';
import { type Binder, head, orderVariables, renderSegment, type Tok } from './binder-order.js';
import { type ReadLimits, readTextUpTo } from './input.js';
import { BIG_OPERATORS, canonicalNotation } from './notation.js';

const COMMENTS = new Set<Token['kind']>(['lineComment', 'blockComment', 'docComment', 'moduleDoc']);
const BINDER_OPEN = new Set(['(', '{', '[', '⦃']);

/** The tokens of Lean text, NFC-normalized, comments dropped, notation table applied. */
export function leanTokens(text: string, names?: NameTable): Tok[] {
  const out: Tok[] = [];
  let bigOp = false;
  for (const t of lexTable(text.normalize('NFC'), '<input>', undefined, names).table.tokens()) {
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
      ...(canon !== t.text ? { from: t.text } : {}),
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

/** Splits a header into binders (one per name) and the conclusion after the top-level `:`; `groups` are the written group sizes. */
function splitHeader(toks: Tok[]): { binders: Binder[]; conclusion: Tok[]; groups: number[] } {
  const binders: Binder[] = [];
  const groups: number[] = [];
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
    groups.push(simple ? names.length : 1);
    i = end + 1;
  }
  const rest = toks.slice(i);
  return { binders, conclusion: rest[0]?.text === ':' ? rest.slice(1) : rest, groups };
}

/** What canonicalization changed in one statement; two statements' traces tell what made them match. */
export interface CanonTrace {
  /** Per binder as written: `v` a variable, `h` a hypothesis. */
  kinds: string;
  /** Per variable as written: its canonical index. */
  variableOrder: number[];
  /** Variable names in canonical order. */
  variableNames: string[];
  /** Per hypothesis in canonical (sorted) order: its written index. */
  hypothesisOrder: number[];
  /** Hypothesis names in canonical order ('' when unnamed). */
  hypothesisNames: string[];
  /** Names of the written binder groups' sizes. */
  groups: number[];
  /** Bound variable names, in the order they were renamed. */
  bound: string[];
  /** Spellings the notation table rewrote, in order. */
  notation: string[];
  /** Round parentheses dropped. */
  parentheses: number;
}

/** Where the parts of a canonical statement are, as token indices. */
export interface StatementShape {
  /** Index of the conclusion's first token (after the top-level `:`). */
  conclusion: number;
  /** `[start, end)` of each hypothesis's statement (what follows its `:`), instance binders left out. */
  hypotheses: [number, number][];
}

/** A statement in canonical tokens, with its trace and shape. */
export interface Canonical {
  tokens: string[];
  trace: CanonTrace;
  shape: StatementShape;
}

/** The canonical tokens of a statement header (binders and type; no name, no proof). */
export function canonicalHeader(header: string, table?: NameTable): Canonical {
  const toks = leanTokens(header, table);
  const { binders, conclusion, groups } = splitHeader(toks);
  const used = new Set<string>();
  const note = (list: Tok[]): void => {
    for (const t of list) if (t.ident) used.add(head(t.text));
  };
  binders.forEach((b) => note(b.type));
  note(conclusion);
  const variables: Binder[] = [];
  const hypotheses: Binder[] = [];
  let kinds = '';
  for (const b of binders) {
    const variable = b.name !== undefined && b.name !== '_' && used.has(b.name);
    (variable ? variables : hypotheses).push(b);
    kinds += variable ? 'v' : 'h';
  }
  const { order, names } = orderVariables(variables, hypotheses, conclusion);
  const bound: string[] = [];
  const render = (b: Binder, name: string | undefined): string[] => [
    b.open,
    ...(name !== undefined ? [name, ':'] : []),
    ...renderSegment(b.type, names, bound),
    b.close,
  ];
  const out: string[] = [];
  const varTokens = order.map((v) => render(variables[v]!, names.get(variables[v]!.name!)));
  // An instance binder's name is never referred to: `[inst : C α]` is `[C α]`.
  const hyps = hypotheses.map((h, written) => ({
    written,
    tokens: render(h, h.name !== undefined && h.open !== '[' ? '_h' : undefined),
  }));
  const keyOf = (h: { tokens: string[] }): string => h.tokens.join(' ');
  hyps.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  for (const t of varTokens) out.push(...t);
  const statements: [number, number][] = [];
  for (const h of hyps) {
    // An instance binder (`[Fintype v2]`) states no property of the problem.
    if (hypotheses[h.written]!.open !== '[') {
      const named = h.tokens[1] === '_h' && h.tokens[2] === ':';
      statements.push([out.length + (named ? 3 : 1), out.length + h.tokens.length - 1]);
    }
    out.push(...h.tokens);
  }
  const conclusionStart = out.length + 1;
  out.push(':', ...renderSegment(conclusion, names, bound));
  const position = new Map(order.map((v, k) => [v, k + 1]));
  return {
    tokens: out,
    shape: { conclusion: conclusionStart, hypotheses: statements },
    trace: {
      kinds,
      variableOrder: variables.map((_, v) => position.get(v)!),
      variableNames: order.map((v) => variables[v]!.name!),
      hypothesisOrder: hyps.map((h) => h.written),
      hypothesisNames: hyps.map((h) => hypotheses[h.written]!.name ?? ''),
      groups,
      bound,
      notation: toks.flatMap((t) => (t.from !== undefined ? [t.from] : [])),
      parentheses: [...binders.map((b) => b.type), conclusion].reduce(
        (n, seg) => n + seg.filter((t) => t.text === '(' || t.text === ')').length,
        0,
      ),
    },
  };
}

/** The canonicalizations, by name, whose traces differ between two statements: what it took to match them. */
export function canonicalizationsBetween(a: CanonTrace, b: CanonTrace): string[] {
  const same = (x: unknown, y: unknown): boolean => JSON.stringify(x) === JSON.stringify(y);
  const out: string[] = [];
  if (a.kinds !== b.kinds || !same(a.variableOrder, b.variableOrder)) out.push('binder-order');
  if (!same(a.variableNames, b.variableNames)) out.push('variable-names');
  if (!same(a.groups, b.groups)) out.push('binder-groups');
  if (!same(a.hypothesisOrder, b.hypothesisOrder)) out.push('hypothesis-order');
  if (!same(a.hypothesisNames, b.hypothesisNames)) out.push('hypothesis-names');
  if (!same(a.bound, b.bound)) out.push('bound-variable-names');
  if (!same(a.notation, b.notation)) out.push('notation');
  if (a.parentheses !== b.parentheses) out.push('parentheses');
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
  trace: CanonTrace;
  shape: StatementShape;
}

/** Whether a project command stands for a theorem-like declaration (compfiles' `problem`). */
export const isStatementCommand = (command: ProjectCommand): boolean => command.kind !== undefined && isProofKind(command.kind);

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
    .filter((d) => isProofKind(d.kind))
    .map((d) => ({
      ...canonicalHeader(d.header, names),
      name: d.fullName,
      kind: d.kind,
      header: d.header,
      ...(d.doc !== undefined ? { doc: d.doc } : {}),
      line: d.location.line,
      column: d.location.column ?? 0,
    }));
  return { statements, problems: parsed.problems };
}

/**
 * The commands the `.lean` files at `paths` define for themselves (see src/lean/commands.ts), so
 * that a corpus or benchmark folder such as compfiles, whose problems are `problem` declarations,
 * is read as Lean reads it. Only files with a `syntax`/`macro`/`elab` command line are parsed.
 */
export function projectCommandsOf(paths: string[], limits: Pick<ReadLimits, 'chunkBytes'>): ProjectCommand[] {
  const names = new NameTable();
  for (const path of paths) {
    let text: string;
    try {
      // A file that defines commands is small: larger ones are not read twice.
      text = readTextUpTo(path, limits.chunkBytes);
    } catch {
      continue;
    }
    if (/^[ \t]*(?:syntax|macro|elab)\b/m.test(text) && text.includes('command')) parseLean(text, path, { names });
  }
  return names.ownCommands();
}

/** The canonical form of a benchmark's formal statement: its first theorem, else the whole text. */
export function canonicalFormal(formal: string): Canonical {
  const [first] = leanStatements(formal).statements;
  return first ? { tokens: first.tokens, trace: first.trace, shape: first.shape } : canonicalHeader(formal);
}
