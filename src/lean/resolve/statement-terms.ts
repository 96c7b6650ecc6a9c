/**
 * A statement read as terms, on tokens: its binders with their types, the hypotheses in force (Prop
 * binders, the antecedents of `→`, binder predicates such as `∀ n > 0,`) and a small expression tree
 * of the arithmetic it states. Best effort: what the reader does not know becomes an `opaque` node,
 * and the trap checks built on it (statement-traps.ts) stay silent there.
 */
import type { Token } from '../../model/lean.js';
import { lex } from '../syntax/lexer.js';

export type Term =
  | { k: 'num'; text: string; at: number }
  | { k: 'var'; name: string; at: number }
  | { k: 'app'; head: string; args: Term[]; at: number }
  | { k: 'bin'; op: string; l: Term; r: Term; at: number }
  | { k: 'neg' | 'not' | 'coe' | 'inv' | 'abs' | 'floor' | 'natFloor'; e: Term; at: number }
  | { k: 'asc'; e: Term; type: string; at: number }
  | { k: 'binder'; q: string; vars: string[]; type?: string; pred?: Term; body: Term; at: number }
  | { k: 'opaque'; at: number };

/** Binary operators with their precedence and whether they associate to the right (Lean's notation levels). */
const BINARY: Record<string, [number, boolean]> = {
  '↔': [20, false],
  '→': [25, true],
  '->': [25, true],
  '∨': [30, true],
  '∧': [35, true],
  '=': [50, false],
  '≠': [50, false],
  '<': [50, false],
  '>': [50, false],
  '≤': [50, false],
  '≥': [50, false],
  '<=': [50, false],
  '>=': [50, false],
  '∣': [50, false],
  '∈': [50, false],
  '∉': [50, false],
  '+': [65, false],
  '-': [65, false],
  '*': [70, false],
  '/': [70, false],
  '%': [70, false],
  '^': [75, true],
};
const ASCII: Record<string, string> = { '->': '→', '<=': '≤', '>=': '≥' };
const QUANTIFIERS = new Set(['∀', '∃', '∃!', '∑', '∏', 'fun', 'λ']);
const CLOSERS = new Set([')', ']', '}', '⟩', ',', ':=', '|', '⌋', '⌉', ':', '=>', '↦']);

/** The statement of a declaration: binders as written and the type after the header's `:`. */
export interface Statement {
  tokens: Token[];
  /** Local name -> its type as written (`ℕ`, `ℕ → ℝ`), for the header's binders and every quantifier. */
  types: Map<string, string>;
  /** Hypotheses in force: Prop binders, antecedents of top-level `→`, binder predicates. */
  hypotheses: { name?: string; term: Term }[];
  /** The conclusion left once binders and antecedents are taken off. */
  conclusion: Term;
  /** The data binders of the header (not Prop): name, type, token index. */
  dataBinders: { name: string; type: string; at: number }[];
  /** The classes of the header's instance binders (`Fact p.Prime` of `[Fact p.Prime]`): conditions on the variables they name. */
  instances: Term[];
  /** Each term's first and last token, brackets around it included. */
  spans: Map<Term, [number, number]>;
}

const isIdent = (t: Token | undefined): boolean => t?.kind === 'ident';

/** Reads one header (binders, `:`, type). */
export function readStatement(header: string): Statement {
  const tokens = lex(header).tokens.filter((t) => !t.kind.endsWith('omment') && t.kind !== 'moduleDoc');
  return new Reader(tokens).statement();
}

/** Whether a type as written is a proposition rather than data, as far as a binder's type tells. */
const looksLikeProp = (name: string, type: string): boolean =>
  /[=≠<>≤≥∣∈∉∧∨¬↔∃∀]/.test(type) ||
  /(^|\.)(Prime|Odd|Even|Squarefree|Coprime|IsSquare|Irrational|Continuous|Differentiable|Monotone|StrictMono|Injective|Surjective|Bijective|IsLeast|IsGreatest)\b/.test(
    type,
  ) ||
  (/^h/.test(name) && !/^(ℕ|ℤ|ℚ|ℝ|ℂ|Nat|Int|Rat|Real|Complex)$/.test(type));

class Reader {
  private i = 0;
  readonly types = new Map<string, string>();
  readonly hypotheses: Statement['hypotheses'] = [];
  readonly dataBinders: Statement['dataBinders'] = [];
  readonly instances: Term[] = [];
  readonly spans = new Map<Term, [number, number]>();

  /** Records that `t` was read from token `start` to the last token read. */
  private mark<T extends Term>(t: T, start: number): T {
    this.spans.set(t, [start, Math.max(start, this.i - 1)]);
    return t;
  }

  constructor(readonly tokens: Token[]) {}

  private peek(d = 0): Token | undefined {
    return this.tokens[this.i + d];
  }

  private text(d = 0): string | undefined {
    return this.peek(d)?.text;
  }

  statement(): Statement {
    while (this.i < this.tokens.length && ['(', '{', '[', '⦃'].includes(this.text()!)) this.group();
    if (this.text() === ':') this.i++;
    let conclusion = this.expr(0);
    // Peel `∀ x, A → B`: binders into types, antecedents into hypotheses.
    for (;;) {
      if (conclusion.k === 'binder' && conclusion.q === '∀') {
        if (conclusion.pred) this.hypotheses.push({ term: conclusion.pred });
        conclusion = conclusion.body;
      } else if (conclusion.k === 'bin' && conclusion.op === '→') {
        this.hypotheses.push({ term: conclusion.l });
        conclusion = conclusion.r;
      } else break;
    }
    return {
      tokens: this.tokens,
      types: this.types,
      hypotheses: this.hypotheses,
      conclusion,
      dataBinders: this.dataBinders,
      instances: this.instances,
      spans: this.spans,
    };
  }

  /** One bracket group of the header: `(x y : T)`, `{α : Type*}`, `[inst : C]`, `(h : P)`. */
  private group(): void {
    const close = { '(': ')', '{': '}', '[': ']', '⦃': '⦄' }[this.text()!]!;
    const bracket = this.text();
    this.i++;
    const names: { name: string; at: number }[] = [];
    while (isIdent(this.peek()) && this.text(1) !== undefined && (isIdent(this.peek(1)) || this.text(1) === ':')) {
      names.push({ name: this.text()!, at: this.i });
      this.i++;
    }
    if (bracket === '[') {
      if (this.text() === ':') this.i++;
      this.instances.push(this.expr(0));
      this.skipTo(close);
      return;
    }
    if (this.text() !== ':') {
      this.skipTo(close);
      return;
    }
    this.i++;
    const typeStart = this.i;
    const term = this.expr(0);
    const type = this.tokens
      .slice(typeStart, this.i)
      .map((t) => t.text)
      .join(' ');
    for (const n of names) {
      if (looksLikeProp(n.name, type)) this.hypotheses.push({ name: n.name, term });
      else {
        this.types.set(n.name, type);
        if (bracket === '(' || bracket === '{') this.dataBinders.push({ name: n.name, type, at: n.at });
      }
    }
    this.skipTo(close);
  }

  /** Moves past the closing bracket `close` of the group being read. */
  private skipTo(close: string): void {
    let depth = 0;
    while (this.i < this.tokens.length) {
      const t = this.text()!;
      if (['(', '{', '[', '⦃', '⟨'].includes(t)) depth++;
      else if ([')', '}', ']', '⦄', '⟩'].includes(t)) {
        if (depth === 0) {
          if (t === close) this.i++;
          return;
        }
        depth--;
      }
      this.i++;
    }
  }

  private expr(min: number): Term {
    const start = this.i;
    let left = this.unary();
    for (;;) {
      const op = this.text();
      if (op === undefined || CLOSERS.has(op) || op === '⦄' || op === 'then' || op === 'else') return left;
      if (!(op in BINARY) || this.peek()!.kind !== 'symbol') return this.mark(this.broken(left.at), start);
      const [prec, right] = BINARY[op]!;
      if (prec < min) return left;
      const at = this.i;
      this.i++;
      const r = this.expr(right ? prec : prec + 1);
      left = this.mark({ k: 'bin', op: ASCII[op] ?? op, l: left, r, at }, start);
    }
  }

  /** An operator or word the reader does not know: the whole expression is opaque, read past up to the next closer. */
  private broken(at: number): Term {
    let depth = 0;
    while (this.i < this.tokens.length) {
      const t = this.text()!;
      if (['(', '{', '[', '⦃', '⟨', '⌊', '⌈'].includes(t)) depth++;
      else if ([')', '}', ']', '⦄', '⟩', '⌋', '⌉'].includes(t)) {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && CLOSERS.has(t)) break;
      this.i++;
    }
    return { k: 'opaque', at };
  }

  private unary(): Term {
    const start = this.i;
    return this.mark(this.prefixed(), start);
  }

  private prefixed(): Term {
    const t = this.peek();
    const at = this.i;
    if (t === undefined) return { k: 'opaque', at };
    if (t.text === '¬') {
      this.i++;
      return { k: 'not', e: this.expr(40), at };
    }
    if (t.text === '-' && t.kind === 'symbol') {
      this.i++;
      return { k: 'neg', e: this.expr(75), at };
    }
    if (t.text === '↑') {
      this.i++;
      return { k: 'coe', e: this.postfix(this.atom()), at };
    }
    if (t.text === '√') {
      this.i++;
      return { k: 'app', head: 'Real.sqrt', args: [this.postfix(this.atom())], at };
    }
    if (QUANTIFIERS.has(t.text)) return this.binder();
    return this.application();
  }

  /** `∀ x y : T, body`, `∃ x > 0, body`, `∑ i ∈ s, body`, `fun x => body`. */
  private binder(): Term {
    const at = this.i;
    const q = this.text()!;
    this.i++;
    const vars: string[] = [];
    let type: string | undefined;
    let pred: Term | undefined;
    while (this.i < this.tokens.length && this.text() !== ',' && this.text() !== '=>' && this.text() !== '↦') {
      if (this.text() === 'in') {
        this.i++;
        const v = vars[vars.length - 1];
        const set = this.expr(51);
        if (v !== undefined) pred = { k: 'bin', op: '∈', l: { k: 'var', name: v, at }, r: set, at };
      } else if (isIdent(this.peek())) {
        vars.push(this.text()!);
        this.i++;
      } else if (this.text() === '(' || this.text() === '{') {
        const before = this.types.size;
        this.group();
        for (const name of [...this.types.keys()].slice(before)) vars.push(name);
      } else if (this.text() === ':') {
        this.i++;
        const from = this.i;
        this.expr(26);
        type = this.tokens
          .slice(from, this.i)
          .map((x) => x.text)
          .join(' ');
      } else if (this.text()! in BINARY && BINARY[this.text()!]![0] === 50) {
        const opAt = this.i;
        const op = this.text()!;
        this.i++;
        const bound = this.expr(51);
        const v = vars[vars.length - 1];
        if (v !== undefined) pred = { k: 'bin', op: ASCII[op] ?? op, l: { k: 'var', name: v, at: opAt - 1 }, r: bound, at: opAt };
      } else return { k: 'opaque', at };
    }
    this.i++;
    if (type !== undefined) for (const v of vars) this.types.set(v, type);
    // A big operator's body is read at level 67, as Mathlib's `∑ x ∈ s, f` notation does: `∑ i, f i = g` is `(∑ i, f i) = g`.
    const body = this.expr(q === '∑' || q === '∏' ? 67 : 0);
    return { k: 'binder', q, vars, type, pred, body, at };
  }

  private application(): Term {
    const start = this.i;
    const head = this.postfix(this.atom());
    if (head.k !== 'var') return head;
    const args: Term[] = [];
    while (this.startsArgument()) args.push(this.postfix(this.atom()));
    return args.length === 0 ? head : this.postfix(this.mark({ k: 'app', head: head.name, args, at: head.at }, start));
  }

  private startsArgument(): boolean {
    const t = this.peek();
    if (t === undefined) return false;
    if (t.kind === 'ident' || t.kind === 'number') return !QUANTIFIERS.has(t.text);
    return t.text === '(' || t.text === '⌊' || t.text === '⟨';
  }

  private postfix(e: Term): Term {
    const start = this.spans.get(e)?.[0] ?? e.at;
    for (;;) {
      const t = this.text();
      if (t === '!' && this.peek()!.kind === 'symbol') {
        this.i++;
        e = this.mark({ k: 'app', head: 'Nat.factorial', args: [e], at: e.at }, start);
      } else if (t === '⁻' && this.text(1) === '¹') {
        this.i += 2;
        e = this.mark({ k: 'inv', e, at: e.at }, start);
      } else return e;
    }
  }

  private atom(): Term {
    const start = this.i;
    const t = this.read();
    return t.k === 'opaque' && this.i === start ? t : this.mark(t, start);
  }

  private read(): Term {
    const t = this.peek();
    const at = this.i;
    if (t === undefined) return { k: 'opaque', at };
    this.i++;
    if (t.kind === 'number') return { k: 'num', text: t.text, at };
    if (t.kind === 'ident') return { k: 'var', name: t.text, at };
    if (t.text === '(') {
      const e = this.expr(0);
      if (this.text() === ':') {
        this.i++;
        const from = this.i;
        this.expr(0);
        const type = this.tokens
          .slice(from, this.i)
          .map((x) => x.text)
          .join(' ');
        this.skipTo(')');
        return { k: 'asc', e, type, at };
      }
      if (this.text() !== ')') {
        this.skipTo(')');
        return { k: 'opaque', at };
      }
      this.i++;
      return e;
    }
    if (t.text === '|') {
      const e = this.expr(66);
      if (this.text() !== '|') return { k: 'opaque', at };
      this.i++;
      return { k: 'abs', e, at };
    }
    if (t.text === '⌊' || t.text === '⌈') {
      const e = this.expr(0);
      if (this.text() !== '⌋' && this.text() !== '⌉') return { k: 'opaque', at };
      this.i++;
      if (this.text() === '₊') {
        this.i++;
        return { k: 'natFloor', e, at };
      }
      return { k: 'floor', e, at };
    }
    if (['{', '[', '⟨'].includes(t.text)) {
      this.skipTo({ '{': '}', '[': ']', '⟨': '⟩' }[t.text]!);
      return { k: 'opaque', at };
    }
    if (!CLOSERS.has(t.text)) return { k: 'opaque', at };
    this.i--;
    return { k: 'opaque', at };
  }
}

/** The local names a term mentions (the first component of a dotted name such as `p.Prime`). */
export function namesIn(term: Term, into = new Set<string>()): Set<string> {
  switch (term.k) {
    case 'var':
      into.add(term.name.split('.')[0]!);
      break;
    case 'app':
      into.add(term.head.split('.')[0]!);
      for (const a of term.args) namesIn(a, into);
      break;
    case 'bin':
      namesIn(term.l, into);
      namesIn(term.r, into);
      break;
    case 'binder':
      if (term.pred) namesIn(term.pred, into);
      namesIn(term.body, into);
      break;
    case 'num':
    case 'opaque':
      break;
    default:
      namesIn(term.e, into);
  }
  return into;
}

/** The statement's text from token `from` up to, not including, token `to`, as written (tokens joined by a space). */
/** The text of a term as written. */
export function termText(s: Statement, t: Term): string {
  const [from, to] = s.spans.get(t) ?? [t.at, t.at];
  return textOf(s, from, to + 1);
}

export function textOf(s: Statement, from: number, to: number): string {
  let depth = 0;
  for (let j = from; j < to; j++) depth += OPEN_TEXT.has(s.tokens[j]!.text) ? 1 : CLOSE_TEXT.has(s.tokens[j]!.text) ? -1 : 0;
  while (depth > 0 && to < s.tokens.length && CLOSE_TEXT.has(s.tokens[to]!.text)) to++, depth--;
  return s.tokens
    .slice(from, to)
    .map((t) => t.text)
    .join(' ')
    .replace(/ ?⁻ ¹/g, '⁻¹')
    .replace(/([(⌊⌈↑√]) /g, '$1')
    .replace(/ ([)⌋⌉!₊])/g, '$1');
}
const OPEN_TEXT = new Set(['(', '⌊', '⌈']);
const CLOSE_TEXT = new Set([')', '⌋', '⌉']);
