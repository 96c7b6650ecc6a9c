/**
 * Where a `sorry` written as an argument stands: in `ofComplex z ρ sorry` it fills the third
 * explicit parameter of `ofComplex`, in `f (h := sorry)` the parameter `h`, in `⟨x, sorry⟩` a
 * component of an anonymous constructor. Whether that is a proof or data is the parameter's type
 * (see signatures.ts).
 */
import { bracketDelta, isCommentKind, KIND, MULTI, MULTI_SYMBOLS, type TokenTable } from './lexer.js';

/**
 * Where a `sorry` stands: the n-th explicit argument of `callee` (every argument after `@callee`), its
 * argument named `name`, or the n-th component of `⟨…⟩` (`whole` when the constructor is the whole
 * value, right after `:=`).
 */
export type ArgumentPlace = ApplicationPlace | { component: number; whole: boolean };

/** A place in an application: an argument by position or by name. */
export type ApplicationPlace = { callee: string; index: number; explicit: boolean } | { callee: string; name: string };

const ASSIGN = MULTI + MULTI_SYMBOLS.indexOf(':=');
const PAREN = 40;
const COMMA = 44;
const AT = 64;
const ANGLE = 0x27e8;

const isSymbol = (table: TokenTable, j: number, code: number): boolean =>
  j >= 0 && j < table.count && table.kind[j] === KIND.symbol && table.code[j] === code;

/** Whether token j ends a term: a name, a literal or a closing bracket (what follows it is then an argument). */
function endsTerm(table: TokenTable, j: number): boolean {
  const kind = table.kind[j]!;
  return kind === KIND.ident || kind === KIND.number || kind === KIND.string || kind === KIND.char || bracketDelta(table, j) < 0;
}

/** The code token before j, or -1 (none at or after `lowest`). */
function before(table: TokenTable, j: number, lowest: number): number {
  let k = j - 1;
  while (k >= lowest && isCommentKind(table.kind[k]!)) k--;
  return k >= lowest ? k : -1;
}

/** The bracket opening the one closing at `close`, scanning back no further than `lowest` (-1 if unmatched). */
function openerOf(table: TokenTable, close: number, lowest: number): number {
  let depth = 0;
  for (let j = close; j >= lowest; j--) {
    depth += bracketDelta(table, j);
    if (depth === 0) return j;
  }
  return -1;
}

/** The innermost bracket open around token i, from `lowest` on (-1 if none). */
function enclosingOpener(table: TokenTable, i: number, lowest: number): number {
  let depth = 0;
  for (let j = i - 1; j >= lowest; j--) {
    depth += bracketDelta(table, j);
    if (depth > 0) return j;
  }
  return -1;
}

/** Whether token `next` continues the term token `last` ends: on its line, or on a later line indented more than the line of `last`. */
const continues = (table: TokenTable, last: number, next: number): boolean =>
  table.line[last] === table.line[next] || table.lineIndent(next) > table.lineIndent(last);

/** Whether the group opened at `open` is a named argument `(name := …)`. */
const namedGroup = (table: TokenTable, open: number): boolean =>
  isSymbol(table, open, PAREN) && table.kind[open + 1] === KIND.ident && isSymbol(table, open + 2, ASSIGN);

/**
 * The application whose last argument ends at token `last`: its head's text, how many explicit
 * (positional) arguments it has up to `last`, and whether the head is written `@f`; undefined when
 * the head is no name (`(f a) b`).
 */
function application(table: TokenTable, last: number, lowest: number): { callee: string; count: number; explicit: boolean } | undefined {
  let count = 0;
  let j = last;
  while (j >= lowest) {
    const previous = before(table, j, lowest);
    const start = bracketDelta(table, j) < 0 ? openerOf(table, j, lowest) : j;
    if (start < 0) return undefined;
    const first = start === j ? previous : before(table, start, lowest);
    if (first < 0 || !endsTerm(table, first) || !continues(table, first, start)) {
      // Token j (or the group ending there) starts the application: it is the head.
      if (start !== j || table.kind[j] !== KIND.ident) return undefined;
      const explicit = isSymbol(table, previous, AT) && table.end[previous] === table.start[j];
      return { callee: table.textOf(j), count, explicit };
    }
    if (start === j || !namedGroup(table, start)) count++;
    j = first;
  }
  return undefined;
}

/**
 * Where the `sorry` at token i (after code token `prev`) stands as an argument, reading back no
 * further than token `lowest` (its declaration's first): undefined when it is none (the whole value,
 * an operand, a field's value).
 */
export function argumentPlace(table: TokenTable, i: number, prev: number, lowest: number): ArgumentPlace | undefined {
  if (prev < lowest) return undefined;
  // `(sorry)` is the group's argument: read the group's place.
  let at = i;
  let previous = prev;
  if (isSymbol(table, prev, PAREN) && bracketDelta(table, i + 1) < 0 && isSymbol(table, i + 1, 41)) {
    at = prev;
    previous = before(table, prev, lowest);
    if (previous < 0) return undefined;
  }
  if (endsTerm(table, previous)) {
    if (!continues(table, previous, at)) return undefined;
    const app = application(table, previous, lowest);
    return app === undefined ? undefined : { callee: app.callee, index: app.count, explicit: app.explicit };
  }
  if (isSymbol(table, previous, ASSIGN)) {
    const open = before(table, previous, lowest) - 1;
    if (at !== i || !namedGroup(table, open)) return undefined;
    const head = before(table, open, lowest);
    if (head < 0 || !endsTerm(table, head)) return undefined;
    const app = application(table, head, lowest);
    return app === undefined ? undefined : { callee: app.callee, name: table.textOf(open + 1) };
  }
  if (isSymbol(table, previous, ANGLE) || isSymbol(table, previous, COMMA)) {
    const open = enclosingOpener(table, at, lowest);
    if (open < 0 || !isSymbol(table, open, ANGLE)) return undefined;
    let component = 0;
    for (let j = open + 1, depth = 0; j < at; j++) {
      depth += bracketDelta(table, j);
      if (depth === 0 && isSymbol(table, j, COMMA)) component++;
    }
    return { component, whole: isSymbol(table, before(table, open, lowest), ASSIGN) };
  }
  return undefined;
}
