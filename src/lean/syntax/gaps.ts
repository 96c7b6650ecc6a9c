/**
 * Proof gaps of one Lean file, found on tokens (never in comments, strings, docstrings or inside
 * identifiers): `sorry`/`admit` classified as in a proof or in data, axioms, and the escape hatches
 * that make the kernel trust something it did not check.
 */

import type { LeanDecl, LeanFile } from '../../model/lean.js';
import { type ArgumentPlace, argumentPlace } from './arguments.js';
import {
  bracketDelta,
  headerTypeStart,
  isCommentKind,
  KEYWORD_LIST,
  KIND,
  lexTable,
  MULTI,
  MULTI_SYMBOLS,
  type TokenTable,
  typeBodyStart,
} from './lexer.js';
import { GAP_WORD, isProofKind, NameTable, SORRY_WORD } from './names.js';

export type GapKind =
  | 'sorry-in-proof'
  | 'sorry-in-data'
  | 'sorry-in-statement'
  | 'sorry-in-command'
  | 'sorry-undetermined'
  | 'sorry-macro'
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

/** The gap kinds that are a `sorry` (or `admit`) in one place or another, summed as `sorry`; a sorry macro's use is counted apart. */
export const SORRY_KINDS: ReadonlySet<GapKind> = new Set([
  'sorry-in-proof',
  'sorry-in-data',
  'sorry-in-statement',
  'sorry-in-command',
  'sorry-undetermined',
]);

/**
 * Why a `sorry` counts as in a proof or in data, or why that is undetermined: `field` (a field whose
 * structure is not known and whose name says nothing), `argument` (an argument of a callee whose
 * signature is not known), `component` (of an anonymous constructor `⟨…⟩`).
 */
export type SorryContext =
  | 'statement'
  | 'theorem'
  | 'by-block'
  | 'proof-field'
  | 'data-field'
  | 'field'
  | 'value'
  | 'proof-value'
  | 'argument'
  | 'proof-argument'
  | 'data-argument'
  | 'component'
  | 'command';

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
  /** For sorry/admit in a field: the project structure whose declared field type decided proof or data (see fields.ts). */
  structure?: string;
  /** For a sorry macro: what it stands for (`sorry`, or a project axiom; see sorry-macros.ts). */
  standsFor?: string;
  /** For sorry/admit written as an argument (in a statement or a value): the application or constructor it fills (see arguments.ts). */
  argument?: ArgumentPlace;
  /** For sorry/admit as an argument whose callee's signature decided proof or data: the callee and the parameter it fills. */
  parameter?: { callee: string; name?: string; inStatement?: boolean };
}

/** Tactic-block openers (`by`, `decreasing_by`): everything up to the closing bracket (or a comma inside brackets) is tactics. */
const ASSIGN = MULTI + MULTI_SYMBOLS.indexOf(':=');
const K_BY = KEYWORD_LIST.indexOf('by');
const K_DECREASING_BY = KEYWORD_LIST.indexOf('decreasing_by');
const K_SORRY = KEYWORD_LIST.indexOf('sorry');
const K_ADMIT = KEYWORD_LIST.indexOf('admit');
const K_SET_OPTION = KEYWORD_LIST.indexOf('set_option');
const BACKTICK = 96;
const SEARCH_TACTICS: ReadonlySet<string> = new Set(['apply?', 'exact?', 'rw?']);

/** Proof fields of Lean core and Mathlib structures whose one-word names do not follow the snake_case rule. */
const PROOF_FIELD_WORDS: ReadonlySet<string> = new Set([
  'refl',
  'symm',
  'trans',
  'iseqv',
  'irrefl',
  'antisymm',
  'asymm',
  'total',
  'trichotomous',
  'comm',
  'assoc',
  'property',
  'isLt',
  'wf',
]);

/**
 * A field name that reads as a proposition: Mathlib names proof fields in snake_case or with a
 * trailing prime (`map_add'`, `le_refl`), data fields in lowerCamelCase (`toFun`, `add`); a few
 * core proof fields are single words (`refl`, `symm`, `trans` of `Equivalence`, `iseqv` of `Setoid`).
 */
export function isProofFieldName(name: string): boolean {
  return name.includes('_') || name.endsWith("'") || PROOF_FIELD_WORDS.has(name);
}

/** Data fields of Lean core and Mathlib structures named by one lowercase word: operations, carriers, components. */
const DATA_FIELD_WORDS: ReadonlySet<string> = new Set([
  'default',
  'zero',
  'one',
  'add',
  'mul',
  'sub',
  'div',
  'neg',
  'inv',
  'smul',
  'vadd',
  'nsmul',
  'zsmul',
  'npow',
  'zpow',
  'le',
  'lt',
  'sup',
  'inf',
  'top',
  'bot',
  'compl',
  'himp',
  'sdiff',
  'star',
  'norm',
  'nnnorm',
  'dist',
  'edist',
  'inner',
  'carrier',
  'val',
  'obj',
  'app',
  'hom',
  'coe',
  'fst',
  'snd',
  'uniformity',
]);

/**
 * A field name that reads as data: lowerCamelCase with a capital (`toFun`, `invFun`), as Mathlib names
 * data fields, or one of core's and Mathlib's one-word data fields (`default`, `add`, `carrier`).
 * Another one-word name (`map`) says nothing: `Functor.map` is data, Mathlib's `Subfunctor.map` a proof.
 */
function isDataFieldName(name: string): boolean {
  return !isProofFieldName(name) && (DATA_FIELD_WORDS.has(name) || /^[a-z][A-Za-z0-9]*[A-Z]/.test(name));
}

/** What the parser left of a file: the text it read, the token-level gaps found on its token table, and its declarations whose shape is a gap. */
const parsed = new WeakMap<LeanFile, { text: string; gaps: ProofGap[]; shaped: readonly LeanDecl[] }>();

/**
 * Called by the parser with a file's token table: keeps its text and scans it for token-level gaps,
 * so they are not lexed again, and picks the declarations whose shape is a gap (see shapeOf)
 * while they are fresh in the cache: read again later, for the proof gaps, every declaration and
 * theorem header costs a few cache misses (0.5% of a scan for the headers alone).
 */
export function recordParsed(file: LeanFile, table: TokenTable): void {
  const gaps: ProofGap[] = [];
  if (table.gapWords) scanTokens(file, table, gaps);
  parsed.set(file, { text: table.text, gaps, shaped: file.decls.filter(hasShapeGap) });
}

/** The text a parsed file was read from, as the parser saw it. */
export const parsedSource = (file: LeanFile): string | undefined => parsed.get(file)?.text;

/** The proof gaps of one parsed file, given its text (from `readLeanSource`). */
export function proofGapsOf(file: LeanFile, text: string): ProofGap[] {
  const gaps: ProofGap[] = [];
  const seen = parsed.get(file);
  const fresh = seen !== undefined && seen.text === text ? seen : undefined;
  for (const decl of fresh !== undefined ? fresh.shaped : file.decls) {
    const shape = shapeOf(decl);
    if (shape === 0) continue;
    const { line, column } = declPosition(decl, text);
    for (const [bit, kind, written] of SHAPE_GAPS) if ((shape & bit) !== 0) gaps.push({ kind, text: written, line, column, decl });
  }
  if (fresh !== undefined) for (const gap of fresh.gaps) gaps.push({ ...gap });
  else {
    const { table } = lexTable(text, file.path);
    if (table.gapWords) scanTokens(file, table, gaps);
  }
  return gaps.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The gaps a declaration's shape alone shows, as bits of `shapeOf`, in the order they are reported, with the text each is shown as. */
const SHAPE_GAPS: readonly [number, GapKind, string][] = [
  [1, 'axiom', 'axiom'],
  [2, 'unsafe', 'unsafe'],
  [4, 'opaque-without-body', 'opaque'],
  [8, 'trivial-statement', 'True'],
];

/**
 * The SHAPE_GAPS bits of a declaration: an axiom, `unsafe`, a bodiless opaque, a theorem stating
 * `True`. Every test is made for every declaration (none waits for a rare kind), so that V8 does not
 * discard its compiled code when the first axiom or opaque comes.
 */
function shapeOf(decl: LeanDecl): number {
  const { kind, modifiers, body, header } = decl;
  const bodiless = body === undefined;
  const theorem = kind === 'theorem' || kind === 'lemma';
  return (
    (kind === 'axiom' ? 1 : 0) |
    (modifiers.includes('unsafe') ? 2 : 0) |
    (kind === 'opaque' && bodiless ? 4 : 0) |
    (theorem && statesTrue(header) ? 8 : 0)
  );
}

const hasShapeGap = (decl: LeanDecl): boolean => shapeOf(decl) !== 0;

/** Where a declaration starts: its location, or (for a model without locations) its offset counted in `text`. */
function declPosition(decl: LeanDecl, text: string): { line: number; column: number } {
  const location = decl.location as LeanDecl['location'] | undefined;
  if (location !== undefined) return { line: location.line, column: location.column ?? 0 };
  const start = decl.range.start;
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: start - lineStart };
}

/**
 * The name table headers are lexed with: one for all of them, as making a table interns every
 * keyword (63 tables for the bench tree's headers ending in `True` had V8 compile the constructor).
 */
let headerNames: NameTable | undefined;

/** True when the header's type (after its first top-level `:` and any `haveI … :=` before its claim) is exactly `True`. */
function statesTrue(header: string): boolean {
  if (!header.endsWith('True')) return false;
  const { table } = lexTable(header, '<header>', undefined, (headerNames ??= new NameTable()));
  let lastCode = table.count - 1;
  while (lastCode >= 0 && isCommentKind(table.kind[lastCode]!)) lastCode--;
  const start = headerTypeStart(table);
  const type = start < 0 ? -1 : typeBodyStart(table, start);
  return type >= 0 && type === lastCode && table.is(type, 'True');
}

/** An identifier starts a field assignment `name := …` when it begins a line or follows `{ , ⟨ where with`. */
function startsField(table: TokenTable, name: number, before: number): boolean {
  if (before < 0 || table.line[before]! < table.line[name]!) return true;
  return table.is(before, '{') || table.is(before, ',') || table.is(before, '⟨') || table.is(before, 'where') || table.is(before, 'with');
}

/**
 * The field assigned by the `:=` at token `assign` (`name := …`, or `name x y := …` with binders):
 * the first of the identifiers before it on its line, when they start a field; else -1.
 */
function assignedField(table: TokenTable, assign: number): number {
  let name = -1;
  for (let j = assign - 1; j >= 0 && table.kind[j] === KIND.ident && table.line[j] === table.line[assign]; j--) name = j;
  if (name < 0) return -1;
  let before = name - 1;
  while (before >= 0 && isCommentKind(table.kind[before]!)) before--;
  return startsField(table, name, before) ? name : -1;
}

/** Whether identifier i begins a line of the form `name binders* :=` (a field of a structure instance or `where`). */
function beginsFieldLine(table: TokenTable, i: number, prev: number): boolean {
  if (prev >= 0 && table.line[prev]! >= table.line[i]!) return false;
  let j = i + 1;
  while (j < table.count && table.kind[j] === KIND.ident && table.line[j] === table.line[i]) j++;
  return j < table.count && table.line[j] === table.line[i] && table.kind[j] === KIND.symbol && table.code[j] === ASSIGN;
}

/** Whether a `sorry` or `admit` token, or an identifier `sorryAx` or `lcProof` (quoted or not), is among the table's. */
function hasSorryOrAdmit(table: TokenTable): boolean {
  const { kind, code } = table;
  const flags = table.names.flags;
  for (let i = 0; i < table.count; i++) {
    if (
      kind[i] === KIND.keyword
        ? code[i] === K_SORRY || code[i] === K_ADMIT
        : kind[i] === KIND.ident && (flags[code[i]!]! & SORRY_WORD) !== 0
    )
      return true;
  }
  return false;
}

/** Whether token i is quoted as a name literal (`` `sorryAx ``, ``` ``sorryAx ```, `` `sorry ``, as meta code names the constant or the syntax): a backtick just before it. */
const quotedName = (table: TokenTable, i: number, prev: number): boolean =>
  prev >= 0 && table.kind[prev] === KIND.symbol && table.code[prev] === BACKTICK && table.end[prev] === table.start[i];

/** Whether token i is the `(` of a syntax quotation: a backtick right before it. */
const opensQuotation = (table: TokenTable, i: number): boolean =>
  table.code[i] === 40 &&
  i > 0 &&
  table.kind[i - 1] === KIND.symbol &&
  table.code[i - 1] === BACKTICK &&
  table.end[i - 1] === table.start[i];

/** The tactic blocks open in a declaration: the bracket depth, and per open block the depth and line indentation it opened at. */
class TacticBlocks {
  depth = 0;
  private readonly depths: number[] = [];
  private readonly indents: number[] = [];
  /** The depth outside the syntax quotation open (`` `(…) ``, `` `(tactic| …) ``), or -1 outside quotations. */
  private quoteDepth = -1;

  get open(): boolean {
    return this.depths.length > 0;
  }

  /** Whether the token followed last is inside a syntax quotation of declaration `decl`: meta code building syntax (aesop's `` `(tactic| sorry) ``), no gap. */
  quoted(decl: LeanDecl | undefined): boolean {
    return decl !== undefined && this.quoteDepth >= 0;
  }

  reset(): void {
    this.depth = 0;
    this.depths.length = 0;
    this.indents.length = 0;
    this.quoteDepth = -1;
  }

  push(indent: number): void {
    this.depths.push(this.depth);
    this.indents.push(indent);
  }

  /**
   * Follows token i: brackets change the depth and a closing one ends the blocks opened inside it,
   * a comma ends those opened at its depth, and a field line (`invFun := sorry` after
   * `toFun := by simp`) those opened on a line no less indented. Returns whether i begins a field line.
   */
  follow(table: TokenTable, i: number, kind: number, prev: number): boolean {
    const delta = bracketDelta(table, i);
    const { depths, indents } = this;
    if (delta > 0) {
      if (this.quoteDepth < 0 && opensQuotation(table, i)) this.quoteDepth = this.depth;
      this.depth++;
    } else if (delta < 0) {
      this.depth = Math.max(0, this.depth - 1);
      if (this.depth <= this.quoteDepth) this.quoteDepth = -1;
      while (depths.length > 0 && depths[depths.length - 1]! > this.depth) depths.pop(), indents.pop();
    } else if (kind === KIND.symbol && table.code[i] === 44 && this.depth > 0) {
      while (depths.length > 0 && depths[depths.length - 1]! >= this.depth) depths.pop(), indents.pop();
    } else if (kind === KIND.ident && depths.length > 0 && beginsFieldLine(table, i, prev)) {
      const column = table.column[i]!;
      while (depths.length > 0 && depths[depths.length - 1]! >= this.depth && indents[indents.length - 1]! >= column)
        depths.pop(), indents.pop();
      return true;
    }
    return false;
  }
}

/** A gap at token i, in `decl` if given. */
function gapAt(table: TokenTable, i: number, kind: GapKind, text: string, decl: LeanDecl | undefined): ProofGap {
  const gap: ProofGap = { kind, text, line: table.line[i]!, column: table.column[i]! };
  if (decl) gap.decl = decl;
  return gap;
}

/**
 * The `sorry` or `admit` (or `sorryAx`, `lcProof`: SORRY_WORD identifiers) at token i (after token
 * `prev`; its declaration's tokens start at `first`), classified as in the statement, in a proof, in
 * data (a field by its name: `map_add'` a proof, `toFun` data), or undetermined where one file cannot
 * tell: a field whose name says nothing (`map := sorry` of a structure declared elsewhere), an
 * argument (`ofComplex z ρ sorry`) or a component of `⟨…⟩` in a value. `classifyFieldsByType`
 * (fields.ts) then decides with the project's declarations.
 */
function sorryGap(table: TokenTable, i: number, prev: number, decl: LeanDecl | undefined, inTactics: boolean, first: number): ProofGap {
  const start = table.start[i]!;
  // In the statement itself (formal-conjectures' `answer(sorry)`): the claim is unfinished, whatever its proof.
  const inStatement = decl !== undefined && start >= decl.headerRange.start && start < decl.headerRange.end;
  const fieldName =
    !inStatement && prev >= 0 && table.kind[prev] === KIND.symbol && table.code[prev] === ASSIGN ? assignedField(table, prev) : -1;
  const field = fieldName >= 0 ? table.textOf(fieldName) : undefined;
  let context: SorryContext = inStatement
    ? 'statement'
    : inTactics
      ? 'by-block'
      : decl && isProofKind(decl.kind)
        ? 'theorem'
        : field !== undefined
          ? isProofFieldName(field)
            ? 'proof-field'
            : isDataFieldName(field)
              ? 'data-field'
              : 'field'
          : decl
            ? 'value'
            : 'command';
  const argument = context === 'statement' || context === 'value' ? argumentPlace(table, i, prev, first) : undefined;
  if (context === 'value' && argument !== undefined) context = 'component' in argument ? 'component' : 'argument';
  const inProof = context === 'by-block' || context === 'theorem' || context === 'proof-field';
  // Outside any declaration: a macro's expansion (its uses are sorry macros', see sorry-macros.ts) or a `#check`.
  const kind = inStatement
    ? 'sorry-in-statement'
    : inProof
      ? 'sorry-in-proof'
      : context === 'command'
        ? 'sorry-in-command'
        : context === 'value' || context === 'data-field'
          ? 'sorry-in-data'
          : 'sorry-undetermined';
  const gap = gapAt(table, i, kind, table.kind[i] === KIND.keyword ? KEYWORD_LIST[table.code[i]!]! : table.textOf(i), decl);
  gap.context = context;
  if (field !== undefined) gap.field = field;
  if (argument !== undefined) gap.argument = argument;
  return gap;
}

/**
 * The sorry an identifier flagged SORRY_WORD at token i stands for: `sorryAx` anywhere, `lcProof` but
 * in an `unsafe` declaration (batteries' and aesop's unsafe implementations pass it for the bounds
 * proofs of `uget`/`uset`; such a declaration is reported as `unsafe` already).
 */
function sorryWordGap(
  table: TokenTable,
  i: number,
  prev: number,
  decl: LeanDecl | undefined,
  inTactics: boolean,
  first: number,
): ProofGap | undefined {
  if (decl?.modifiers.includes('unsafe') && table.textOf(i).endsWith('lcProof')) return undefined;
  return sorryGap(table, i, prev, decl, inTactics, first);
}

/** `set_option maxHeartbeats 0` or `set_option debug.skipKernelTC true` at token i. */
function optionGap(table: TokenTable, i: number, decl: LeanDecl | undefined): ProofGap | undefined {
  const option = table.textOf(i + 1);
  if (option.endsWith('maxHeartbeats') && table.is(i + 2, '0'))
    return gapAt(table, i, 'max-heartbeats-zero', `set_option ${option} 0`, decl);
  if (option === 'debug.skipKernelTC' && table.is(i + 2, 'true'))
    return gapAt(table, i, 'skip-kernel-tc', 'set_option debug.skipKernelTC true', decl);
  return undefined;
}

/** The escape hatch the identifier at token i (a word the gap scan reacts to; after `prev` and `prev2`) stands for, if any. */
function wordGap(table: TokenTable, i: number, prev: number, prev2: number, decl: LeanDecl | undefined): ProofGap | undefined {
  const w = table.textOf(i);
  if (w === 'native_decide' || w === 'Lean.ofReduceBool' || w === 'ofReduceBool') return gapAt(table, i, 'native-decide', w, decl);
  if (w === 'native' && prev >= 0 && table.is(prev, '+') && prev2 >= 0 && table.is(prev2, 'decide'))
    return gapAt(table, i, 'native-decide', 'decide +native', decl);
  if (
    (w === 'implemented_by' || w === 'extern') &&
    prev >= 0 &&
    (table.kind[prev] === KIND.attributeOpen || table.is(prev, '[') || table.is(prev, ','))
  ) {
    return gapAt(table, i, w === 'extern' ? 'extern' : 'implemented-by', `@[${w}]`, decl);
  }
  return SEARCH_TACTICS.has(w) ? gapAt(table, i, 'search-tactic', w, decl) : undefined;
}

/** No sorry macros: the scans of the parse. */
const NO_MACROS: ReadonlyMap<number, string> = new Map();
/** The name table the files using sorry macros are lexed again with: one for all, as for headers (see statesTrue). */
let macroNames: NameTable | undefined;

/**
 * The uses of the project's sorry macros (word → what it stands for; see sorry-macros.ts) in a file's
 * declarations, classified as a `sorry` at their place would be (statement, proof or data: `context`).
 * The file is lexed again, as few files use such a word: only those whose text has one.
 */
export function macroSorriesOf(file: LeanFile, text: string, macros: ReadonlyMap<string, string>): ProofGap[] {
  const words = [...macros.keys()].filter((word) => text.includes(word));
  if (words.length === 0) return [];
  const { table } = lexTable(text, file.path, undefined, (macroNames ??= new NameTable()));
  const ids = new Map<number, string>();
  for (const word of words) {
    const id = table.names.idOf(word);
    if (id >= 0) ids.set(id, macros.get(word)!);
  }
  if (ids.size === 0) return [];
  const gaps: ProofGap[] = [];
  scanTokens(file, table, gaps, ids);
  return gaps.filter((gap) => gap.kind === 'sorry-macro');
}

/**
 * A use of a sorry macro at token i, classified as a `sorry` there would be: in a declaration's
 * header or body. Outside a declaration the word is quoted (a tactic macro's
 * `` `(tactic| exact sorry_proof) ``), and before its header it is the declaration's own name
 * (FLT's `axiom knownin1980s`, which its macro of the same name stands for).
 */
function macroSorryGap(
  table: TokenTable,
  i: number,
  prev: number,
  decl: LeanDecl | undefined,
  inTactics: boolean,
  standsFor: string,
  first: number,
): ProofGap | undefined {
  if (decl === undefined || table.start[i]! < decl.headerRange.start) return undefined;
  return { ...sorryGap(table, i, prev, decl, inTactics, first), kind: 'sorry-macro', text: table.textOf(i), standsFor };
}

/**
 * Sorry/admit and escape hatches on a file's tokens (and the uses of `macros`, ids → what each stands for). The loop is kept small and the rare cases in
 * functions of their own: V8 otherwise recompiled it at every rare branch first taken (16 times,
 * 0.7 s of compiling on the benchmark's tree).
 */
/**
 * The most proof gaps counted in one file: a hostile file of tens of millions of `sorry`s would
 * otherwise hold a gap each in memory (about 100 bytes each, gigabytes), where no real file has
 * more than a few thousand. Past it the file's gaps are not read, and lean-source reports it as an error.
 */
export const MAX_GAPS_PER_FILE = 1_000_000;

/** Says, once, that the gap walk of `file` stopped at token `i`. */
function tooManyGaps(file: LeanFile, table: TokenTable, i: number): void {
  if (file.problems.some((p) => p.messageId === 'too-many-gaps')) return;
  file.problems.push({
    messageId: 'too-many-gaps',
    message: `more than ${MAX_GAPS_PER_FILE.toLocaleString('en')} proof gaps in the file: the first ${MAX_GAPS_PER_FILE.toLocaleString('en')} are counted, the rest of the file is not read for gaps`,
    location: { file: file.path, line: table.line[i]!, column: table.column[i]! },
  });
}

function scanTokens(file: LeanFile, table: TokenTable, gaps: ProofGap[], macros = NO_MACROS): void {
  const flags = table.names.flags;
  const decls = file.decls;
  const { kind: kinds, code: codes, start: starts } = table;
  let d = 0;
  let current: LeanDecl | undefined;
  /** The first token of `current`. */
  let first = 0;
  const blocks = new TacticBlocks();
  let prev = -1;
  let prev2 = -1;
  // The bracket and tactic-block tracking only serves to classify sorries: files without one skip it.
  const tracking = macros.size > 0 || hasSorryOrAdmit(table);
  // The walk ends at the exit token: `#exit`, a Verso document's `#doc`, or where the parser stopped reading.
  const exit = table.exitToken;
  for (let i = 0; i < exit; i++) {
    if (gaps.length >= MAX_GAPS_PER_FILE) {
      tooManyGaps(file, table, i);
      break;
    }
    const kind = kinds[i]!;
    if (isCommentKind(kind)) continue;
    const start = starts[i]!;
    while (d < decls.length && decls[d]!.range.end <= start) d++;
    const inDecl = d < decls.length && decls[d]!.range.start <= start ? decls[d] : undefined;
    if (inDecl !== current) {
      current = inDecl;
      first = i;
      blocks.reset();
    }
    const fieldLine = tracking && blocks.follow(table, i, kind, prev);
    if (kind === KIND.keyword) {
      const id = codes[i]!; // keyword id, -1 for a `#command`
      if (tracking && (id === K_BY || id === K_DECREASING_BY)) blocks.push(table.lineIndent(i));
      else if (id === K_SORRY || id === K_ADMIT) {
        if (!blocks.quoted(current) && !quotedName(table, i, prev)) gaps.push(sorryGap(table, i, prev, current, blocks.open, first));
      } else if (id === K_SET_OPTION && i + 2 < table.count) {
        const gap = optionGap(table, i, current);
        if (gap) gaps.push(gap);
      }
    } else if (kind === KIND.ident && macros.has(codes[i]!)) {
      const gap = blocks.quoted(current) ? undefined : macroSorryGap(table, i, prev, current, blocks.open, macros.get(codes[i]!)!, first);
      if (gap) gaps.push(gap);
    } else if (kind === KIND.ident && (flags[codes[i]!]! & SORRY_WORD) !== 0 && !quotedName(table, i, prev) && !blocks.quoted(current)) {
      const gap = sorryWordGap(table, i, prev, current, blocks.open, first);
      if (gap) gaps.push(gap);
    } else if (kind === KIND.ident && !fieldLine && (flags[codes[i]!]! & GAP_WORD) !== 0) {
      const gap = wordGap(table, i, prev, prev2, current);
      if (gap) gaps.push(gap);
    }
    prev2 = prev;
    prev = i;
  }
}
