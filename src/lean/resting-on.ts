/**
 * The declarations that rest on a sorry (or a project axiom) without having one: those that reach a
 * declaration with a `sorry` (or a sorry macro's use; or an axiom the project declares), through the
 * project references the source model resolved (`LeanDecl.references`), directly or through others.
 * A theorem proven to the end that uses a lemma whose proof is `sorry` is no more proven than that
 * lemma. The references are read from the text, so this is what the model sees, not Lean's
 * `#print axioms` (the axiom-usage auditor asks Lean).
 */
import type { LeanDecl, LeanFile } from '../model/lean.js';

/** The declarations of some files by the full names they reference, made once for every question asked of them. */
export class Dependents {
  private readonly referencedBy = new Map<string, LeanDecl[]>();

  constructor(private readonly files: readonly LeanFile[]) {
    for (const file of files) {
      for (const decl of file.decls) {
        for (const target of decl.references) {
          const users = this.referencedBy.get(target);
          if (users === undefined) this.referencedBy.set(target, [decl]);
          else users.push(decl);
        }
      }
    }
  }

  /** The declarations that reach one of the `roots` full names (sorried declarations, or axioms) and are not among them, in file order. */
  restingOn(roots: ReadonlySet<string>): LeanDecl[] {
    const reached = new Set<LeanDecl>();
    const todo = [...roots];
    const seen = new Set(todo);
    for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
      for (const user of this.referencedBy.get(name) ?? []) {
        reached.add(user);
        if (!seen.has(user.fullName)) seen.add(user.fullName), todo.push(user.fullName);
      }
    }
    return this.files.flatMap((file) => file.decls.filter((decl) => reached.has(decl) && !roots.has(decl.fullName)));
  }
}
