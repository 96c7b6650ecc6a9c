/**
 * Name resolution: the identifiers of each declaration's header and body are resolved against the
 * project's own declarations (and their constructors and fields) with Lean's rules — enclosing
 * namespaces innermost first, the declaration's own namespace, `open`ed namespaces, `_root_`,
 * `protected` names needing a qualifier — plus a best-effort guess for dot notation (`h.foo`
 * resolves when exactly one project declaration ends in `.foo`). A name the declaration binds
 * itself (a binder, a `variable`, a name a tactic introduces: see binders.ts) is a local, not a reference;
 * a bare name in a match-arm pattern is one too, unless it resolves to a declaration with constructors
 * or fields (an inductive type, structure or class), as Lean reads a pattern name that is a constructor.
 */
import { DirectedGraph } from 'graphology';
import type { NameTable } from './names.js';
import { IDENT_PARTS, identIdsOf } from './parser.js';
import type { LeanDecl, LeanFile, SourceProblem } from './types.js';

/** The declarations of a project by full name, with their references filled in. */
export interface ReferenceModel {
  decls: Map<string, LeanDecl>;
  problems: SourceProblem[];
}

/** The last component of a dotted name (`c` of `A.b.c`). */
export const lastComponent = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

/** The enclosing namespaces of a name, innermost first, ending with the root `''`. */
function prefixes(namespace: string): string[] {
  const out: string[] = [];
  for (let ns = namespace; ns; ns = ns.includes('.') ? ns.slice(0, ns.lastIndexOf('.')) : '') out.push(ns);
  out.push('');
  return out;
}

type Scope = Pick<LeanDecl, 'namespace' | 'opens' | 'fullName'>;

/** A declaration or member name and the namespace it sits in. */
interface Candidate {
  name: string;
  namespace: string;
}

/** Namespace prefix -> rank (lower wins, `''` is the root), and identifier id -> resolved declaration number (-1: none). */
interface ScopeEntry {
  ranks: Map<string, number>;
  memo: Map<number, number>;
}

/** Resolves identifiers against one project's declarations. */
export class NameResolver {
  /** Declaration or member full name -> the declaration's number. */
  private readonly owner = new Map<string, number>();
  /** Declaration number -> its full name. */
  readonly declNames: string[] = [];
  /** Declaration number -> whether it declares constructors or fields (an inductive type, structure or class). */
  readonly hasMembers: boolean[] = [];
  private readonly protectedNames = new Set<string>();
  /** Last name component -> every declaration or member name ending in it, with its namespace. */
  private readonly byLast = new Map<string, Candidate[]>();
  /** The name table the id caches below belong to. */
  private names: NameTable | undefined;
  /** Identifier id -> the names ending in its last component (null: none), memoized. */
  private candidatesOf: (Candidate[] | null | undefined)[] = [];
  /** Scope key -> its ranked prefixes and memo. */
  private scopes = new Map<string, ScopeEntry>();
  private lastScope: Scope | undefined;
  private lastEntry: ScopeEntry | undefined;
  private lastOwn = '';

  constructor(decls: Iterable<LeanDecl>) {
    for (const decl of decls) {
      const index = this.declNames.push(decl.fullName) - 1;
      this.hasMembers.push((decl.members?.length ?? 0) > 0);
      this.add(decl.fullName, index);
      if (decl.modifiers.includes('protected')) this.protectedNames.add(decl.fullName);
      for (const member of decl.members ?? []) this.add(member, index);
    }
  }

  private add(name: string, owner: number): void {
    if (this.owner.has(name)) return;
    this.owner.set(name, owner);
    const dot = name.lastIndexOf('.');
    const candidate = { name, namespace: dot < 0 ? '' : name.slice(0, dot) };
    const last = name.slice(dot + 1);
    const list = this.byLast.get(last);
    if (list) list.push(candidate);
    else this.byLast.set(last, [candidate]);
  }

  /** Identifier ids from now on are ids of `names` (the id caches are dropped when it changes). */
  useNames(names: NameTable): void {
    if (names === this.names) return;
    this.names = names;
    this.candidatesOf = [];
    this.scopes = new Map();
    this.lastScope = undefined;
    this.lastEntry = undefined;
  }

  /**
   * The prefixes an identifier may be completed with inside `scope`, ranked as Lean tries them:
   * enclosing namespaces innermost first, the namespace of the declaration's own name, then the
   * `open`ed namespaces (each relative to the enclosing namespaces); with a memo of answers.
   */
  private scopeOf(scope: Scope): ScopeEntry {
    const last = this.lastScope;
    if (scope === last && this.lastEntry !== undefined) return this.lastEntry;
    const dot = scope.fullName.lastIndexOf('.');
    if (last !== undefined && this.lastEntry !== undefined && scope.namespace === last.namespace && scope.opens === last.opens) {
      // Consecutive declarations of one file usually share their scope: skip building the key.
      const own = this.lastOwn;
      if (dot < 0 ? own === '' : own.length === dot && scope.fullName.startsWith(own)) {
        this.lastScope = scope;
        return this.lastEntry;
      }
    }
    const own = dot < 0 ? '' : scope.fullName.slice(0, dot);
    const key = `${scope.namespace}\0${own}\0${scope.opens.join('\0')}`;
    let entry = this.scopes.get(key);
    if (!entry) {
      const ranks = new Map<string, number>();
      const enclosing = prefixes(scope.namespace);
      const put = (prefix: string): void => {
        if (!ranks.has(prefix)) ranks.set(prefix, ranks.size);
      };
      enclosing.forEach(put);
      put(own);
      for (const open of scope.opens) for (const ns of enclosing) put(ns ? `${ns}.${open}` : open);
      entry = { ranks, memo: new Map() };
      this.scopes.set(key, entry);
    }
    this.lastScope = scope;
    this.lastOwn = own;
    this.lastEntry = entry;
    return entry;
  }

  /**
   * The number of the project declaration the identifier `id` (of the table given to `useNames`)
   * denotes inside `scope` (its full name is `declNames[number]`), or -1.
   */
  resolve(id: number, scope: Scope): number {
    // Most identifiers (locals, tactics, library names) match no project name in any scope.
    let candidates = this.candidatesOf[id];
    if (candidates === null) return -1;
    const ident = this.names!.names[id]!;
    if (candidates === undefined) {
      candidates = this.byLast.get(lastComponent(ident)) ?? null;
      this.candidatesOf[id] = candidates;
      if (candidates === null) return -1;
    }
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
    if (best !== undefined) return this.owner.get(best);
    return qualified && candidates.length <= 64 ? this.dotNotation(ident, candidates) : undefined;
  }

  /** Dot notation `h.foo.bar`: drop the head (a local or a term) and accept a unique match. */
  private dotNotation(ident: string, candidates: Candidate[]): number | undefined {
    const tail = ident.slice(ident.indexOf('.') + 1);
    let found: string | undefined;
    for (const { name } of candidates) {
      if (name !== tail && !name.endsWith(`.${tail}`)) continue;
      if (found !== undefined) return undefined;
      found = name;
    }
    return found === undefined ? undefined : this.owner.get(found);
  }
}

/** Fills each declaration's `references`; returns the declarations by full name. */
export function linkReferences(files: LeanFile[]): ReferenceModel {
  const decls = new Map<string, LeanDecl>();
  const libraryOf = new Map(files.map((f) => [f.path, f.library]));
  const problems: SourceProblem[] = [];
  for (const file of files) {
    for (const decl of file.decls) {
      const earlier = decls.get(decl.fullName);
      if (!earlier) decls.set(decl.fullName, decl);
      else if (
        !decl.modifiers.includes('private') &&
        !earlier.modifiers.includes('private') &&
        // Two lean_libs may each declare a name (a challenge and its solution) if never imported together.
        libraryOf.get(earlier.location.file) === file.library
      ) {
        problems.push({
          messageId: 'duplicate-declaration',
          message: `${decl.fullName} is also declared at ${earlier.location.file}:${earlier.location.line}`,
          location: decl.location,
        });
      }
    }
  }
  const resolver = new NameResolver(decls.values());
  const { declNames } = resolver;
  // Declaration number -> the last declaration (counted by `mark`) that listed it: no set per declaration.
  const listedBy = new Int32Array(declNames.length);
  let mark = 0;
  // Identifier id -> the last declaration that binds it as a local name, or as a name in a pattern (its table's ids).
  let localTo = new Int32Array(0);
  let patternTo = new Int32Array(0);
  const collect = (decl: LeanDecl, ids: Int32Array, from: number, to: number, refs: string[]): void => {
    for (let k = from; k < to; k++) {
      const id = ids[k]!;
      if (localTo[id] === mark) continue;
      const target = resolver.resolve(id, decl);
      if (target < 0 || listedBy[target] === mark || declNames[target] === decl.fullName) continue;
      // A bare name in a pattern is a variable unless it names a constructor of a project type.
      if (patternTo[id] === mark && !resolver.hasMembers[target]) continue;
      listedBy[target] = mark;
      refs.push(declNames[target]!);
    }
  };
  for (const file of files) {
    const recorded = identIdsOf(file);
    if (recorded === undefined) continue;
    const { names, ids, bounds } = recorded;
    resolver.useNames(names);
    if (localTo.length < names.size) {
      localTo = new Int32Array(names.size);
      patternTo = new Int32Array(names.size);
    }
    file.decls.forEach((decl, k) => {
      mark++;
      const at = IDENT_PARTS * k;
      for (let i = bounds[at + 2]!; i < bounds[at + 3]!; i++) localTo[ids[i]!] = mark;
      for (let i = bounds[at + 3]!; i < bounds[at + 4]!; i++) patternTo[ids[i]!] = mark;
      const refs: string[] = [];
      collect(decl, ids, bounds[at]!, bounds[at + 1]!, refs);
      decl.headerReferences = refs.length;
      collect(decl, ids, bounds[at + 1]!, bounds[at + 2]!, refs);
      decl.references = refs;
    });
  }
  return { decls, problems };
}

/** The reference graph: a node per declaration full name, an edge a -> b when a references b. */
export function referenceGraph(files: LeanFile[], decls: Map<string, LeanDecl>): DirectedGraph {
  const graph = new DirectedGraph();
  for (const name of decls.keys()) graph.addNode(name);
  for (const file of files) for (const decl of file.decls) for (const target of decl.references) graph.mergeEdge(decl.fullName, target);
  return graph;
}
