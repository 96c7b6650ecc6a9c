/**
 * Statement traps: places where a statement that compiles says something other than it seems to,
 * read from the header alone (see statement-terms.ts). Each trap names the term that springs it,
 * the degenerate value that springs it and why; a hypothesis that bounds the term's variables, a
 * cast before the operation or a form that cannot be zero silences it. Shared by the statement-traps
 * auditor (its rules and messages) and the judges (as pre-flags), which may not import each other.
 */
import { namesIn, readStatement, type Statement, type Term, termText } from './statement-terms.js';

export type TrapKind =
  | 'nat-subtraction'
  | 'cast-after-operation'
  | 'nat-division'
  | 'int-division'
  | 'division-by-zero'
  | 'sqrt-log-domain'
  | 'contradictory-hypotheses'
  | 'restated-hypothesis'
  | 'trivial-conclusion'
  | 'unused-variable';

/** One trap: what springs it (`term`, as written), where (offset into the header), the degenerate value and why it matters. */
export interface Trap {
  kind: TrapKind;
  term: string;
  /** Offset of the term's operator (or first token) in the header. */
  offset: number;
  /** The value at which the trap springs, in Lean (`n = 0`), when one variable decides it. */
  degenerate?: { variable: string; value: string };
  why: string;
}

type Ty = 'N' | 'Z' | 'Q' | 'R' | 'C';
type Known = Ty | 'unknown';
type Expected = Ty | 'none' | 'unknown';
const ORDER: Ty[] = ['N', 'Z', 'Q', 'R', 'C'];
const TYPE_NAMES: Record<string, Ty> = { ℕ: 'N', Nat: 'N', ℤ: 'Z', Int: 'Z', ℚ: 'Q', Rat: 'Q', ℝ: 'R', Real: 'R', ℂ: 'C', Complex: 'C' };
const SHOWN: Record<Ty, string> = { N: 'ℕ', Z: 'ℤ', Q: 'ℚ', R: 'ℝ', C: 'ℂ' };

/** Library functions whose argument and result types decide the arithmetic around them. */
const FUNCTIONS: Record<string, { dom: Expected; cod: Known }> = {
  'Nat.factorial': { dom: 'N', cod: 'N' },
  'Nat.choose': { dom: 'N', cod: 'N' },
  choose: { dom: 'N', cod: 'N' },
  'Nat.gcd': { dom: 'N', cod: 'N' },
  'Nat.lcm': { dom: 'N', cod: 'N' },
  'Nat.totient': { dom: 'N', cod: 'N' },
  φ: { dom: 'N', cod: 'N' },
  'Nat.fib': { dom: 'N', cod: 'N' },
  'Nat.succ': { dom: 'N', cod: 'N' },
  'Finset.card': { dom: 'unknown', cod: 'N' },
  'Int.natAbs': { dom: 'Z', cod: 'N' },
  'Int.toNat': { dom: 'Z', cod: 'N' },
  'Int.floor': { dom: 'none', cod: 'Z' },
  'Int.ceil': { dom: 'none', cod: 'Z' },
  'Nat.floor': { dom: 'none', cod: 'N' },
  'Nat.ceil': { dom: 'none', cod: 'N' },
  'Real.sqrt': { dom: 'R', cod: 'R' },
  'Real.log': { dom: 'R', cod: 'R' },
  'Real.logb': { dom: 'R', cod: 'R' },
  'Real.exp': { dom: 'R', cod: 'R' },
  'Real.sin': { dom: 'R', cod: 'R' },
  'Real.cos': { dom: 'R', cod: 'R' },
  'Real.tan': { dom: 'R', cod: 'R' },
  'Real.arctan': { dom: 'R', cod: 'R' },
  'Finset.range': { dom: 'N', cod: 'unknown' },
  'Finset.Icc': { dom: 'none', cod: 'unknown' },
  'Finset.Ico': { dom: 'none', cod: 'unknown' },
  'Finset.Ioc': { dom: 'none', cod: 'unknown' },
  'Finset.Ioo': { dom: 'none', cod: 'unknown' },
};
const CONSTANTS: Record<string, Ty> = { π: 'R', 'Real.pi': 'R' };
const ARITH = new Set(['+', '-', '*', '/', '%']);
const RELATIONS = new Set(['=', '≠', '<', '>', '≤', '≥', '∣']);
const LOGIC = new Set(['∧', '∨', '→', '↔']);
const DOMAIN_HEADS = new Set(['Real.sqrt', 'Real.log', 'Real.logb', 'NNReal.sqrt']);
/** Functions of a non-negative value everywhere: an argument of this form needs no guard. */
const NONNEG_HEADS = new Set(['Real.exp', 'Real.sqrt', 'Nat.factorial', 'Finset.card', 'Real.cosh']);

/** What Lean makes of the function outside its domain. */
const junk = (head: string): string =>
  /sqrt/.test(head)
    ? `\`${head}\` is 0 at every negative argument`
    : `\`${head}\` at a non-positive argument is the junk value \`${head} |x|\` (0 at 0)`;

const tyOf = (type: string | undefined): Ty | undefined => (type === undefined ? undefined : TYPE_NAMES[type.trim()]);

/** A local function's type `ℕ → ℝ` read as its argument types and result type. */
function functionType(type: string): { dom: Expected[]; cod: Known } | undefined {
  const parts = type.split(' → ');
  if (parts.length < 2) return undefined;
  return { dom: parts.slice(0, -1).map((p) => tyOf(p) ?? 'unknown'), cod: tyOf(parts[parts.length - 1]) ?? 'unknown' };
}

/** The value of a term made of numerals, `+`, `*` and `^` alone. */
function numeralValue(t: Term): number | undefined {
  if (t.k === 'num') return /^\d+$/.test(t.text) ? Number(t.text) : undefined;
  if (t.k !== 'bin' || !['+', '*', '^'].includes(t.op)) return undefined;
  const [a, b] = [numeralValue(t.l), numeralValue(t.r)];
  if (a === undefined || b === undefined) return undefined;
  return t.op === '+' ? a + b : t.op === '*' ? a * b : a ** b;
}

/** The traps of one declaration's header. */
export function statementTraps(header: string): Trap[] {
  let statement: Statement;
  try {
    statement = readStatement(header);
  } catch {
    return [];
  }
  return new TrapReader(statement).traps();
}

interface Candidate {
  kind: TrapKind;
  /** The conditions in force where the term stands: binder predicates, antecedents, conjuncts beside it. */
  inForce: readonly Term[];
  /** The hypothesis the term stands in (its own condition cannot guard it), or -1 in the conclusion. */
  owner: number;
  node: Term;
  guardedBy: Term;
  ty?: Ty;
  cast?: Ty;
}

class TrapReader {
  private readonly candidates: Candidate[] = [];
  private inForce: Term[] = [];
  private owner = -1;
  private floored = false;
  /** Inside a hypothesis or an antecedent: a junk quotient or root there mostly makes the assumption fail, not the claim change. */
  private assumed = false;
  private readonly scoped = new Map<string, string>();

  constructor(private readonly s: Statement) {}

  traps(): Trap[] {
    this.assumed = true;
    this.s.hypotheses.forEach((h, k) => {
      this.owner = k;
      this.prop(h.term);
    });
    this.owner = -1;
    this.assumed = false;
    this.prop(this.s.conclusion);
    const found: Trap[] = [];
    for (const c of this.candidates) if (!this.guarded(c)) found.push(this.trapOf(c));
    found.push(...this.logicTraps());
    return found;
  }

  private add(c: Omit<Candidate, 'inForce' | 'owner'>): void {
    if (this.assumed && (c.kind === 'division-by-zero' || c.kind === 'sqrt-log-domain')) return;
    // A variable the statement does not bind comes from a `variable` command, a definition or a notation, whose guards the header does not show.
    if ([...this.variables(c.guardedBy), ...this.variables(c.node)].some((n) => this.typeOfName(n) === undefined && !(n in CONSTANTS)))
      return;
    this.candidates.push({ ...c, inForce: [...this.inForce], owner: this.owner });
  }

  /** The names of the variables a term uses (not the functions it applies, unless they are local). */
  private variables(t: Term, into = new Set<string>()): Set<string> {
    if (t.k === 'var') into.add(t.name.split('.')[0]!);
    else if (t.k === 'app') {
      if (this.typeOfName(t.head) !== undefined) into.add(t.head);
      for (const a of t.args) this.variables(a, into);
    } else if (t.k === 'bin') {
      this.variables(t.l, into);
      this.variables(t.r, into);
    } else if (t.k !== 'num' && t.k !== 'opaque' && t.k !== 'binder') this.variables(t.e, into);
    return into;
  }

  /** Runs `inside` with `conditions` in force. */
  private assuming(conditions: Term[], inside: () => void): void {
    const saved = this.inForce.length;
    this.inForce.push(...conditions);
    inside();
    this.inForce.length = saved;
  }

  private typeOfName(name: string): string | undefined {
    return this.scoped.get(name) ?? this.s.types.get(name);
  }

  /** Reads a proposition: its relations are arithmetic trees with no expected type. */
  private prop(t: Term): void {
    if (t.k === 'bin' && (t.op === '→' || t.op === '∧')) {
      const assumed = this.assumed;
      this.assumed ||= t.op === '→';
      this.assuming(t.op === '∧' ? [t.r] : [], () => this.prop(t.l));
      this.assumed = assumed;
      this.assuming([t.l], () => this.prop(t.r));
    } else if (t.k === 'bin' && LOGIC.has(t.op)) {
      this.prop(t.l);
      this.prop(t.r);
    } else if (t.k === 'not') this.prop(t.e);
    else if (t.k === 'binder') this.binder(t, () => this.prop(t.body));
    else if (t.k === 'bin' && RELATIONS.has(t.op)) this.tree(t, 'none');
    else if (t.k === 'bin') {
      this.tree(t.l, 'unknown');
      this.tree(t.r, 'unknown');
    } else this.leaf(t);
  }

  /** Runs `inside` with the binder's variables typed: from `x : T`, or from `i ∈ Finset.range n` (ℕ). */
  private binder(t: Term & { k: 'binder' }, inside: () => void): void {
    const saved = t.vars.map((v) => [v, this.scoped.get(v)] as const);
    let type = t.type;
    if (type === undefined && t.pred?.k === 'bin' && t.pred.op === '∈' && t.pred.r.k === 'app') {
      const set = t.pred.r;
      if (/(^|\.)range$/.test(set.head)) type = 'ℕ';
      else if (/(^|\.)I[co][co]$/.test(set.head)) {
        const bounds = set.args
          .map((a) => (a.k === 'asc' ? tyOf(a.type) : a.k === 'var' ? tyOf(this.typeOfName(a.name)) : undefined))
          .find((x) => x);
        if (bounds) type = SHOWN[bounds];
      }
    }
    for (const v of t.vars) if (type !== undefined) this.scoped.set(v, type);
    if (t.pred) this.prop(t.pred);
    this.assuming(t.pred ? [t.pred] : [], inside);
    for (const [v, before] of saved) before === undefined ? this.scoped.delete(v) : this.scoped.set(v, before);
  }

  /**
   * An arithmetic tree as Lean's `binop%` elaborator sees it: the leaves joined by `+ - * / %` (and a
   * relation at the root) take the largest of their types and of the expected one, coercions going
   * to the leaves. Returns that type, and records the operations that are traps in it.
   */
  private tree(t: Term, expected: Expected, cast?: Ty): Known {
    const floored = this.floored;
    this.floored = false;
    const ops: (Term & { k: 'bin' })[] = [];
    const leaves: (Known | undefined)[] = [];
    const walk = (x: Term): void => {
      if (x.k === 'bin' && (ARITH.has(x.op) || (x === t && RELATIONS.has(x.op)))) {
        ops.push(x);
        walk(x.l);
        walk(x.r);
      } else if (x.k === 'bin' && x.op === '^') {
        walk(x.l);
        this.tree(x.r, 'none');
      } else if (x.k === 'neg') walk(x.e);
      else leaves.push(this.leaf(x));
    };
    walk(t);
    let ty: Known | undefined = expected === 'none' ? undefined : expected;
    for (const leaf of leaves) {
      if (leaf === 'unknown' || ty === 'unknown') ty = 'unknown';
      else if (leaf !== undefined && (ty === undefined || ORDER.indexOf(leaf) > ORDER.indexOf(ty))) ty = leaf;
    }
    if (ty === undefined || ty === 'unknown') return 'unknown';
    for (const op of ops) {
      if (op.op === '-' && ty === 'N' && !(op.r.k === 'num' && op.r.text === '0'))
        this.add({ kind: cast ? 'cast-after-operation' : 'nat-subtraction', node: op, guardedBy: op, ty, cast });
      else if (op.op === '/' && (ty === 'N' || ty === 'Z') && !floored)
        this.add({
          kind: cast ? 'cast-after-operation' : ty === 'N' ? 'nat-division' : 'int-division',
          node: op,
          guardedBy: op,
          ty,
          cast,
        });
      else if (op.op === '/' && ty !== 'N' && ty !== 'Z' && !this.positive(op.r))
        this.add({ kind: 'division-by-zero', node: op, guardedBy: op.r, ty });
    }
    return ty;
  }

  /** The type of a leaf of an arithmetic tree (undefined: a numeral or a coercion, which take the tree's type), reading the trees inside it. */
  private leaf(x: Term): Known | undefined {
    switch (x.k) {
      case 'num':
        return undefined;
      case 'var': {
        if (CONSTANTS[x.name]) return CONSTANTS[x.name];
        return tyOf(this.typeOfName(x.name)) ?? 'unknown';
      }
      case 'coe':
        this.tree(x.e, 'none', 'R');
        return undefined;
      case 'asc': {
        const ty = tyOf(x.type);
        if (x.e.k === 'coe') {
          this.tree(x.e.e, 'none', ty);
          return ty ?? 'unknown';
        }
        const inner = x.e.k === 'asc' ? tyOf(x.e.type) : undefined;
        if (x.e.k === 'asc' && inner !== undefined && inner !== ty) {
          this.tree(x.e.e, inner, ty);
          return ty ?? 'unknown';
        }
        this.tree(x.e, ty ?? 'unknown');
        return ty ?? 'unknown';
      }
      case 'app':
        return this.application(x);
      case 'abs':
        return this.tree(x.e, 'none');
      case 'floor':
        this.floorOf(x.e);
        return 'Z';
      case 'natFloor':
        this.floorOf(x.e);
        return 'N';
      case 'inv': {
        const ty = this.tree(x.e, 'none');
        if (ty !== 'unknown' && ty !== 'N' && ty !== 'Z' && !this.positive(x.e))
          this.add({ kind: 'division-by-zero', node: x, guardedBy: x.e, ty });
        return ty;
      }
      case 'binder':
        if (x.q === '∑' || x.q === '∏') {
          let ty: Known = 'unknown';
          this.binder(x, () => (ty = this.tree(x.body, 'none')));
          return ty;
        }
        this.prop(x);
        return 'unknown';
      case 'bin':
        this.prop(x);
        return 'unknown';
      case 'not':
        this.prop(x.e);
        return 'unknown';
      default:
        return 'unknown';
    }
  }

  /** The argument of a floor: a division in it rounds as the floor does, on purpose. */
  private floorOf(t: Term): void {
    this.floored = true;
    this.tree(t, 'none');
  }

  private application(x: Term & { k: 'app' }): Known {
    const local = this.typeOfName(x.head);
    const fn = local !== undefined ? functionType(local) : FUNCTIONS[x.head];
    const types = x.args.map((a, k) => {
      const dom = fn === undefined ? 'unknown' : Array.isArray(fn.dom) ? (fn.dom[k] ?? 'unknown') : fn.dom;
      if (x.head === 'Int.floor' || x.head === 'Nat.floor') this.floored = true;
      return this.tree(a, dom);
    });
    const arg = x.args[x.args.length - 1];
    if (DOMAIN_HEADS.has(x.head) && arg !== undefined && types[types.length - 1] !== 'unknown' && !this.nonnegative(arg))
      this.add({ kind: 'sqrt-log-domain', node: x, guardedBy: arg });
    if (fn === undefined) return 'unknown';
    if (Array.isArray(fn.dom) && x.args.length !== fn.dom.length) return 'unknown';
    return fn.cod;
  }

  /** Whether the term cannot be negative, by its form: numerals, ℕ values, squares, absolute values, exp, sqrt, and sums and products of those. */
  private nonnegative(t: Term): boolean {
    switch (t.k) {
      case 'num':
        return true;
      case 'var':
        return tyOf(this.typeOfName(t.name)) === 'N';
      case 'coe':
        return this.nonnegative(t.e) || (t.e.k === 'app' && FUNCTIONS[t.e.head]?.cod === 'N');
      case 'asc':
        return this.nonnegative(t.e);
      case 'abs':
        return true;
      case 'app':
        return NONNEG_HEADS.has(t.head);
      case 'bin':
        if (t.op === '^') return (t.r.k === 'num' && Number(t.r.text) % 2 === 0) || this.nonnegative(t.l);
        if (t.op === '+' || t.op === '*' || t.op === '/') return this.nonnegative(t.l) && this.nonnegative(t.r);
        return false;
      default:
        return false;
    }
  }

  /** Whether the term cannot be zero by its form: a non-zero numeral, exp, a positive power, a sum with a positive part and no negative one. */
  private positive(t: Term): boolean {
    switch (t.k) {
      case 'num':
        return Number(t.text) !== 0;
      case 'var':
        return t.name in CONSTANTS;
      case 'app':
        return t.head === 'Real.exp' || t.head === 'Nat.factorial';
      case 'coe':
      case 'asc':
        return this.positive(t.e);
      case 'bin':
        if (t.op === '^') return this.positive(t.l);
        if (t.op === '*') return this.positive(t.l) && this.positive(t.r);
        if (t.op === '+') return (this.positive(t.l) && this.nonnegative(t.r)) || (this.nonnegative(t.l) && this.positive(t.r));
        return false;
      default:
        return false;
    }
  }

  /**
   * A condition in force that mentions one of the names the trap's term uses silences it: another
   * hypothesis, a binder predicate, an antecedent or a conjunct beside it. Any mention, not only a
   * bound: `p.Prime`, `Odd n` and `p.HolderConjugate q` keep their variables away from 0 too.
   */
  private guarded(c: Candidate): boolean {
    if ((c.kind === 'nat-subtraction' || c.kind === 'cast-after-operation') && this.ordered(c.node)) return true;
    const names = namesIn(c.guardedBy);
    if (c.kind === 'nat-subtraction' || c.kind === 'cast-after-operation') namesIn(c.node, names);
    for (const constant of Object.keys(CONSTANTS)) names.delete(constant.split('.')[0]!);
    if (names.size === 0) return c.kind === 'division-by-zero' || c.kind === 'sqrt-log-domain';
    // A variable of a bounded type (`Fin n`, `ℕ+`, `Set.Ioi 1`, a function into one) carries its own guard.
    if ([...names].some((n) => this.boundedType(n))) return true;
    const mentions = (t: Term): boolean => [...namesIn(t)].some((n) => names.has(n));
    return (
      this.s.hypotheses.some((h, k) => k !== c.owner && mentions(h.term)) ||
      this.s.instances.some(mentions) ||
      c.inForce.some((t) => mentions(this.beyondRange(t)))
    );
  }

  private boundedType(name: string): boolean {
    const type = this.typeOfName(name);
    if (type === undefined) return false;
    const result = type.split(' → ').pop()!;
    return tyOf(result) === undefined && /^(Fin|ℕ\+|PNat|Set\.I|↥|\{)/.test(result.trim());
  }

  /** `i ∈ Finset.range n` bounds i from above only: it guards a term through `n`, never through i alone. */
  private beyondRange(t: Term): Term {
    return t.k === 'bin' && t.op === '∈' && t.r.k === 'app' && /(^|\.)range$/.test(t.r.head) ? t.r : t;
  }

  /** Whether the minuend cannot be smaller than the subtrahend by their form: `c₁ ^ e - c₂ ^ e` with c₁ ≥ c₂, `x ^ k - x`, numerals. */
  private ordered(t: Term): boolean {
    if (t.k !== 'bin') return false;
    const { l, r } = t;
    const [a, b] = [numeralValue(l), numeralValue(r)];
    if (a !== undefined && b !== undefined) return a >= b;
    if (l.k === 'bin' && l.op === '^' && r.k === 'bin' && r.op === '^' && l.l.k === 'num' && r.l.k === 'num')
      return Number(l.l.text) >= Number(r.l.text) && this.span(l.r) === this.span(r.r);
    if (l.k === 'bin' && l.op === '^' && l.r.k === 'num' && Number(l.r.text) >= 1 && this.span(l.l) === this.span(r)) return true;
    // c ^ e - 1 with c ≥ 1, and x ^ a - x ^ b with a ≥ b.
    if (l.k === 'bin' && l.op === '^' && b === 1 && (numeralValue(l.l) ?? 0) >= 1) return true;
    if (l.k === 'bin' && l.op === '^' && r.k === 'bin' && r.op === '^' && this.span(l.l) === this.span(r.l))
      return (numeralValue(l.r) ?? -1) >= (numeralValue(r.r) ?? Number.POSITIVE_INFINITY);
    return false;
  }

  private span(t: Term): string {
    return termText(this.s, t);
  }

  private first(t: Term): number {
    return this.s.spans.get(t)?.[0] ?? t.at;
  }

  private trapOf(c: Candidate): Trap {
    const term = this.span(c.node);
    const offset = this.s.tokens[c.node.k === 'bin' ? c.node.at : this.first(c.node)]!.start;
    const single = (t: Term): string | undefined => (t.k === 'var' && this.typeOfName(t.name) !== undefined ? t.name : undefined);
    const node = c.node;
    switch (c.kind) {
      case 'nat-subtraction':
      case 'cast-after-operation': {
        const b = node as Term & { k: 'bin' };
        const v = single(b.l);
        const bound = b.r.k === 'num' ? b.r.text : this.span(b.r);
        const degenerate = v !== undefined && b.r.k === 'num' ? { variable: v, value: '0' } : undefined;
        const cut = b.op === '-' ? `truncated at 0 in ℕ: it is 0 whenever ${this.span(b.l)} < ${bound}` : `rounded down in ${SHOWN[c.ty!]}`;
        const why =
          c.kind === 'cast-after-operation'
            ? `the cast comes after the operation, so \`${term}\` is ${cut}; cast before it (\`(↑${this.span(b.l)} ${b.op} ${bound} : ${SHOWN[c.cast ?? 'R']})\`) for the exact value`
            : `\`${term}\` is ${cut}, and no hypothesis bounds ${this.span(b.l)}${degenerate ? ` (for ${v} = 0 the term is 0, not -${bound})` : ''}`;
        return { kind: c.kind, term, offset, why, ...(degenerate ? { degenerate } : {}) };
      }
      case 'nat-division':
      case 'int-division': {
        const b = node as Term & { k: 'bin' };
        return {
          kind: c.kind,
          term,
          offset,
          why: `\`${term}\` in ${SHOWN[c.ty!]} rounds down (and is 0 when ${this.span(b.r)} = 0), and no hypothesis says ${this.span(b.r)} divides ${this.span(b.l)}`,
        };
      }
      case 'division-by-zero': {
        const den = this.span(c.guardedBy);
        const v = single(c.guardedBy);
        return {
          kind: c.kind,
          term,
          offset,
          why: `Lean takes \`${term}\` to be 0 when ${den} = 0, and no hypothesis keeps ${den} away from 0`,
          ...(v ? { degenerate: { variable: v, value: '0' } } : {}),
        };
      }
      default: {
        const arg = this.span(c.guardedBy);
        const v = single(c.guardedBy);
        return {
          kind: 'sqrt-log-domain',
          term,
          offset,
          why: `${junk((node as Term & { k: 'app' }).head)}, and no hypothesis keeps ${arg} in its domain`,
          ...(v ? { degenerate: { variable: v, value: '-1' } } : {}),
        };
      }
    }
  }

  /** Traps of the statement's shape: contradictory or restated hypotheses, a `True` conclusion, a variable nothing mentions. */
  private logicTraps(): Trap[] {
    const traps: Trap[] = [];
    const s = this.s;
    const texts = s.hypotheses.map((h) => this.span(h.term));
    const conclusion = this.span(s.conclusion);
    if (s.conclusion.k === 'var' && s.conclusion.name === 'True')
      traps.push({
        kind: 'trivial-conclusion',
        term: 'True',
        offset: s.tokens[s.conclusion.at]!.start,
        why: 'the conclusion is `True`: the statement claims nothing',
      });
    const restated = texts.indexOf(conclusion);
    if (restated >= 0 && s.conclusion.k !== 'opaque' && this.readToEnd(s.conclusion) && this.readToEnd(s.hypotheses[restated]!.term))
      traps.push({
        kind: 'restated-hypothesis',
        term: conclusion,
        offset: s.tokens[s.conclusion.at]!.start,
        why: `the conclusion \`${conclusion}\` is hypothesis ${s.hypotheses[restated]!.name ?? restated + 1} restated: the statement proves itself`,
      });
    for (let a = 0; a < s.hypotheses.length; a++) {
      const why = this.contradiction(s.hypotheses[a]!.term, a, texts);
      if (why)
        traps.push({ kind: 'contradictory-hypotheses', term: texts[a]!, offset: s.tokens[this.first(s.hypotheses[a]!.term)]!.start, why });
    }
    for (const b of s.dataBinders) {
      const mentioned = s.tokens.some((t, k) => k !== b.at && t.kind === 'ident' && (t.text === b.name || t.text.startsWith(`${b.name}.`)));
      if (tyOf(b.type) !== undefined && !mentioned && !b.name.startsWith('_'))
        traps.push({
          kind: 'unused-variable',
          term: b.name,
          offset: s.tokens[b.at]!.start,
          why: `\`${b.name} : ${b.type}\` is bound but no hypothesis and not the conclusion mention it: the statement says nothing about it`,
        });
    }
    return traps;
  }

  /** Whether the term was read up to the end of what holds it (the header, or its binder's bracket), not cut short by notation the reader does not know. */
  private readToEnd(t: Term): boolean {
    const end = this.s.spans.get(t)?.[1];
    if (end === undefined) return false;
    const next = this.s.tokens[end + 1]?.text;
    return next === undefined || next === ')' || next === '}';
  }

  /** Why hypothesis `a` cannot hold, or holds against an earlier one; undefined when nothing shows it. */
  private contradiction(t: Term, a: number, texts: string[]): string | undefined {
    if (t.k === 'bin' && RELATIONS.has(t.op) && t.l.k === 'num' && t.r.k === 'num') {
      const [x, y] = [Number(t.l.text), Number(t.r.text)];
      const holds = { '=': x === y, '≠': x !== y, '<': x < y, '>': x > y, '≤': x <= y, '≥': x >= y, '∣': y % x === 0 }[t.op as '='];
      if (!holds) return `\`${texts[a]}\` is false`;
    }
    if (t.k === 'bin' && (t.op === '<' || t.op === '>' || t.op === '≠') && this.span(t.l) === this.span(t.r))
      return `\`${texts[a]}\` is false: no value is ${t.op === '≠' ? 'different from' : 'less than'} itself`;
    for (let b = 0; b < a; b++) {
      const other = this.s.hypotheses[b]!.term;
      if (t.k === 'not' && this.span(t.e) === texts[b]) return `it negates \`${texts[b]}\`, also assumed`;
      if (other.k === 'not' && this.span(other.e) === texts[a]) return `\`${texts[b]}\` negates it`;
      if (t.k === 'bin' && other.k === 'bin' && t.op === '=' && other.op === '=' && t.r.k === 'num' && other.r.k === 'num') {
        if (this.span(t.l) === this.span(other.l) && Number(t.r.text) !== Number(other.r.text))
          return `it and \`${texts[b]}\` give ${this.span(t.l)} two values`;
      }
      const strict = (x: Term): x is Term & { k: 'bin' } => x.k === 'bin' && (x.op === '<' || x.op === '>');
      if (strict(t) && strict(other)) {
        const [lo, hi] = t.op === '<' ? [t.l, t.r] : [t.r, t.l];
        const [lo2, hi2] = other.op === '<' ? [other.l, other.r] : [other.r, other.l];
        if (this.span(lo) === this.span(hi2) && this.span(hi) === this.span(lo2))
          return `it and \`${texts[b]}\` order the same two values both ways`;
      }
    }
    return undefined;
  }
}
