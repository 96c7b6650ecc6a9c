/**
 * Pairing: resolves the Lean names an informal entity claims against the declarations of the
 * source model (exact full name, else — outside blueprints — an unambiguous suffix, else the
 * candidates), attaching each declaration's header with the proof discarded, the section
 * `variable`s in scope and its docstring.
 */

import { readLeanSource } from '../src/lean/project.js';
import { findInDependencies } from '../src/lean/resolve/dependency-names.js';
import { nameLookup } from '../src/lean/resolve/name-lookup.js';
import { hasSorryToken, KIND, lexTable, type TokenTable } from '../src/lean/syntax/lexer.js';
import { isProofKind, NameTable } from '../src/lean/syntax/names.js';
import { lastLinks } from '../src/lean/syntax/scope-links.js';
import type { Entity, PairedDecl, PairedEntity, UnresolvedName } from '../src/model/entity.js';
import type { LeanDecl, LeanProject, ScopeLink } from '../src/model/lean.js';
import type { Location } from '../src/model/location.js';

/** Pairs every entity with the declarations its Lean names resolve to; without a project nothing resolves. */
export function pairEntities(entities: Entity[], project: LeanProject | undefined): PairedEntity[] {
  const index = project ? nameLookup(project) : undefined;
  const fileOf = new Map(project?.files.flatMap((f) => f.decls.map((d) => [d, f.path] as const)));
  const sources = new Map<string, string | undefined>();
  const source = (decl: LeanDecl) => {
    const file = fileOf.get(decl);
    if (file !== undefined && !sources.has(file)) sources.set(file, readLeanSource(project!, file));
    return file === undefined ? undefined : sources.get(file);
  };
  // A part names the declaration it was read from: two books of one repository may each declare a
  // `MetricAxioms` in modules never imported together, and each docstring means its own.
  const placedDecls = new Map(
    project?.files.flatMap((f) => f.decls.flatMap((d) => (d.location ? [[`${f.path}:${d.location.line}:${d.fullName}`, d] as const] : []))),
  );
  const declAt = (name: string, at: Location | undefined): LeanDecl | undefined =>
    at ? placedDecls.get(`${at.file}:${at.line}:${name}`) : undefined;
  return entities.map((entity) => {
    const decls: PairedDecl[] = [];
    const unresolved: PairedEntity['unresolved'] = [];
    // leanblueprint's `\lean{}` takes full names (its checkdecls looks each one up as written), as
    // VersoBlueprint's `(lean := …)` does: a suffix may well be a Mathlib declaration's name, or another declaration of the project's.
    const fullNamesOnly = entity.origin === 'blueprint' || entity.origin === 'verso';
    for (const leanName of entity.leanNames) {
      const part = entity.parts?.find((p) => p.leanName === leanName);
      const placed = part && declAt(part.leanName, part.location);
      const { decl, generated, candidates } = placed
        ? { decl: placed, candidates: [] }
        : (index?.resolve(leanName, fullNamesOnly) ?? { candidates: [] });
      if (decl) {
        decls.push({
          ...pairedDecl(leanName, decl, source(decl)),
          ...(generated ? { generatedBy: 'to_additive' } : {}),
          ...(part ? { role: part.role } : {}),
        });
        continue;
      }
      const instances = candidates.length === 0 ? (index?.anonymousInstances(leanName) ?? []) : [];
      const places = instances.map((d) => `${d.location.file}:${d.location.line}`);
      unresolved.push({ leanName, candidates, ...(places.length > 0 ? { anonymousInstances: places } : {}) });
    }
    return { ...entity, decls, unresolved, ...(entity.origin === 'docstring' ? { selfConsistency: true } : {}) };
  });
}

/** Kinds whose body is a proof, discarded from what a judge sees; the value of a definition is kept. */

/**
 * A declaration as a judge sees it: binders and type as written (no keyword, no name), the proof of
 * a theorem discarded; for definitions, structures and instances the value is part of what is
 * stated and is kept (read from `fileText`, the declaration's file, when given).
 */
export function pairedDecl(leanName: string, decl: LeanDecl, fileText?: string): PairedDecl {
  const keepsValue = !isProofKind(decl.kind) && decl.bodyRange !== undefined && fileText !== undefined;
  const header = keepsValue ? fileText.slice(decl.headerRange.start, decl.range.end).trim() : decl.header;
  return {
    leanName,
    fullName: decl.fullName,
    kind: decl.kind,
    header,
    variables: scopeVariables(decl),
    ...(decl.doc !== undefined ? { doc: decl.doc } : {}),
    location: decl.location,
    hasSorry: hasSorry(decl),
  };
}

/** True when the declaration's proof or value contains `sorry` or `admit` (as tokens, not in comments). */
export function hasSorry(decl: LeanDecl): boolean {
  return hasSorryToken(decl.body);
}

/**
 * Every binder of the `variable` commands in scope, instance binders included: which of them Lean
 * adds to the statement depends on what it mentions, also through notations (`open scoped
 * ShortVariables` in carleson makes `Q` stand for a field of the `[ProofData …]` instance), which a
 * reading of the source cannot decide; a binder the statement does not use is not part of it.
 */
export function scopeVariables(decl: LeanDecl): string[] {
  // Each link's binders are split once; a hostile file's thousands of `variable`s, each before a documented theorem, would
  // otherwise give every entity all of them (n² in all): a judge is shown the last ones.
  const binders = lastLinks(decl.variables, MAX_SCOPE_BINDERS).flatMap(bindersOfLink);
  return binders.length > MAX_SCOPE_BINDERS ? binders.slice(binders.length - MAX_SCOPE_BINDERS) : binders;
}

/** The most `variable` binders a paired declaration carries (the ones written last); a real file has a few dozen in scope. */
export const MAX_SCOPE_BINDERS = 256;

const bindersByLink = new WeakMap<ScopeLink, string[]>();

/** The binders of one `variable` command, split once however many declarations it is in force for. */
function bindersOfLink(link: ScopeLink): string[] {
  let binders = bindersByLink.get(link);
  if (binders === undefined) bindersByLink.set(link, (binders = link.items.flatMap((item) => bindersOf(withoutComments(item)))));
  return binders;
}

/** One name table and token table for the `variable` commands lexed here: a table made afresh interns every keyword. */
const commandNames = new NameTable();
let commandTable: TokenTable | undefined;

/**
 * `text` with its comments and doc comments blanked: no binder is read in them (pfr's `--[MeasurableSingletonClass S]`),
 * and a `/-! … -/` that follows a `variable` command, part of its text, brings none.
 */
function withoutComments(text: string): string {
  const { table } = lexTable(text, '<variable>', commandTable, commandNames);
  commandTable = table;
  const ranges: [number, number][] = [];
  for (let k = 0; k < table.comments.length; k += 5) ranges.push([table.comments[k + 1]!, table.comments[k + 2]!]);
  for (let i = 0; i < table.count; i++) {
    if (table.kind[i] === KIND.docComment || table.kind[i] === KIND.moduleDoc) ranges.push([table.start[i]!, table.end[i]!]);
  }
  let out = text;
  for (const [start, end] of ranges) out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  return out;
}

const CLOSING: Record<string, string> = { '(': ')', '{': '}', '[': ']', '⦃': '⦄', '{{': '}}' };

/** Splits `variable {G : Type*} [Group G] (a b : G)` into its bracketed binders, as written. */
function bindersOf(command: string): string[] {
  const text = command.replace(/^\s*variable\b/, '');
  const binders: string[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.startsWith('{{', i) ? '{{' : text[i]!;
    const close = CLOSING[open];
    if (!close) {
      i++;
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < text.length; j++) {
      if (text.startsWith(open, j) && (open !== '{' || !text.startsWith('{{', j))) depth++;
      else if (text.startsWith(close, j)) {
        depth--;
        if (depth === 0) break;
      }
    }
    binders.push(text.slice(i, j + close.length));
    i = j + close.length;
  }
  return binders;
}

/**
 * Whether the informal source shows the entity's Lean proof as complete, and how it says so:
 * `\leanok` on the proof (or on a statement without one), status `proved`; or, for a VersoBlueprint
 * node or a LeanArchitect `@[blueprint]` node, whose status the tool computes from the declarations'
 * own proofs, every name found and none of them with a `sorry`.
 */
export function provedClaim(entity: PairedEntity): string | undefined {
  if (entity.flags.proofLeanok) return entity.origin === 'json' ? `status ${entity.status}` : '\\leanok (proof)';
  if (entity.flags.leanok && entity.proof === undefined) return entity.origin === 'json' ? `status ${entity.status}` : '\\leanok';
  const computed = entity.origin === 'verso' ? 'VersoBlueprint' : entity.location?.file.endsWith('.lean') ? 'LeanArchitect' : undefined;
  if (computed === undefined || entity.flags.mathlibok || entity.decls.length === 0 || entity.unresolved.length > 0) return undefined;
  return entity.decls.some((d) => d.hasSorry) ? undefined : `proved (${computed}'s status, computed from the code)`;
}

/** Coverage of the informal source by the Lean code. */
export interface Coverage {
  entities: number;
  /** Entities naming at least one Lean declaration. */
  withLeanNames: number;
  /** Entities with at least one name that resolved to a declaration. */
  paired: number;
  /** Entities all of whose Lean names resolved. */
  found: number;
  /** Entities whose names all resolved to declarations free of `sorry`. */
  proofComplete: number;
  leanNames: number;
  leanNamesFound: number;
  /** Names not in the project that a dependency's checked-out sources declare. */
  leanNamesInDependencies: number;
}

/** Counts entities with Lean names, found, and proof-complete. */
export function coverage(paired: PairedEntity[]): Coverage {
  const c: Coverage = {
    entities: paired.length,
    withLeanNames: 0,
    paired: 0,
    found: 0,
    proofComplete: 0,
    leanNames: 0,
    leanNamesFound: 0,
    leanNamesInDependencies: 0,
  };
  for (const e of paired) {
    c.leanNames += e.leanNames.length;
    c.leanNamesFound += e.decls.length;
    c.leanNamesInDependencies += e.unresolved.filter((u) => u.declaredIn).length;
    if (e.leanNames.length === 0) continue;
    c.withLeanNames++;
    if (e.decls.length > 0) c.paired++;
    if (e.unresolved.length > 0) continue;
    c.found++;
    if (e.decls.every((d) => !d.hasSorry)) c.proofComplete++;
  }
  return c;
}

/** Declarations claimed by more than one entity: full name → the claiming entities. */
export function sharedDecls(paired: PairedEntity[]): Map<string, PairedEntity[]> {
  const claims = new Map<string, PairedEntity[]>();
  for (const e of paired) {
    for (const fullName of new Set(e.decls.map((d) => d.fullName))) claims.set(fullName, [...(claims.get(fullName) ?? []), e]);
  }
  return new Map([...claims].filter(([, list]) => list.length > 1));
}

/**
 * Entities whose unresolved names carry `declaredIn` where a dependency declares them: names with
 * no project candidate, and blueprint names (full names, as checkdecls reads them: a name that only
 * ends a project declaration's may well be Mathlib's own).
 */
export function locateInDependencies(entities: PairedEntity[], root: string): PairedEntity[] {
  const looked = (entity: PairedEntity, u: UnresolvedName): boolean => u.candidates.length === 0 || entity.origin === 'blueprint';
  const wanted = entities.flatMap((e) => e.unresolved.filter((u) => looked(e, u)).map((u) => u.leanName));
  const found = findInDependencies(root, wanted);
  if (found.size === 0) return entities;
  return entities.map((entity) => {
    const where = (u: UnresolvedName) => (looked(entity, u) ? found.get(u.leanName.replace(/^_root_\./, '')) : undefined);
    if (!entity.unresolved.some(where)) return entity;
    return { ...entity, unresolved: entity.unresolved.map((u) => ({ ...u, ...(where(u) ? { declaredIn: where(u)! } : {}) })) };
  });
}
