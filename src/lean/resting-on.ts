/**
 * The declarations that rest on a sorry (or a project axiom) without having one: those that reach a
 * declaration with a `sorry` (or a sorry macro's use; or an axiom the project declares), through the
 * project references the source model resolved (`LeanDecl.references`), directly or through others.
 * A theorem proven to the end that uses a lemma whose proof is `sorry` is no more proven than that
 * lemma. The references are read from the text, so this is what the model sees, not Lean's
 * `#print axioms` (the axiom-usage auditor asks Lean).
 */
import type { LeanDecl, LeanFile } from './types.js';

/** The declarations of `files` that reach one of the `sorried` full names (or axioms) and are not among them, in file order. */
export function restingOn(files: readonly LeanFile[], sorried: ReadonlySet<string>): LeanDecl[] {
  const referencedBy = new Map<string, LeanDecl[]>();
  for (const file of files) {
    for (const decl of file.decls) {
      for (const target of decl.references) {
        const users = referencedBy.get(target);
        if (users === undefined) referencedBy.set(target, [decl]);
        else users.push(decl);
      }
    }
  }
  const reached = new Set<LeanDecl>();
  const todo = [...sorried];
  const seen = new Set(todo);
  for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
    for (const user of referencedBy.get(name) ?? []) {
      reached.add(user);
      if (!seen.has(user.fullName)) seen.add(user.fullName), todo.push(user.fullName);
    }
  }
  return files.flatMap((file) => file.decls.filter((decl) => reached.has(decl) && !sorried.has(decl.fullName)));
}
