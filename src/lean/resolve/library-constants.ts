/**
 * Library constants read from the sources of the project's Lake dependencies (`.lake/packages`) and
 * of Lean core: each name's kind, signature (binders and type) and docstring, as the judges are
 * shown them. Names are located with the dependency search the pairing uses (dependency-names.ts).
 */
import { isAbsolute, join } from 'node:path';
import { readBoundedFile } from '../../core/repo-file.js';
import type { GroundedConstant } from '../../core/types.js';
import type { LeanDecl } from '../../model/lean.js';
import { parseLean } from '../syntax/parser.js';
import { decodeLeanSource, MAX_FILE_BYTES } from '../workspace/source.js';
import { findInDependencies } from './dependency-names.js';

/** The constants of `names` that a dependency's sources declare, by name. */
export function lookupLibraryConstants(root: string, names: string[]): Map<string, GroundedConstant> {
  const out = new Map<string, GroundedConstant>();
  const found = findInDependencies(root, names);
  const byFile = new Map<string, Map<string, LeanDecl>>();
  for (const [name, where] of found) {
    let decls = byFile.get(where.file);
    if (!decls) {
      decls = new Map();
      byFile.set(where.file, decls);
      try {
        const path = isAbsolute(where.file) ? where.file : join(root, where.file);
        const text = decodeLeanSource(readBoundedFile(path, MAX_FILE_BYTES), where.file).text;
        if (text !== undefined) for (const d of parseLean(text, where.file).decls) decls.set(d.fullName, d);
      } catch {
        // an unreadable file only costs the grounding of its names
      }
    }
    const decl = decls.get(name) ?? (where.from ? decls.get(where.from) : undefined);
    if (!decl) continue;
    out.set(name, {
      name,
      kind: decl.kind,
      signature: decl.header,
      ...(decl.doc ? { doc: decl.doc } : {}),
      source: `${where.package} (${where.file}:${decl.location.line})`,
    });
  }
  return out;
}
