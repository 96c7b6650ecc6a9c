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

/** Per ASCII code: 1 a name character, 2 also a head start (a letter or `_`), 4 a blank; other codes go through the regular expressions. */
const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const s = String.fromCharCode(c);
  ASCII[c] = (NAME_CHAR.test(s) ? 1 : 0) | (HEAD_START.test(s) ? 2 : 0) | (SPACE.test(s) ? 4 : 0);
}

/** The code point starting at `at`, or -1 past the end. */
const codeAt = (text: string, at: number): number => (at < text.length ? text.codePointAt(at)! : -1);

/** The code point ending just before `at`, or -1 at the start. */
function codeBefore(text: string, at: number): number {
  if (at <= 0) return -1;
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.codePointAt(at - 2)! : low;
}

/** Whether the code point is of the class (1 name character, 2 head start, 4 blank); ASCII by table, since this runs on every character of every declaration. */
function isClass(code: number, bit: number, pattern: RegExp): boolean {
  if (code < 0) return false;
  return code < 128 ? (ASCII[code]! & bit) !== 0 : pattern.test(String.fromCodePoint(code));
}
const isNameChar = (code: number): boolean => isClass(code, 1, NAME_CHAR);
const isHeadStart = (code: number): boolean => isClass(code, 2, HEAD_START);
const isBlank = (code: number): boolean => isClass(code, 4, SPACE);
const width = (code: number): number => (code > 0xffff ? 2 : 1);
const COLON = 58;
const EQUALS = 61;
const AT = 64;
const DOT = 46;

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
    const next = text.charCodeAt(colon + 1);
    if (next === EQUALS || next === COLON || (colon > 0 && text.charCodeAt(colon - 1) === COLON)) continue;
    let at = colon + 1;
    while (at < text.length && isBlank(text.charCodeAt(at))) at++;
    if (text.charCodeAt(at) === AT) at++;
    const headStart = at;
    if (!isHeadStart(codeAt(text, at))) continue;
    for (;;) {
      const c = codeAt(text, at);
      if (isNameChar(c)) at += width(c);
      else if (c === DOT && isHeadStart(codeAt(text, at + 1))) at++;
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
  while (at > floor && isBlank(text.charCodeAt(at - 1))) at--;
  while (names.length < MAX_BINDER_NAMES) {
    const end = at;
    for (let c = codeBefore(text, at); at > floor && isNameChar(c); c = codeBefore(text, at)) at -= width(c);
    if (at === end) break;
    if (at > floor && text.charCodeAt(at - 1) === DOT) break;
    if (at === floor && floor > 0 && (isNameChar(codeBefore(text, at)) || text.charCodeAt(at - 1) === DOT)) break;
    names.push(text.slice(at, end));
    const beforeBlank = at;
    while (at > floor && isBlank(text.charCodeAt(at - 1))) at--;
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
