/**
 * Lean 4 declaration parser: splits a file's tokens into top-level commands, tracks
 * `namespace`/`section`/`end`, `open`, `variable` and `mutual`, and turns every declaration
 * command into a LeanDecl whose header (statement) is kept apart from its body (proof or value).
 * It reads the lexer's TokenTable directly: no object or string per token.
 */

import type { AliasCommand, AttributeCommand, DeclKind, LeanDecl, LeanFile, ScopeLink, SourceProblem, Token } from '../../model/lean.js';
import { bindersOf } from './binders.js';
import { projectCommandOf, ruleExpansionOf } from './commands.js';
import { recordParsed } from './gaps.js';
import { bracketDelta, closingBracket, KEYWORD_LIST, KIND, lexTable, MULTI, MULTI_SYMBOLS, type TokenTable } from './lexer.js';
import { LET_WORD, MODIFIER_IDS, NameTable, PROJECT_COMMAND } from './names.js';
import { addLink, linksOf } from './scope-links.js';
import { leanBlocksOnly } from './verso.js';

const DECL = 1;
const STRONG = 2;
const WEAK = 4;
const MODIFIER = 8;
const DEFINES = 16;
const NOTATION = 32;
const HEADER_ONLY = 64;

/** Per keyword id: is it a declaration keyword, a top-level-only command, an ambiguous command, a modifier, a notation-like command. */
const KEYWORD_FLAGS = new Uint8Array(KEYWORD_LIST.length);
const flag = (words: string[], bit: number): void => {
  for (const w of words) KEYWORD_FLAGS[KEYWORD_LIST.indexOf(w)]! |= bit;
};
/** Declaration keywords: always start a command. */
flag(['theorem', 'lemma', 'def', 'abbrev', 'instance', 'structure', 'class', 'inductive', 'axiom', 'opaque', 'example'], DECL);
/** Other commands that can only stand at the top level. */
flag(
  [
    'namespace',
    'section',
    'end',
    'variable',
    'universe',
    'import',
    'module',
    'mutual',
    'coinductive',
    'irreducible_def',
    'proof_wanted',
    'notation',
    'infix',
    'infixl',
    'infixr',
    'prefix',
    'postfix',
    'macro_rules',
    'elab_rules',
    'declare_syntax_cat',
    'initialize',
    'builtin_initialize',
    'omit',
    'include',
    'alias',
    'export',
    'attribute',
    'macro',
    'syntax',
    'elab',
  ],
  STRONG,
);
/** Commands whose keyword also occurs inside terms or tactics (`open … in`, `set_option … in`). */
flag(['open', 'set_option'], WEAK);
/** Modifiers that may precede a command keyword (with the identifiers `public` and `meta` of the module system). */
flag(['private', 'protected', 'noncomputable', 'partial', 'unsafe', 'nonrec', 'local', 'scoped'], MODIFIER);
/** Commands that give a notation, macro or elaborator its meaning: the ones notations.ts reads (with Mathlib's `notation3`, an identifier). */
flag(['notation', 'infix', 'infixl', 'infixr', 'prefix', 'postfix', 'macro', 'macro_rules', 'syntax', 'elab', 'elab_rules'], NOTATION);
/**
 * Keywords of a file's header alone: Lean reads them nowhere else, so they are no tokens of the
 * commands and may name a declaration (FLT's `instance module : Module S …`).
 */
flag(['module', 'import'], HEADER_ONLY);
/** Commands that may define a command of the project's, or tell what one declares (see commands.ts). */
flag(['syntax', 'macro', 'elab', 'elab_rules', 'macro_rules'], DEFINES);

const KW = (word: string): number => KEYWORD_LIST.indexOf(word);
const K_CLASS = KW('class');
const K_DERIVING = KW('deriving');
const K_END = KW('end');
const K_INSTANCE = KW('instance');
const K_IN = KW('in');
const K_LET = KW('let');
const K_HAVE = KW('have');
const K_MATCH = KW('match');
const K_FUN = KW('fun');
const K_WHERE = KW('where');
const K_IRREDUCIBLE_DEF = KW('irreducible_def');
const K_ELAB_RULES = KW('elab_rules');
const K_MACRO_RULES = KW('macro_rules');
const ASSIGN = MULTI + MULTI_SYMBOLS.indexOf(':=');
const ARROW = MULTI + MULTI_SYMBOLS.indexOf('=>');
const CONS = MULTI + MULTI_SYMBOLS.indexOf('::');
const BAR = 124;
const LAMBDA = 0x3bb;
const [PUBLIC, META] = MODIFIER_IDS as [number, number];
const COMMA = 44;
/** How far back from a name the `(` of `instance (priority := …)` is looked for. */
const PRIORITY_TOKENS = 16;

const OPENING: ReadonlySet<string> = new Set(['(', '[', '{', '⟨', '⦃', '⟦', '⁅']);
const CLOSING: ReadonlySet<string> = new Set([')', ']', '}', '⟩', '⦄', '⟧', '⁆']);
/** True for a Token opening a bracket: `(`, `[`, `{`, `⟨`, `⦃`, `⟦`, `⁅`, `@[`. */
export const isOpener = (t: Token): boolean => t.kind === 'attributeOpen' || (t.kind === 'symbol' && OPENING.has(t.text));
/** True for a Token closing a bracket. */
export const isCloser = (t: Token): boolean => t.kind === 'symbol' && CLOSING.has(t.text);

/** A top-level command: its tokens are code[start, end); `keyword` indexes its main keyword. */
interface Command {
  start: number;
  keyword: number;
  end: number;
}

interface Scope {
  kind: 'namespace' | 'section';
  name: string;
  namespace: string;
  /** How many components `namespace` has. */
  depth: number;
  /** The chains in force when the scope opened, restored when it closes. */
  opens: ScopeLink | undefined;
  variables: ScopeLink | undefined;
}

/** How deep namespaces may nest (components of the enclosing namespace): a real project's nest a few deep. */
export const MAX_NAMESPACE_DEPTH = 256;

/** The module name of a path relative to its source folder: `Pfr/Entropy/Basic.lean` → `Pfr.Entropy.Basic`. */
export function moduleName(path: string): string {
  return path
    .replace(/\.lean$/, '')
    .split('/')
    .join('.');
}

/**
 * The identifiers each declaration of a parsed file uses, as ids in `names`: declaration k's
 * header identifiers are ids[bounds[5k], bounds[5k+1]), its body's ids[bounds[5k+1], bounds[5k+2]),
 * the local names it binds (see binders.ts; those of its `variable`s are their links', variableLocalIds) ids[bounds[5k+2], bounds[5k+3]),
 * the bare names of its match-arm patterns (variables, or constructors) ids[bounds[5k+3], bounds[5k+4]);
 * each list distinct and in order of first use. Kept beside the file, not in its data.
 */
export interface FileIdents {
  names: NameTable;
  ids: Int32Array;
  bounds: Int32Array;
}
const fileIdents = new WeakMap<LeanFile, FileIdents>();

/** The identifier ids of a file's declarations (undefined for a file not made by parseLean). */
export const identIdsOf = (file: LeanFile): FileIdents | undefined => fileIdents.get(file);

/** Bounds per declaration in FileIdents. */
export const IDENT_PARTS = 5;

/**
 * The identifiers the header and the body of a file's `index`-th declaration use, the local names it
 * binds (those of its `variable`s first) and its pattern names, as written.
 */
export function identsOf(file: LeanFile, index: number): { header: string[]; body: string[]; locals: string[]; patterns: string[] } {
  const recorded = fileIdents.get(file);
  if (recorded === undefined) return { header: [], body: [], locals: [], patterns: [] };
  const { names, ids, bounds } = recorded;
  const at = IDENT_PARTS * index;
  const texts = (part: number): string[] => Array.from(ids.subarray(bounds[at + part]!, bounds[at + part + 1]!), (id) => names.names[id]!);
  const variableNames = linksOf(file.decls[index]!.variables).flatMap((link) => variableLocalIds(link).map((id) => names.names[id]!));
  return { header: texts(0), body: texts(1), locals: [...new Set([...variableNames, ...texts(2)])], patterns: texts(3) };
}

/** Per identifier id, the last `idents()` call that listed it (shared by all name tables: marks never repeat). */
let identMarks = new Int32Array(1024);
let identMark = 0;
/** Identifier ids of the file being parsed, before they are copied out. */
let identScratch = new Int32Array(1 << 16);
/** Makes identScratch hold at least `size` ids, keeping its first `kept`. */
function growIdentScratch(size: number, kept: number): void {
  const grown = new Int32Array(Math.max(identScratch.length * 2, size));
  grown.set(identScratch.subarray(0, kept));
  identScratch = grown;
}
/**
 * Files' identifier lists are kept as views of shared blocks of KEPT_BLOCK values, not as two arrays
 * of their own per file: an array costs a few microseconds to make, sweep and free, a view much less.
 * A block lives as long as a view of it.
 */
const KEPT_BLOCK = 1 << 18;
let keptBlock = new Int32Array(0);
let keptUsed = 0;
function kept(values: ArrayLike<number>): Int32Array {
  if (keptUsed + values.length > keptBlock.length) {
    keptBlock = new Int32Array(Math.max(KEPT_BLOCK, values.length));
    keptUsed = 0;
  }
  const view = keptBlock.subarray(keptUsed, (keptUsed += values.length));
  view.set(values);
  return view;
}

/** The parsed files with a `notation`, `notation3`, `infix…`, `prefix`, `postfix`, `macro`, `macro_rules` or `syntax` command. */
const notationFiles = new WeakSet<LeanFile>();

/** Whether a parsed file has a notation-like command (undefined for a file the parser did not make): the files notations.ts reads. */
export const hasNotationCommands = (file: LeanFile): boolean | undefined => (fileIdents.has(file) ? notationFiles.has(file) : undefined);

/** A token table kept between calls, so parsing many files does not allocate one per file. */
let spareTable: TokenTable | undefined;

export interface ParseOptions {
  /** Module name (default: from the path). */
  module?: string;
  /** The file's UTF-8 size, if known. */
  bytes?: number;
  /** Identifier table shared by the files of one project (default: a fresh one). */
  names?: NameTable;
}

/** Where the Verso document of a lexed text starts (its `#doc`, see verso.ts), or -1 when it has none. */
function versoDocumentStart(table: TokenTable): number {
  const exit = table.exitToken;
  return exit < table.count && table.text.startsWith('#doc', table.start[exit]!) ? table.start[exit]! : -1;
}

/**
 * Parses one Lean file into its declarations; never throws on malformed source. A file that turns
 * into a Verso document is read as its Lean part and the code of the document's ```lean blocks, the
 * rest blanked (verso.ts): that text is the one the parser keeps for the file.
 */
export function parseLean(text: string, path: string, options: ParseOptions = {}): LeanFile {
  const module = options.module ?? moduleName(path);
  const names = options.names ?? new NameTable();
  let { table, problems } = lexTable(text, path, spareTable, names);
  spareTable = undefined;
  const doc = versoDocumentStart(table);
  if (doc >= 0) ({ table, problems } = lexTable(leanBlocksOnly(text, doc), path, table, names));
  const parser = new FileParser(table.text, path, module, table, problems);
  parser.parse();
  const file: LeanFile = {
    path,
    module,
    bytes: options.bytes ?? Buffer.byteLength(text),
    imports: parser.imports,
    decls: parser.decls,
    ...(parser.attributeCommands.length > 0 ? { attributeCommands: parser.attributeCommands } : {}),
    ...(parser.aliases.length > 0 ? { aliases: parser.aliases } : {}),
    problems,
  };
  fileIdents.set(file, { names: table.names, ids: kept(identScratch.subarray(0, parser.identCount)), bounds: kept(parser.identBounds) });
  if (parser.notations) notationFiles.add(file);
  recordParsed(file, table);
  spareTable = table.reset('');
  return file;
}

/**
 * An empty list of the elements kind a list of strings or lists has. V8 tells lists of small
 * integers (what `[]` is) from lists of objects, and code compiled for lists of the one kind is
 * discarded when a list of the other reaches it: the scope lists start as what they become.
 */
const objectList = <T>(): T[] => [undefined].slice(1) as T[];

/**
 * A list the model keeps, without the room `push` left in it: an array grown by push holds 17 slots
 * or more, where a declaration's modifiers, attributes or members are a few. An empty list is kept as it is.
 */
const exactly = (list: string[]): string[] => (list.length > 0 ? list.slice() : list);

/**
 * The one empty list every declaration without modifiers, attributes or (until linking replaces it)
 * references shares: three lists fewer per declaration. Nothing pushes onto a declaration's lists.
 */
const NO_STRINGS: string[] = objectList();
/** The local names each `variable` link binds (ids in the file's name table), kept beside the model. */
const variableLocals = new WeakMap<ScopeLink, readonly number[]>();

/** The ids of the local names a `variable` link of a parsed file binds (none for a link the parser did not make). */
export const variableLocalIds = (link: ScopeLink): readonly number[] => variableLocals.get(link) ?? NO_IDS;
const NO_IDS: readonly number[] = [];

class FileParser {
  readonly imports: string[] = [];
  readonly attributeCommands: AttributeCommand[] = [];
  readonly aliases: AliasCommand[] = [];
  readonly decls: LeanDecl[] = [];
  /** Number of ids in identScratch, and IDENT_PARTS bounds per declaration (see FileIdents). */
  identCount = 0;
  /** Whether the file has a notation-like command (see hasNotationCommands). */
  notations = false;
  readonly identBounds: number[] = [];
  private readonly scopes: Scope[] = [];
  private namespace = '';
  private namespaceDepth = 0;
  /** The first token of the command where reading stopped (a namespace nested past MAX_NAMESPACE_DEPTH), or -1. */
  private stoppedAt = -1;
  /** `namespace.` for the namespace `prefixOf`, the last a declaration was in: one string for its declarations' full names, not one each. */
  private prefixOf = '';
  private prefix = '';
  private opens: ScopeLink | undefined;
  private variables: ScopeLink | undefined;
  /** The pattern names of the declaration being read (see `locals`). */
  private readonly pendingPatterns: number[] = [];
  private readonly keepPattern = (id: number): void => {
    this.pendingPatterns.push(id);
  };
  /**
   * Set in the constructor, not here: a field V8 has seen hold one value only is compiled as a
   * constant, and the first `mutual` of a tree then discarded the compiled `declaration` that reads it.
   */
  private inMutual: boolean;
  /** The chains of the next command when an `open … in` or `variable … in` came before it (those in scope with the `in`'s added), else undefined. */
  private pendingOpens: ScopeLink | undefined;
  private pendingVariables: ScopeLink | undefined;
  private readonly n: number;

  constructor(
    private readonly text: string,
    private readonly path: string,
    private readonly module: string,
    private readonly table: TokenTable,
    private readonly problems: SourceProblem[],
  ) {
    this.n = table.count;
    this.inMutual = false;
    if (identMarks.length < table.names.size) identMarks = new Int32Array(table.names.size * 2);
  }

  private kind(j: number): number {
    return this.table.kind[j]!;
  }
  /** Keyword id or symbol code of code token j. */
  private sym(j: number): number {
    return this.table.code[j]!;
  }
  private isKeyword(j: number, id: number): boolean {
    return j < this.n && this.kind(j) === KIND.keyword && this.sym(j) === id;
  }
  private isSymbol(j: number, code: number): boolean {
    return j < this.n && this.kind(j) === KIND.symbol && this.sym(j) === code;
  }
  private keywordFlags(j: number): number {
    if (this.kind(j) !== KIND.keyword) return 0;
    const id = this.sym(j);
    return id >= 0 ? KEYWORD_FLAGS[id]! : 0;
  }
  private is(j: number, s: string): boolean {
    return j < this.n && this.table.is(j, s);
  }
  private textOf(j: number): string {
    return this.table.textOf(j);
  }
  private line(j: number): number {
    return this.table.line[j]!;
  }
  private column(j: number): number {
    return this.table.column[j]!;
  }
  private start(j: number): number {
    return this.table.start[j]!;
  }
  private end(j: number): number {
    return this.table.end[j]!;
  }
  private delta(j: number): number {
    return bracketDelta(this.table, j);
  }
  private isModifier(j: number): boolean {
    const k = this.kind(j);
    if (k === KIND.keyword) return (this.keywordFlags(j) & MODIFIER) !== 0;
    return k === KIND.ident && (this.sym(j) === PUBLIC || this.sym(j) === META);
  }
  /** An identifier the project made a command of (see commands.ts); a declaration command must be followed by the declaration's name. */
  private isProjectCommand(j: number): boolean {
    if (this.kind(j) !== KIND.ident || (this.table.names.flags[this.sym(j)]! & PROJECT_COMMAND) === 0) return false;
    return this.declarationKind(j) === undefined || (j + 1 < this.n && this.kind(j + 1) === KIND.ident);
  }
  /** The kind of declaration the project's command at token j stands for, if it is a declaration command. */
  private declarationKind(j: number): DeclKind | undefined {
    return this.table.names.projectCommands.get(this.sym(j));
  }
  /** Whether token j is the first of its line. */
  private lineFirst(j: number): boolean {
    return j === 0 || this.line(j - 1) < this.line(j);
  }
  /** Whether token j is the `(` of a syntax quotation: `` `( `` or `` `(command| ``. */
  private opensQuotation(j: number): boolean {
    return this.isSymbol(j, 40) && j > 0 && this.isSymbol(j - 1, 96) && this.end(j - 1) === this.start(j);
  }
  /** A `#command` keyword (`#check`, `#exit`, …). */
  private isHashCommand(j: number): boolean {
    return this.kind(j) === KIND.keyword && this.sym(j) === -1;
  }

  parse(): void {
    const triples = this.commands();
    // One Command object and no per-command lists: most commands are read and dropped, and nothing keeps them.
    const cmd: Command = { start: 0, keyword: 0, end: 0 };
    for (let k = 0; k < triples.length; k += 3) {
      cmd.start = triples[k]!;
      cmd.keyword = triples[k + 1]!;
      cmd.end = triples[k + 2]!;
      const opens = this.pendingOpens ?? this.opens;
      const variables = this.pendingVariables ?? this.variables;
      // Reset for every command, not only after an `… in`: code V8 compiled before a tree's first `… in` is not discarded by it.
      this.pendingOpens = undefined;
      this.pendingVariables = undefined;
      // `#exit`, or a Verso document's `#doc (…) "…" =>` (the lexer's exit token): the rest is no Lean commands.
      if (cmd.keyword === this.table.exitToken || this.is(cmd.keyword, '#exit')) break;
      if (
        (this.keywordFlags(cmd.keyword) & DECL) !== 0 ||
        this.isKeyword(cmd.keyword, K_IRREDUCIBLE_DEF) ||
        this.declarationKind(cmd.keyword) !== undefined
      ) {
        this.declaration(cmd, opens, variables);
      } else this.scopeCommand(cmd);
      if (this.stoppedAt >= 0) {
        // The proof-gap walk stops where the parser did.
        this.table.exitToken = this.stoppedAt;
        break;
      }
    }
  }

  /**
   * Splits the token stream into commands, as [start, keyword, end] triples. Inside a syntax quotation (`` `(theorem $n …) `` in a
   * macro) only a token at column 0 may start one: a declaration keyword there is quoted syntax.
   */
  private commands(): number[] {
    const out: number[] = [];
    let depth = 0;
    /** The bracket depth outside the outermost open quotation, or -1 outside quotations. */
    let quoteDepth = -1;
    let current: Command | undefined;
    /** Whether `current` is a `syntax`, `macro`, `elab` or `…_rules` that may define a command or tell what one declares. */
    let defining = false;
    let baseColumn = 0;
    let afterIn = false;
    const { kind: kinds, code: codes, names } = this.table;
    for (let i = 0; i < this.n; i++) {
      const kind = kinds[i]!;
      if (defining && depth === 0 && kind === KIND.ident && this.lineFirst(i)) this.learnCommand(current!, i);
      // Most tokens are identifiers that are neither modifiers nor commands (checked after learning: the word may have just become one), or literals: they start nothing and open no bracket.
      if (kind === KIND.ident || kind === KIND.number || kind === KIND.string || kind === KIND.char) {
        const id = codes[i]!;
        if (kind !== KIND.ident || ((names.flags[id]! & PROJECT_COMMAND) === 0 && id !== PUBLIC && id !== META)) {
          afterIn = false;
          continue;
        }
      }
      const quoted = quoteDepth >= 0 && (this.column(i) > 0 || !this.lineFirst(i));
      const startKw = afterIn ? this.chainKeyword(i, true) : quoted ? -1 : this.commandAt(i, depth, baseColumn);
      afterIn = false;
      if (startKw >= 0) {
        if (current) {
          if (defining) this.learnCommand(current, i);
          out.push(current.start, current.keyword, i);
        }
        current = { start: i, keyword: startKw, end: this.n };
        defining = (this.keywordFlags(startKw) & DEFINES) !== 0;
        baseColumn = this.column(i);
        depth = 0;
        quoteDepth = -1;
        i = startKw;
        continue;
      }
      const d = this.delta(i);
      if (d > 0 && quoteDepth < 0 && this.opensQuotation(i)) quoteDepth = depth;
      if (d !== 0) {
        depth = Math.max(0, depth + d);
        if (depth <= quoteDepth) quoteDepth = -1;
      } else if (depth === 0 && current && this.isKeyword(i, K_IN) && (this.keywordFlags(current.keyword) & DECL) === 0) afterIn = true;
    }
    if (current) {
      if (defining) this.learnCommand(current, this.n);
      out.push(current.start, current.keyword, this.n);
    }
    return out;
  }

  /**
   * When the `syntax`, `macro` or `elab` command `cmd` (ended before token `end`) defines a
   * command, adds it to the project's name table: from then on it starts a command; an
   * `elab_rules`/`macro_rules` may tell what a declaration command expands to (see commands.ts).
   */
  private learnCommand(cmd: Command, end: number): void {
    const rules = this.isKeyword(cmd.keyword, K_ELAB_RULES) || this.isKeyword(cmd.keyword, K_MACRO_RULES);
    const isDeclarationWord = (id: number): boolean => this.table.names.projectCommands.get(id) !== undefined;
    const learned = rules
      ? ruleExpansionOf(this.table, cmd.keyword, end, isDeclarationWord)
      : projectCommandOf(this.table, cmd.keyword, end);
    if (learned === undefined) return;
    // A kind read from a rule's expansion stands; reading the `syntax` again (a file parsed twice) does not undo it.
    const known = this.table.names.projectCommands.get(this.table.names.idOf(learned.word));
    if (rules || known === undefined) this.table.names.addProjectCommand(learned.word, learned.kind);
  }

  /** The index of the command keyword if a command starts at token i, else -1. */
  private commandAt(i: number, depth: number, baseColumn: number): number {
    const kind = this.kind(i);
    if (
      kind !== KIND.keyword &&
      kind !== KIND.docComment &&
      kind !== KIND.attributeOpen &&
      !(kind === KIND.ident && (this.isModifier(i) || this.isProjectCommand(i)))
    )
      return -1;
    const lineFirst = this.lineFirst(i);
    if (kind === KIND.ident && !this.isModifier(i)) return lineFirst && depth === 0 && this.column(i) <= baseColumn ? i : -1;
    if (kind === KIND.keyword && !this.isModifier(i)) {
      // `.abbrev`, `.opaque`: a constructor written with a leading dot (`hints := .abbrev`); `` `instance ``: a name
      // literal (SciLean's `Attribute.add instName `instance default`); neither is a command.
      if (i > 0 && (this.isSymbol(i - 1, 46) || this.isSymbol(i - 1, 96)) && this.end(i - 1) === this.start(i)) return -1;
      // After a `|` on its line: a constructor named by a keyword (lean4lean's `inductive VDecl | axiom (_ : VConstVal) | def …`);
      // a `|` ending the line before closes an absolute value (`… := |x - y|`).
      if (i > 0 && this.isSymbol(i - 1, 124) && !lineFirst) return -1;
      const flags = this.keywordFlags(i);
      if (flags & DECL) {
        if (i > 0 && (this.isKeyword(i - 1, K_CLASS) || this.isKeyword(i - 1, K_DERIVING))) return -1;
        if ((this.isKeyword(i, K_INSTANCE) || this.isKeyword(i, K_CLASS)) && depth > 0) return -1;
        return i;
      }
      // `module` or `import` where a declaration's name goes is the name: FLT's `instance module : Module S …`.
      if (flags & HEADER_ONLY && this.inNamePosition(i)) return -1;
      // `end` closes a scope only as the first word of its line: `snip end` is a project's own command.
      if (flags & STRONG) return this.isKeyword(i, K_END) && !lineFirst ? -1 : i;
      if (this.isKeyword(i, K_DERIVING)) return this.isKeyword(i + 1, K_INSTANCE) ? i : -1;
      if (flags & WEAK || this.isHashCommand(i)) return depth === 0 && lineFirst && this.column(i) <= baseColumn ? i : -1;
      return -1;
    }
    if (!lineFirst && depth > 0) return -1;
    return this.chainKeyword(i, false);
  }

  /** Whether token i stands where a declaration's name goes: right after its keyword (not `example`'s), or after `instance (priority := …)`. */
  private inNamePosition(i: number): boolean {
    if (i === 0) return false;
    if ((this.keywordFlags(i - 1) & DECL) !== 0) return !this.is(i - 1, 'example');
    if (!this.isSymbol(i - 1, 41)) return false;
    for (let j = i - 2; j > 0 && j >= i - PRIORITY_TOKENS; j--) {
      if (this.isSymbol(j, 40)) return this.is(j + 1, 'priority') && this.isKeyword(j - 1, K_INSTANCE);
    }
    return false;
  }

  /**
   * From a doc comment, `@[…]` or modifier at i, the index of the command keyword the chain leads to,
   * or -1. With `any`, a bare keyword at i also counts (the command after `… in`).
   */
  private chainKeyword(i: number, any: boolean): number {
    let j = i;
    while (j < this.n) {
      const k = this.kind(j);
      if (k === KIND.docComment || this.isModifier(j)) j++;
      else if (k === KIND.attributeOpen) j = this.matching(j) + 1;
      else break;
    }
    if (j < this.n && (j > i || any) && this.isProjectCommand(j)) return j;
    if (j >= this.n || this.kind(j) !== KIND.keyword) return -1;
    if (j === i && !any) return -1;
    if (this.keywordFlags(j) & (DECL | STRONG | WEAK) || this.isHashCommand(j)) return j;
    if (this.isKeyword(j, K_DERIVING) && this.isKeyword(j + 1, K_INSTANCE)) return j;
    return -1;
  }

  /** Index of the token closing the bracket opened at i (or the last token). */
  private matching(i: number): number {
    return closingBracket(this.table, i, this.n);
  }

  private sliceText(from: number, to: number): string {
    if (to <= from) return '';
    return this.text.slice(this.start(from), this.end(to - 1));
  }

  /** `namespace`, `section`, `end`, `open`, `variable`, `mutual`, `import`. */
  private scopeCommand(cmd: Command): void {
    const k = cmd.keyword;
    const arg = k + 1;
    const argName = arg < cmd.end && this.kind(arg) === KIND.ident && this.line(arg) === this.line(k) ? this.textOf(arg) : '';
    const word = this.textOf(k);
    switch (word) {
      case 'import':
        if (this.is(arg, 'all')) {
          if (arg + 1 < this.n && this.kind(arg + 1) === KIND.ident) this.imports.push(this.textOf(arg + 1));
        } else if (argName) this.imports.push(argName);
        return;
      case 'namespace':
      case 'section':
        if (!this.pushScope(word, argName)) this.stop(cmd, k);
        return;
      case 'mutual':
        this.inMutual = true;
        return;
      case 'end':
        this.closeScopes(k, argName);
        return;
      case 'open': {
        const { names, isIn } = this.openNames(cmd);
        if (names.length === 0) return;
        if (isIn) this.pendingOpens = addLink(this.opens, names);
        else this.opens = addLink(this.opens, names);
        return;
      }
      case 'attribute':
        this.attributeCommand(cmd);
        return;
      case 'alias':
        this.aliasCommand(cmd);
        return;
      case 'export':
        this.exportCommand(cmd);
        return;
      case 'variable': {
        const isIn = this.isKeyword(cmd.end - 1, K_IN);
        const to = isIn ? cmd.end - 1 : cmd.end;
        const link = addLink(this.variables, [this.sliceText(k + 1, to)]);
        variableLocals.set(link, this.variableLocalsOf(k + 1, to));
        if (isIn) this.pendingVariables = link;
        else this.variables = link;
        return;
      }
      default:
        if ((this.keywordFlags(k) & NOTATION) !== 0 || word === 'notation3') this.notations = true;
        return;
    }
  }

  /** The names the binders of a `variable` command on tokens [from, to) bind. */
  private variableLocalsOf(from: number, to: number): number[] {
    const locals: number[] = [];
    bindersOf(this.table, from, to, true, (id) => locals.push(id));
    return locals;
  }

  /** `attribute [a, b c] x y` (`in` excluded): the items and the names they are given to. */
  private attributeCommand(cmd: Command): void {
    const open = cmd.keyword + 1;
    if (!this.isSymbol(open, 91)) return;
    const close = this.matching(open);
    const names: string[] = [];
    for (let j = close + 1; j < cmd.end; j++) if (this.kind(j) === KIND.ident) names.push(this.textOf(j));
    const k = cmd.keyword;
    this.attributeCommands.push({
      attributes: this.attributeItems(open + 1, close),
      names,
      namespace: this.namespace,
      opens: this.opens,
      location: { file: this.path, line: this.line(k), column: this.column(k) },
      start: this.start(cmd.start),
    });
  }

  /** `alias b := a`, `alias ⟨mp, mpr⟩ := a_iff` (`_` skips a direction), possibly `protected`. */
  private aliasCommand(cmd: Command): void {
    let assign = cmd.keyword + 1;
    while (assign < cmd.end && !(this.kind(assign) === KIND.symbol && this.textOf(assign) === ':=')) assign++;
    if (assign + 1 >= cmd.end || this.kind(assign + 1) !== KIND.ident) return;
    const target = this.textOf(assign + 1);
    const names: { name: string; target: string }[] = [];
    for (let j = cmd.keyword + 1; j < assign; j++) {
      if (this.kind(j) === KIND.ident && this.textOf(j) !== '_') names.push({ name: this.textOf(j), target });
    }
    if (names.length === 0) return;
    let isProtected = false;
    for (let j = cmd.start; j < cmd.keyword; j++) if (this.is(j, 'protected')) isProtected = true;
    this.aliases.push({ names, namespace: this.namespace, opens: this.opens, ...(isProtected ? { protected: true } : {}) });
  }

  /** `export A (x y)`: `x` and `y` of the current namespace stand for `A.x` and `A.y`. */
  private exportCommand(cmd: Command): void {
    const from = cmd.keyword + 1;
    if (from >= cmd.end || this.kind(from) !== KIND.ident) return;
    const namespace = this.textOf(from);
    const names: { name: string; target: string }[] = [];
    let depth = 0;
    for (let j = from + 1; j < cmd.end; j++) {
      depth += this.delta(j);
      if (depth > 0 && this.kind(j) === KIND.ident) names.push({ name: this.textOf(j), target: `${namespace}.${this.textOf(j)}` });
    }
    if (names.length > 0) this.aliases.push({ names, namespace: this.namespace, opens: this.opens });
  }

  /** `namespace A.B` and `section A.B` open one scope per component, as Lean does; false (and nothing opened) for a namespace nested past MAX_NAMESPACE_DEPTH. */
  private pushScope(kind: Scope['kind'], name: string): boolean {
    const parts = name ? name.split('.') : [''];
    const rootReset = parts[0] === '_root_';
    if (rootReset) parts.shift();
    if (kind === 'namespace' && (rootReset ? 0 : this.namespaceDepth) + parts.length > MAX_NAMESPACE_DEPTH) return false;
    parts.forEach((part, k) => {
      const { namespace, namespaceDepth: depth, opens, variables } = this;
      this.scopes.push({ kind, name: part, namespace, depth, opens, variables });
      if (kind !== 'namespace') return;
      const fresh = (rootReset && k === 0) || !namespace;
      this.namespace = fresh ? part : `${namespace}.${part}`;
      this.namespaceDepth = fresh ? 1 : depth + 1;
    });
    return true;
  }

  /**
   * Stops reading the file at the command `cmd` (keyword `k`), with the problem: declarations named
   * under thousands of nested namespaces would each repeat them all, output quadratic in the source.
   */
  private stop(cmd: Command, k: number): void {
    this.problems.push({
      messageId: 'namespace-too-deep',
      message: `namespaces nested more than ${MAX_NAMESPACE_DEPTH} deep: the rest of the file is not read`,
      location: { file: this.path, line: this.line(k), column: this.column(k) },
    });
    this.stoppedAt = cmd.start;
  }

  /** `end A.B` closes as many scopes as its name has components; a bare `end` closes a `mutual` or an anonymous section. */
  private closeScopes(k: number, name: string): void {
    if (this.inMutual && !name) {
      this.inMutual = false;
      return;
    }
    const parts = name ? name.split('.') : [''];
    const at = { file: this.path, line: this.line(k), column: this.column(k) };
    if (this.scopes.length < parts.length) {
      this.problems.push({
        messageId: 'unmatched-end',
        message: `\`end${name ? ` ${name}` : ''}\` closes no open namespace or section`,
        location: at,
      });
      if (this.scopes.length === 0) return;
    }
    const closed = this.scopes.splice(Math.max(0, this.scopes.length - parts.length));
    const names = closed.map((sc) => sc.name).join('.');
    if (names !== parts.slice(parts.length - closed.length).join('.')) {
      this.problems.push({
        messageId: 'mismatched-end',
        message: `\`end${name ? ` ${name}` : ''}\` closes ${closed[0]!.kind} ${names || '(anonymous)'}`,
        location: at,
      });
    }
    const outer = closed[0]!;
    this.namespace = outer.namespace;
    this.namespaceDepth = outer.depth;
    // The chains go back to their links when the scope opened: the next declarations then share their scope with the ones before it.
    this.opens = outer.opens;
    this.variables = outer.variables;
  }

  /** Namespaces named by `open A B (x) hiding y renaming z → w`, `open scoped A`, and whether it ends in `in`. */
  private openNames(cmd: Command): { names: string[]; isIn: boolean } {
    const names: string[] = [];
    let skipping = false;
    let depth = 0;
    let isIn = false;
    for (let j = cmd.keyword + 1; j < cmd.end; j++) {
      const d = this.delta(j);
      if (d !== 0) depth += d;
      else if (depth === 0 && this.isKeyword(j, K_IN)) isIn = true;
      else if (this.is(j, 'hiding') || this.is(j, 'renaming')) skipping = true;
      else if (depth === 0 && !skipping && this.kind(j) === KIND.ident) names.push(this.textOf(j));
    }
    return { names, isIn };
  }

  /** Builds the LeanDecl of a declaration command standing where `opens` and `variables` are the chains in force. */
  private declaration(cmd: Command, opens: ScopeLink | undefined, variables: ScopeLink | undefined): void {
    // The rare forms (a project's declaration command, `class inductive`, `instance (priority := …)`) are read by operations every
    // declaration runs, chosen between afterwards: an operation first run after V8 compiled this function would discard the compiled code.
    const keywordText = this.textOf(cmd.keyword);
    const projectKind = this.declarationKind(cmd.keyword);
    const command = this.kind(cmd.keyword) === KIND.ident ? keywordText : undefined;
    let kind = command === undefined ? (keywordText as DeclKind) : projectKind!;
    if (this.isKeyword(cmd.keyword, K_IRREDUCIBLE_DEF)) kind = 'def';
    let cursor = cmd.keyword + 1;
    const classPrefix = this.is(cursor, 'inductive') || this.is(cursor, 'abbrev');
    cursor += kind === 'class' && classPrefix ? 1 : 0;

    let modifiers = NO_STRINGS;
    let attributes = NO_STRINGS;
    let doc: string | undefined;
    for (let j = cmd.start; j < cmd.keyword; j++) {
      const k = this.kind(j);
      if (k === KIND.docComment) doc = this.textOf(j).slice(3, -2).trim();
      else if (k === KIND.attributeOpen) {
        const close = this.matching(j);
        if (attributes === NO_STRINGS) attributes = [];
        attributes.push(...this.attributeItems(j + 1, close));
        j = close;
      } else if (this.isModifier(j)) {
        if (modifiers === NO_STRINGS) modifiers = [];
        modifiers.push(this.textOf(j));
      }
    }

    const paren = this.isSymbol(cursor, 40);
    const priority = this.is(cursor + 1, 'priority');
    const skipPriority = kind === 'instance' && paren && priority;
    // The keyword is no bracket: its "matching" token is itself.
    const afterPriority = this.matching(skipPriority ? cursor : cmd.keyword) + 1;
    if (skipPriority) cursor = afterPriority;
    let name = '';
    if (kind !== 'example' && cursor < cmd.end && (this.kind(cursor) === KIND.ident || this.isCommandWordName(cursor))) {
      name = this.textOf(cursor);
      cursor++;
    }
    const { sep, bodyStart } = this.headerEnd(kind, cursor, cmd.end);
    const last = cmd.end - 1;
    const lastEnd = this.end(last);
    // One object literal (each is an allocation site whose pretenuring V8 decides apart, discarding this function's code each time).
    const headerRange = {
      start: sep > cursor ? this.start(cursor) : this.end(cursor - 1),
      end: this.end(sep > cursor ? sep - 1 : cursor - 1),
    };
    const hasBody = bodyStart < cmd.end;
    const ns = this.namespace;
    const kwLine = this.line(cmd.keyword);
    // The full name is made by operations every declaration runs (`_root_.` cut by a slice of length 0 for most): an operation first run
    // after V8 compiled this function would discard the compiled code.
    const rooted = name.startsWith('_root_.');
    const local = name.slice(rooted ? 7 : 0);
    if (ns !== this.prefixOf) {
      this.prefixOf = ns;
      this.prefix = ns ? `${ns}.` : '';
    }
    const prefix = this.prefix;
    const fullName = name ? (rooted ? local : prefix + local) : `${prefix}«${kind}@${this.module}:${kwLine}»`;

    const bodyFrom = hasBody ? this.start(bodyStart) : 0;
    // Every declaration gets every field, in one order (absent ones undefined, which JSON leaves out): objects of one
    // shape keep the code that reads them monomorphic, where V8 otherwise deoptimized and recompiled it again and again.
    const members =
      hasBody && (kind === 'structure' || kind === 'class' || kind === 'inductive')
        ? this.members(kind, fullName, bodyStart, cmd.end)
        : undefined;
    const decl: LeanDecl = {
      name,
      fullName,
      kind,
      modifiers: exactly(modifiers),
      attributes: exactly(attributes),
      doc,
      header: this.text.slice(headerRange.start, headerRange.end).trim(),
      body: hasBody ? this.text.slice(bodyFrom, lastEnd) : undefined,
      location: {
        file: this.path,
        line: kwLine,
        column: this.column(cmd.keyword),
        endLine: this.line(last),
        endColumn: this.column(last) + (lastEnd - this.start(last)),
      },
      range: { start: this.start(cmd.start), end: lastEnd },
      headerRange,
      bodyRange: hasBody ? { start: bodyFrom, end: lastEnd } : undefined,
      namespace: ns,
      opens,
      variables,
      mutual: this.inMutual ? true : undefined,
      command,
      references: NO_STRINGS,
      headerReferences: 0,
      members: members !== undefined && members.length > 0 ? exactly(members) : undefined,
    };
    this.identBounds.push(this.identCount);
    this.idents(cursor, sep);
    this.identBounds.push(this.identCount);
    if (hasBody) this.idents(bodyStart, cmd.end);
    this.identBounds.push(this.identCount);
    this.locals(cursor, sep, hasBody ? bodyStart : cmd.end, cmd.end);
    this.identBounds.push(this.identCount);
    this.patterns();
    this.identBounds.push(this.identCount);
    this.decls.push(decl);
  }

  /** The items of `@[a, b c]` between tokens from and close, as source text. */
  private attributeItems(from: number, close: number): string[] {
    const items: string[] = [];
    let depth = 0;
    let itemStart = from;
    for (let j = from; j <= close; j++) {
      if (j === close || (depth === 0 && this.isSymbol(j, COMMA))) {
        const item = this.sliceText(itemStart, j).trim();
        if (item) items.push(item);
        itemStart = j + 1;
      } else depth += this.delta(j);
    }
    return items;
  }

  /**
   * Where the header ends: the declaration's own top-level `:=`, `where`, or `|` (constructors, or
   * match arms when a top-level `=>` follows before any `:=`, so `|x|` in a statement stays in the
   * header). A `have`, `haveI`, `let` or `letI` in the type takes the next top-level `:=` for its
   * value (`haveI : Fact p.Prime := ⟨hp⟩; P`); after a top-level `match … with` or `fun |` every
   * `|` is the term's alternative (Lean reads alternatives as far as they go), not the declaration's arm.
   */
  private headerEnd(kind: DeclKind, from: number, end: number): { sep: number; bodyStart: number } {
    let depth = 0;
    let pendingLets = 0;
    let noArmsBefore = 0;
    let termArms = false;
    const typeLike = kind === 'structure' || kind === 'inductive' || kind === 'class';
    for (let j = from; j < end; j++) {
      const d = this.delta(j);
      if (d !== 0) depth = Math.max(0, depth + d);
      else if (depth > 0) continue;
      else if (this.isKeyword(j, K_LET) || this.isKeyword(j, K_HAVE) || this.isLetLike(j)) pendingLets++;
      else if (this.isSymbol(j, ASSIGN)) {
        if (pendingLets > 0) pendingLets--;
        else return { sep: j, bodyStart: j + 1 };
      } else if (this.isKeyword(j, K_WHERE) || (typeLike && this.isKeyword(j, K_DERIVING))) {
        return { sep: j, bodyStart: j };
      } else if (this.isKeyword(j, K_MATCH) || ((this.isKeyword(j, K_FUN) || this.isSymbol(j, LAMBDA)) && this.isSymbol(j + 1, BAR)))
        termArms = true;
      else if (this.isSymbol(j, BAR) && j >= noArmsBefore && !termArms) {
        if (kind === 'inductive') return { sep: j, bodyStart: j };
        const stop = this.armsScan(j + 1, end);
        if (stop >= 0) return { sep: j, bodyStart: j };
        noArmsBefore = -stop - 1; // no arms start before the `:=` that stopped the scan
      }
    }
    return { sep: end, bodyStart: end };
  }

  /** Whether token j is `module` or `import` standing as a declaration's name (see commandAt). */
  private isCommandWordName(j: number): boolean {
    return (this.keywordFlags(j) & HEADER_ONLY) !== 0 && this.inNamePosition(j);
  }

  /** Whether token j is `haveI` or `letI`: a term-level `have` or `let`, with its own `:=`. */
  private isLetLike(j: number): boolean {
    return this.kind(j) === KIND.ident && (this.table.names.flags[this.sym(j)]! & LET_WORD) !== 0;
  }

  /** The index of the first top-level `=>` from `from`, or -(index of the first top-level `:=`, or end) - 1. */
  private armsScan(from: number, end: number): number {
    let depth = 0;
    for (let j = from; j < end; j++) {
      const d = this.delta(j);
      if (d !== 0) depth = Math.max(0, depth + d);
      else if (depth === 0 && this.isSymbol(j, ARROW)) return j;
      else if (depth === 0 && this.isSymbol(j, ASSIGN)) return -j - 1;
    }
    return -end - 1;
  }

  /** Appends the distinct identifier ids of tokens [from, to), in order of first use, to identScratch. */
  private idents(from: number, to: number): void {
    const mark = ++identMark;
    const { kind, code } = this.table;
    const marks = identMarks;
    let count = this.identCount;
    if (identScratch.length < count + (to - from)) growIdentScratch(count + (to - from), count);
    const out = identScratch;
    for (let j = from; j < to; j++) {
      if (kind[j] !== KIND.ident) continue;
      const id = code[j]!;
      if (marks[id] !== mark) {
        marks[id] = mark;
        out[count++] = id;
      }
    }
    this.identCount = count;
  }

  /**
   * Appends the distinct local names the header [headerFrom, headerTo) and the body [bodyFrom, bodyTo)
   * bind to identScratch (those of the `variable`s in scope are their links': variableLocalIds); keeps
   * their pattern names for `patterns`.
   */
  private locals(headerFrom: number, headerTo: number, bodyFrom: number, bodyTo: number): void {
    const bind = this.distinctAppender();
    this.pendingPatterns.length = 0;
    bindersOf(this.table, headerFrom, headerTo, true, bind, this.keepPattern);
    bindersOf(this.table, bodyFrom, bodyTo, false, bind, this.keepPattern);
  }

  /** Appends the distinct pattern names `locals` kept to identScratch. */
  private patterns(): void {
    const bind = this.distinctAppender();
    for (const id of this.pendingPatterns) bind(id);
  }

  /** A function appending an id to identScratch unless it was appended since this call. */
  private distinctAppender(): (id: number) => void {
    const mark = ++identMark;
    return (id: number): void => {
      if (identMarks[id] === mark) return;
      identMarks[id] = mark;
      if (this.identCount === identScratch.length) growIdentScratch(this.identCount + 1, this.identCount);
      identScratch[this.identCount++] = id;
    };
  }

  /** Constructors and fields a structure, class or inductive (`kind`) declares, fully qualified. */
  private members(kind: DeclKind, fullName: string, from: number, to: number): string[] {
    const out: string[] = [];
    const member = (j: number): void => {
      out.push(`${fullName}.${this.textOf(j)}`);
    };
    let depth = 0;
    let ctorNamed = false;
    let fieldColumn = -1;
    const oldStyle = kind !== 'inductive' && !this.isKeyword(from, K_WHERE);
    for (let j = from; j < to; j++) {
      const d = this.delta(j);
      if (d > 0) {
        if (depth === 0 && oldStyle && this.isSymbol(j, 40) && this.kind(j + 1) === KIND.ident) {
          for (let k = j + 1; k < to && this.kind(k) === KIND.ident; k++) member(k);
        }
        depth++;
        continue;
      }
      if (d < 0) {
        depth = Math.max(0, depth - 1);
        continue;
      }
      if (depth > 0 || this.kind(j) !== KIND.ident) continue;
      const prevNewLine = this.line(j - 1) < this.line(j) || this.kind(j - 1) === KIND.docComment;
      if (kind === 'inductive') {
        if (this.isSymbol(j - 1, BAR)) member(j);
      } else if (this.isSymbol(j + 1, CONS)) {
        member(j);
        ctorNamed = true;
      } else if (prevNewLine && this.column(j) > 0) {
        if (fieldColumn < 0) fieldColumn = this.column(j);
        if (this.column(j) !== fieldColumn) continue;
        for (let k = j; k < to && this.kind(k) === KIND.ident && this.line(k) === this.line(j); k++) member(k);
      }
    }
    if (kind !== 'inductive' && !ctorNamed) out.push(`${fullName}.mk`);
    return out;
  }
}
