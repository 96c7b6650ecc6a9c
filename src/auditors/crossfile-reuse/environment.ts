/**
 * Which project declarations a declaration can refer to, as Lean has them in its environment: the
 * earlier ones of its file (and those of its `mutual` block), and those of the files its file
 * imports, directly or not. Asked of the declarations of the files it was made from (a declaration
 * it does not know is taken as in reach): they are placed by their file and order there, not by
 * their locations, which a model may lack.
 */

import { mutualBlocks } from '../../lean/resolve/references.js';
import { ImportGraph } from '../../lean/workspace/imports.js';
import type { LeanDecl, LeanFile } from '../../model/lean.js';

/** Why a declaration cannot refer to another: declared after it in the same file, or in a file its file does not import. */
export type OutOfReach = 'declared-later' | 'not-imported';

interface Where {
  file: number;
  index: number;
  block: number;
}

/** The environment of each declaration of a project's files. */
export class Environment {
  private readonly imports: ImportGraph;
  private readonly places = new Map<LeanDecl, Where>();
  private readonly seen = new Map<number, Set<number> | undefined>();

  constructor(files: readonly LeanFile[]) {
    this.imports = new ImportGraph(files);
    files.forEach((file, f) => {
      const blocks = mutualBlocks(file);
      file.decls.forEach((decl, index) => this.places.set(decl, { file: f, index, block: blocks[index]! }));
    });
  }

  /** Why `user` cannot refer to `target`, or undefined when it can (or when either is not of these files). */
  outOfReach(user: LeanDecl, target: LeanDecl): OutOfReach | undefined {
    const from = this.places.get(user);
    const to = this.places.get(target);
    if (from === undefined || to === undefined) return undefined;
    if (from.file === to.file) return to.index <= from.index || (from.block >= 0 && from.block === to.block) ? undefined : 'declared-later';
    if (!this.seen.has(from.file)) this.seen.set(from.file, this.imports.seenBy(from.file));
    const seen = this.seen.get(from.file);
    return seen === undefined || seen.has(to.file) ? undefined : 'not-imported';
  }
}
