/**
 * Pairing: resolves the Lean names an informal entity claims against the declarations of the
 * source model (exact full name, else — outside blueprints — an unambiguous suffix, else the
 * candidates), attaching each declaration's header with the proof discarded, the section
 * `variable`s it uses and its docstring.
 */

import { findInDependencies } from '../src/lean/dependency-names.js';
import { hasSorryToken } from '../src/lean/lexer.js';
import { nameLookup } from '../src/lean/name-lookup.js';
import { readLeanSource } from '../src/lean/project.js';
import type { Entity, PairedDecl, PairedEntity, UnresolvedName } from '../src/model/entity.js';
import type { LeanDecl, LeanProject } from '../src/model/lean.js';
import { usedVariables } from './used-variables.js';

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
  return entities.map((entity) => {
    const decls: PairedDecl[] = [];
    const unresolved: PairedEntity['unresolved'] = [];
    // leanblueprint's `\lean{}` takes full names (its checkdecls looks each one up as written), as
    // VersoBlueprint's `(lean := …)` does: a suffix may well be a Mathlib declaration's name, or another declaration of the project's.
    const fullNamesOnly = entity.origin === 'blueprint' || entity.origin === 'verso';
    for (const leanName of entity.leanNames) {
      const { decl, generated, candidates } = index?.resolve(leanName, fullNamesOnly) ?? { candidates: [] };
      if (decl) {
        decls.push({ ...pairedDecl(leanName, decl, source(decl)), ...(generated ? { generatedBy: 'to_additive' } : {}) });
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
const PROOF_KINDS: ReadonlySet<string> = new Set(['theorem', 'lemma', 'example']);

/**
 * A declaration as a judge sees it: binders and type as written (no keyword, no name), the proof of
 * a theorem discarded; for definitions, structures and instances the value is part of what is
 * stated and is kept (read from `fileText`, the declaration's file, when given).
 */
export function pairedDecl(leanName: string, decl: LeanDecl, fileText?: string): PairedDecl {
  const keepsValue = !PROOF_KINDS.has(decl.kind) && decl.bodyRange !== undefined && fileText !== undefined;
  const header = keepsValue ? fileText.slice(decl.headerRange.start, decl.range.end).trim() : decl.header;
  return {
    leanName,
    fullName: decl.fullName,
    kind: decl.kind,
    header,
    variables: usedVariables(decl, header),
    ...(decl.doc !== undefined ? { doc: decl.doc } : {}),
    location: decl.location,
    hasSorry: hasSorry(decl),
  };
}

/** True when the declaration's proof or value contains `sorry` or `admit` (as tokens, not in comments). */
export function hasSorry(decl: LeanDecl): boolean {
  return hasSorryToken(decl.body);
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
