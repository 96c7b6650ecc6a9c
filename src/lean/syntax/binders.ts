/**
 * Local names a declaration binds, so that name resolution does not mistake a local `f` or `card`
 * for a project declaration of that name. Best effort, on tokens: the names of the binder groups
 * `(x y : T)`, `{α : Type*}`, `⦃x : T⦄`, `[inst : C α]`, `{i} (h)` before a header's type (and in
 * `variable`), outermost groups only;
 * the names after `∀ ∃ λ fun Π Σ ∑ ∏ ⋃ ⋂ ⨆ ⨅`, `have`, `let`, `suffices`, `haveI`, `letI` (with their groups, and
 * `⟨…⟩` patterns: `have ⟨x, hx⟩ := h`);
 * the names and `⟨…⟩` patterns after `intro`, `intros`, `rintro`, `obtain`, `ext`, `by_contra`,
 * `by_cases`, `choose`, `set` and after `with` (`cases' h with x hx`, `rcases h with ⟨x, hx⟩ | h`);
 * the variable of a set-builder or subtype (`{x | p x}`, `{x : T | p x}`, `{x ∈ s | p x}`, `{x // p x}`);
 * the names in the patterns of a match arm (`| succ n ih =>`, `| some x, .none =>`, `| ⟨a, b⟩ =>`),
 * reported apart: a bare name in a pattern is a variable unless it names a constructor, which only
 * name resolution can tell (see references.ts).
 * A parenthesised `(x : T)` inside a term is an ascription, not a binder.
 */
import { firstAtOrAfter } from '../../core/sorted.js';
import { bracketDelta, closingBracket, isBinderSymbol, KEYWORD_LIST, KIND, MULTI, MULTI_SYMBOLS, type TokenTable } from './lexer.js';
import { BINDER_WORD_IDS, DOTTED, LET_WORD, USING } from './names.js';

const KW = (word: string): number => KEYWORD_LIST.indexOf(word);
const RUN = 1;
const NAMING = 2;
/** Per keyword id: RUN for keywords followed by the names they bind (`fun`, `with`), NAMING for those that name one local when a `:` or `:=` follows the name (`have h : P`, `let x := e`). */
export const KEYWORD_ROLE = new Uint8Array(KEYWORD_LIST.length);
for (const word of ['fun', 'with']) KEYWORD_ROLE[KW(word)] = RUN;
for (const word of ['have', 'let', 'suffices']) KEYWORD_ROLE[KW(word)] = NAMING;
const ASSIGN = MULTI + MULTI_SYMBOLS.indexOf(':=');
const WITH = KW('with');
/** `( { ⦃ [`: groups whose leading names bind when a `:` follows them. */
const opensGroupAt = (c: number): boolean => c === 40 || c === 123 || c === 91 || c === 0x2983;
const ANGLE_OPEN = 0x27e8;
const ANGLE_CLOSE = 0x27e9;
const COLON = 58;
const BAR = 124;
const BRACE_OPEN = 123;
const SLASH = 47;
const DOT = 46;
const AT = 64;
const PAREN_OPEN = 40;
const BRACKET_OPEN = 91;
const ELEMENT_OF = 0x2208;
const ARROW = MULTI + MULTI_SYMBOLS.indexOf('=>');
/** How far (in tokens) a match arm's `=>` or a set-builder's `|` is looked for. */
const LOOKAHEAD = 64;
/** `| , ( ) ⟨ ⟩`: what an rcases pattern is made of besides names (`_` is lexed as a name). */
const PATTERN_SYMBOLS: ReadonlySet<number> = new Set([124, 44, 40, 41, ANGLE_OPEN, ANGLE_CLOSE]);
const [FIRST_BINDER_WORD, LAST_BINDER_WORD] = [BINDER_WORD_IDS[0]!, BINDER_WORD_IDS[BINDER_WORD_IDS.length - 1]!];

type Bind = (id: number) => void;

/** Whether identifier `id` is a single name component (locals are never dotted). */
const isSimple = (table: TokenTable, id: number): boolean => (table.names.flags[id]! & DOTTED) === 0;

/**
 * Calls `bind` with the identifier id of every local name tokens [from, to) bind (possibly more than
 * once), and `bindPattern` with the bare names of match-arm patterns (variables or constructors).
 * With `signature` (a header or a `variable` command), bracket groups bind their names until the
 * first `:` outside brackets, where the type begins. Otherwise only the tokens the lexer listed as
 * binder starters (TokenTable.starters) and the runs they open are read.
 */
export function bindersOf(table: TokenTable, from: number, to: number, signature: boolean, bind: Bind, bindPattern: Bind = bind): void {
  const scan = new BinderScan(table, to, signature, bind, bindPattern);
  if (signature) {
    for (let j = from; j < to; ) j = scan.step(j);
    return;
  }
  const starters = table.starters;
  let j = from;
  for (let s = firstAtOrAfter(starters, from); s < starters.length && starters[s]! < to; s++) {
    if (starters[s]! < j) continue;
    j = scan.step(starters[s]!);
    while (j < to && !scan.idle()) j = scan.step(j);
  }
}

/** The binder-reading state machine, one token at a time. */
class BinderScan {
  /** After a binder notation or word: identifiers bind until another token (or another line) comes. */
  private run = false;
  private runLine = 0;
  /** Whether the run follows `with`, where `f :=` names a field of a structure update. */
  private runAfterWith = false;
  private depth = 0;
  /** Depth of the `⟨…⟩` pattern being read (0: none). */
  private pattern = 0;
  private groups: boolean;

  constructor(
    private readonly table: TokenTable,
    private readonly to: number,
    signature: boolean,
    private readonly bind: Bind,
    private readonly bindPattern: Bind,
  ) {
    this.groups = signature;
  }

  /** True when only a binder starter can change anything. */
  idle(): boolean {
    return !this.run && this.pattern === 0 && !this.groups;
  }

  private startRun(j: number): void {
    this.run = true;
    this.runLine = this.table.line[j]!;
    this.runAfterWith = this.table.kind[j] === KIND.keyword && this.table.code[j] === WITH;
  }

  /** After `have`, `let`, `suffices`, `haveI` or `letI` at j: the name it gives binds when `:` or `:=` follows it, and so does a pattern (`have ⟨x, hx⟩ := h`). */
  private naming(j: number): void {
    this.run = false;
    if (isSymbolAt(this.table, j + 1, ANGLE_OPEN)) this.startRun(j);
    else nameAt(this.table, j + 1, this.to, this.bind);
  }

  /** Reads token j; returns the next token to read. */
  step(j: number): number {
    const { table, to, bind } = this;
    const k = table.kind[j]!;
    const c = table.code[j]!;
    if (k === KIND.ident) {
      // A run ends at a new line, `using`, a dotted name, or `f :=` after `with` (`{ s with f := x }` names a field).
      if (
        this.run &&
        (table.line[j] !== this.runLine || c === USING || !isSimple(table, c) || (this.runAfterWith && isSymbolAt(table, j + 1, ASSIGN)))
      )
        this.run = false;
      if (this.run || (this.pattern > 0 && isSimple(table, c))) bind(c);
      if (c >= FIRST_BINDER_WORD && c <= LAST_BINDER_WORD) this.startRun(j);
      else if ((table.names.flags[c]! & LET_WORD) !== 0 && this.pattern === 0) this.naming(j);
      return j + 1;
    }
    if (this.pattern > 0) {
      if (k === KIND.symbol && c === ANGLE_OPEN) this.pattern++;
      else if (k === KIND.symbol && c === ANGLE_CLOSE) this.pattern--;
      return j + 1;
    }
    if (k === KIND.symbol && c === ANGLE_OPEN && this.run) {
      this.pattern = 1;
      return j + 1;
    }
    const opensGroup = k === KIND.symbol && opensGroupAt(c);
    if (opensGroup && this.run && c !== 91) {
      // `fun (x : T) (y : U) =>`, `rintro (h | h)`: the group's names bind and the run goes on after it.
      const close = closingBracket(table, j, to);
      if (isPattern(table, j + 1, close)) {
        for (let i = j + 1; i < close; i++) if (table.kind[i] === KIND.ident && isSimple(table, table.code[i]!)) bind(table.code[i]!);
      } else groupNames(table, j + 1, to, bind);
      return close + 1;
    }
    if (this.groups) {
      const delta = bracketDelta(table, j);
      if (delta === 0 && this.depth === 0 && k === KIND.symbol && c === COLON) this.groups = false;
      // Only the outermost groups of a signature bind: `[C (f a : ℕ)]` ascribes, it binds nothing.
      if (opensGroup && this.groups && this.depth === 0) groupNames(table, j + 1, to, bind, c !== 91);
      this.depth += delta;
    }
    if (k === KIND.symbol && c === BAR) {
      const arrow = armArrow(table, j, to);
      if (arrow >= 0) {
        armPatterns(table, j + 1, arrow, this.bindPattern);
        this.run = false;
        return arrow + 1;
      }
      // `rcases h with h₁ | h₂`: the alternatives go on binding.
      if (this.run) return j + 1;
    } else if (k === KIND.symbol && c === BRACE_OPEN && !this.run) setBuilder(table, j, to, bind);
    this.run = false;
    if (k === KIND.keyword && c >= 0 && KEYWORD_ROLE[c] === NAMING) this.naming(j);
    else if ((k === KIND.keyword && c >= 0 && KEYWORD_ROLE[c] === RUN) || (k === KIND.symbol && isBinderSymbol(c))) this.startRun(j);
    return j + 1;
  }
}

/** `have h : P`, `let x := e`: the name at `at` binds when `:` or `:=` follows it. */
function nameAt(table: TokenTable, at: number, to: number, bind: Bind): void {
  if (at + 1 >= to || table.kind[at] !== KIND.ident || table.kind[at + 1] !== KIND.symbol) return;
  const next = table.code[at + 1];
  if (next === COLON || next === ASSIGN) bind(table.code[at]!);
}

/** Whether tokens [from, to) are only names, `_`, `|`, `,` and brackets: an rcases pattern such as `h | ⟨x, hx⟩`. */
function isPattern(table: TokenTable, from: number, to: number): boolean {
  for (let j = from; j < to; j++) {
    const k = table.kind[j]!;
    if (k !== KIND.ident && !(k === KIND.symbol && PATTERN_SYMBOLS.has(table.code[j]!))) return false;
  }
  return true;
}

/** `(x y : T)`: when the identifiers from `from` are followed by `:` (or, with `untyped`, close the group: `{i} (h)`), they bind. */
function groupNames(table: TokenTable, from: number, to: number, bind: Bind, untyped = false): void {
  let j = from;
  while (j < to && table.kind[j] === KIND.ident) j++;
  if (j === from || j >= to || table.kind[j] !== KIND.symbol) return;
  if (table.code[j] !== COLON && !(untyped && bracketDelta(table, j) < 0)) return;
  for (let i = from; i < j; i++) bind(table.code[i]!);
}

/** Whether token j is the symbol `code`; false past the table's last token (the reused table's arrays hold older files' tokens there). */
const isSymbolAt = (table: TokenTable, j: number, code: number): boolean =>
  j < table.count && table.kind[j] === KIND.symbol && table.code[j] === code;

/**
 * If the `|` at `bar` opens a match arm, the index of its `=>`: the first `=>` on the same line
 * outside brackets, before any `:=`, keyword or other `|` (so `|x|` and `{x | p x}` are no arms); else -1.
 */
function armArrow(table: TokenTable, bar: number, to: number): number {
  const line = table.line[bar];
  let depth = 0;
  for (let j = bar + 1; j < to && j <= bar + LOOKAHEAD && table.line[j] === line; j++) {
    const delta = bracketDelta(table, j);
    if (delta !== 0) {
      depth += delta;
      if (depth < 0) return -1;
    } else if (table.kind[j] === KIND.keyword) return -1;
    else if (depth === 0 && table.kind[j] === KIND.symbol) {
      const c = table.code[j];
      if (c === ARROW) return j;
      if (c === BAR || c === ASSIGN) return -1;
    }
  }
  return -1;
}

/** Whether token kind k is a name (`_` included) or a literal. */
const isAtom = (k: number): boolean => k === KIND.ident || k === KIND.number || k === KIND.string || k === KIND.char;

/** Whether token j can begin an argument of an application in a pattern (`f x`, `f _`, `f (x)`, `f ⟨x⟩`, `f [x]`, `f .none`). */
function startsArgument(table: TokenTable, j: number, to: number): boolean {
  if (j >= to) return false;
  if (isAtom(table.kind[j]!)) return true;
  const c = table.code[j];
  return table.kind[j] === KIND.symbol && (c === PAREN_OPEN || c === ANGLE_OPEN || c === BRACKET_OPEN || c === DOT);
}

/** Whether token j ends a term (a name, a literal or a closing bracket): what follows it is an argument. */
const endsTerm = (table: TokenTable, j: number): boolean => isAtom(table.kind[j]!) || bracketDelta(table, j) < 0;

/**
 * The names the patterns of tokens [from, to) (between an arm's `|` and `=>`) may bind: every bare
 * name but an application's head (`succ` in `succ n`), one written `.inl` or `@C`, and the types of
 * ascriptions `(n : ℕ)`.
 */
function armPatterns(table: TokenTable, from: number, to: number, bindPattern: Bind): void {
  let depth = 0;
  let ascription = -1;
  for (let j = from; j < to; j++) {
    const delta = bracketDelta(table, j);
    if (delta !== 0) {
      depth += delta;
      if (depth < ascription) ascription = -1;
      continue;
    }
    if (ascription < 0 && depth > 0 && isSymbolAt(table, j, COLON)) ascription = depth;
    if (ascription >= 0 || table.kind[j] !== KIND.ident || !isSimple(table, table.code[j]!)) continue;
    if (isSymbolAt(table, j - 1, DOT) || (isSymbolAt(table, j - 1, AT) && !endsTerm(table, j - 2))) continue;
    if (startsArgument(table, j + 1, to) && !endsTerm(table, j - 1)) continue;
    bindPattern(table.code[j]!);
  }
}

/** `{x | p x}`, `{x // p x}`, `{x : T | p x}`, `{x ∈ s | p x}` at the `{` at `open`: x binds. */
function setBuilder(table: TokenTable, open: number, to: number, bind: Bind): void {
  const name = open + 1;
  if (name + 1 >= to || table.kind[name] !== KIND.ident || !isSimple(table, table.code[name]!)) return;
  const builds = (j: number): boolean => isSymbolAt(table, j, BAR) || (isSymbolAt(table, j, SLASH) && isSymbolAt(table, j + 1, SLASH));
  if (builds(name + 1)) {
    bind(table.code[name]!);
    return;
  }
  if (!isSymbolAt(table, name + 1, COLON) && !isSymbolAt(table, name + 1, ELEMENT_OF)) return;
  let depth = 0;
  for (let j = name + 2; j < to && j <= open + LOOKAHEAD; j++) {
    depth += bracketDelta(table, j);
    if (depth < 0) return;
    if (depth === 0 && builds(j)) {
      bind(table.code[name]!);
      return;
    }
  }
}
