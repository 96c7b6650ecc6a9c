/**
 * Name resolution: the identifiers of each declaration's header and body are resolved against the
 * project's own declarations (and their constructors and fields) with Lean's rules — enclosing
 * namespaces innermost first, the declaration's own namespace, `open`ed namespaces, `_root_`,
 * `protected` names needing a qualifier — plus a best-effort guess for dot notation (`h.foo`
 * resolves when exactly one project declaration ends in `.foo`).
 */
import { DirectedGraph } from 'graphology';
import type { LeanDecl, LeanFile, SourceProblem } from './types.js';

/** The declarations of a project by full name, and who references whom. */
export interface ReferenceModel {
  decls: Map<string, LeanDecl>;
  graph: DirectedGraph;
  problems: SourceProblem[];
}

const lastComponent = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

/** The enclosing namespaces of a name, innermost first, ending with the root `''`. */
function prefixes(namespace: string): string[] {
  const out: string[] = [];
  for (let ns = namespace; ns; ns = ns.includes('.') ? ns.slice(0, ns.lastIndexOf('.')) : '') out.push(ns);
  out.push('');
  return out;
}

/** Resolves identifiers against one project's declarations. */
export class NameResolver {
  /** Declaration or member full name -> the declaration's full name. */
  private readonly owner = new Map<string, string>();
  private readonly protectedNames = new Set<string>();
  private readonly lastComponents = new Set<string>();
  private readonly byLast = new Map<string, string[]>();

  constructor(decls: Iterable<LeanDecl>) {
    for (const decl of decls) {
      this.add(decl.fullName, decl.fullName);
      if (decl.modifiers.includes('protected')) this.protectedNames.add(decl.fullName);
      for (const member of decl.members ?? []) this.add(member, decl.fullName);
    }
  }

  private add(name: string, owner: string): void {
    if (this.owner.has(name)) return;
    this.owner.set(name, owner);
    const last = lastComponent(name);
    this.lastComponents.add(last);
    const list = this.byLast.get(last);
    if (list) list.push(name);
    else this.byLast.set(last, [name]);
  }

  /** The full name of the project declaration `ident` denotes inside `decl`, if any. */
  resolve(ident: string, decl: Pick<LeanDecl, 'namespace' | 'opens' | 'fullName'>): string | undefined {
    if (ident.startsWith('_root_.')) return this.owner.get(ident.slice(7));
    if (!this.lastComponents.has(lastComponent(ident))) return undefined;
    const qualified = ident.includes('.');
    const lookup = (name: string, viaPrefix: boolean): string | undefined => {
      if (viaPrefix && !qualified && this.protectedNames.has(name)) return undefined;
      return this.owner.get(name);
    };
    const own = decl.fullName.includes('.') ? decl.fullName.slice(0, decl.fullName.lastIndexOf('.')) : '';
    const scopes = own && own !== decl.namespace ? [...prefixes(decl.namespace), own] : prefixes(decl.namespace);
    for (const ns of scopes) {
      const hit = ns ? lookup(`${ns}.${ident}`, true) : lookup(ident, false);
      if (hit) return hit;
    }
    for (const open of decl.opens) {
      for (const ns of prefixes(decl.namespace)) {
        const hit = lookup(ns ? `${ns}.${open}.${ident}` : `${open}.${ident}`, true);
        if (hit) return hit;
      }
    }
    if (!qualified) return undefined;
    // Dot notation `h.foo.bar`: drop the head (a local or a term) and accept a unique match.
    const tail = ident.slice(ident.indexOf('.') + 1);
    const candidates = (this.byLast.get(lastComponent(ident)) ?? []).filter((c) => c === tail || c.endsWith(`.${tail}`));
    return candidates.length === 1 ? this.owner.get(candidates[0]!) : undefined;
  }
}

/** Fills each declaration's `references` and builds the declaration map and reference graph. */
export function linkReferences(files: LeanFile[]): ReferenceModel {
  const decls = new Map<string, LeanDecl>();
  const problems: SourceProblem[] = [];
  for (const file of files) {
    for (const decl of file.decls) {
      const earlier = decls.get(decl.fullName);
      if (!earlier) decls.set(decl.fullName, decl);
      else if (!decl.modifiers.includes('private') && !earlier.modifiers.includes('private')) {
        problems.push({
          messageId: 'duplicate-declaration',
          message: `${decl.fullName} is also declared at ${earlier.location.file}:${earlier.location.line}`,
          location: decl.location,
        });
      }
    }
  }
  const resolver = new NameResolver(decls.values());
  const graph = new DirectedGraph();
  for (const name of decls.keys()) graph.addNode(name);
  for (const decl of files.flatMap((f) => f.decls)) {
    const refs = new Set<string>();
    for (const ident of decl.headerIdents) addRef(resolver.resolve(ident, decl));
    for (const ident of decl.bodyIdents) addRef(resolver.resolve(ident, decl));
    decl.references = [...refs];
    for (const target of refs) graph.mergeEdge(decl.fullName, target);
    function addRef(target: string | undefined): void {
      if (target !== undefined && target !== decl.fullName) refs.add(target);
    }
  }
  return { decls, graph, problems };
}
