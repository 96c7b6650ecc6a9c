/**
 * The type of a local as its declaration writes it, for generalized field notation: `hX.entropy_congr`
 * with `(hX : IdentDistrib X Y μ μ')` is `IdentDistrib.entropy_congr`, Lean looking the field up in
 * the namespace of the head constant of the receiver's type. Read from the binders that name the
 * local (`(hX hY : T …)`, `{hX : T}`, `[hX : T]`, `have hX : T`, `∀ hX : T,`): the local binders and
 * hypotheses of the body first, then the declaration's own binders, then its `variable`s. Only a type
 * written with a constant at its head is read (`IdentDistrib …`, `@IdentDistrib …`, `Foo.Bar …`).
 */
import type { LeanDecl, ScopeLink } from '../model/lean.js';
import { LINKS_READ, lastLinks } from './scope-links.js';

const NAME_CHARS = String.raw`[\p{L}\p{N}_'!?\u2080-\u209c]`;

/**
 * One pass over a text: a run of names (`hX hY`), a stretch of white space, a `:` and the head
 * constant of the type after it (not `:=`, nor a `::`), or any other character.
 */
const TOKENS = new RegExp(
  String.raw`(${NAME_CHARS}+)|(\s+)|(?<!:):(?![=:])\s*@?([\p{L}_]${NAME_CHARS}*(?:\.[\p{L}_]${NAME_CHARS}*)*)|.`,
  'gsu',
);

/**
 * For each local a binder of `text` names (`(hX hY : T …)`, `{hX : T}`, `have hX : T`, `∀ hX : T,`),
 * the last component of the head constant of its type, the last binder of a name winning (the
 * innermost, in Lean, read top-down): one pass over the text, where a search per local made a
 * statement naming n locals cost n².
 */
function binderTypes(text: string): Map<string, string> {
  const types = new Map<string, string>();
  // The names since the last character that is neither a name nor white space; a name right after a `.` is a field, no binder.
  let run: string[] = [];
  let afterDot = false;
  for (const m of text.matchAll(TOKENS)) {
    if (m[1] !== undefined) {
      if (!afterDot) run.push(m[1]);
      afterDot = false;
    } else if (m[2] !== undefined) {
      afterDot = false;
    } else if (m[3] !== undefined) {
      const head = m[3].slice(m[3].lastIndexOf('.') + 1);
      for (const name of run) types.set(name, head);
      run = [];
      afterDot = false;
    } else {
      run = [];
      afterDot = m[0] === '.';
    }
  }
  return types;
}

const typesOfLink = new WeakMap<ScopeLink, Map<string, string>>();
const typesOfDecl = new WeakMap<object, { body: Map<string, string> | undefined; header: Map<string, string> }>();

/** The binder types of a `variable` link, read once however many declarations use it. */
function linkTypes(link: ScopeLink): Map<string, string> {
  let types = typesOfLink.get(link);
  if (types === undefined) typesOfLink.set(link, (types = binderTypes(link.items.join('\n'))));
  return types;
}

/** The last component of the head constant of the type of `local` in `decl` (`IdentDistrib` for `hX : IdentDistrib X Y μ μ'`), if written. */
export function receiverType(decl: Pick<LeanDecl, 'header' | 'body' | 'variables'>, local: string): string | undefined {
  let own = typesOfDecl.get(decl);
  if (own === undefined) {
    own = { body: decl.body === undefined ? undefined : binderTypes(decl.body), header: binderTypes(decl.header) };
    typesOfDecl.set(decl, own);
  }
  const found = own.body?.get(local) ?? own.header.get(local);
  if (found !== undefined) return found;
  // The innermost `variable` first.
  const links = lastLinks(decl.variables, LINKS_READ);
  for (let k = links.length - 1; k >= 0; k--) {
    const type = linkTypes(links[k]!).get(local);
    if (type !== undefined) return type;
  }
  return undefined;
}
