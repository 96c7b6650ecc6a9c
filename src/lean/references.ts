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
import type { LeanDecl, LeanFile, ScopeLink, SourceProblem } from '../model/lean.js';
import { ImportGraph } from './imports.js';
import { DOTTED, type NameTable } from './names.js';
import { IDENT_PARTS, identIdsOf } from './parser.js';
import {
  allDeclarations,
  firstByName,
  IF_CONSTANT_NAMES,
  IF_TYPED_HERE,
  type ProjectDeclarations,
  projectDeclarations,
  ReferenceLists,
} from './reference-lists.js';
import { type Scope, ScopeTracker } from './scopes.js';
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
 * Namespace prefix -> rank (lower wins, `''` is the root); identifier id -> resolved declaration
 * number (-1: none), and its Prefix (null: none) for a dotted identifier.
 */
interface ScopeEntry {
  ranks: Map<string, number>;
  memo: Map<number, number>;
  prefixMemo: Map<number, Prefix | null>;
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
const NO_OPENS: readonly string[] = [];

/** `dotHead` of an identifier whose head is `this`, the name of an anonymous `have`: always a local. */
const THIS_HEAD = -2;

/** Resolves identifiers against one project's declarations. */
export class NameResolver {
  /** Declaration or member full name -> the declaration's number. */
  private readonly owner = new Map<string, number>();
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
  private fieldOf: (Field | null | undefined)[] = [];
  /** Scope key -> its ranked prefixes and memo. */
  private scopes = new Map<string, ScopeEntry>();
  private tracker = new ScopeTracker();
  private lastEntry: ScopeEntry | undefined;
  /** The namespaces of the names added, and every component of them: an `open` whose last component is none of these completes no name. */
  private readonly namespaces = new Set<string>();
  private readonly namespaceWords = new Set<string>();
  /** Per chain of `open`s: the namespaces it opens that may complete a name (see `opensThatMayMatter`). */
  private readonly openLists = new WeakMap<ScopeLink, readonly string[]>();
  /** How many scopes had more prefixes than MAX_SCOPE_PREFIXES (the rest left out). */
  crowdedScopes = 0;

  constructor(project: ProjectDeclarations) {
    project.list.forEach((decl, index) => {
      this.add(decl.fullName, index);
      if (decl.modifiers.includes('protected')) this.protectedNames.add(decl.fullName);
      for (const member of decl.members ?? []) this.add(member, index);
    });
  }

  private add(name: string, owner: number): void {
    if (this.owner.has(name)) return;
    this.owner.set(name, owner);
    const dot = name.lastIndexOf('.');
    const candidate = { name, namespace: dot < 0 ? '' : name.slice(0, dot) };
    if (!this.namespaces.has(candidate.namespace)) {
      this.namespaces.add(candidate.namespace);
      for (const word of candidate.namespace.split('.')) this.namespaceWords.add(word);
    }
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
      for (const open of this.opensThatMayMatter(scope.opens)) for (const ns of enclosing) put(ns ? `${ns}.${open}` : open);
      if (crowded) this.crowdedScopes++;
      entry = { ranks, memo: new Map(), prefixMemo: new Map() };
      this.scopes.set(key!, entry);
    }
    this.lastEntry = entry;
    return entry;
  }

  /**
   * The namespaces the chain of `open`s ending at `last` opens that may complete a project name (their
   * last component is a component of some name's namespace), in order, at most MAX_SCOPE_PREFIXES:
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
      const added = link.items.filter((open) => this.namespaceWords.has(open.slice(open.lastIndexOf('.') + 1)));
      if (added.length > 0 && list.length < MAX_SCOPE_PREFIXES) list = [...list, ...added].slice(0, MAX_SCOPE_PREFIXES);
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
    const known = entry.memo.get(id);
    if (known !== undefined) return known;
    const found = (ident.startsWith('_root_.') ? this.owner.get(ident.slice(7)) : this.lookup(ident, candidates, entry.ranks)) ?? -1;
    entry.memo.set(id, found);
    return found;
  }

  private lookup(ident: string, candidates: Candidate[], ranks: Map<string, number>): number | undefined {
    const qualified = ident.includes('.');
    let best: string | undefined;
    let bestRank = Infinity;
    const consider = (name: string, prefix: string): void => {
      const rank = ranks.get(prefix);
      if (rank === undefined || rank >= bestRank) return;
      if (prefix !== '' && !qualified && this.protectedNames.has(name)) return;
      best = name;
      bestRank = rank;
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
    return best === undefined ? undefined : this.owner.get(best);
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
    let found = entry.prefixMemo.get(id);
    if (found !== undefined) return found ?? undefined;
    found = null;
    const ident = this.names!.names[id]!;
    for (let end = ident.lastIndexOf('.'); end > 0 && found === null; end = ident.lastIndexOf('.', end - 1)) {
      const prefix = ident.slice(0, end);
      const candidates = this.byLast(lastComponent(prefix));
      if (candidates === undefined) continue;
      const head = prefix.startsWith('_root_.') ? this.owner.get(prefix.slice(7)) : this.lookup(prefix, candidates, entry.ranks);
      if (head !== undefined) found = { head, end };
    }
    entry.prefixMemo.set(id, found);
    return found ?? undefined;
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

  /** Whether a dotted identifier's head is written like a namespace (`Finset`, `Over`), not like a variable (`G`, `H₂`, `f`, `𝓕`). */
  headIsNamespace(id: number): boolean {
    return /^[A-Z][A-Za-z]/.test(this.names!.names[id]!);
  }

  /** The field after a dotted identifier's head (`foo.bar` of `h.foo.bar`), memoized: see `fieldNamed`. */
  fieldAfterHead(id: number): Field | undefined {
    let field = this.fieldOf[id];
    if (field === undefined) {
      const ident = this.names!.names[id]!;
      field = this.fieldNamed(ident.slice(ident.indexOf('.') + 1)) ?? null;
      this.fieldOf[id] = field;
    }
    return field ?? undefined;
  }

  /** The one project declaration `T.tail` that is not at the root, with the last component of `T`, if exactly one ends in `.tail`. */
  private fieldNamed(tail: string): Field | undefined {
    const candidates = this.byLast(lastComponent(tail)) ?? [];
    let found: Candidate | undefined;
    for (const candidate of candidates.length <= 64 ? candidates : []) {
      if (!candidate.name.endsWith(`.${tail}`)) continue;
      if (found !== undefined) return undefined;
      found = candidate;
    }
    if (found === undefined) return undefined;
    return { target: this.owner.get(found.name)!, type: lastComponent(found.name.slice(0, found.name.length - tail.length - 1)) };
  }
}

/** Fills each declaration's `references`; returns the declarations by full name and the duplicate declarations. */
export function linkReferences(files: LeanFile[]): ReferenceModel {
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
  for (const decl of collectPortably(files, project, new ReferenceLists(project))) {
    problems.push({
      messageId: 'too-many-opens',
      message: `more than ${MAX_SCOPE_PREFIXES} namespaces (enclosing and opened) are in scope here: names are resolved in the first ${MAX_SCOPE_PREFIXES} only`,
      location: decl.location,
    });
  }
  return { decls, problems };
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
  let k = 0;
  files.forEach((file, f) => {
    for (const decl of file.decls) {
      const own = k++;
      const first = firstOf[own]!;
      const isPublic = !decl.modifiers.includes('private');
      let seen = publicByFile.get(first);
      if (seen === undefined) publicByFile.set(first, (seen = { files: [], firstIn: new Map() }));
      let clash = -1;
      if (own !== first && isPublic) {
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
function collectPortably(files: LeanFile[], project: ProjectDeclarations, lists: ReferenceLists): LeanDecl[] {
  const crowded: LeanDecl[] = [];
  const resolver = new NameResolver(project);
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
          // A local's field, or one of a name bound where binders.ts does not look (an auto-bound implicit).
          const field = resolver.fieldAfterHead(id);
          if (field !== undefined) lists.add(field.target, IF_TYPED_HERE, -1, field.type);
        }
      }
    }
  };
  for (const file of files) {
    const recorded = identIdsOf(file);
    if (recorded === undefined) continue;
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
  }
  return crowded;
}

/** The reference graph: a node per declaration full name, an edge a -> b when a references b. */
export function referenceGraph(files: LeanFile[], decls: Map<string, LeanDecl>): DirectedGraph {
  const graph = new DirectedGraph();
  for (const name of decls.keys()) graph.addNode(name);
  for (const file of files) for (const decl of file.decls) for (const target of decl.references) graph.mergeEdge(decl.fullName, target);
  return graph;
}
