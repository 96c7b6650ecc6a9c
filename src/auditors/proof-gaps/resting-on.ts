/**
 * The declarations that rest on a sorry (or a project axiom) without having one: those that reach a
 * declaration with a `sorry` (or a sorry macro's use; or an axiom the project declares), through the
 * project references the source model resolved (`LeanDecl.references`), directly or through others.
 * A theorem proven to the end that uses a lemma whose proof is `sorry` is no more proven than that
 * lemma. The references are read from the text, so this is what the model sees, not Lean's
 * `#print axioms` (the axiom-usage auditor asks Lean). A reference is to the declaration of that
 * name the referring one sees (an earlier one of its file, or one of the files it imports): test
 * files that never meet may each declare a `foo`, one of them with a `sorry`.
 */

import { mutualBlocks } from '../../lean/resolve/references.js';
import { ImportGraph } from '../../lean/workspace/imports.js';
import type { LeanDecl, LeanFile } from '../../model/lean.js';

/** A declaration and where it stands: its file, its number there, its `mutual` block (-1: none). */
interface Placed {
  decl: LeanDecl;
  file: number;
  index: number;
  block: number;
}

/** The declarations of some files by the declarations they reference, made once for every question asked of them. */
export class Dependents {
  private readonly referencedBy = new Map<LeanDecl, LeanDecl[]>();
  private readonly referencing = new Map<LeanDecl, LeanDecl[]>();

  constructor(private readonly files: readonly LeanFile[]) {
    const imports = new ImportGraph(files);
    const byName = new Map<string, Placed[]>();
    const blocks = files.map(mutualBlocks);
    files.forEach((file, f) => {
      file.decls.forEach((decl, index) => {
        const placed = { decl, file: f, index, block: blocks[f]![index]! };
        const list = byName.get(decl.fullName);
        if (list === undefined) byName.set(decl.fullName, [placed]);
        else list.push(placed);
      });
    });
    files.forEach((file, f) => {
      const seen = imports.seenBy(f);
      file.decls.forEach((decl, index) => {
        const block = blocks[f]![index]!;
        const sees = (target: Placed): boolean =>
          target.file === f ? target.index < index || (block >= 0 && target.block === block) : seen === undefined || seen.has(target.file);
        for (const name of decl.references) {
          const targets = byName.get(name) ?? [];
          for (const target of targets.length === 1 ? targets : targets.filter(sees)) {
            const users = this.referencedBy.get(target.decl);
            if (users === undefined) this.referencedBy.set(target.decl, [decl]);
            else users.push(decl);
            const used = this.referencing.get(decl);
            if (used === undefined) this.referencing.set(decl, [target.decl]);
            else used.push(target.decl);
          }
        }
      });
    });
  }

  /** The declarations that reach one of the `roots` (sorried declarations, or axioms) and are not among them, in file order. */
  restingOn(roots: ReadonlySet<LeanDecl>): LeanDecl[] {
    const reached = new Set<LeanDecl>();
    const todo = [...roots];
    const seen = new Set(todo);
    for (let decl = todo.pop(); decl !== undefined; decl = todo.pop()) {
      for (const user of this.referencedBy.get(decl) ?? []) {
        reached.add(user);
        if (!seen.has(user)) seen.add(user), todo.push(user);
      }
    }
    return this.files.flatMap((file) => file.decls.filter((decl) => reached.has(decl) && !roots.has(decl)));
  }

  /** Whether some declaration references `decl`: a result is one nothing else uses. */
  isUsed(decl: LeanDecl): boolean {
    return this.referencedBy.has(decl);
  }

  /**
   * How `from` rests on one of the `roots`: the shortest chain of references `from → A → B → root`
   * (just `[from]` when it is a root itself), or undefined when it reaches none. For a finding's
   * "X rests on the gap in G via A → B".
   */
  chain(from: LeanDecl, roots: ReadonlySet<LeanDecl>): LeanDecl[] | undefined {
    const cameFrom = new Map<LeanDecl, LeanDecl | undefined>([[from, undefined]]);
    const queue = [from];
    for (let i = 0; i < queue.length; i++) {
      const decl = queue[i]!;
      if (roots.has(decl)) {
        const path: LeanDecl[] = [];
        for (let at: LeanDecl | undefined = decl; at !== undefined; at = cameFrom.get(at)) path.push(at);
        return path.reverse();
      }
      for (const next of this.referencing.get(decl) ?? []) {
        if (!cameFrom.has(next)) cameFrom.set(next, decl), queue.push(next);
      }
    }
    return undefined;
  }
}
