/**
 * Looks Lean names up in the sources of the project's Lake dependencies (Mathlib, Batteries, …)
 * where they are checked out (`.lake/packages/…`, as `lake exe cache get` leaves them), without
 * building Lean: a name a blueprint gives for an upstreamed result, or under `\mathlibok`, is then
 * found where it is declared, or known to be declared nowhere in those sources.
 *
 * Only the files that could declare a wanted name are parsed: a file must contain every component
 * of the name (or, for names `@[to_additive]` generates, its multiplicative reading), as a
 * declaration's namespaces and name are always written in its own file. Their declarations,
 * structure members and `to_additive` names then decide. The declarations found are given too, for
 * what only their text says (the declared types of a structure's fields, see fields.ts).
 */
import { join } from 'node:path';
import { readBoundedFile } from '../../core/repo-file.js';
import type { DeclaredIn } from '../../model/entity.js';
import type { LeanDecl } from '../../model/lean.js';
import { NameTable } from '../syntax/names.js';
import { parseLean } from '../syntax/parser.js';
import { discoverLeanFiles } from '../workspace/discovery.js';
import { lakefileIfReadable, libraryModule } from '../workspace/lakefile.js';
import { lakePackages, toolchainSources } from '../workspace/packages.js';
import { decodeLeanSource, MAX_FILE_BYTES } from '../workspace/source.js';
import { additiveNames, guessMultiplicative } from './to-additive.js';

/** For each component of a name, the strings one of which its declaring file must contain. */
function needles(name: string): string[][] {
  return name.split('.').map((component) => [...new Set([component, guessMultiplicative(component)])]);
}

/** ASCII letters, digits, `_`, `'`, `!`, `?`: bytes that continue a Lean identifier (UTF-8 letters are bytes >= 0x80). */
function continuesIdent(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (
    byte >= 0x80 ||
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x5f ||
    byte === 0x27 ||
    byte === 0x21 ||
    byte === 0x3f
  );
}

/** Whether `word` occurs in `bytes` as a whole name component: not inside a longer identifier. */
function containsWord(bytes: Buffer, word: string): boolean {
  const length = Buffer.byteLength(word);
  for (let at = bytes.indexOf(word); at !== -1; at = bytes.indexOf(word, at + 1)) {
    if (!continuesIdent(bytes[at - 1]) && !continuesIdent(bytes[at + length])) return true;
  }
  return false;
}

/** Where a name is made: the line, the declaration it is a member or `to_additive` name of (`from`), or the declaration it names. */
interface Made {
  line: number;
  from?: string;
  decl?: LeanDecl;
}

/** Every name a file's declarations make: full names, members, `to_additive` names; with the declaration that makes each. */
function declaredNames(text: string, path: string, names: NameTable): Map<string, Made> {
  const made = new Map<string, Made>();
  for (const decl of parseLean(text, path, { names }).decls) {
    if (!decl.fullName) continue;
    const line = decl.location.line;
    if (!made.has(decl.fullName)) made.set(decl.fullName, { line, decl });
    for (const member of decl.members ?? []) if (!made.has(member)) made.set(member, { line, from: decl.fullName });
    for (const additive of additiveNames(decl)) if (!made.has(additive)) made.set(additive, { line, from: decl.fullName });
  }
  return made;
}

/** A package's library sources: its `.lean` files inside the `lean_lib` roots of its lakefile but its test driver's (all of them without a lakefile). */
function librarySources(dir: string): string[] {
  const lakefile = lakefileIfReadable(dir);
  const libs = (lakefile?.libs ?? []).filter((lib) => lib.name !== lakefile?.testDriver);
  const files = discoverLeanFiles(dir).files.filter((path) => path !== 'lakefile.lean');
  return libs.length === 0 ? files : files.filter((path) => libraryModule(path, libs) !== undefined);
}

/** The name Lean core's sources are reported under (see `toolchainSources`). */
export const LEAN_CORE = 'Lean core';

/** Where to look for names: the checked-out Lake packages in the manifest's order, then Lean core's sources in the installed toolchain. */
export function sourceRoots(root: string): { name: string; dir: string; shown: string }[] {
  const packages = lakePackages(root)
    .filter((pkg) => pkg.present)
    .map((pkg) => ({ name: pkg.name, dir: join(root, pkg.dir), shown: pkg.dir }));
  const core = toolchainSources(root);
  return core === undefined ? packages : [...packages, { name: LEAN_CORE, dir: core, shown: core }];
}

/**
 * Searches the checked-out dependency sources of the project at `root`, then Lean core's in the
 * installed toolchain, for `wanted` names (full names; `_root_.` is dropped). Packages are searched
 * in the manifest's order and the search stops once every name is found.
 */
export function findInDependencies(root: string, wanted: string[]): Map<string, DeclaredIn> {
  const found = new Map<string, DeclaredIn>();
  searchDependencies(root, wanted, (name, place, pkg, path) => {
    found.set(name, { package: pkg.name, file: `${pkg.shown}/${path}`, line: place.line, ...(place.from ? { from: place.from } : {}) });
  });
  return found;
}

/** The declarations of the dependency sources (see findInDependencies) named by `wanted` full names, where they are declarations (not members). */
export function declarationsInDependencies(root: string, wanted: string[]): Map<string, LeanDecl> {
  const found = new Map<string, LeanDecl>();
  searchDependencies(
    root,
    wanted,
    (name, place) => {
      if (place.decl !== undefined) found.set(name, place.decl);
    },
    (place) => place.decl !== undefined,
  );
  return found;
}

/** Calls `found` once for each wanted name with the first place (`accepts` one) a dependency source makes it. */
function searchDependencies(
  root: string,
  wanted: string[],
  found: (name: string, place: Made, pkg: { name: string; shown: string }, path: string) => void,
  accepts: (place: Made) => boolean = () => true,
): void {
  const pending = new Map([...new Set(wanted.map((n) => n.replace(/^_root_\./, '')))].map((n) => [n, needles(n)]));
  if (pending.size === 0) return;
  const names = new NameTable();
  for (const pkg of sourceRoots(root)) {
    if (pending.size === 0) break;
    const dir = pkg.dir;
    for (const path of librarySources(dir)) {
      let bytes: Buffer;
      try {
        bytes = readBoundedFile(join(dir, path), MAX_FILE_BYTES);
      } catch {
        continue;
      }
      const candidates = [...pending].filter(([, parts]) => {
        const last = parts[parts.length - 1]!;
        return last.some((s) => containsWord(bytes, s)) && parts.every((alternatives) => alternatives.some((s) => bytes.includes(s)));
      });
      if (candidates.length === 0) continue;
      const text = decodeLeanSource(bytes, path).text;
      if (text === undefined) continue;
      const made = declaredNames(text, path, names);
      for (const [name] of candidates) {
        const place = made.get(name);
        if (!place || !accepts(place)) continue;
        found(name, place, pkg, path);
        pending.delete(name);
      }
      if (pending.size === 0) break;
    }
  }
}
