/**
 * The type of a local as its declaration writes it, for generalized field notation: `hX.entropy_congr`
 * with `(hX : IdentDistrib X Y μ μ')` is `IdentDistrib.entropy_congr`, Lean looking the field up in
 * the namespace of the head constant of the receiver's type. Read from the binders that name the
 * local (`(hX hY : T …)`, `{hX : T}`, `[hX : T]`, `have hX : T`, `∀ hX : T,`): the local binders and
 * hypotheses of the body first, then the declaration's own binders, then its `variable`s. Only a type
 * written with a constant at its head is read (`IdentDistrib …`, `@IdentDistrib …`, `Foo.Bar …`).
 */
import type { LeanDecl, ScopeLink } from '../../model/lean.js';
import { LINKS_READ, lastLinks } from '../syntax/scope-links.js';

const NAME_CHAR = /[\p{L}\p{N}_'!?\u2080-\u209c]/u;
const HEAD_START = /[\p{L}_]/u;
const SPACE = /\s/;

/** The character (code point) starting at `at`, or '' past the end. */
const charAt = (text: string, at: number): string => (at < text.length ? String.fromCodePoint(text.codePointAt(at)!) : '');

/** The character (code point) ending just before `at`, or '' at the start. */
function charBefore(text: string, at: number): string {
  if (at <= 0) return '';
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.slice(at - 2, at) : text[at - 1]!;
}

/**
 * Every local a binder in `text` names, with the last component of its type's head: a run of names
 * followed by `:` (not `:=` or `::`) and a type with a constant at its head. A later binder of the same
 * name wins: in Lean the innermost binder does, and read top-down the last one before a use is the
 * closest. Found from each colon of the text, looking back for the names and on for the head, in one
 * pass whatever the number of locals asked about.
 */
function bindersIn(text: string): Map<string, string> {
  const types = new Map<string, string>();
  // Where the last binder's head ended: the names of the next binder start after it.
  let floor = 0;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    if (text[colon + 1] === '=' || text[colon + 1] === ':' || text[colon - 1] === ':') continue;
    let at = colon + 1;
    while (at < text.length && SPACE.test(text[at]!)) at++;
    if (text[at] === '@') at++;
    const headStart = at;
    if (!HEAD_START.test(charAt(text, at))) continue;
    for (;;) {
      const c = charAt(text, at);
      if (NAME_CHAR.test(c)) at += c.length;
      else if (c === '.' && HEAD_START.test(charAt(text, at + 1))) at++;
      else break;
    }
    const names = namesBefore(text, colon, floor);
    if (names.length === 0) continue;
    const head = text.slice(headStart, at);
    const type = head.slice(head.lastIndexOf('.') + 1);
    for (const local of names) types.set(local, type);
    floor = at;
  }
  return types;
}

/** A binder names a handful of locals; a longer run of words before a colon (a hostile 10 MB line) is read this far back. */
const MAX_BINDER_NAMES = 256;

/** The run of names (separated by blanks) that ends just before `colon` (blanks between), none reaching back before `floor`; a name after a `.` is a field, not a binder. */
function namesBefore(text: string, colon: number, floor: number): string[] {
  const names: string[] = [];
  let at = colon;
  while (at > floor && SPACE.test(text[at - 1]!)) at--;
  while (names.length < MAX_BINDER_NAMES) {
    const end = at;
    for (let c = charBefore(text, at); at > floor && c !== '' && NAME_CHAR.test(c); c = charBefore(text, at)) at -= c.length;
    if (at === end) break;
    if (at > floor && text[at - 1] === '.') break;
    if (at === floor && floor > 0 && (NAME_CHAR.test(charBefore(text, at)) || text[at - 1] === '.')) break;
    names.push(text.slice(at, end));
    const beforeBlank = at;
    while (at > floor && SPACE.test(text[at - 1]!)) at--;
    if (at === beforeBlank) break;
  }
  return names.reverse();
}

/** The binders of a declaration's texts, read once per declaration (and once per `variable` command, which a scope's declarations share). */
const ofDecl = new WeakMap<object, { body: Map<string, string>; header: Map<string, string> }>();
const ofVariable = new WeakMap<ScopeLink, Map<string, string>>();

/** The binders of one `variable` command. */
function variableBinders(link: ScopeLink): Map<string, string> {
  let binders = ofVariable.get(link);
  if (binders === undefined) ofVariable.set(link, (binders = bindersIn(link.items.join('\n'))));
  return binders;
}

/** The last component of the head constant of the type of `local` in `decl` (`IdentDistrib` for `hX : IdentDistrib X Y μ μ'`), if written. */
export function receiverType(decl: Pick<LeanDecl, 'header' | 'body' | 'variables'>, local: string): string | undefined {
  let own = ofDecl.get(decl);
  if (own === undefined) ofDecl.set(decl, (own = { body: bindersIn(decl.body ?? ''), header: bindersIn(decl.header) }));
  const found = own.body.get(local) ?? own.header.get(local);
  if (found !== undefined) return found;
  // The last `variable` command naming the local wins, as the binder closest to the declaration.
  const links = lastLinks(decl.variables, LINKS_READ);
  for (let k = links.length - 1; k >= 0; k--) {
    const type = variableBinders(links[k]!).get(local);
    if (type !== undefined) return type;
  }
  return undefined;
}
