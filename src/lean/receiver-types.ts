/**
 * The type of a local as its declaration writes it, for generalized field notation: `hX.entropy_congr`
 * with `(hX : IdentDistrib X Y μ μ')` is `IdentDistrib.entropy_congr`, Lean looking the field up in
 * the namespace of the head constant of the receiver's type. Read from the binders that name the
 * local (`(hX hY : T …)`, `{hX : T}`, `[hX : T]`, `have hX : T`, `∀ hX : T,`): the local binders and
 * hypotheses of the body first, then the declaration's own binders, then its `variable`s. Only a type
 * written with a constant at its head is read (`IdentDistrib …`, `@IdentDistrib …`, `Foo.Bar …`).
 */
import { escapeRegExp } from '../core/regexp.js';
import type { LeanDecl } from '../model/lean.js';

const NAME_CHARS = String.raw`[\p{L}\p{N}_'!?\u2080-\u209c]`;

/** The last component of the head constant of the type `local` is given in `text`, if a binder there names it. */
function typeIn(text: string, local: string): string | undefined {
  const pattern = new RegExp(
    String.raw`(?<!${NAME_CHARS}|\.)${escapeRegExp(local)}(?:\s+${NAME_CHARS}+)*\s*:(?!=)\s*@?([\p{L}_]${NAME_CHARS}*(?:\.[\p{L}_]${NAME_CHARS}*)*)`,
    'gu',
  );
  let found: string | undefined;
  for (const m of text.matchAll(pattern)) {
    const head = m[1]!;
    // The innermost binder wins in Lean; read top-down, the last one before the use is closest, and a body's binder comes after the header's.
    found = head.slice(head.lastIndexOf('.') + 1);
  }
  return found;
}

/** The last component of the head constant of the type of `local` in `decl` (`IdentDistrib` for `hX : IdentDistrib X Y μ μ'`), if written. */
export function receiverType(decl: Pick<LeanDecl, 'header' | 'body' | 'variables'>, local: string): string | undefined {
  return (
    (decl.body === undefined ? undefined : typeIn(decl.body, local)) ??
    typeIn(decl.header, local) ??
    [...decl.variables].reverse().reduce<string | undefined>((found, v) => found ?? typeIn(v, local), undefined)
  );
}
