/**
 * The references of each declaration through the native resolver (src/native/resolver.c): the same
 * rules and answers as the TypeScript resolver of references.ts, which is the reference.
 */

import type { LeanDecl, LeanFile } from '../model/lean.js';
import { nativeScanner } from './native.js';
import { IDENT_PARTS, identIdsOf } from './parser.js';
import { allDeclarations, projectDeclarations, ReferenceLists } from './reference-lists.js';
import { ScopeTracker } from './scopes.js';

/** Declaration flags of the native resolver. */
const RESOLVER_PROTECTED = 1;
const RESOLVER_HAS_MEMBERS = 2;
const NO_MEMBERS: string[] = [];

/** Whether the native resolver can resolve these files: it is built, and every file with identifiers (not an unread one) was parsed with a native name table. */
export const resolvesNatively = (files: LeanFile[]): boolean =>
  nativeScanner !== undefined &&
  files.every((file) => {
    const recorded = identIdsOf(file);
    return recorded === undefined || recorded.names.nativeHandle !== undefined;
  });

/** The declarations of a project in order, and per declaration the number of the first with its full name (its own unless it repeats an earlier one's). */
export interface NumberedDeclarations {
  all: LeanDecl[];
  firstOf: Int32Array;
}

/**
 * How many names the resolver is given at once: one joined string of a project's names (7 million code units for the bench tree)
 * cost more in fresh memory, twice (the string, and the addon's copy of it), than the calls saved; and a joined string of
 * 4,096 names (about 300 KB) went to V8's large-object space, fresh pages each time, where one of 1,024 is made and dropped in
 * the young generation's reused pages (3k fewer page faults on the bench tree).
 */
const NAMES_PER_LOAD = 1024;

/** Gives the resolver the full name and members of every declaration, in order, a few thousand names at a time. */
function loadNames(resolver: object, all: LeanDecl[], firstOf: Int32Array): void {
  const names: string[] = [];
  all.forEach((decl, index) => {
    names.push(decl.fullName);
    for (const member of decl.members ?? NO_MEMBERS) names.push(member);
    if (names.length >= NAMES_PER_LOAD || index === all.length - 1) {
      nativeScanner!.resolverLoad(resolver, names.join('\n'), index + 1, firstOf);
      names.length = 0;
    }
  });
}

/**
 * The references of each declaration, with the native resolver (resolver.c): the same as
 * collectPortably's. The resolver numbers every declaration of the files in order and finds which
 * repeat an earlier one's full name, so that no map by name is needed here.
 */
export function collectNatively(files: LeanFile[]): NumberedDeclarations {
  const native = nativeScanner!;
  const all = allDeclarations(files);
  const project = projectDeclarations(all);
  const memberCounts = new Int32Array(all.length);
  const flags = new Uint8Array(all.length);
  all.forEach((decl, index) => {
    memberCounts[index] = decl.members?.length ?? 0;
    flags[index] = (decl.modifiers.includes('protected') ? RESOLVER_PROTECTED : 0) | (project.hasMembers[index] ? RESOLVER_HAS_MEMBERS : 0);
  });
  const resolver = native.createResolver(memberCounts, flags);
  const firstOf = new Int32Array(all.length);
  loadNames(resolver, all, firstOf);
  const lists = new ReferenceLists(project);
  const typeNames = new Map<number, string>();
  const typeName = (type: number): string => typeNames.get(type) ?? typeNames.set(type, native.resolverText(resolver, type)).get(type)!;
  const tracker = new ScopeTracker();
  let out = new Int32Array(1024);
  for (const file of files) {
    const recorded = identIdsOf(file);
    if (recorded === undefined) continue;
    const { names: table, ids, bounds } = recorded;
    native.resolverBindFile(table.nativeHandle!, ids, bounds);
    file.decls.forEach((decl, k) => {
      const at = IDENT_PARTS * k;
      const room = 1 + 8 * (bounds[at + 2]! - bounds[at]!);
      if (out.length < room) out = new Int32Array(room * 2);
      const key = tracker.changed(decl);
      if (key !== undefined) native.resolverScope(resolver, key);
      const count = native.resolveDeclaration(resolver, at, out);
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
  return { all, firstOf };
}
