/** The project notations a statement uses, as Lean sees them where the statement stands. */
import { escapeRegExp } from '../core/regexp.js';
import type { NotationDefinition } from '../lean/resolve/notations.js';
import { LINKS_READ, lastLinks } from '../lean/syntax/scope-links.js';
import type { LeanDecl } from '../model/lean.js';

/** Whether `notation` is in force at `decl`: a local one in its own file, a scoped one where its namespace is open or entered. */
function visibleAt(notation: NotationDefinition, decl: Pick<LeanDecl, 'namespace' | 'opens' | 'location'>): boolean {
  const { command } = notation;
  if (command.local) return command.file === decl.location.file;
  const scoped = /^\s*(?:@\[[^\]\n]*\]\s*)?scoped\b/.exec(command.command);
  if (!scoped) return true;
  const namespace = command.namespaces[0];
  if (!namespace) return true;
  if (decl.namespace === namespace || decl.namespace.startsWith(`${namespace}.`)) return true;
  return lastLinks(decl.opens, LINKS_READ).some((link) => link.items.includes(namespace));
}

/** A test for a notation's leading atoms: as a whole word when it starts or ends like one. */
function atomTest(atoms: string[]): RegExp {
  const before = /^[\p{L}\p{N}_]/u.test(atoms[0]!) ? "(?<![\\p{L}\\p{N}_.'])" : '';
  const after = /[\p{L}\p{N}_]$/u.test(atoms[atoms.length - 1]!) ? "(?![\\p{L}\\p{N}_'])" : '';
  return new RegExp(`${before}${atoms.map(escapeRegExp).join('\\s*')}${after}`, 'u');
}

/** The term notations in force at `decl` whose leading atoms `text` writes, an atom the text binds itself (`(D : ℕ)`) aside. */
export function notationsUsed(
  text: string,
  notations: readonly NotationDefinition[],
  decl: Pick<LeanDecl, 'namespace' | 'opens' | 'location'>,
  bound: ReadonlySet<string>,
): NotationDefinition[] {
  return notations.filter(
    (n) =>
      n.term &&
      !n.elaborated &&
      n.atoms.length > 0 &&
      !bound.has(n.atoms[0]!) &&
      text.includes(n.atoms[0]!) &&
      atomTest(n.atoms).test(text) &&
      visibleAt(n, decl),
  );
}

/** A notation command on one line, as the judge is shown it: `notation "D" => defaultD a`. */
export function notationLine(notation: NotationDefinition): string {
  return notation.command.command.replace(/\s+/g, ' ').trim();
}
