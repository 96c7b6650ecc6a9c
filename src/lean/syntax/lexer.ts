/**
 * Lean 4 lexer: one pass over the text's UTF-16 code units (copied to a reused typed array), no
 * regular expressions, no per-character strings. Whitespace is dropped; comments and doc comments
 * are tokens. Malformed input (an unterminated comment, string or `«name»`) becomes a
 * SourceProblem and lexing goes on.
 *
 * The lexer fills a TokenTable (parallel typed arrays, no object or string per token; identifiers
 * as ids of a NameTable) that the parser and the proof-gap scan read directly; `lex()` turns it
 * into Token objects.
 */

import type { SourceProblem, Token, TokenKind } from '../../model/lean.js';
import { BINDER_START, GAP_WORD, hashStep, KEYWORD_LIST, NameTable } from './names.js';

export { KEYWORD_LIST };

/** Lines longer than this are reported (generated data, minified or binary-like content). */
export const LONG_LINE = 100_000;

/** Token kinds as stored in a TokenTable. */
export const KIND: Record<TokenKind, number> = {
  ident: 0,
  keyword: 1,
  symbol: 2,
  number: 3,
  string: 4,
  char: 5,
  lineComment: 6,
  blockComment: 7,
  docComment: 8,
  moduleDoc: 9,
  attributeOpen: 10,
};
const KIND_NAMES = Object.keys(KIND) as TokenKind[];
/** True for the four comment kinds (line, block, doc, module doc). */
export const isCommentKind = (kind: number): boolean => kind >= 6 && kind <= 9;

// ASCII classes: bit 1 = may start an identifier, bit 2 = may continue one.
const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  const digit = c >= 48 && c <= 57;
  if (letter || c === 95) ASCII[c] = 3;
  else if (digit || c === 39 || c === 33 || c === 63) ASCII[c] = 2; // ' ! ?
}

/**
 * Lean's `isLetterLike`: Greek (not λ Π Σ), Coptic, polytonic Greek, letter-like block, math alphanumerics, and since
 * Lean 4.22 (lean4#9035) the letters of Latin-1 Supplement (not × ÷) and Latin Extended-A: `gödel`, `étonnant`, `Erdős`.
 * Older toolchains reject those characters outside `«»`, so code that compiles with them reads the same either way.
 */
function isLetterLike(cp: number): boolean {
  return (
    (cp >= 0x3b1 && cp <= 0x3c9 && cp !== 0x3bb) ||
    (cp >= 0x391 && cp <= 0x3a9 && cp !== 0x3a0 && cp !== 0x3a3) ||
    (cp >= 0x3ca && cp <= 0x3fb) ||
    (cp >= 0x1f00 && cp <= 0x1ffe) ||
    (cp >= 0x2100 && cp <= 0x214f) ||
    (cp >= 0x1d49c && cp <= 0x1d59f) ||
    (cp >= 0xc0 && cp <= 0xff && cp !== 0xd7 && cp !== 0xf7) ||
    (cp >= 0x100 && cp <= 0x17f)
  );
}

/** Lean's `isSubScriptAlnum`: ₀-₉, ₐ-ₜ, ᵢ-ᵪ, ⱼ. */
function isSubscript(cp: number): boolean {
  return (cp >= 0x2080 && cp <= 0x209c) || (cp >= 0x1d62 && cp <= 0x1d6a) || cp === 0x2c7c;
}

/** Per BMP code point: bit 1 = may start an identifier, bit 2 = may continue one (one load instead of a chain of range tests). */
const BMP_CLASS = new Uint8Array(0x10000);
for (let c = 0; c < 0x10000; c++) BMP_CLASS[c] = c < 128 ? ASCII[c]! : (isLetterLike(c) ? 3 : 0) | (isSubscript(c) ? 2 : 0);

function isIdFirst(cp: number): boolean {
  return cp < 0x10000 ? (BMP_CLASS[cp]! & 1) !== 0 : isLetterLike(cp);
}

function isIdRest(cp: number): boolean {
  return cp < 0x10000 ? (BMP_CLASS[cp]! & 2) !== 0 : isLetterLike(cp) || isSubscript(cp);
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHexDigit = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/**
 * The tokens of one text as parallel arrays, line and block comments apart (in `comments`, as
 * flat [kind, start, end, line, column] groups) so the parser and the proof-gap scan never step
 * over them. `code` holds, for a symbol, its first char code (multi-character symbols:
 * `MULTI + index`); for an identifier or keyword, its id in `names` (keywords are the ids below
 * KEYWORD_COUNT; `-1` for `#command`s); 0 otherwise.
 */
export class TokenTable {
  count = 0;
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  line: Int32Array;
  column: Int32Array;
  code: Int32Array;
  comments: ArrayLike<number> = [];
  /** Whether some token is a word the proof-gap scan reacts to (see NameTable). */
  gapWords = false;
  /** The first `#exit` token, or `#doc (` that opens a Verso document (where parsing and the proof-gap scan end; parseLean then reads the document's ```lean blocks alone, see verso.ts), or `count` when there is none. */
  exitToken = 0;
  /** Indices of the tokens after which local names may bind (binder keywords, tactics and notations, `|` of a match arm, `{` of a set-builder), in order. */
  starters: ArrayLike<number> = [];
  /** Per token, the column of the first token on its line; made on first use, for `count` tokens. */
  private indents: Int32Array | undefined;

  constructor(
    public text: string,
    public names: NameTable = new NameTable(),
  ) {
    const capacity = (text.length >> 2) + 16;
    this.kind = new Uint8Array(capacity);
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.line = new Int32Array(capacity);
    this.column = new Int32Array(capacity);
    this.code = new Int32Array(capacity);
  }

  /** Empties the table for another text, keeping its arrays. */
  reset(text: string, names: NameTable = this.names): this {
    this.text = text;
    this.names = names;
    this.count = 0;
    this.comments = [];
    this.gapWords = false;
    this.exitToken = 0;
    this.starters = [];
    this.indents = undefined;
    return this;
  }

  /** The column of the first token on token i's line (its indentation), in constant time: a walk back per token made a line of n tokens cost n². */
  lineIndent(i: number): number {
    if (this.indents === undefined || this.indents.length !== this.count) {
      const indents = new Int32Array(this.count);
      for (let k = 0; k < this.count; k++) {
        indents[k] = k > 0 && this.line[k - 1] === this.line[k] ? indents[k - 1]! : this.column[k]!;
      }
      this.indents = indents;
    }
    return this.indents[i]!;
  }

  /** Makes room for at least one more token. */
  grow(): void {
    const size = this.kind.length * 2;
    const widen = <T extends Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.kind = widen(this.kind, (n) => new Uint8Array(n));
    this.start = widen(this.start, (n) => new Int32Array(n));
    this.end = widen(this.end, (n) => new Int32Array(n));
    this.line = widen(this.line, (n) => new Int32Array(n));
    this.column = widen(this.column, (n) => new Int32Array(n));
    this.code = widen(this.code, (n) => new Int32Array(n));
  }

  /** The source text of token i. */
  textOf(i: number): string {
    // An identifier's or keyword's text is its interned name: one string for all its uses, not a slice each.
    if (this.kind[i]! <= KIND.keyword && this.code[i]! >= 0) return this.names.names[this.code[i]!]!;
    return this.text.slice(this.start[i], this.end[i]);
  }

  /** True when token i's text is exactly `s`, without building a string. */
  is(i: number, s: string): boolean {
    const start = this.start[i]!;
    return this.end[i]! - start === s.length && this.text.startsWith(s, start);
  }

  /** Token i as an object. */
  token(i: number): Token {
    return {
      kind: KIND_NAMES[this.kind[i]!]!,
      text: this.textOf(i),
      start: this.start[i]!,
      end: this.end[i]!,
      line: this.line[i]!,
      column: this.column[i]!,
    };
  }

  /** Every token, comments included, in source order. */
  tokens(): Token[] {
    const out: Token[] = [];
    const c = this.comments;
    let k = 0;
    for (let i = 0; i <= this.count; i++) {
      const before = i < this.count ? this.start[i]! : Infinity;
      for (; k < c.length && c[k + 1]! < before; k += 5) {
        out.push({
          kind: KIND_NAMES[c[k]!]!,
          text: this.text.slice(c[k + 1], c[k + 2]),
          start: c[k + 1]!,
          end: c[k + 2]!,
          line: c[k + 3]!,
          column: c[k + 4]!,
        });
      }
      if (i < this.count) out.push(this.token(i));
    }
    return out;
  }
}

/** `∀ ∃ λ Π Σ ∑ ∏ ⋃ ⋂ ⨆ ⨅`: binder notations, followed by the names they bind. */
const BINDER_SYMBOL_LIST = [0x2200, 0x2203, 0x3bb, 0x3a0, 0x3a3, 0x2211, 0x220f, 0x22c3, 0x22c2, 0x2a06, 0x2a05];
const BINDER_SYMBOLS: ReadonlySet<number> = new Set(BINDER_SYMBOL_LIST);
/** Whether a symbol code is a binder notation (a range test first: most symbols are ASCII or multi-character). */
export const isBinderSymbol = (c: number): boolean => c >= 0x3a0 && c <= 0x2a06 && BINDER_SYMBOLS.has(c);

/** Number of keywords: an identifier id below it is a keyword. */
export const KEYWORD_COUNT = KEYWORD_LIST.length;

/** +1 for a token opening a bracket (`( [ { ⟨ ⦃ ⟦ ⁅ @[`), -1 for one closing it, else 0. */
export function bracketDelta(table: TokenTable, i: number): number {
  const kind = table.kind[i];
  if (kind === KIND.attributeOpen) return 1;
  if (kind !== KIND.symbol) return 0;
  switch (table.code[i]) {
    case 40:
    case 91:
    case 123:
    case 0x27e8:
    case 0x2983:
    case 0x27e6:
    case 0x2045:
      return 1;
    case 41:
    case 93:
    case 125:
    case 0x27e9:
    case 0x2984:
    case 0x27e7:
    case 0x2046:
      return -1;
    default:
      return 0;
  }
}

/** The index of the token closing the bracket opened at token `open`, searching up to `to` (`to - 1` when it stays open). */
export function closingBracket(table: TokenTable, open: number, to: number): number {
  let depth = 0;
  for (let j = open; j < to; j++) {
    depth += bracketDelta(table, j);
    if (depth === 0) return j;
  }
  return to - 1;
}

/**
 * In a declaration header's tokens: the first code token of its type (after the first `:` outside
 * brackets, as the binders before it are all bracketed), or -1 if it states none.
 */
export function headerTypeStart(table: TokenTable): number {
  let depth = 0;
  for (let i = 0; i < table.count; i++) {
    depth += bracketDelta(table, i);
    if (depth === 0 && table.kind[i] === KIND.symbol && table.code[i] === 58) return nextCode(table, i + 1);
  }
  return -1;
}

/** The first code token at or after i (comments are tokens too). */
function nextCode(table: TokenTable, i: number): number {
  let j = i;
  while (j < table.count && isCommentKind(table.kind[j]!)) j++;
  return j;
}

const LET_WORDS: ReadonlySet<string> = new Set(['have', 'let', 'haveI', 'letI']);

/**
 * From the type's first token `start`, where the type's own claim begins: past the `have`/`haveI`/
 * `let`/`letI` that lead it (`haveI : Fact p.Prime := ⟨hp⟩; P`, or the claim on a line of its own
 * no more indented than the `haveI`).
 */
export function typeBodyStart(table: TokenTable, start: number): number {
  let at = start;
  while (at < table.count && LET_WORDS.has(table.textOf(at))) {
    let depth = 0;
    let assigned = false;
    let next = table.count;
    for (let j = at + 1; j < table.count; j++) {
      if (isCommentKind(table.kind[j]!)) continue;
      if (depth === 0 && assigned && (table.line[j]! > table.line[j - 1]! ? table.column[j]! <= table.column[at]! : false)) {
        next = j;
        break;
      }
      depth += bracketDelta(table, j);
      if (depth !== 0 || table.kind[j] !== KIND.symbol) continue;
      if (table.is(j, ':=')) assigned = true;
      else if (assigned && table.is(j, ';')) {
        next = nextCode(table, j + 1);
        break;
      }
    }
    at = next;
  }
  return at;
}

/** The identifier a declaration header's type starts with (`IsModuleTopology` in `(v : V) : IsModuleTopology A B`), if it starts with one. */
export function typeHead(header: string): string | undefined {
  const { table } = lexTable(header);
  const start = headerTypeStart(table);
  const head = start < 0 ? -1 : typeBodyStart(table, start);
  return head >= 0 && head < table.count && table.kind[head] === KIND.ident ? table.textOf(head) : undefined;
}

/** Code of multi-character symbols in TokenTable.code: MULTI + index in MULTI_SYMBOLS. */
export const MULTI = 0x110000;
export const MULTI_SYMBOLS: readonly string[] = [
  ':=',
  '::',
  '=>',
  '->',
  '<-',
  '<=',
  '<|',
  '<;>',
  '..',
  '...',
  '|>',
  '|>.',
  '||',
  '&&',
  '==',
  '>=',
  '!=',
  '++',
];
const symbolKey = (a: number, b: number, c: number): number => (a * 128 + b) * 128 + c;
/** Multi-character symbol code by its (up to three) ASCII char codes. */
const MULTI_CODE = new Map<number, number>(
  MULTI_SYMBOLS.map((s, k) => [symbolKey(s.charCodeAt(0), s.charCodeAt(1), s.length > 2 ? s.charCodeAt(2) : 0), MULTI + k]),
);

/** Zero code units after the text, so the lexer may look a few units past its end. */
const PADDING = 4;
let unitBuffer = new Uint16Array(1 << 16);

/**
 * The UTF-16 code units of `text` (followed by PADDING zeros) in a buffer reused from call to call:
 * typed-array reads are much cheaper than `charCodeAt` on strings. One copy per text.
 */
function codeUnits(text: string): Uint16Array {
  const n = text.length;
  if (unitBuffer.length < n + PADDING) unitBuffer = new Uint16Array(Math.max(n + PADDING, unitBuffer.length * 2));
  // UTF-16LE is the platform's Uint16Array byte order on every platform Node runs on.
  Buffer.from(unitBuffer.buffer, unitBuffer.byteOffset, unitBuffer.byteLength).write(text, 0, 'utf16le');
  unitBuffer.fill(0, n, n + PADDING);
  return unitBuffer;
}

/** Tokens and problems of one Lean source text. */
export interface LexResult {
  tokens: Token[];
  problems: SourceProblem[];
}

/** Splits Lean source into tokens (comments included, whitespace dropped). */
export function lex(text: string, file = '<input>'): LexResult {
  const { table, problems } = lexTable(text, file);
  return { tokens: table.tokens(), problems };
}

/** Whether `text` holds a `sorry` or `admit` token (never one in a comment, string or identifier such as `sorry_free`). */
export function hasSorryToken(text: string | undefined): boolean {
  if (text === undefined || !/sorry|admit/.test(text)) return false;
  return lex(text).tokens.some((t) => t.kind === 'keyword' && (t.text === 'sorry' || t.text === 'admit'));
}

/**
 * Whether the `#…` keyword on [pos, end) is Verso's `#doc (Genre) "Title" =>`, after which the rest of
 * the file is a document (prose, and code blocks shown or elaborated as examples), not Lean commands.
 */
function opensVersoDocument(text: string, pos: number, end: number): boolean {
  if (end - pos !== 4 || !text.startsWith('#doc', pos)) return false;
  let j = end;
  while (j < text.length && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
  return text.charCodeAt(j) === 40;
}

/**
 * Splits Lean source into a TokenTable (refilling `reuse` if given), interning identifiers in
 * `names` (a fresh table if neither is given); the fast path of the parser and the proof-gap scan.
 */
export function lexTable(
  text: string,
  file = '<input>',
  reuse?: TokenTable,
  names?: NameTable,
): { table: TokenTable; problems: SourceProblem[] } {
  const table = reuse ? reuse.reset(text, names) : new TokenTable(text, names);
  const problems: SourceProblem[] = [];
  lexInto(table, file, problems);
  // A text no longer than the limit cannot hold a long line; only longer ones are searched.
  if (text.length > LONG_LINE) reportLongLines(text, file, problems);
  return { table, problems };
}

/** Problems the lexer reports, by code: message id and message. */
const LEX_PROBLEMS: readonly [string, string][] = [
  ['unterminated-name', 'unterminated «quoted name»'],
  ['unterminated-comment', 'unterminated block comment: the rest of the file is commented out'],
  ['unterminated-comment', 'unterminated doc comment: the rest of the file is commented out'],
  ['unterminated-string', 'unterminated string literal'],
  ['unterminated-string', 'unterminated raw string literal'],
];
const [UNTERMINATED_NAME, UNTERMINATED_BLOCK, UNTERMINATED_DOC, UNTERMINATED_STRING, UNTERMINATED_RAW] = [0, 1, 2, 3, 4];

const problemAt = (code: number, file: string, line: number, column: number): SourceProblem => ({
  messageId: LEX_PROBLEMS[code]![0],
  message: LEX_PROBLEMS[code]![1],
  location: { file, line, column },
});

/**
 * Whether the token about to be stored at `count` opens a syntax quotation's content: the last token
 * is a `(` right after a backtick. `` `(#exit) `` is a term naming the command, not the command.
 */
function inQuotation(kinds: Uint8Array, codes: Int32Array, ends: Int32Array, starts: Int32Array, count: number): boolean {
  return (
    count >= 2 &&
    kinds[count - 1] === KIND.symbol &&
    codes[count - 1] === 40 &&
    codes[count - 2] === 96 &&
    ends[count - 2] === starts[count - 1]
  );
}

/** Fills `table` from table.text, interning identifiers in table.names. */
function lexInto(table: TokenTable, file: string, problems: SourceProblem[]): void {
  const { text, names: interned } = table;
  const n = text.length;
  const u = codeUnits(text);
  let pos = 0;
  let line = 1;
  let lineStart = 0;
  let count = 0;
  let { kind: kinds, start: starts, end: ends, line: lines, column: columns, code: codes } = table;
  let gapWords = false;
  let exitToken = -1;
  // Brace depth of each open `s!"…{` interpolation; the string resumes at the `}` closing depth 0.
  const interp: number[] = [];
  const comments: number[] = [];
  const starters: number[] = [];
  table.comments = comments;
  table.starters = starters;

  while (pos < n) {
    let c = u[pos]!;
    if (c === 32 || c === 10 || c === 9 || c === 13) {
      while (pos < n) {
        c = u[pos]!;
        if (c === 32 || c === 9 || c === 13) pos++;
        else if (c === 10) {
          pos++;
          line++;
          lineStart = pos;
        } else break;
      }
      continue;
    }
    const start = pos;
    const col = pos - lineStart;
    const next = pos + 1 < n ? u[pos + 1]! : 0;
    let kind: number = KIND.symbol;
    let code = 0;
    let end: number;
    let problem = -1;
    let starter = false;

    if (c < 128 ? (ASCII[c]! & 1) !== 0 && !(c === 114 && (next === 34 || next === 35)) : c === 0xab || isIdFirst(codePointAt(u, n, pos))) {
      end = identEnd(u, n, pos);
      if (identQuoteError >= 0) problem = UNTERMINATED_NAME;
      code = interned.intern(u, start, end, identHash, text);
      kind = code < KEYWORD_COUNT ? KIND.keyword : KIND.ident;
      const flags = interned.flags[code]!;
      if (flags !== 0) {
        if ((flags & GAP_WORD) !== 0) gapWords = true;
        starter = (flags & BINDER_START) !== 0;
      }
    } else if (c === 45 && next === 45) {
      kind = KIND.lineComment;
      end = lineEndFrom(u, n, pos);
    } else if (c === 47 && next === 45) {
      const third = u[pos + 2]!;
      kind = third === 45 ? KIND.docComment : third === 33 ? KIND.moduleDoc : KIND.blockComment;
      end = blockEnd(u, n, pos + (kind === KIND.blockComment ? 2 : 3));
      if (end < 0) {
        problem = kind === KIND.blockComment ? UNTERMINATED_BLOCK : UNTERMINATED_DOC;
        end = n;
      }
    } else if (c === 34 || (interp.length > 0 && c === 125 && interp[interp.length - 1] === 0)) {
      // A string, or the tail of an interpolated string after its `}`.
      const p = count - 1;
      const interpolated = c === 125 || (p >= 0 && ends[p] === pos && kinds[p] === KIND.ident && u[pos - 1]! === 33);
      if (c === 125) interp.pop();
      kind = KIND.string;
      end = stringEnd(u, n, pos + 1, interpolated);
      if (end < 0) {
        problem = UNTERMINATED_STRING;
        end = lineEndFrom(u, n, start); // recover: lex on from the next line
      } else if (stringOpened) interp.push(0);
    } else if (c === 114) {
      kind = KIND.string;
      end = rawStringEnd(u, n, pos);
      if (end === -1) {
        kind = KIND.ident; // `r#` not opening a raw string
        end = pos + 1;
        code = interned.intern(u, start, end, c, text);
      } else if (end < 0) {
        problem = UNTERMINATED_RAW;
        end = lineEndFrom(u, n, pos);
      }
    } else if (c >= 48 && c <= 57) {
      const p = count - 1;
      const fieldIndex = p >= 0 && ends[p] === pos && codes[p] === 46 && kinds[p] === KIND.symbol;
      kind = KIND.number;
      end = numberEnd(u, n, pos, fieldIndex);
    } else if (c === 39) {
      end = charEnd(u, n, pos);
      if (end > 0) kind = KIND.char;
      else {
        end = pos + 1;
        code = c;
      }
    } else if (c === 64 && next === 91) {
      kind = KIND.attributeOpen;
      end = pos + 2;
    } else if (c === 35 && next < 128 && (ASCII[next]! & 1) !== 0) {
      kind = KIND.keyword;
      code = -1;
      end = pos + 2;
      while (end < n && u[end]! < 128 && (ASCII[u[end]!]! & 2) !== 0) end++;
      if (
        exitToken < 0 &&
        ((end - pos === 5 && text.startsWith('#exit', pos)) || opensVersoDocument(text, pos, end)) &&
        !inQuotation(kinds, codes, ends, starts, count)
      )
        exitToken = count;
    } else {
      if (interp.length > 0 && (c === 123 || c === 125)) interp[interp.length - 1]! += c === 123 ? 1 : -1;
      const len = symbolLength(u, pos, c, next);
      end = pos + len;
      const multiCode = len > 1 && c < 128 ? MULTI_CODE.get(symbolKey(c, next, len > 2 ? u[start + 2]! : 0)) : undefined;
      code = multiCode ?? c;
      starter = code === 124 || code === 123 || isBinderSymbol(code);
    }

    if (problem >= 0) problems.push(problemAt(problem, file, line, problem === UNTERMINATED_NAME ? identQuoteError - lineStart : col));
    if (kind === KIND.lineComment || kind === KIND.blockComment) comments.push(kind, start, end, line, col);
    else {
      if (count === kinds.length) {
        table.grow();
        ({ kind: kinds, start: starts, end: ends, line: lines, column: columns, code: codes } = table);
      }
      kinds[count] = kind;
      starts[count] = start;
      ends[count] = end;
      lines[count] = line;
      columns[count] = col;
      codes[count] = code;
      if (starter) starters.push(count);
      count++;
    }
    if (kind >= KIND.string && kind <= KIND.moduleDoc && kind !== KIND.char && kind !== KIND.lineComment && problem < 0) {
      const breakCount = breaks(u, pos, end);
      if (breakCount > 0) {
        line += breakCount;
        lineStart = lastBreak + 1;
      }
    }
    pos = end;
  }

  table.count = count;
  table.gapWords = gapWords;
  table.exitToken = exitToken < 0 ? count : exitToken;
}

/** Hash of the characters and the offset of an unterminated `«` (or -1), from the latest `identEnd()`. */
let identHash = 0;
let identQuoteError = -1;

/** End of the (dotted, «quoted») identifier starting at pos. */
function identEnd(u: Uint16Array, n: number, pos: number): number {
  let i = pos;
  let hash = 0;
  identQuoteError = -1;
  for (;;) {
    if (u[i]! === 0xab) {
      const eol = lineEndFrom(u, n, i);
      let close = i + 1;
      while (close < eol && u[close]! !== 0xbb) close++;
      const unterminated = close >= eol;
      if (unterminated) identQuoteError = i;
      // What `«»` quote counts in the hash like any other code point: names told apart only inside the quotes hash apart.
      for (const to = unterminated ? eol : close + 1; i < to; ) {
        const r = codePointAt(u, n, i);
        hash = hashStep(hash, r);
        i += r > 0xffff ? 2 : 1;
      }
      if (unterminated) break;
    } else {
      let first = true;
      while (i < n) {
        const d = u[i]!;
        if (d < 128) {
          if ((ASCII[d]! & (first ? 1 : 2)) === 0) break;
          hash = hashStep(hash, d);
          i++;
        } else {
          const r = codePointAt(u, n, i);
          if (!(first ? isIdFirst(r) : isIdRest(r))) break;
          hash = hashStep(hash, r);
          i += r > 0xffff ? 2 : 1;
        }
        first = false;
      }
    }
    if (u[i]! === 46 && i + 1 < n && (u[i + 1]! === 0xab || isIdFirst(codePointAt(u, n, i + 1)))) {
      hash = hashStep(hash, 46);
      i++;
    } else break;
  }
  identHash = hash;
  return i;
}

/** End of the raw string `r#"…"#` at pos: -1 if none starts there, -2 if unterminated. */
function rawStringEnd(u: Uint16Array, n: number, pos: number): number {
  let hashes = 0;
  let i = pos + 1;
  while (u[i]! === 35) {
    hashes++;
    i++;
  }
  if (u[i]! !== 34) return -1;
  for (let j = i + 1; j < n; j++) {
    if (u[j]! !== 34) continue;
    let k = 0;
    while (k < hashes && u[j + 1 + k]! === 35) k++;
    if (k === hashes) return j + 1 + hashes;
  }
  return -2;
}

/** End of the numeric literal at pos; right after an adjacent `.` only digits (field index `h.1.2`). */
function numberEnd(u: Uint16Array, n: number, pos: number, fieldIndex: boolean): number {
  const c = u[pos]!;
  const next = u[pos + 1]!;
  let i = pos + 1;
  if (c === 48 && (next === 120 || next === 88 || next === 98 || next === 66 || next === 111 || next === 79)) {
    i = pos + 2;
    while (i < n && isHexDigit(u[i]!)) i++;
    return i;
  }
  while (i < n && isDigit(u[i]!)) i++;
  if (fieldIndex) return i;
  if (u[i]! === 46 && isDigit(u[i + 1]!)) {
    i += 2;
    while (i < n && isDigit(u[i]!)) i++;
  }
  const e = u[i]!;
  if (e === 101 || e === 69) {
    let j = i + 1;
    const sign = u[j]!;
    if (sign === 43 || sign === 45) j++;
    if (isDigit(u[j]!)) {
      i = j;
      while (i < n && isDigit(u[i]!)) i++;
    }
  }
  return i;
}

/** End of the char literal ('a', '\n', '\x41', '\u{3b1}') at pos, or -1 for a lone `'`. */
function charEnd(u: Uint16Array, n: number, pos: number): number {
  const next = u[pos + 1]!;
  if (next === 92) {
    const limit = Math.min(n, pos + 14);
    for (let j = pos + 3; j < limit; j++) {
      const d = u[j]!;
      if (d === 10) return -1;
      if (d === 39) return j + 1;
    }
    return -1;
  }
  if (next === 10 || next === 39 || pos + 1 >= n) return -1;
  const w = codePointAt(u, n, pos + 1) > 0xffff ? 2 : 1;
  return u[pos + 1 + w]! === 39 ? pos + 2 + w : -1;
}

/** The code point at i (a lone surrogate stands for itself). */
function codePointAt(u: Uint16Array, n: number, i: number): number {
  const c = u[i]!;
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
    const d = u[i + 1]!;
    if (d >= 0xdc00 && d <= 0xdfff) return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
  }
  return c;
}

function lineEndFrom(u: Uint16Array, n: number, from: number): number {
  let i = from;
  while (i < n && u[i]! !== 10) i++;
  return i;
}

/** Offset of the last line break found by the latest `breaks()` call. */
let lastBreak = -1;

/** Number of line breaks in text[from, to); sets `lastBreak`. */
function breaks(u: Uint16Array, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    if (u[i]! === 10) {
      count++;
      lastBreak = i;
    }
  }
  return count;
}

/** End of a block comment whose body starts at `from` (nesting counted), or -1 if unterminated. */
function blockEnd(u: Uint16Array, n: number, from: number): number {
  let depth = 1;
  let i = from;
  while (i < n) {
    const c = u[i]!;
    if (c === 45 && u[i + 1]! === 47) {
      i += 2;
      if (--depth === 0) return i;
    } else if (c === 47 && u[i + 1]! === 45) {
      i += 2;
      depth++;
    } else i++;
  }
  return -1;
}

/** Whether the latest `stringEnd()` stopped at an interpolation `{`. */
let stringOpened = false;

/** End of a string body starting at `from`: just after its `"` (or, interpolated, its `{`), or -1 at EOF. */
function stringEnd(u: Uint16Array, n: number, from: number, interpolated: boolean): number {
  let i = from;
  while (i < n) {
    const c = u[i]!;
    if (c === 92) i += 2;
    else if (c === 34) {
      stringOpened = false;
      return i + 1;
    } else if (interpolated && c === 123) {
      stringOpened = true;
      return i + 1;
    } else i++;
  }
  return -1;
}

/** Length of the symbol at `pos`: a few multi-character operators, else one code point. */
function symbolLength(u: Uint16Array, pos: number, c: number, next: number): number {
  switch (c) {
    case 58: // :
      return next === 61 || next === 58 ? 2 : 1;
    case 61: // =
      return next === 62 || next === 61 ? 2 : 1;
    case 45: // -
      return next === 62 ? 2 : 1;
    case 60: // <
      if (next === 59 && u[pos + 2]! === 62) return 3;
      return next === 45 || next === 61 || next === 124 ? 2 : 1;
    case 46: // .
      if (next !== 46) return 1;
      return u[pos + 2]! === 46 ? 3 : 2;
    case 124: // |
      if (next === 62) return u[pos + 2]! === 46 ? 3 : 2;
      return next === 124 ? 2 : 1;
    case 38: // &
      return next === 38 ? 2 : 1;
    case 62: // >
    case 33: // !
      return next === 61 ? 2 : 1;
    case 43: // +
      return next === 43 ? 2 : 1;
    default:
      return c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
}

function reportLongLines(text: string, file: string, problems: SourceProblem[]): void {
  if (text.length <= LONG_LINE) return;
  let line = 1;
  let from = 0;
  while (from <= text.length) {
    let e = text.indexOf('\n', from);
    if (e < 0) e = text.length;
    if (e - from > LONG_LINE) {
      problems.push({
        messageId: 'long-line',
        message: `line of ${e - from} characters (over ${LONG_LINE}): generated or non-source content?`,
        location: { file, line, column: 0 },
      });
    }
    from = e + 1;
    line++;
  }
}
