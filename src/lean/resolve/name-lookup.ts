/**
 * Lean names an informal source claims (a blueprint's `\lean{…}`, a docstring's heading), looked up
 * among the project's declarations: exact full name, else an unambiguous suffix, else the candidates;
 * names `@[to_additive]` generates, and the names Lean gives anonymous instances, included.
 */
import type { LeanDecl, LeanProject } from '../../model/lean.js';
import { typeHead } from '../syntax/lexer.js';
import { additiveNames } from './to-additive.js';

/** Whether the full name `full` is what `written` names with some of its namespace left out (or exactly it): `Matrix.det_transpose` for `det_transpose`. */
export const isWrittenAs = (full: string, written: string): boolean => full === written || full.endsWith(`.${written}`);

/** How a Lean name resolved: one declaration, or the candidates when there were several or none. */
export interface Resolution {
  decl?: LeanDecl;
  /** The name resolved to a declaration `@[to_additive]` generates from `decl`. */
  generated?: boolean;
  candidates: string[];
}

/** Looks Lean names up in one project (and the names its `@[to_additive]` generate); built once per project. */
export class NameLookup {
  /** Generated name → the full name of the declaration it is generated from. */
  private readonly generated = new Map<string, string>();
  private readonly bySuffix: SuffixIndex;
  /** Namespace → the instances declared there without a name (Lean names them when it elaborates them). */
  private readonly anonymous = new Map<string, LeanDecl[]>();
  /** The class each anonymous instance is of (the head of its type), read once. */
  private readonly heads = new Map<LeanDecl, string | undefined>();

  constructor(private readonly project: LeanProject) {
    for (const decl of project.decls.values()) {
      if (decl.kind !== 'instance' || decl.name !== '') continue;
      const list = this.anonymous.get(decl.namespace);
      if (list) list.push(decl);
      else this.anonymous.set(decl.namespace, [decl]);
    }
    for (const decl of project.decls.values()) {
      for (const name of additiveNames(decl)) if (!project.decls.has(name)) this.generated.set(name, decl.fullName);
    }
    this.bySuffix = new SuffixIndex([...project.decls.keys(), ...this.generated.keys()]);
  }

  /**
   * The anonymous instances a name such as `NS.instIsModuleTopologyFoo` may be Lean's name for:
   * those declared in namespace `NS` whose class (the head of their type) the name spells after
   * `inst` (last component or full name). Without elaborating them that is all that can be said.
   */
  anonymousInstances(name: string): LeanDecl[] {
    const clean = name.replace(/^_root_\./, '');
    const dot = clean.lastIndexOf('.');
    const last = clean.slice(dot + 1);
    if (!/^inst[A-Z]/.test(last)) return [];
    return (this.anonymous.get(dot < 0 ? '' : clean.slice(0, dot)) ?? []).filter((decl) => {
      if (!this.heads.has(decl)) this.heads.set(decl, typeHead(decl.header));
      const head = this.heads.get(decl);
      return (
        head !== undefined &&
        [head.replace(/\./g, ''), head.slice(head.lastIndexOf('.') + 1)].some((spelled) => last.startsWith(`inst${spelled}`))
      );
    });
  }

  /**
   * Exact fully qualified name, else (unless `fullNamesOnly`) the one declaration whose name ends
   * with `.name`; unresolved, the declarations whose names end with it are the candidates.
   */
  resolve(name: string, fullNamesOnly = false): Resolution {
    const clean = name.replace(/^_root_\./, '');
    const exact = this.project.decls.has(clean) || this.generated.has(clean);
    const candidates = exact ? [clean] : (this.bySuffix.get(clean) ?? []);
    if (candidates.length !== 1 || (fullNamesOnly && !exact)) return { candidates: [...candidates].sort() };
    const source = this.generated.get(candidates[0]!);
    return source
      ? { decl: this.project.decls.get(source)!, generated: true, candidates: [] }
      : { decl: this.project.decls.get(candidates[0]!)!, candidates: [] };
  }
}

/** `a.b.c` as `c.b.a`. */
const reversedComponents = (name: string): string => name.split('.').reverse().join('.');

/**
 * Full names by their proper suffixes of whole components (`C` and `B.C` for `A.B.C`): the names with
 * their components reversed, sorted, so that the names ending with `.S` are the run starting with the
 * reverse of `S` and a dot. Each name costs its length, where a map keyed by every suffix made a name
 * of k components cost k².
 */
class SuffixIndex {
  private readonly reversed: string[];
  private readonly names: string[];

  constructor(names: readonly string[]) {
    const rows = names.map((name) => ({ key: reversedComponents(name), name }));
    rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.reversed = rows.map((row) => row.key);
    this.names = rows.map((row) => row.name);
  }

  /** The full names that end with `.${suffix}`. */
  get(suffix: string): string[] | undefined {
    const prefix = `${reversedComponents(suffix)}.`;
    let low = 0;
    let high = this.reversed.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.reversed[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < this.reversed.length && this.reversed[i]!.startsWith(prefix); i++) found.push(this.names[i]!);
    return found.length > 0 ? found : undefined;
  }
}

const lookups = new WeakMap<LeanProject, NameLookup>();

/** The name lookup of a project, built on first use. */
export function nameLookup(project: LeanProject): NameLookup {
  let lookup = lookups.get(project);
  if (!lookup) lookups.set(project, (lookup = new NameLookup(project)));
  return lookup;
}
