/**
 * Lean 4 lexer: one pass over UTF-16 char codes, no regular expressions, no per-character strings.
 * Whitespace is dropped; comments and doc comments are tokens. Malformed input (an unterminated
 * comment, string or `«name»`) becomes a SourceProblem and lexing goes on.
 */
import type { SourceProblem, Token, TokenKind } from './types.js';

/** Words Lean (with Batteries/Mathlib) reads as keywords rather than identifiers. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  'theorem', 'lemma', 'def', 'abbrev', 'instance', 'structure', 'class', 'inductive', 'coinductive',
  'axiom', 'opaque', 'example', 'namespace', 'section', 'end', 'variable', 'universe', 'open',
  'export', 'import', 'module', 'set_option', 'attribute', 'notation', 'infix', 'infixl', 'infixr',
  'prefix', 'postfix', 'macro', 'macro_rules', 'syntax', 'elab', 'elab_rules', 'declare_syntax_cat',
  'mutual', 'initialize', 'builtin_initialize', 'omit', 'include', 'deriving', 'alias',
  'irreducible_def', 'proof_wanted', 'private', 'protected', 'noncomputable', 'partial', 'unsafe',
  'nonrec', 'local', 'scoped', 'by', 'fun', 'have', 'show', 'from', 'at', 'with', 'then', 'else',
  'if', 'let', 'match', 'do', 'return', 'where', 'in', 'calc', 'sorry', 'admit', 'extends',
  'termination_by', 'decreasing_by', 'Type', 'Sort', 'Prop', 'nomatch', 'nofun', 'suffices',
]);

/** Lines longer than this are reported (generated data, minified or binary-like content). */
export const LONG_LINE = 100_000;

// ASCII classes: bit 1 = may start an identifier, bit 2 = may continue one.
const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  const digit = c >= 48 && c <= 57;
  if (letter || c === 95) ASCII[c] = 3;
  else if (digit || c === 39 || c === 33 || c === 63) ASCII[c] = 2; // ' ! ?
}

/** Lean's `isLetterLike`: Greek (not λ Π Σ), Coptic, polytonic Greek, letter-like block, math alphanumerics. */
function isLetterLike(cp: number): boolean {
  return (
    (cp >= 0x3b1 && cp <= 0x3c9 && cp !== 0x3bb) ||
    (cp >= 0x391 && cp <= 0x3a9 && cp !== 0x3a0 && cp !== 0x3a3) ||
    (cp >= 0x3ca && cp <= 0x3fb) ||
    (cp >= 0x1f00 && cp <= 0x1ffe) ||
    (cp >= 0x2100 && cp <= 0x214f) ||
    (cp >= 0x1d49c && cp <= 0x1d59f)
  );
}

/** Lean's `isSubScriptAlnum`: ₀-₉, ₐ-ₜ, ᵢ-ᵪ, ⱼ. */
function isSubscript(cp: number): boolean {
  return (cp >= 0x2080 && cp <= 0x209c) || (cp >= 0x1d62 && cp <= 0x1d6a) || cp === 0x2c7c;
}

function isIdFirst(cp: number): boolean {
  return cp < 128 ? (ASCII[cp]! & 1) !== 0 : isLetterLike(cp);
}

function isIdRest(cp: number): boolean {
  return cp < 128 ? (ASCII[cp]! & 2) !== 0 : isLetterLike(cp) || isSubscript(cp);
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHexDigit = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/** Tokens and problems of one Lean source text. */
export interface LexResult {
  tokens: Token[];
  problems: SourceProblem[];
}

/** Splits Lean source into tokens (comments included, whitespace dropped). */
export function lex(text: string, file = '<input>'): LexResult {
  const tokens: Token[] = [];
  const problems: SourceProblem[] = [];
  const n = text.length;
  let pos = 0;
  let line = 1;
  let lineStart = 0;
  // Brace depth of each open `s!"…{` interpolation; the string resumes at the `}` closing depth 0.
  const interp: number[] = [];

  const codePoint = (i: number): number => {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
    }
    return c;
  };
  const width = (cp: number): number => (cp > 0xffff ? 2 : 1);
  const push = (kind: TokenKind, start: number, startLine: number, startCol: number): void => {
    tokens.push({ kind, text: text.slice(start, pos), start, end: pos, line: startLine, column: startCol });
  };
  const problem = (messageId: string, message: string, atLine: number, column: number): void => {
    problems.push({ messageId, message, location: { file, line: atLine, column } });
  };
  /** Advances `pos` to `to`, counting the newlines crossed. */
  const advanceTo = (to: number): void => {
    for (let i = pos; i < to; i++) {
      if (text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    pos = to;
  };
  const lineEnd = (from: number): number => {
    const e = text.indexOf('\n', from);
    return e < 0 ? n : e;
  };

  /** Block comment body after its opener; returns the end offset, or -1 if unterminated. */
  const blockEnd = (from: number): number => {
    let depth = 1;
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 45 && text.charCodeAt(i + 1) === 47) {
        i += 2;
        if (--depth === 0) return i;
      } else if (c === 47 && text.charCodeAt(i + 1) === 45) {
        i += 2;
        depth++;
      } else i++;
    }
    return -1;
  };

  /**
   * String body from `from` (just after `"` or `}`); stops after the closing `"` or, when
   * interpolated, after an opening `{`. Returns [end, 'close' | 'open' | 'eof'].
   */
  const stringEnd = (from: number, interpolated: boolean): [number, 'close' | 'open' | 'eof'] => {
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 92) i += 2;
      else if (c === 34) return [i + 1, 'close'];
      else if (interpolated && c === 123) return [i + 1, 'open'];
      else i++;
    }
    return [n, 'eof'];
  };

  const lexString = (start: number, bodyFrom: number, interpolated: boolean, startLine: number, startCol: number): void => {
    const [end, how] = stringEnd(bodyFrom, interpolated);
    if (how === 'eof') {
      problem('unterminated-string', 'unterminated string literal', startLine, startCol);
      // Recover: end the string at the end of its first line and lex on from there.
      line = startLine;
      lineStart = start - startCol;
      pos = lineEnd(start);
      push('string', start, startLine, startCol);
      return;
    }
    advanceTo(end);
    push('string', start, startLine, startCol);
    if (how === 'open') interp.push(0);
  };

  while (pos < n) {
    const c = text.charCodeAt(pos);
    if (c === 10) {
      pos++;
      line++;
      lineStart = pos;
      continue;
    }
    if (c === 32 || c === 9 || c === 13) {
      pos++;
      continue;
    }
    const start = pos;
    const col = pos - lineStart;
    const startLine = line;
    const next = pos + 1 < n ? text.charCodeAt(pos + 1) : 0;

    // Comments.
    if (c === 45 && next === 45) {
      pos = lineEnd(pos);
      push('lineComment', start, startLine, col);
      continue;
    }
    if (c === 47 && next === 45) {
      const third = text.charCodeAt(pos + 2);
      const kind: TokenKind = third === 45 ? 'docComment' : third === 33 ? 'moduleDoc' : 'blockComment';
      const end = blockEnd(pos + (kind === 'blockComment' ? 2 : 3));
      if (end < 0) {
        problem('unterminated-comment', `unterminated ${kind === 'blockComment' ? 'block' : 'doc'} comment: the rest of the file is commented out`, startLine, col);
        advanceTo(n);
      } else advanceTo(end);
      push(kind, start, startLine, col);
      continue;
    }

    // Strings, and the tail of an interpolated string after `}`.
    if (c === 34) {
      const prev = tokens.length > 0 ? tokens[tokens.length - 1]! : undefined;
      const interpolated = prev !== undefined && prev.end === pos && prev.kind === 'ident' && prev.text.endsWith('!');
      lexString(start, pos + 1, interpolated, startLine, col);
      continue;
    }
    if (interp.length > 0 && (c === 123 || c === 125)) {
      const top = interp.length - 1;
      if (c === 123) interp[top]!++;
      else if (interp[top] === 0) {
        interp.pop();
        lexString(start, pos + 1, true, startLine, col);
        continue;
      } else interp[top]!--;
      pos++;
      push('symbol', start, startLine, col);
      continue;
    }

    // Raw strings r"…", r#"…"#.
    if (c === 114 && (next === 34 || next === 35)) {
      let hashes = 0;
      let i = pos + 1;
      while (text.charCodeAt(i) === 35) {
        hashes++;
        i++;
      }
      if (text.charCodeAt(i) === 34) {
        let end = -1;
        for (let j = i + 1; j < n; j++) {
          if (text.charCodeAt(j) !== 34) continue;
          let k = 0;
          while (k < hashes && text.charCodeAt(j + 1 + k) === 35) k++;
          if (k === hashes) {
            end = j + 1 + hashes;
            break;
          }
        }
        if (end < 0) {
          problem('unterminated-string', 'unterminated raw string literal', startLine, col);
          pos = lineEnd(pos);
        } else advanceTo(end);
        push('string', start, startLine, col);
        continue;
      }
    }

    // Identifiers (dotted, with «quoted» parts) and keywords.
    const cp = codePoint(pos);
    if (isIdFirst(cp) || c === 0xab) {
      let i = pos;
      for (;;) {
        if (text.charCodeAt(i) === 0xab) {
          const eol = lineEnd(i);
          let close = i + 1;
          while (close < eol && text.charCodeAt(close) !== 0xbb) close++;
          if (close >= eol) {
            problem('unterminated-name', 'unterminated «quoted name»', startLine, i - lineStart);
            i = eol;
            break;
          }
          i = close + 1;
        } else {
          i += width(codePoint(i));
          while (i < n) {
            const r = codePoint(i);
            if (!isIdRest(r)) break;
            i += width(r);
          }
        }
        if (text.charCodeAt(i) === 46 && i + 1 < n && (text.charCodeAt(i + 1) === 0xab || isIdFirst(codePoint(i + 1)))) i++;
        else break;
      }
      pos = i;
      const word = text.slice(start, pos);
      tokens.push({ kind: KEYWORDS.has(word) ? 'keyword' : 'ident', text: word, start, end: pos, line: startLine, column: col });
      continue;
    }

    // Numbers; right after an adjacent `.` only digits (field index `h.1.2`).
    if (isDigit(c)) {
      const prev = tokens.length > 0 ? tokens[tokens.length - 1]! : undefined;
      const fieldIndex = prev !== undefined && prev.end === pos && prev.text === '.';
      let i = pos + 1;
      if (c === 48 && (next === 120 || next === 88 || next === 98 || next === 66 || next === 111 || next === 79)) {
        i = pos + 2;
        while (i < n && isHexDigit(text.charCodeAt(i))) i++;
      } else {
        while (i < n && isDigit(text.charCodeAt(i))) i++;
        if (!fieldIndex) {
          if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
            i += 2;
            while (i < n && isDigit(text.charCodeAt(i))) i++;
          }
          const e = text.charCodeAt(i);
          if (e === 101 || e === 69) {
            let j = i + 1;
            const sign = text.charCodeAt(j);
            if (sign === 43 || sign === 45) j++;
            if (isDigit(text.charCodeAt(j))) {
              i = j;
              while (i < n && isDigit(text.charCodeAt(i))) i++;
            }
          }
        }
      }
      pos = i;
      push('number', start, startLine, col);
      continue;
    }

    // Char literals 'a', '\n', '\x41', '\u{3b1}'; a lone ' is a symbol.
    if (c === 39) {
      let end = -1;
      if (next === 92) {
        const limit = Math.min(n, pos + 14);
        for (let j = pos + 3; j < limit; j++) {
          const d = text.charCodeAt(j);
          if (d === 10) break;
          if (d === 39) {
            end = j + 1;
            break;
          }
        }
      } else if (next !== 10 && next !== 39 && pos + 1 < n) {
        const w = width(codePoint(pos + 1));
        if (text.charCodeAt(pos + 1 + w) === 39) end = pos + 2 + w;
      }
      pos = end > 0 ? end : pos + 1;
      push(end > 0 ? 'char' : 'symbol', start, startLine, col);
      continue;
    }

    // `@[` attributes and `#command` keywords.
    if (c === 64 && next === 91) {
      pos += 2;
      push('attributeOpen', start, startLine, col);
      continue;
    }
    if (c === 35 && next < 128 && (ASCII[next]! & 1) !== 0) {
      let i = pos + 2;
      while (i < n && text.charCodeAt(i) < 128 && (ASCII[text.charCodeAt(i)]! & 2) !== 0) i++;
      pos = i;
      push('keyword', start, startLine, col);
      continue;
    }

    pos += symbolLength(text, pos, c, next, width(cp));
    push('symbol', start, startLine, col);
  }

  reportLongLines(text, file, problems);
  return { tokens, problems };
}

/** Length of the symbol at `pos`: a few multi-character operators, else one code point. */
function symbolLength(text: string, pos: number, c: number, next: number, cpWidth: number): number {
  switch (c) {
    case 58: // :
      return next === 61 || next === 58 ? 2 : 1;
    case 61: // =
      return next === 62 || next === 61 ? 2 : 1;
    case 45: // -
      return next === 62 ? 2 : 1;
    case 60: // <
      if (next === 59 && text.charCodeAt(pos + 2) === 62) return 3;
      return next === 45 || next === 61 || next === 124 ? 2 : 1;
    case 46: // .
      if (next !== 46) return 1;
      return text.charCodeAt(pos + 2) === 46 ? 3 : 2;
    case 124: // |
      if (next === 62) return text.charCodeAt(pos + 2) === 46 ? 3 : 2;
      return next === 124 ? 2 : 1;
    case 38: // &
      return next === 38 ? 2 : 1;
    case 62: // >
    case 33: // !
      return next === 61 ? 2 : 1;
    case 43: // +
      return next === 43 ? 2 : 1;
    default:
      return cpWidth;
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
