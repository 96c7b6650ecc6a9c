/**
 * The references of each declaration through the native resolver (src/native/resolver.c): the same
 * rules and answers as the TypeScript resolver of references.ts, which is the reference.
 */
import { nativeScanner } from './native.js';
import { IDENT_PARTS, identIdsOf } from './parser.js';
import type { ProjectDeclarations, ReferenceLists } from './reference-lists.js';
import { ScopeTracker } from './scopes.js';
import type { LeanFile } from './types.js';

/** Declaration flags of the native resolver. */
const RESOLVER_PROTECTED = 1;
const RESOLVER_HAS_MEMBERS = 2;

/** Whether the native resolver can resolve these files: it is built, and every file with identifiers (not an unread one) was parsed with a native name table. */
export const resolvesNatively = (files: LeanFile[]): boolean =>
  nativeScanner !== undefined &&
  files.every((file) => {
    const recorded = identIdsOf(file);
    return recorded === undefined || recorded.names.nativeHandle !== undefined;
  });

/** The references of each declaration, with the native resolver (resolver.c): the same as collectPortably's. */
export function collectNatively(files: LeanFile[], project: ProjectDeclarations, lists: ReferenceLists): void {
  const native = nativeScanner!;
  const owners: number[] = [];
  const names: string[] = [];
  const flags = new Uint8Array(project.list.length);
  project.list.forEach((decl, index) => {
    names.push(decl.fullName);
    owners.push(index);
    for (const member of decl.members ?? []) names.push(member), owners.push(index);
    flags[index] = (decl.modifiers.includes('protected') ? RESOLVER_PROTECTED : 0) | (project.hasMembers[index] ? RESOLVER_HAS_MEMBERS : 0);
  });
  const resolver = native.createResolver(names.join('\n'), Int32Array.from(owners), flags);
  const typeNames = new Map<number, string>();
  const typeName = (type: number): string => typeNames.get(type) ?? typeNames.set(type, native.resolverText(resolver, type)).get(type)!;
  const tracker = new ScopeTracker();
  let out = new Int32Array(1024);
  for (const file of files) {
    const recorded = identIdsOf(file);
    if (recorded === undefined) continue;
    const { names: table, ids, bounds } = recorded;
    file.decls.forEach((decl, k) => {
      const at = IDENT_PARTS * k;
      const room = 1 + 8 * (bounds[at + 2]! - bounds[at]!);
      if (out.length < room) out = new Int32Array(room * 2);
      const key = tracker.changed(decl);
      if (key !== undefined) native.resolverScope(resolver, key);
      const count = native.resolveDeclaration(resolver, table.nativeHandle!, ids, bounds, at, out);
      lists.start(decl);
      for (let e = 0; e < count; e++) {
        if (e === out[0]) lists.headerDone();
        const type = out[4 + 4 * e]!;
        lists.add(out[1 + 4 * e]!, out[2 + 4 * e]!, out[3 + 4 * e]!, type < 0 ? '' : typeName(type));
      }
      if (count === out[0]) lists.headerDone();
      lists.end();
    });
  }
}

