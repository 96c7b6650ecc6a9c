/**
 * A LaTeX reader for blueprints, building unified-latex AST nodes (so its printer and argument
 * helpers apply) in one pass over the text: strings, whitespace and paragraph breaks, `%` comments,
 * groups, macros (with the arguments of the signatures given), environments (an optional `[…]`
 * right after `\begin{…}` attached; math environments as `mathenv`; `comment`, `verbatim` and
 * listing environments kept raw), inline and display math, and `\verb`.
 *
 * Why not unified-latex's own parser: its PEG grammar builds a node per token at about 0.1 MB/s,
 * and took 3.7–4.6 s and most of 890 MB of memory for fpvandoorn/carleson's 435 kB blueprint; this
 * reader takes 0.16 s (measured side by side by `npm run bench extract`). What it reads the same
 * way: an unmatched `\begin{x}` is the macro `begin` followed by the group `{x}`, an `\end{x}` that
 * closes nothing the macro `end`, an environment or math cannot close outside the group it opened
 * in, and a `$` that nothing closes is a plain `$`. What it reads as written where unified-latex
 * rewrote: math keeps the author's spacing and `a^3` stays `a^3` (unified-latex printed `a^{3}`,
 * and dropped the spaces after scripts).
 */
import type * as Ast from '@unified-latex/unified-latex-types';

export type Signatures = Record<string, { signature: string }>;

/** A place in the text as unified-latex gives it: offset, 1-based line and column. */
interface Point {
  offset: number;
  line: number;
  column: number;
}

const MATH_ENVS = new Set([
  'equation',
  'equation*',
  'align',
  'align*',
  'gather',
  'gather*',
  'multline',
  'multline*',
  'eqnarray',
  'eqnarray*',
  'displaymath',
  'math',
  'alignat',
  'alignat*',
  'flalign',
  'flalign*',
]);
const RAW_ENVS = new Set(['comment', 'verbatim', 'verbatim*', 'Verbatim', 'lstlisting', 'minted']);

/** Deepest nesting of groups, environments and math read as such; deeper openers are plain text (no stack overflow on hostile input). */
export const MAX_NESTING = 256;
/** Longest environment name read in `\begin{…}`. */
const MAX_ENV_NAME = 64;

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 13;

/** A saved position, to go back to when an opener finds no closer. */
interface Mark {
  pos: number;
  line: number;
  lineStart: number;
  nextBreak: number;
}

/** What ends the content being read. */
type Stop =
  | { kind: 'eof' }
  | { kind: 'brace' }
  | { kind: 'bracket' }
  | { kind: 'dollar'; double: boolean }
  | { kind: 'close'; token: '\\]' | '\\)' }
  | { kind: 'env'; name: string };

class LatexReader {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  /** The first line break at or after the position (the text's length when none). */
  private nextBreak: number;
  /** Groups open around the position: their closing brace ends any environment or math begun inside them. */
  private groupDepth = 0;
  /** Groups, environments and math open around the position. */
  private depth = 0;
  /** Offsets of `\begin`s known to have no matching `\end`. */
  private readonly unmatched = new Set<number>();
  /** Offsets of `$`s known to open math that nothing closes. */
  private readonly unclosed = new Set<number>();
  /** Characters read so far, rereads after an opener found no closer included. */
  private work = 0;
  /** Past this much work openers are no longer tried (plain text): hostile input stays linear. */
  private readonly workLimit: number;

  constructor(
    private readonly text: string,
    private readonly signatures: Signatures,
  ) {
    this.workLimit = 8 * text.length + 10_000;
    this.nextBreak = this.breakFrom(0);
  }

  private breakFrom(offset: number): number {
    const at = this.text.indexOf('\n', offset);
    return at === -1 ? this.text.length : at;
  }

  /** Goes back to `mark` after the opener there found no closer, which is not tried again. */
  private giveUp(mark: Mark, openers: Set<number>): void {
    openers.add(mark.pos);
    this.reset(mark);
  }

  root(): Ast.Root {
    return { type: 'root', content: this.content({ kind: 'eof' }, false) };
  }

  private point(offset = this.pos): Point {
    return { offset, line: this.line, column: offset - this.lineStart + 1 };
  }

  /** Moves to `offset`, counting the line breaks passed. */
  private advance(offset: number): void {
    this.work += offset - this.pos;
    while (this.nextBreak < offset) {
      this.line++;
      this.lineStart = this.nextBreak + 1;
      this.nextBreak = this.breakFrom(this.lineStart);
    }
    this.pos = offset;
  }

  private node<T extends Ast.Node>(node: T, start: Point): T {
    node.position = { start, end: this.point() };
    return node;
  }

  /** Nodes up to `stop`, which is not consumed (the caller sees the end of the text when it is missing). */
  private content(stop: Stop, math: boolean): Ast.Node[] {
    this.depth++;
    try {
      return this.nodesUntil(stop, math);
    } finally {
      this.depth--;
    }
  }

  private nodesUntil(stop: Stop, math: boolean): Ast.Node[] {
    const nodes: Ast.Node[] = [];
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (this.stopsAt(stop, c) || (c === 125 && this.groupDepth > 0)) return nodes;
      // Past the work limit whatever is still open ends here: environments and math give up (and are read again as text).
      if (this.work >= this.workLimit && stop.kind !== 'eof') return nodes;
      if (c === 37 /* % */) nodes.push(this.comment(nodes));
      else if (isSpace(c) || c === 10) nodes.push(this.whitespace());
      else if ((this.depth >= MAX_NESTING && c === 123) || (c === 36 && !this.opens())) nodes.push(this.single());
      else if (c === 123 /* { */) nodes.push(this.group(math));
      else if (c === 36 /* $ */) nodes.push(math ? this.single() : this.dollarMath());
      else if (c === 92 /* \ */) nodes.push(this.backslash(math));
      else nodes.push(this.word(math));
    }
    return nodes;
  }

  private stopsAt(stop: Stop, c: number): boolean {
    const t = this.text;
    switch (stop.kind) {
      case 'eof':
        return false;
      case 'brace':
        return c === 125;
      case 'bracket':
        return c === 93;
      case 'dollar':
        return c === 36 && (!stop.double || t.charCodeAt(this.pos + 1) === 36);
      case 'close':
        return c === 92 && t.startsWith(stop.token, this.pos);
      case 'env':
        return c === 92 && t.startsWith('\\end', this.pos) && this.envNameAt(this.pos + 4)?.name === stop.name;
    }
  }

  /** A run of letters (one letter in math), or one other character, as a string node. */
  private word(math: boolean): Ast.String {
    const start = this.point();
    const t = this.text;
    let end = this.pos + 1;
    if (!math && isLetter(t.charCodeAt(this.pos))) while (end < t.length && isLetter(t.charCodeAt(end))) end++;
    else if (t.charCodeAt(this.pos) >= 0xd800 && t.charCodeAt(this.pos) < 0xdc00) end++;
    const content = t.slice(this.pos, end);
    this.advance(end);
    return this.node({ type: 'string', content }, start);
  }

  private single(): Ast.String {
    const start = this.point();
    const content = this.text[this.pos]!;
    this.advance(this.pos + 1);
    return this.node({ type: 'string', content }, start);
  }

  /** Spaces and at most one line break: whitespace; a blank line: a paragraph break. */
  private whitespace(): Ast.Whitespace | Ast.Parbreak {
    const start = this.point();
    const t = this.text;
    let end = this.pos;
    let breaks = 0;
    while (end < t.length) {
      const c = t.charCodeAt(end);
      if (c === 10) breaks++;
      else if (!isSpace(c)) break;
      end++;
    }
    if (breaks >= 2) return this.parbreak(end);
    this.advance(end);
    return this.node({ type: 'whitespace' }, start);
  }

  private parbreak(end: number): Ast.Parbreak {
    const start = this.point();
    this.advance(end);
    return this.node({ type: 'parbreak' }, start);
  }

  /** `%` to the end of the line, with the spaces before it; the line break and the next line's indent too, unless a blank line follows. */
  private comment(nodes: Ast.Node[]): Ast.Comment {
    const t = this.text;
    const previous = nodes[nodes.length - 1];
    let start = this.point();
    let leadingWhitespace = false;
    if (previous?.type === 'whitespace' && previous.position && !t.slice(previous.position.start.offset, this.pos).includes('\n')) {
      nodes.pop();
      start = previous.position.start;
      leadingWhitespace = true;
    }
    const lineEnd = t.indexOf('\n', this.pos);
    const end = lineEnd === -1 ? t.length : lineEnd;
    const content = t.slice(this.pos + 1, end);
    const lineBegin = t.lastIndexOf('\n', start.offset - 1) + 1;
    const sameline = t.slice(lineBegin, start.offset).trim().length > 0;
    this.advance(end);
    let suffixParbreak = false;
    if (lineEnd !== -1) {
      let next = lineEnd + 1;
      while (next < t.length && isSpace(t.charCodeAt(next))) next++;
      if (t.charCodeAt(next) === 10) suffixParbreak = true;
      else this.advance(next);
    }
    const node: Ast.Comment = { type: 'comment', content, sameline, leadingWhitespace, ...(suffixParbreak ? { suffixParbreak } : {}) };
    return this.node(node, start);
  }

  private group(math: boolean): Ast.Group {
    const start = this.point();
    this.advance(this.pos + 1);
    this.groupDepth++;
    const content = this.content({ kind: 'brace' }, math);
    this.groupDepth--;
    if (this.pos < this.text.length) this.advance(this.pos + 1);
    return this.node({ type: 'group', content }, start);
  }

  /** `$…$` or `$$…$$`; a `$` that nothing closes is a plain string, as in unified-latex. */
  private dollarMath(): Ast.Node {
    const start = this.point();
    if (this.unclosed.has(this.pos)) return this.single();
    const saved = this.mark();
    const double = this.text.charCodeAt(this.pos + 1) === 36;
    const stop: Stop = { kind: 'dollar', double };
    this.advance(this.pos + (double ? 2 : 1));
    const content = trim(this.content(stop, true));
    if (!this.stopsAt(stop, this.text.charCodeAt(this.pos))) {
      this.giveUp(saved, this.unclosed);
      return this.single();
    }
    this.advance(this.pos + (double ? 2 : 1));
    return this.node(double ? { type: 'displaymath', content } : { type: 'inlinemath', content }, start);
  }

  /** Whether an opener (`$`, `\[`, `\(`, `\begin`) may open here: within MAX_NESTING and the work limit. */
  private opens(): boolean {
    return this.depth < MAX_NESTING && this.work < this.workLimit;
  }

  private mark(): Mark {
    return { pos: this.pos, line: this.line, lineStart: this.lineStart, nextBreak: this.nextBreak };
  }

  private reset(mark: Mark): void {
    this.pos = mark.pos;
    this.line = mark.line;
    this.lineStart = mark.lineStart;
    this.nextBreak = mark.nextBreak;
  }

  /** The `{name}` after `\begin`/`\end` at `at` (spaces allowed before it), if any; names longer than MAX_ENV_NAME are not read. */
  private envNameAt(at: number): { name: string; end: number } | undefined {
    const t = this.text;
    let i = at;
    while (i < t.length && isSpace(t.charCodeAt(i))) i++;
    if (t.charCodeAt(i) !== 123) return undefined;
    const limit = Math.min(t.length, i + 2 + MAX_ENV_NAME);
    let close = i + 1;
    while (close < limit && t.charCodeAt(close) !== 125) close++;
    if (t.charCodeAt(close) !== 125) return undefined;
    const name = t.slice(i + 1, close).trim();
    return name.length > 0 && !/[{\\%$\n]/.test(name) ? { name, end: close + 1 } : undefined;
  }

  /** A control sequence and what it opens: math, an environment, `\verb`, or a macro with its arguments. */
  private backslash(math: boolean): Ast.Node {
    const t = this.text;
    const start = this.point();
    const next = t.charCodeAt(this.pos + 1);
    const nestable = this.opens();
    if (!math && nestable && (next === 91 || next === 40) /* \[ \( */ && !this.unclosed.has(this.pos)) {
      const saved = this.mark();
      this.advance(this.pos + 2);
      const close: Stop = { kind: 'close', token: next === 91 ? '\\]' : '\\)' };
      const content = trim(this.content(close, true));
      if (this.stopsAt(close, t.charCodeAt(this.pos))) {
        this.advance(this.pos + 2);
        return this.node(next === 91 ? { type: 'displaymath', content } : { type: 'inlinemath', content }, start);
      }
      this.giveUp(saved, this.unclosed);
    }
    let end = this.pos + 1;
    if (isLetter(next)) while (end < t.length && isLetter(t.charCodeAt(end))) end++;
    else if (end < t.length) end++;
    const name = t.slice(this.pos + 1, end);
    if (name === 'begin' && nestable && !this.unmatched.has(this.pos)) {
      const env = this.environment(start);
      if (env) return env;
    }
    if (name === 'verb') {
      const verb = this.verb(start, t.charCodeAt(end) === 42 /* \verb* */ ? end + 1 : end);
      if (verb) return verb;
    }
    this.advance(end);
    const macro: Ast.Macro = { type: 'macro', content: name };
    const signature = this.signatures[name]?.signature;
    if (signature !== undefined) {
      const macroEnd = this.point();
      macro.args = this.argumentsFor(signature, math);
      macro.position = { start, end: macroEnd };
      return macro;
    }
    return this.node(macro, start);
  }

  /** `\verb|…|`: the delimiter must close on the same line; the search counts as work. */
  private verb(start: Point, nameEnd: number): Ast.Verb | undefined {
    const t = this.text;
    const delimiter = t.charCodeAt(nameEnd);
    if (Number.isNaN(delimiter) || isSpace(delimiter) || delimiter === 10 || !this.opens()) return undefined;
    let close = nameEnd + 1;
    while (close < t.length && t.charCodeAt(close) !== delimiter && t.charCodeAt(close) !== 10) close++;
    this.work += close - nameEnd;
    if (t.charCodeAt(close) !== delimiter) return undefined;
    this.advance(close + 1);
    return this.node({ type: 'verb', env: 'verb', escape: t[nameEnd]!, content: t.slice(nameEnd + 1, close) }, start);
  }

  /** `\begin{name}…\end{name}`; undefined (the position remembered) when no `\end{name}` closes it. */
  private environment(start: Point): Ast.Node | undefined {
    const t = this.text;
    const at = this.envNameAt(this.pos + 6);
    if (!at) return undefined;
    const { name } = at;
    const saved = this.mark();
    const restore = (): undefined => {
      this.giveUp(saved, this.unmatched);
      return undefined;
    };
    if (RAW_ENVS.has(name)) {
      const close = t.indexOf(`\\end{${name}}`, at.end);
      if (close === -1) return restore();
      this.advance(close + `\\end{${name}}`.length);
      return this.node({ type: 'verbatim', env: name, content: t.slice(at.end, close) }, start);
    }
    this.advance(at.end);
    const math = MATH_ENVS.has(name);
    let args: Ast.Argument[] | undefined;
    if (!math && t.charCodeAt(this.pos) === 91) args = [this.optional(false)];
    const content = trim(this.content({ kind: 'env', name }, math));
    if (!this.stopsAt({ kind: 'env', name }, t.charCodeAt(this.pos))) return restore();
    this.advance(this.envNameAt(this.pos + 4)!.end);
    if (math) return this.node({ type: 'mathenv', env: name, content } as Ast.Node, start);
    return this.node({ type: 'environment', env: name, content, ...(args ? { args } : {}) }, start);
  }

  /** `[…]` as an optional argument (the position is at `[`). */
  private optional(math: boolean): Ast.Argument {
    this.advance(this.pos + 1);
    const content = this.content({ kind: 'bracket' }, math);
    if (this.text.charCodeAt(this.pos) === 93) this.advance(this.pos + 1);
    return arg(content, '[', ']');
  }

  /** The arguments a signature (`m`, `o`, `s`, space-separated) takes after a macro; missing ones are empty. */
  private argumentsFor(signature: string, math: boolean): Ast.Argument[] {
    const t = this.text;
    const args: Ast.Argument[] = [];
    for (const kind of signature.split(' ')) {
      const save = this.mark();
      let i = this.pos;
      while (i < t.length && (isSpace(t.charCodeAt(i)) || t.charCodeAt(i) === 10) && !this.blankLineAt(i)) i++;
      const c = t.charCodeAt(i);
      if (kind === 's') {
        if (c === 42) {
          this.advance(i + 1);
          args.push(arg([{ type: 'string', content: '*' }], '', ''));
        } else args.push(arg([], '', ''));
      } else if (kind === 'o' && c === 91) {
        this.advance(i);
        args.push(this.optional(math));
      } else if (kind === 'm' && c === 123) {
        this.advance(i);
        args.push(arg(this.group(math).content, '{', '}'));
      } else if (kind === 'm' && i < t.length && c !== 125 && c !== 37 && c !== 92 && c !== 10 && !isSpace(c)) {
        this.advance(i);
        args.push(arg([this.word(math)], '{', '}'));
      } else {
        this.reset(save);
        args.push(arg([], '', ''));
      }
    }
    return args;
  }

  private blankLineAt(i: number): boolean {
    if (this.text.charCodeAt(i) !== 10) return false;
    let j = i + 1;
    while (j < this.text.length && isSpace(this.text.charCodeAt(j))) j++;
    return this.text.charCodeAt(j) === 10;
  }
}

function arg(content: Ast.Node[], openMark: string, closeMark: string): Ast.Argument {
  return { type: 'argument', content, openMark, closeMark };
}

/** Drops whitespace and paragraph breaks at both ends, as unified-latex does inside environments and math. */
function trim(nodes: Ast.Node[]): Ast.Node[] {
  let start = 0;
  let end = nodes.length;
  const blank = (n: Ast.Node | undefined): boolean => n?.type === 'whitespace' || n?.type === 'parbreak';
  while (start < end && blank(nodes[start])) start++;
  while (end > start && blank(nodes[end - 1])) end--;
  return start === 0 && end === nodes.length ? nodes : nodes.slice(start, end);
}

/** Parses LaTeX source into a unified-latex root, attaching arguments to the macros `signatures` names. Never throws. */
export function parseLatex(text: string, signatures: Signatures = {}): Ast.Root {
  return new LatexReader(text, signatures).root();
}
