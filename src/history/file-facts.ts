/**
 * What one Lean file says of itself, read once per blob: its declarations and its proof gaps by
 * kind, as the proof-gaps auditor's tokens count them. A history costs one parse per file version,
 * however many commits carry it.
 */
import { proofGapsOf, SORRY_KINDS } from '../lean/syntax/gaps.js';
import { parseLean } from '../lean/syntax/parser.js';
import { decodeLeanSource } from '../lean/workspace/source.js';
import type { LeanDecl, LeanFile } from '../model/lean.js';

export interface FileFacts {
  /** The parsed file, its declarations' references linked when a commit needs the transitive counts. */
  file: LeanFile;
  /** Gap counts by kind, and `sorry` for all the `sorry` kinds together. */
  gaps: Map<string, number>;
  /** The declarations with a `sorry` (or a sorry macro), and the axioms. */
  sorried: LeanDecl[];
  axioms: LeanDecl[];
  /** The file could not be read as Lean source (binary, too large). */
  unreadable: boolean;
}

/** The facts of one version of a file at `path`, of module `module`. */
export function fileFacts(bytes: Buffer, path: string, module: string): FileFacts {
  const { text } = decodeLeanSource(bytes, path);
  const file = parseLean(text ?? '', path, { module });
  const facts: FileFacts = { file, gaps: new Map(), sorried: [], axioms: [], unreadable: text === undefined };
  if (text === undefined) return facts;
  const sorried = new Set<LeanDecl>();
  for (const gap of proofGapsOf(file, text)) {
    const add = (kind: string): void => {
      facts.gaps.set(kind, (facts.gaps.get(kind) ?? 0) + 1);
    };
    add(gap.kind);
    if (SORRY_KINDS.has(gap.kind)) add('sorry');
    if ((SORRY_KINDS.has(gap.kind) || gap.kind === 'sorry-macro') && gap.decl) sorried.add(gap.decl);
    if (gap.kind === 'axiom' && gap.decl) facts.axioms.push(gap.decl);
  }
  facts.sorried = [...sorried];
  return facts;
}
