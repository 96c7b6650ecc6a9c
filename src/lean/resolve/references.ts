/**
 * Name resolution: the identifiers of each declaration's header and body are resolved against the
 * project's own declarations (and their constructors and fields) with Lean's rules — enclosing
 * namespaces innermost first, the declaration's own namespace, `open`ed namespaces, `_root_`,
 * `protected` names needing a qualifier. A dotted name that names nothing in the project is read
 * as Lean reads `c.f`, field notation on a term `c`: `c` is the head when it is a local of the
 * declaration, else the longest prefix naming a project declaration (`my_lemma.mpr` uses
 * `my_lemma`; `sq_pos_iff.mpr` or `Function.comp_def` use nothing of the project, as their heads
 * are library names). `f` is then `T.f` for the type `T` of `c`, which only Lean knows: the guess
 * is the one project declaration `T.f` ending in `.f` (never a root-level one) whose `T` is named
 * where `c` is typed — in the declaration's own text or namespace for a local, in the statement of a constant
 * (`rkRadau.IsCollocation` is `ButcherTableau.IsCollocation` when `rkRadau : ButcherTableau 2`). A name the declaration binds
 * itself (a binder, a `variable`, a name a tactic introduces: see binders.ts) is a local, not a reference;
 * a bare name in a match-arm pattern is one too, unless it resolves to a declaration with constructors
 * or fields (an inductive type, structure or class), as Lean reads a pattern name that is a constructor.
 */
import { DirectedGraph } from 'graphology';
import type { LeanDecl, LeanFile, ScopeLink, SourceProblem } from '../../model/lean.js';
import { DOTTED, type NameTable } from '../syntax/names.js';
import { IDENT_PARTS, identIdsOf } from '../syntax/parser.js';
import { LINKS_READ, lastLinks } from '../syntax/scope-links.js';
import { type Scope, ScopeTracker } from '../syntax/scopes.js';
import { ImportGraph } from '../workspace/imports.js';
import { NamespaceIndex } from './namespace-index.js';
import { receiverType } from './receiver-types.js';
import {
  allDeclarations,
  firstByName,
  IF_CONSTANT_NAMES,
  type ProjectDeclarations,
  projectDeclarations,
  ReferenceLists,
} from './reference-lists.js';
import { additiveNames } from './to-additive.js';
import { VariablesInForce } from './variables-in-force.js';

/** The declarations of a project by full name, with their references filled in. */
export interface ReferenceModel {
  decls: Map<string, LeanDecl>;
  problems: SourceProblem[];
}

/** The last component of a dotted name (`c` of `A.b.c`). */
export const lastComponent = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

/** The enclosing namespaces of a name, innermost first, ending with the root `''`. */
export function prefixes(namespace: string): string[] {
  const out: string[] = [];
  for (let ns = namespace; ns; ns = ns.includes('.') ? ns.slice(0, ns.lastIndexOf('.')) : '') out.push(ns);
  out.push('');
  return out;
}

/** A declaration or member name and the namespace it sits in. */
interface Candidate {
  name: string;
  namespace: string;
}

/** The longest proper prefix of a dotted identifier that names a project declaration: its number, and where the prefix ends. */
interface Prefix {
  head: number;
  end: number;
}

/**
 * Namespace prefix -> rank (lower wins, `''` is the root); identifier id -> the declarations it may
 * denote, best first (the first in a declaration's environment is the one), and for a dotted
 * identifier its proper prefixes that may name a project declaration, longest first, each with its
 * declarations best first. What the scope allows does not depend on the file, what the environment
 * holds does: memoized by scope, filtered by environment.
 */
interface ScopeEntry {
  ranks: Map<string, number>;
  memo: Map<number, readonly number[]>;
  prefixMemo: Map<number, readonly { end: number; owners: readonly number[] }[]>;
}

/** A project declaration `T.f` that field notation `c.f` may denote: its number and the last component of `T`. */
interface Field {
  target: number;
  type: string;
}

/**
 * The most prefixes (enclosing and opened namespaces) a scope resolves names in; a hostile file's
 * scope with more is cut there, and reported (a real file's has a few dozen).
 */
export const MAX_SCOPE_PREFIXES = 512;
/** The most `open`ed namespaces a scope composes (see scopeOf), those the project declares into counted only: a real file's are a dozen or two. */
export const MAX_OPENS_READ = 64;
const NO_OPENS: readonly string[] = [];

/** Where a declaration stands: its file, its number in the file, its `mutual` block (-1: none). */
interface Place {
  file: number;
  index: number;
  block: number;
}

/**
 * What a declaration sees: the declarations of the files it imports (directly or not; `seen`
 * undefined when that is not known) and those of its own file declared before it or in its
 * `mutual` block. `places` gives, by declaration number, where each declaration of that full name stands.
 */
export interface View {
  places: readonly (readonly Place[])[];
  seen: ReadonlySet<number> | undefined;
  file: number;
  index: number;
  block: number;
}

const NO_OWNERS: readonly number[] = [];

/** Names of more components are not resolved: real ones have a dozen, and a hostile file's 2-million-component name made each of its prefixes cost its length. */
const MAX_NAME_DOTS = 64;

/** How many dots `name` has, counting no further than `max`, and where the last one counted stands (the end of the name when fewer). */
function dotsUpTo(name: string, max: number): { count: number; at: number } {
  let count = 0;
  let at = name.length;
  for (let dot = name.indexOf('.'); dot >= 0 && count < max; dot = name.indexOf('.', dot + 1)) {
    count++;
    at = dot;
  }
  return { count, at: count < max ? name.length : at };
}

/** `dotHead` of an identifier whose head is `this`, the name of an anonymous `have`: always a local. */
const THIS_HEAD = -2;

/** Resolves identifiers against one project's declarations. */
export class NameResolver {
  /** Declaration or member full name -> the declaration's number. */
  private readonly owner = new Map<string, number>();
  /** The length of the longest name in `owner`: a longer identifier, or prefix of one, names no project declaration. */
  private longestName = 0;
  /** The most dots in a name in `owner` (at most MAX_NAME_DOTS): an identifier, or prefix of one, with more names no project declaration. */
  private mostDots = 0;
  private readonly protectedNames = new Set<string>();
  /** Last name component -> the number of its list in candidateLists. */
  private readonly listNumber = new Map<string, number>();
  /** Per last name component, every declaration or member name ending in it, with its namespace (identifier ids point to them through candidateSlot). */
  private readonly candidateLists: Candidate[][] = [];
  /** The name table the id caches below belong to. */
  private names: NameTable | undefined;
  /**
   * Identifier id -> 1 + the number of the list of candidateLists holding the names ending in its last
   * component, -1 when none does, 0 when not looked up yet (a typed array: the ids met are sparse).
   */
  private candidateSlot = new Int32Array(0);
  /** Dotted identifier id -> the id of its head component (see `dotHead`), and its field after the head (see `fieldAfterHead`), memoized. */
  private headOf: (number | undefined)[] = [];
  private fieldOf: (Field[] | undefined)[] = [];
  /** Scope key -> its ranked prefixes and memo. */
  private scopes = new Map<string, ScopeEntry>();
  private tracker = new ScopeTracker();
  private lastEntry: ScopeEntry | undefined;
  /** Every namespace a project name stands in, its prefixes included (the only ones an `open` can usefully compose), and their components (an `open` whose last component is none of them completes no name). */
  private readonly namespaces = new NamespaceIndex();
  /** Per chain of `open`s: the namespaces it opens that may complete a name (see `opensThatMayMatter`). */
  private readonly openLists = new WeakMap<ScopeLink, readonly string[]>();
  /** How many scopes had more prefixes than MAX_SCOPE_PREFIXES (the rest left out). */
  crowdedScopes = 0;

  /** What the declaration being resolved sees (see `enterDeclaration`); undefined: everything. */
  private view: View | undefined;

  constructor(project: ProjectDeclarations) {
    project.list.forEach((decl, index) => {
      this.add(decl.fullName, index);
      if (decl.modifiers.includes('protected')) this.protectedNames.add(decl.fullName);
      for (const member of decl.members ?? []) this.add(member, index);
    });
    // The names `@[to_additive]` generates stand for the declaration they are generated from (both are one proof).
    project.list.forEach((decl, index) => {
      for (const name of additiveNames(decl)) this.add(name, index);
    });
  }

  /**
   * Names `alias` and `export` commands make: each stands for the declaration its target resolves
   * to where the command stands (enclosing namespaces, then opened ones), and is protected with it.
   */
  addAliases(files: readonly LeanFile[]): void {
    for (const file of files) {
      for (const command of file.aliases ?? []) {
        const enclosing = prefixes(command.namespace);
        const opens = lastLinks(command.opens, LINKS_READ).flatMap((link) => link.items);
        const scopes = [...enclosing, ...opens.flatMap((open) => enclosing.map((ns) => (ns ? `${ns}.${open}` : open)))];
        for (const { name, target } of command.names) {
          const clean = target.replace(/^_root_\./, '');
          const found = scopes.map((ns) => this.owner.get(ns ? `${ns}.${clean}` : clean)).find((owner) => owner !== undefined);
          if (found === undefined) continue;
          const full = name.startsWith('_root_.') ? name.slice(7) : command.namespace ? `${command.namespace}.${name}` : name;
          this.add(full, found);
          if (command.protected) this.protectedNames.add(full);
        }
      }
    }
  }

  /**
   * From now on identifiers are resolved for a declaration that sees `view`: a project declaration
   * is a candidate only where Lean has it in the environment (see `View`).
   */
  enterDeclaration(view: View | undefined): void {
    this.view = view;
  }

  /** Whether the declaration numbered `owner` is in the environment of the declaration being resolved. */
  private visible(owner: number): boolean {
    const view = this.view;
    if (view === undefined) return true;
    const here = view.places[owner]!;
    if (here.length === 1) return this.placeSeen(view, here[0]!);
    return here.some((place) => this.placeSeen(view, place));
  }

  private placeSeen(view: View, place: Place): boolean {
    if (place.file !== view.file) return view.seen === undefined || view.seen.has(place.file);
    return place.index <= view.index || (view.block >= 0 && place.block === view.block);
  }

  /** The first of `owners` (best first) in the environment of the declaration being resolved, or undefined. */
  private firstVisible(owners: readonly number[]): number | undefined {
    for (const owner of owners) if (this.visible(owner)) return owner;
    return undefined;
  }

  private add(name: string, owner: number): void {
    if (this.owner.has(name)) return;
    this.owner.set(name, owner);
    if (name.length > this.longestName) this.longestName = name.length;
    this.mostDots = Math.max(this.mostDots, dotsUpTo(name, MAX_NAME_DOTS).count);
    const dot = name.lastIndexOf('.');
    const candidate = { name, namespace: dot < 0 ? '' : name.slice(0, dot) };
    this.namespaces.add(name);
    const last = name.slice(dot + 1);
    const list = this.byLast(last);
    if (list) list.push(candidate);
    else this.listNumber.set(last, this.candidateLists.push([candidate]) - 1);
  }

  /** Every declaration or member name ending in the component `last`, with its namespace. */
  private byLast(last: string): Candidate[] | undefined {
    const k = this.listNumber.get(last);
    return k === undefined ? undefined : this.candidateLists[k];
  }

  /** Identifier ids from now on are ids of `names` (the id caches are dropped when it changes). */
  useNames(names: NameTable): void {
    if (names === this.names) return;
    this.names = names;
    this.candidateSlot = new Int32Array(names.size);
    this.headOf = [];
    this.fieldOf = [];
    this.scopes = new Map();
    this.tracker = new ScopeTracker();
    this.lastEntry = undefined;
  }

  /**
   * The prefixes an identifier may be completed with inside `scope`, ranked as Lean tries them:
   * enclosing namespaces innermost first, the namespace of the declaration's own name, then the
   * `open`ed namespaces (each relative to the enclosing namespaces); with a memo of answers.
   */
  private scopeOf(scope: Scope): ScopeEntry {
    const key = this.tracker.changed(scope);
    if (key === undefined && this.lastEntry !== undefined) return this.lastEntry;
    let entry = this.scopes.get(key!);
    if (!entry) {
      const ranks = new Map<string, number>();
      const enclosing = prefixes(scope.namespace);
      // A hostile file (thousands of `open`s) would make each declaration's scope cost as much as all the `open`s before it: cut, and counted.
      let crowded = false;
      const put = (prefix: string): void => {
        if (ranks.has(prefix)) return;
        if (ranks.size < MAX_SCOPE_PREFIXES) ranks.set(prefix, ranks.size);
        else crowded = true;
      };
      enclosing.forEach(put);
      put(this.tracker.own);
      // `open A B` opens `B` or `A.B` (each namespace of an `open` is resolved with the ones opened before it), as does `open A` then `open B`.
      // A composed namespace no project name stands in can prefix no candidate, and composing them all would double the list at every `open`.
      const opened: string[] = [];
      const opens = this.opensThatMayMatter(scope.opens);
      for (let o = 0; o < opens.length && opened.length < MAX_SCOPE_PREFIXES; o++) {
        const open = opens[o]!;
        const at = opened.length;
        for (const ns of enclosing) opened.push(ns ? `${ns}.${open}` : open);
        for (let k = 0; k < at; k++) {
          const composed = `${opened[k]!}.${open}`;
          if (this.namespaces.has(composed)) opened.push(composed);
        }
      }
      opened.forEach(put);
      if (crowded || opened.length >= MAX_SCOPE_PREFIXES || opens.length >= MAX_OPENS_READ) this.crowdedScopes++;
      entry = { ranks, memo: new Map(), prefixMemo: new Map() };
      this.scopes.set(key!, entry);
    }
    this.lastEntry = entry;
    return entry;
  }

  /**
   * The namespaces the chain of `open`s ending at `last` opens that may complete a project name (their
   * last component is a component of some name's namespace), in order, at most MAX_OPENS_READ:
   * a link opening none of them shares its parent's list, so n `open`s of namespaces the project
   * does not declare into cost n, not n².
   */
  private opensThatMayMatter(last: ScopeLink | undefined): readonly string[] {
    if (last === undefined) return NO_OPENS;
    const known = this.openLists.get(last);
    if (known !== undefined) return known;
    const pending: ScopeLink[] = [];
    let list: readonly string[] = NO_OPENS;
    for (let link: ScopeLink | undefined = last; link !== undefined; link = link.parent) {
      const memo = this.openLists.get(link);
      if (memo !== undefined) {
        list = memo;
        break;
      }
      pending.push(link);
    }
    for (let k = pending.length - 1; k >= 0; k--) {
      const link = pending[k]!;
      const added = link.items.filter((open) => this.namespaces.words.has(open.slice(open.lastIndexOf('.') + 1)));
      if (added.length > 0 && list.length < MAX_OPENS_READ) list = [...list, ...added].slice(0, MAX_OPENS_READ);
      this.openLists.set(link, list);
    }
    return list;
  }

  /**
   * The number of the project declaration the identifier `id` (of the table given to `useNames`)
   * denotes inside `scope`, or -1.
   */
  resolve(id: number, scope: Scope): number {
    // Most identifiers (locals, tactics, library names) match no project name in any scope.
    if (id >= this.candidateSlot.length) this.growSlots(id);
    let slot = this.candidateSlot[id]!;
    if (slot < 0) return -1;
    const ident = this.names!.names[id]!;
    if (slot === 0) {
      slot = (this.listNumber.get(lastComponent(ident)) ?? -2) + 1;
      this.candidateSlot[id] = slot;
      if (slot < 0) return -1;
    }
    const candidates = this.candidateLists[slot - 1]!;
    const entry = this.scopeOf(scope);
    let ranked = entry.memo.get(id);
    if (ranked === undefined) {
      ranked = ident.startsWith('_root_.') ? this.rooted(ident.slice(7)) : this.ranked(ident, candidates, entry.ranks);
      entry.memo.set(id, ranked);
    }
    return this.firstVisible(ranked) ?? -1;
  }

  /** The declaration a `_root_.` name denotes, as a list of one (or none). */
  private rooted(name: string): readonly number[] {
    const owner = this.owner.get(name);
    return owner === undefined ? NO_OWNERS : [owner];
  }

  /** The declarations `ident` may denote in a scope ranked `ranks`, best first (before asking which the environment holds). */
  private ranked(ident: string, candidates: Candidate[], ranks: Map<string, number>): readonly number[] {
    if (ident.length > this.longestName || dotsUpTo(ident, this.mostDots + 1).count > this.mostDots) return NO_OWNERS;
    const qualified = ident.includes('.');
    const found: { owner: number; rank: number }[] = [];
    const consider = (name: string, prefix: string): void => {
      const rank = ranks.get(prefix);
      if (rank === undefined) return;
      if (prefix !== '' && !qualified && this.protectedNames.has(name)) return;
      found.push({ owner: this.owner.get(name)!, rank });
    };
    if (!qualified && candidates.length <= 4 * ranks.size) {
      for (const c of candidates) consider(c.name, c.namespace);
    } else if (candidates.length <= ranks.size) {
      for (const { name } of candidates) {
        if (name === ident) consider(name, '');
        else if (name.length > ident.length && name.endsWith(ident) && name.charCodeAt(name.length - ident.length - 1) === 46) {
          consider(name, name.slice(0, name.length - ident.length - 1));
        }
      }
    } else {
      for (const [prefix] of ranks) {
        const name = prefix ? `${prefix}.${ident}` : ident;
        if (this.owner.has(name)) consider(name, prefix);
      }
    }
    if (found.length === 0) return NO_OWNERS;
    if (found.length === 1) return [found[0]!.owner];
    return found.sort((a, b) => a.rank - b.rank).map((f) => f.owner);
  }

  /** Makes room in candidateSlot for ids up to `id` (names interned after `useNames`). */
  private growSlots(id: number): void {
    const grown = new Int32Array(Math.max(id + 1, this.candidateSlot.length * 2));
    grown.set(this.candidateSlot);
    this.candidateSlot = grown;
  }

  /** For a dotted identifier `id` naming nothing in `scope`: its longest proper prefix naming a project declaration there (`c` of `c.f`). */
  resolvePrefix(id: number, scope: Scope): Prefix | undefined {
    const entry = this.scopeOf(scope);
    let prefixes = entry.prefixMemo.get(id);
    if (prefixes === undefined) {
      const ident = this.names!.names[id]!;
      const found: { end: number; owners: readonly number[] }[] = [];
      // Prefixes longer than every project name are skipped unread (a hostile 5 MB `a.a.a…` has millions).
      const from = ident.lastIndexOf('.', Math.min(this.longestName + '_root_.'.length, dotsUpTo(ident, this.mostDots + 2).at));
      for (let end = from; end > 0; end = ident.lastIndexOf('.', end - 1)) {
        const prefix = ident.slice(0, end);
        const candidates = this.byLast(lastComponent(prefix));
        if (candidates === undefined) continue;
        const owners = prefix.startsWith('_root_.') ? this.rooted(prefix.slice(7)) : this.ranked(prefix, candidates, entry.ranks);
        if (owners.length > 0) found.push({ end, owners });
      }
      prefixes = found;
      entry.prefixMemo.set(id, prefixes);
    }
    for (const { end, owners } of prefixes) {
      const head = this.firstVisible(owners);
      if (head !== undefined) return { head, end };
    }
    return undefined;
  }

  /** The field `f` of `c.f` where `c` is the project declaration `prefix.head` (or one of its fields): see `fieldNamed`. */
  fieldAfterPrefix(id: number, prefix: Prefix): Field | undefined {
    return this.fieldNamed(this.names!.names[id]!.slice(prefix.end + 1));
  }

  /** The id of a dotted identifier's head component (`h` of `h.foo`), -1 if that never occurs alone, THIS_HEAD for `this`. */
  dotHead(id: number): number {
    let head = this.headOf[id];
    if (head === undefined) {
      const ident = this.names!.names[id]!;
      const text = ident.slice(0, ident.indexOf('.'));
      head = text === 'this' ? THIS_HEAD : this.names!.idOf(text);
      this.headOf[id] = head;
    }
    return head;
  }

  /** The text of a dotted identifier's head component (`h` of `h.foo`). */
  headText(id: number): string {
    const ident = this.names!.names[id]!;
    return ident.slice(0, ident.indexOf('.'));
  }

  /** Whether a dotted identifier's head is written like a namespace (`Finset`, `Over`), not like a variable (`G`, `H₂`, `f`, `𝓕`). */
  headIsNamespace(id: number): boolean {
    return /^[A-Z][A-Za-z]/.test(this.names!.names[id]!);
  }

  /** The project declarations `T.tail` that the field after a dotted identifier's head (`foo.bar` of `h.foo.bar`) may denote, with the last component of each `T`. */
  fieldsAfterHead(id: number): Field[] {
    let fields = this.fieldOf[id];
    if (fields === undefined) {
      const ident = this.names!.names[id]!;
      const tail = ident.slice(ident.indexOf('.') + 1);
      fields = this.allFieldCandidates(tail).map((c) => ({
        target: this.owner.get(c.name)!,
        type: lastComponent(c.name.slice(0, c.name.length - tail.length - 1)),
      }));
      this.fieldOf[id] = fields;
    }
    return fields.filter((field) => this.visible(field.target));
  }

  /**
   * The project declaration `T.tail` (not at the root) that field notation `c.tail` denotes when the
   * type of `c` has the head constant `type` (its last component).
   */
  fieldOfType(id: number, type: string): number | undefined {
    const ident = this.names!.names[id]!;
    const tail = ident.slice(ident.indexOf('.') + 1);
    let found: number | undefined;
    for (const candidate of this.fieldCandidates(tail)) {
      const owner = candidate.name.slice(0, candidate.name.length - tail.length - 1);
      if (lastComponent(owner) !== type) continue;
      if (found !== undefined) return undefined;
      found = this.owner.get(candidate.name)!;
    }
    return found;
  }

  /** The project declarations in the environment that `c.tail` may denote: `T.tail` for some `T`, at most 64 looked at. */
  private fieldCandidates(tail: string): Candidate[] {
    return this.allFieldCandidates(tail).filter((c) => this.visible(this.owner.get(c.name)!));
  }

  /** The project declarations `c.tail` may denote, whatever the environment: `T.tail` for some `T`, at most 64 looked at. */
  private allFieldCandidates(tail: string): Candidate[] {
    const candidates = this.byLast(lastComponent(tail)) ?? [];
    if (candidates.length > 64) return [];
    return candidates.filter((c) => c.name.endsWith(`.${tail}`));
  }

  /** The one project declaration `T.tail` that is not at the root, with the last component of `T`, if exactly one ends in `.tail`. */
  private fieldNamed(tail: string): Field | undefined {
    const found = this.fieldCandidates(tail);
    if (found.length !== 1) return undefined;
    const name = found[0]!.name;
    return { target: this.owner.get(name)!, type: lastComponent(name.slice(0, name.length - tail.length - 1)) };
  }
}

/**
 * Fills each declaration's `references`; returns the declarations by full name and the duplicate
 * declarations. With `only`, the names are those of all `files` but only the declarations of `only`
 * are linked again: a history keeps the references of the files a commit did not change.
 */
export function linkReferences(files: LeanFile[], only?: ReadonlySet<LeanFile>): ReferenceModel {
  const all = allDeclarations(files);
  const numbers = new Map<string, number>();
  const firstOf = Int32Array.from(all, (decl, k) => {
    const first = numbers.get(decl.fullName);
    if (first !== undefined) return first;
    numbers.set(decl.fullName, k);
    return k;
  });
  const decls = firstByName(all, firstOf);
  const problems = duplicatesOf(files, all, firstOf);
  const project = projectDeclarations([...decls.values()]);
  for (const decl of collectPortably(files, project, new ReferenceLists(project), placesOf(files, project), only)) {
    problems.push({
      messageId: 'too-many-opens',
      message: `more than ${MAX_OPENS_READ} opened namespaces, or ${MAX_SCOPE_PREFIXES} namespaces in all, are in scope here: names are resolved in the first ones only`,
      location: decl.location,
    });
  }
  return { decls, problems };
}

/** The `mutual` block of each declaration of a file, by number (-1: none): a run of declarations made inside one `mutual … end`. */
export function mutualBlocks(file: LeanFile): number[] {
  let block = -1;
  return file.decls.map((decl, k) => {
    if (!decl.mutual) return -1;
    if (k === 0 || !file.decls[k - 1]!.mutual) block = k;
    return block;
  });
}

/** By declaration number (the first of each full name), where every declaration of that full name stands. */
function placesOf(files: LeanFile[], project: ProjectDeclarations): Place[][] {
  const numberOf = new Map(project.names.map((name, k) => [name, k]));
  const places: Place[][] = project.names.map(() => []);
  files.forEach((file, f) => {
    const blocks = mutualBlocks(file);
    file.decls.forEach((decl, index) => {
      places[numberOf.get(decl.fullName)!]!.push({ file: f, index, block: blocks[index]! });
    });
  });
  return places;
}

/**
 * The declarations that repeat an earlier one's full name where that is an error: `all` are the
 * declarations of the files in order, `firstOf[k]` the number of the first with the k-th's full name.
 * Lean rejects a name twice only in one environment: neither may be `private`, and their modules
 * must meet (one imports the other, or a third imports both; see imports.ts): a file no module
 * imports (a test of its own, a copy left behind) may reuse a name. Two lean_libs may each declare
 * a name (a challenge and its solution).
 */
function duplicatesOf(files: LeanFile[], all: readonly LeanDecl[], firstOf: Int32Array): SourceProblem[] {
  const problems: SourceProblem[] = [];
  const imports = new ImportGraph(files);
  // Whether a declaration clashes with an earlier public one depends only on the earlier one's file, so each name keeps,
  // per file in order, its first public declaration there; a repeat looks through files, never through every earlier
  // declaration (160k declarations of one name would be quadratic), and what it found for its file is kept for the next.
  const publicByFile = new Map<number, { files: number[]; firstIn: Map<number, number> }>();
  const searched = new Map<string, { cursor: number; clash: number }>();
  const messages = new Map<number, string>();
  // Most names are declared once: their first declaration's file and privacy are kept in arrays, the structures made at a repeat.
  const fileOf = new Int32Array(all.length);
  const isPublicAt = new Uint8Array(all.length);
  let k = 0;
  files.forEach((file, f) => {
    for (const decl of file.decls) {
      const own = k++;
      const first = firstOf[own]!;
      const isPublic = !decl.modifiers.includes('private');
      fileOf[own] = f;
      isPublicAt[own] = isPublic ? 1 : 0;
      if (own === first) continue;
      let seen = publicByFile.get(first);
      if (seen === undefined) {
        seen = { files: [], firstIn: new Map() };
        if (isPublicAt[first] === 1) {
          seen.files.push(fileOf[first]!);
          seen.firstIn.set(fileOf[first]!, first);
        }
        publicByFile.set(first, seen);
      }
      let clash = -1;
      if (isPublic) {
        const key = `${first}:${f}`;
        let search = searched.get(key);
        if (search === undefined) searched.set(key, (search = { cursor: 0, clash: -1 }));
        for (; search.clash < 0 && search.cursor < seen.files.length; search.cursor++) {
          const other = seen.files[search.cursor]!;
          if (files[other]!.library === file.library && imports.together(other, f)) search.clash = seen.firstIn.get(other)!;
        }
        clash = search.clash;
      }
      if (isPublic && !seen.firstIn.has(f)) {
        seen.firstIn.set(f, own);
        seen.files.push(f);
      }
      if (clash < 0) continue;
      let message = messages.get(clash);
      if (message === undefined) {
        const { fullName, location } = all[clash]!;
        message = `${fullName} is also declared at ${location.file}:${location.line}`;
        messages.set(clash, message);
      }
      problems.push({ messageId: 'duplicate-declaration', message, location: decl.location });
    }
  });
  return problems;
}

/** The references of each declaration, with the TypeScript resolver; returns the first declaration of each file whose scope was cut (MAX_SCOPE_PREFIXES). */
function collectPortably(
  files: LeanFile[],
  project: ProjectDeclarations,
  lists: ReferenceLists,
  places: Place[][],
  only?: ReadonlySet<LeanFile>,
): LeanDecl[] {
  const crowded: LeanDecl[] = [];
  const resolver = new NameResolver(project);
  resolver.addAliases(files);
  const imports = new ImportGraph(files);
  // Per declaration, the type heads of its locals used with field notation (see receiver-types.ts).
  let types = new Map<string, string | undefined>();
  const typeOf = (decl: LeanDecl, head: string): string | undefined => {
    if (!types.has(head)) types.set(head, receiverType(decl, head));
    return types.get(head);
  };
  // Identifier id -> the last declaration that binds it as a local name, or as a name in a pattern (its table's ids).
  let localTo = new Int32Array(0);
  let patternTo = new Int32Array(0);
  let mark = 0;
  const variables = new VariablesInForce();
  let countedNames: NameTable | undefined;
  const isLocal = (id: number): boolean =>
    id === THIS_HEAD || (id >= 0 && (localTo[id] === mark || patternTo[id] === mark || variables.binds(id)));
  let flags = new Uint8Array(0);
  const collect = (decl: LeanDecl, ids: Int32Array, from: number, to: number): void => {
    for (let k = from; k < to; k++) {
      const id = ids[k]!;
      if (localTo[id] === mark || variables.binds(id)) continue;
      const target = resolver.resolve(id, decl);
      if (target >= 0) {
        // A bare name in a pattern is a variable unless it names a constructor of a project type.
        if (patternTo[id] !== mark || project.hasMembers[target]) lists.add(target);
      } else if ((flags[id]! & DOTTED) !== 0) {
        const local = isLocal(resolver.dotHead(id));
        const prefix = local ? undefined : resolver.resolvePrefix(id, decl);
        if (prefix !== undefined) {
          lists.add(prefix.head);
          const field = resolver.fieldAfterPrefix(id, prefix);
          if (field !== undefined) lists.add(field.target, IF_CONSTANT_NAMES, prefix.head, field.type);
        } else if (local || !resolver.headIsNamespace(id)) {
          // A local's field, or one of a name bound where binders.ts does not look (an auto-bound implicit):
          // `T.f` for the type `T` its binder gives it, else the one `T.f` there is, if `T` is named where it may be typed.
          const type = typeOf(decl, resolver.headText(id));
          const typed = type === undefined ? undefined : resolver.fieldOfType(id, type);
          if (typed !== undefined) lists.add(typed);
          else if (type === undefined) {
            // The type unwritten: the one candidate `T.f` there is, if `T` is named where the local may be typed;
            // among several, the one whose `T` a definition the statement names mentions (`intro P` of `B3 → …`).
            const fields = resolver.fieldsAfterHead(id);
            const chosen =
              fields.length === 1 ? fields.filter((f) => lists.typed(f.type)) : fields.filter((f) => lists.typedByHeader(f.type));
            if (chosen.length === 1) lists.add(chosen[0]!.target);
          }
        }
      }
    }
  };
  files.forEach((file, f) => {
    const recorded = only === undefined || only.has(file) ? identIdsOf(file) : undefined;
    if (recorded === undefined) return;
    const seen = imports.seenBy(f);
    const blocks = mutualBlocks(file);
    const { names, ids, bounds } = recorded;
    if (names !== countedNames) {
      variables.reset();
      countedNames = names;
    }
    resolver.useNames(names);
    flags = names.flags;
    if (localTo.length < names.size) {
      localTo = new Int32Array(names.size);
      patternTo = new Int32Array(names.size);
    }
    let fileCrowded = false;
    file.decls.forEach((decl, k) => {
      const crowdedBefore = resolver.crowdedScopes;
      mark++;
      types = new Map();
      resolver.enterDeclaration({ places, seen, file: f, index: k, block: blocks[k]! });
      const at = IDENT_PARTS * k;
      for (let i = bounds[at + 2]!; i < bounds[at + 3]!; i++) localTo[ids[i]!] = mark;
      for (let i = bounds[at + 3]!; i < bounds[at + 4]!; i++) patternTo[ids[i]!] = mark;
      variables.moveTo(decl.variables);
      lists.start(decl, variables.names);
      collect(decl, ids, bounds[at]!, bounds[at + 1]!);
      lists.headerDone();
      collect(decl, ids, bounds[at + 1]!, bounds[at + 2]!);
      lists.end();
      if (!fileCrowded && resolver.crowdedScopes > crowdedBefore) {
        crowded.push(decl);
        fileCrowded = true;
      }
    });
  });
  return crowded;
}

/** The reference graph: a node per declaration full name, an edge a -> b when a references b. */
export function referenceGraph(files: LeanFile[], decls: Map<string, LeanDecl>): DirectedGraph {
  const graph = new DirectedGraph();
  for (const name of decls.keys()) graph.addNode(name);
  for (const file of files) for (const decl of file.decls) for (const target of decl.references) graph.mergeEdge(decl.fullName, target);
  return graph;
}
