/**
 * Identifier interning: every distinct identifier text the lexer meets gets a small integer id,
 * shared by all the files parsed with one NameTable (a project's). Keywords are pre-interned as
 * ids 0…KEYWORD_LIST.length - 1, so "is it a keyword" is one comparison, and the parser, the
 * proof-gap scan and name resolution work on integers, slicing no string per occurrence.
 */
import type { DeclKind } from './types.js';

/** Words Lean (with Batteries/Mathlib) reads as keywords rather than identifiers; the index is the keyword id. */
export const KEYWORD_LIST: readonly string[] = [
  'theorem', 'lemma', 'def', 'abbrev', 'instance', 'structure', 'class', 'inductive', 'coinductive',
  'axiom', 'opaque', 'example', 'namespace', 'section', 'end', 'variable', 'universe', 'open',
  'export', 'import', 'module', 'set_option', 'attribute', 'notation', 'infix', 'infixl', 'infixr',
  'prefix', 'postfix', 'macro', 'macro_rules', 'syntax', 'elab', 'elab_rules', 'declare_syntax_cat',
  'mutual', 'initialize', 'builtin_initialize', 'omit', 'include', 'deriving', 'alias',
  'irreducible_def', 'proof_wanted', 'private', 'protected', 'noncomputable', 'partial', 'unsafe',
  'nonrec', 'local', 'scoped', 'by', 'fun', 'have', 'show', 'from', 'at', 'with', 'then', 'else',
  'if', 'let', 'match', 'do', 'return', 'where', 'in', 'calc', 'sorry', 'admit', 'extends',
  'termination_by', 'decreasing_by', 'Type', 'Sort', 'Prop', 'nomatch', 'nofun', 'suffices',
];

/** Identifiers (and keywords) the proof-gap scan reacts to; a file with none of them needs no gap scan. */
const GAP_WORDS: ReadonlySet<string> = new Set([
  'sorry', 'admit', 'native_decide', 'native', 'ofReduceBool', 'Lean.ofReduceBool', 'implemented_by', 'extern',
  'apply?', 'exact?', 'rw?', 'debug.skipKernelTC',
]);
const isGapWord = (name: string): boolean => GAP_WORDS.has(name) || name.endsWith('maxHeartbeats');

/**
 * Commands of common dependencies (Mathlib, Batteries, LeanArchitect) that declare nothing:
 * known as commands from the start, so that `initialize_simps_projections …` or
 * `blueprint_comment /-- … -/` are not read as part of the declaration before them.
 */
export const LIBRARY_COMMANDS: readonly string[] = [
  'assert_not_exists', 'assert_not_imported', 'suppress_compilation', 'initialize_simps_projections', 'add_decl_doc',
  'library_note', 'notation3', 'compile_inductive', 'register_simp_attr', 'blueprint_comment',
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

/** The lexer's hash step, applied to each code point (and `.`) of an identifier outside `«»`. */
export const hashStep = (h: number, c: number): number => (Math.imul(h, 31) + c) | 0;

/** Hash of a plain identifier text (no `«»`), as the lexer computes it. */
export function hashName(name: string): number {
  let h = 0;
  for (const ch of name) h = hashStep(h, ch.codePointAt(0)!);
  return h;
}

/** 2^32 / φ, odd: multiplying by it spreads the lexer's weak low hash bits over the high ones. */
const GOLDEN = 0x9e3779b1 | 0;

/** 32 - log2(entries of NameTable.recent). */
const RECENT_SHIFT = 20;

/** Flag bits of NameTable.flags: the proof-gap scan reacts to this identifier; it has several components (`A.b`). */
export const GAP_WORD = 1;
export const DOTTED = 2;
/** Flag bit: a keyword or tactic after which names bind (`fun`, `with`, `have`, `let`, `suffices`, `intro`, …). */
export const BINDER_START = 4;
/** Flag bit: a word the project made a command of (see commands.ts and NameTable.projectCommands). */
export const PROJECT_COMMAND = 8;

/** Interned identifier texts: id -> text, and (code units, hash) -> id through an open-addressing table. */
export class NameTable {
  readonly names: string[] = [];
  /** Words the project's own `syntax`/`macro`/`elab` commands made commands of (`problem`, `snip` in compfiles) and LIBRARY_COMMANDS, by id, with the declaration kind a declaration command stands for. */
  readonly projectCommands = new Map<number, DeclKind | undefined>();
  /** How many times `projectCommands` changed (a word added, or the kind of one learned). */
  commandChanges = 0;
  /** Per id: GAP_WORD, DOTTED, BINDER_START and PROJECT_COMMAND flag bits. */
  flags = new Uint8Array(256);
  private hashes: Int32Array<ArrayBuffer> = new Int32Array(256);
  /** The code units of every name, back to back; name `id` is units[offsets[id], offsets[id + 1]). */
  private units = new Uint16Array(4096);
  private offsets: Int32Array<ArrayBuffer> = new Int32Array(257);
  /** Slot -> id + 1 (0: empty). */
  private slots = new Int32Array(1024);
  private mask = 1023;
  /** A direct-mapped cache of recently met names, [hash, id + 1, units offset, length] per entry: most identifiers are frequent ones, found here without touching the big table. */
  private readonly recent = new Int32Array(4 << (32 - RECENT_SHIFT));
  /** 32 - log2(slots.length): a slot is the top bits of the hash times the golden ratio (Fibonacci hashing). */
  private shift = 22;

  constructor() {
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
    this.flags[id]! |= PROJECT_COMMAND;
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
    const length = end - start;
    const mixed = Math.imul(hash, GOLDEN);
    const recent = this.recent;
    const r = (mixed >>> RECENT_SHIFT) << 2;
    if (recent[r] === hash && recent[r + 3] === length && recent[r + 1] !== 0 && sameUnits(this.units, recent[r + 2]!, units, start, length)) return recent[r + 1]! - 1;
    const { slots, hashes, mask, offsets } = this;
    let slot = mixed >>> this.shift;
    let id = -1;
    for (let entry = slots[slot]!; entry !== 0; entry = slots[slot]!) {
      if (hashes[entry - 1] === hash) {
        const from = offsets[entry - 1]!;
        if (offsets[entry]! - from === length && sameUnits(this.units, from, units, start, length)) {
          id = entry - 1;
          break;
        }
      }
      slot = (slot + 1) & mask;
    }
    if (id < 0) id = this.add(text.slice(start, end), units, start, hash, slot);
    recent[r] = hash;
    recent[r + 1] = id + 1;
    recent[r + 2] = this.offsets[id]!;
    recent[r + 3] = length;
    return id;
  }

  /** The id of a plain identifier (no `«»`), interning it if new. */
  internName(name: string): number {
    const units = Uint16Array.from({ length: name.length }, (_, k) => name.charCodeAt(k));
    return this.intern(units, 0, units.length, hashName(name), name);
  }

  /** The id of `name` if it was interned, else -1. */
  idOf(name: string): number {
    const hash = hashName(name);
    for (let slot = Math.imul(hash, GOLDEN) >>> this.shift, entry = this.slots[slot]!; entry !== 0; slot = (slot + 1) & this.mask, entry = this.slots[slot]!) {
      if (this.names[entry - 1] === name) return entry - 1;
    }
    return -1;
  }

  private add(name: string, units: Uint16Array, start: number, hash: number, slot: number): number {
    const id = this.names.length;
    if (id === this.hashes.length) {
      this.hashes = grown(this.hashes, id * 2);
      this.offsets = grown(this.offsets, id * 2 + 1);
      const flags = new Uint8Array(id * 2);
      flags.set(this.flags);
      this.flags = flags;
    }
    const from = this.offsets[id]!;
    if (from + name.length > this.units.length) {
      const more = new Uint16Array(Math.max(this.units.length * 2, from + name.length));
      more.set(this.units);
      this.units = more;
    }
    this.units.set(units.subarray(start, start + name.length), from);
    this.offsets[id + 1] = from + name.length;
    this.names.push(name);
    this.hashes[id] = hash;
    this.flags[id] = (isGapWord(name) ? GAP_WORD : 0) | (name.includes('.') ? DOTTED : 0);
    this.slots[slot] = id + 1;
    if (this.names.length * 2 > this.mask) this.rehash();
    return id;
  }

  private rehash(): void {
    const size = (this.mask + 1) * 2;
    const slots = new Int32Array(size);
    const mask = size - 1;
    const shift = this.shift - 1;
    for (let id = 0; id < this.names.length; id++) {
      let slot = Math.imul(this.hashes[id]!, GOLDEN) >>> shift;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
    this.mask = mask;
    this.shift = shift;
  }
}

function sameUnits(a: Uint16Array, from: number, b: Uint16Array, start: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a[from + k] !== b[start + k]) return false;
  return true;
}

function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
