/**
 * Identifier interning: every distinct identifier text the lexer meets gets a small integer id,
 * shared by all the files parsed with one NameTable (a project's). Keywords are pre-interned as
 * ids 0…KEYWORD_LIST.length - 1, so "is it a keyword" is one comparison, and the parser, the
 * proof-gap scan and name resolution work on integers, slicing no string per occurrence.
 */

import type { DeclKind } from '../../model/lean.js';
import { NameIndex } from './name-index.js';

/** Words Lean (with Batteries/Mathlib) reads as keywords rather than identifiers; the index is the keyword id. */
export const KEYWORD_LIST: readonly string[] = [
  'theorem',
  'lemma',
  'def',
  'abbrev',
  'instance',
  'structure',
  'class',
  'inductive',
  'coinductive',
  'axiom',
  'opaque',
  'example',
  'namespace',
  'section',
  'end',
  'variable',
  'universe',
  'open',
  'export',
  'import',
  'module',
  'set_option',
  'attribute',
  'notation',
  'infix',
  'infixl',
  'infixr',
  'prefix',
  'postfix',
  'macro',
  'macro_rules',
  'syntax',
  'elab',
  'elab_rules',
  'declare_syntax_cat',
  'mutual',
  'initialize',
  'builtin_initialize',
  'omit',
  'include',
  'deriving',
  'alias',
  'irreducible_def',
  'proof_wanted',
  'private',
  'protected',
  'noncomputable',
  'partial',
  'unsafe',
  'nonrec',
  'local',
  'scoped',
  'by',
  'fun',
  'have',
  'show',
  'from',
  'at',
  'with',
  'then',
  'else',
  'if',
  'let',
  'match',
  'do',
  'return',
  'where',
  'in',
  'calc',
  'sorry',
  'admit',
  'extends',
  'termination_by',
  'decreasing_by',
  'Type',
  'Sort',
  'Prop',
  'nomatch',
  'nofun',
  'suffices',
];

/** Identifiers (and keywords) the proof-gap scan reacts to; a file with none of them needs no gap scan. */
const GAP_WORDS: ReadonlySet<string> = new Set([
  'sorry',
  'admit',
  'native_decide',
  'native',
  'ofReduceBool',
  'Lean.ofReduceBool',
  'implemented_by',
  'extern',
  'apply?',
  'exact?',
  'rw?',
  'debug.skipKernelTC',
  'sorryAx',
  'lcProof',
  '_root_.sorryAx',
  '_root_.lcProof',
]);
/** The sorry's constants written out, `_root_.` included (the same constant, spelled so that a search for `sorryAx` at a word's start misses it). */
const SORRY_NAMES: ReadonlySet<string> = new Set(['sorryAx', 'lcProof', '_root_.sorryAx', '_root_.lcProof']);
const isGapWord = (name: string): boolean => GAP_WORDS.has(name) || name.endsWith('maxHeartbeats');

/**
 * Commands of common dependencies (Mathlib, Batteries, LeanArchitect) that declare nothing:
 * known as commands from the start, so that `initialize_simps_projections …` or
 * `blueprint_comment /-- … -/` are not read as part of the declaration before them.
 */
export const LIBRARY_COMMANDS: readonly string[] = [
  'assert_not_exists',
  'assert_not_imported',
  'suppress_compilation',
  'initialize_simps_projections',
  'add_decl_doc',
  'library_note',
  'notation3',
  'compile_inductive',
  'register_simp_attr',
  'blueprint_comment',
];

/** Identifiers of the module system that act as command modifiers; interned right after the keywords, as ids MODIFIER_IDS. */
const MODIFIER_WORDS = ['public', 'meta'];
export const MODIFIER_IDS: readonly number[] = MODIFIER_WORDS.map((_, k) => KEYWORD_LIST.length + k);
/** Keywords after which local names bind (see binders.ts). */
const BINDER_KEYWORDS = ['fun', 'with', 'have', 'let', 'suffices'];
/** Tactics followed by the local names they introduce; interned next, as the ids BINDER_WORD_IDS. */
const BINDER_WORDS = ['intro', 'intros', 'rintro', 'obtain', 'ext', 'by_contra', 'by_contra!', 'by_cases', 'choose', 'set'];
export const BINDER_WORD_IDS: readonly number[] = BINDER_WORDS.map((_, k) => KEYWORD_LIST.length + MODIFIER_WORDS.length + k);
/** The id of `using`, which ends the names a tactic introduces (`choose f hf using h`). */
export const USING = KEYWORD_LIST.length + MODIFIER_WORDS.length + BINDER_WORDS.length;

/** The lexer's hash step, applied to each code point of an identifier (its dots, `«`, `»` and what they quote included). */
export const hashStep = (h: number, c: number): number => (Math.imul(h, 31) + c) | 0;

/** Hash of an identifier's text, as the lexer computes it. */
export function hashName(name: string): number {
  let h = 0;
  for (const ch of name) h = hashStep(h, ch.codePointAt(0)!);
  return h;
}

/** Flag bits of NameTable.flags: the proof-gap scan reacts to this identifier; it has several components (`A.b`). */
export const GAP_WORD = 1;
export const DOTTED = 2;
/** Flag bit: a keyword or tactic after which names bind (`fun`, `with`, `have`, `let`, `suffices`, `intro`, …). */
export const BINDER_START = 4;
/** Flag bit: a word the project made a command of (see commands.ts and NameTable.projectCommands). */
export const PROJECT_COMMAND = 8;
/** Flag bit: a project command that stands for a kind of declaration (NameTable.projectCommands gives the kind). */
export const DECLARATION_COMMAND = 16;
/**
 * Flag bit: an identifier that is a sorry when written out of a name literal: `sorryAx`, the axiom
 * `sorry` elaborates to, and `lcProof`, core's axiom of any proposition for the compiler.
 */
export const SORRY_WORD = 32;
/** Flag bit: `haveI` or `letI`, a term-level `have`/`let` (with BINDER_START: the name it gives binds). */
export const LET_WORD = 64;

/** Interned identifier texts: id -> text, and (code units, hash) -> id through an open-addressing table. */
export class NameTable {
  readonly names: string[] = [];
  /** Words the project's own `syntax`/`macro`/`elab` commands made commands of (`problem`, `snip` in compfiles) and LIBRARY_COMMANDS, by id, with the declaration kind a declaration command stands for. */
  readonly projectCommands = new Map<number, DeclKind | undefined>();
  /** How many times `projectCommands` changed (a word added, or the kind of one learned). */
  commandChanges = 0;
  /** Per id: GAP_WORD, DOTTED, BINDER_START, PROJECT_COMMAND, DECLARATION_COMMAND, SORRY_WORD and LET_WORD flag bits. */
  flags = new Uint8Array(256);
  private readonly index: NameIndex;

  constructor() {
    // Tables are made per parse and per lexed statement (a corpus record can hold hundreds): the keywords are interned once and copied.
    if (keywordTable !== undefined) {
      this.index = keywordTable.index.clone();
      this.names.push(...keywordTable.names);
      for (const [id, kind] of keywordTable.projectCommands) this.projectCommands.set(id, kind);
      this.commandChanges = keywordTable.commandChanges;
      this.flags = keywordTable.flags.slice();
      return;
    }
    this.index = new NameIndex();
    for (const word of [...KEYWORD_LIST, ...MODIFIER_WORDS, ...BINDER_WORDS, 'using']) this.internName(word);
    for (const word of [...BINDER_KEYWORDS, ...BINDER_WORDS]) this.flags[this.idOf(word)]! |= BINDER_START;
    for (const word of LIBRARY_COMMANDS) this.addProjectCommand(word, undefined);
  }

  /** Makes `word` a command, a declaration command when it stands for a `kind` of declaration. */
  addProjectCommand(word: string, kind: DeclKind | undefined): void {
    const id = this.internName(word);
    const known = this.projectCommands.has(id);
    if (!known || (kind !== undefined && this.projectCommands.get(id) !== kind)) {
      this.projectCommands.set(id, kind ?? this.projectCommands.get(id));
      this.commandChanges++;
    }
    this.flags[id]! |= this.projectCommands.get(id) === undefined ? PROJECT_COMMAND : PROJECT_COMMAND | DECLARATION_COMMAND;
  }

  /** The commands the project's own files defined (LIBRARY_COMMANDS left out), with the kind a declaration command stands for. */
  ownCommands(): { word: string; kind?: DeclKind }[] {
    return [...this.projectCommands]
      .map(([id, kind]) => ({ word: this.names[id]!, ...(kind !== undefined ? { kind } : {}) }))
      .filter((command) => !LIBRARY_COMMANDS.includes(command.word));
  }

  get size(): number {
    return this.names.length;
  }

  /**
   * The id of the identifier units[start, end) (whose text is text.slice(start, end) and whose
   * hash is `hash`), interning it if new. Compares code units, never builds a string for a known name.
   */
  intern(units: Uint16Array, start: number, end: number, hash: number, text: string): number {
    const id = this.index.intern(units, start, end, hash);
    return id === this.names.length ? this.record(text.slice(start, end)) : id;
  }

  /** The id of an identifier, interning it if new. */
  internName(name: string): number {
    return this.intern(unitsOf(name), 0, name.length, hashName(name), name);
  }

  /** The id of `name` if it was interned, else -1. */
  idOf(name: string): number {
    return this.index.find(unitsOf(name), 0, name.length, hashName(name));
  }

  /** Appends the text and flags of a name new to the table; returns its id. */
  record(name: string): number {
    const id = this.names.length;
    if (id === this.flags.length) {
      const flags = new Uint8Array(id * 2);
      flags.set(this.flags);
      this.flags = flags;
    }
    this.names.push(name);
    this.flags[id] =
      (isGapWord(name) ? GAP_WORD : 0) |
      (name.includes('.') ? DOTTED : 0) |
      (SORRY_NAMES.has(name) ? SORRY_WORD : 0) |
      (name === 'haveI' || name === 'letI' ? LET_WORD | BINDER_START : 0);
    return id;
  }
}

/** The table every new one starts as a copy of: keywords, binder words and library commands. */
let keywordTable: NameTable | undefined;
keywordTable = new NameTable();

function unitsOf(name: string): Uint16Array {
  const units = new Uint16Array(name.length);
  for (let k = 0; k < name.length; k++) units[k] = name.charCodeAt(k);
  return units;
}

/** The kinds of declaration whose body is a proof; an `example` among them has no name to cite. */
export const isProofKind = (kind: string): boolean => kind === 'theorem' || kind === 'lemma' || kind === 'example';

/** The kinds of declaration that add a theorem to the environment (an `example` adds nothing). */
export const isTheoremKind = (kind: string): boolean => kind === 'theorem' || kind === 'lemma';
