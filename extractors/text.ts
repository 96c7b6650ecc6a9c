/** Small text helpers shared by the extractors. */

/** Most characters of prose kept as an entity's context. */
export const CONTEXT_LIMIT = 2000;

/** The last `CONTEXT_LIMIT` characters of `prose`, trimmed, cut at a word boundary; undefined when empty. */
export function contextOf(prose: string): string | undefined {
  let text = prose
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length > CONTEXT_LIMIT) {
    text = text.slice(text.length - CONTEXT_LIMIT);
    const space = text.search(/\s/);
    if (space > 0 && space < 80) text = text.slice(space + 1);
  }
  return text.length > 0 ? text : undefined;
}

/** The first `CONTEXT_LIMIT` characters of the prose after a statement, cut at a word boundary; undefined when empty. */
export function contextAfterOf(prose: string): string | undefined {
  let text = prose
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length > CONTEXT_LIMIT) {
    text = text.slice(0, CONTEXT_LIMIT);
    const space = text.search(/\s\S*$/);
    if (space > CONTEXT_LIMIT - 80) text = text.slice(0, space);
  }
  return text.length > 0 ? text : undefined;
}

const KIND_ALIASES: Record<string, string> = {
  defn: 'definition',
  def: 'definition',
  defintion: 'definition',
  definiton: 'definition',
  prop: 'proposition',
  propositon: 'proposition',
  thm: 'theorem',
  lem: 'lemma',
  cor: 'corollary',
  crollary: 'corollary',
  coro: 'corollary',
};

/** Canonical lower-case kind: `Defn` → `definition`, `Thm` → `theorem`, starred names unstarred. */
export function normalizeKind(word: string): string {
  const lower = word.toLowerCase().replace(/\*$/, '');
  return KIND_ALIASES[lower] ?? lower;
}

/** Splits a comma list as written in `\lean{…}` or `\uses{…}`: trims, drops empties and LaTeX escapes of `_`. */
export function splitNames(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.replace(/\\_/g, '_').replace(/\s+/g, '').trim())
    .filter((name) => name.length > 0);
}
