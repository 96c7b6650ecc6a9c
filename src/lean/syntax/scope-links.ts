/** Chains of `open`s and `variable`s (ScopeLink): made by the parser, read by name resolution, pairing and `scan`. */
import type { ScopeLink } from '../../model/lean.js';

/** The link that adds `items` to the chain ending at `parent`. */
export const addLink = (parent: ScopeLink | undefined, items: readonly string[]): ScopeLink => ({
  parent,
  items,
  depth: (parent?.depth ?? 0) + 1,
});

/** The links of the chain ending at `last`, first to last. */
export function linksOf(last: ScopeLink | undefined): ScopeLink[] {
  const links: ScopeLink[] = [];
  for (let link = last; link !== undefined; link = link.parent) links.push(link);
  return links.reverse();
}

/** The items of the chain ending at `last`, in order: the namespaces opened, or the `variable` binders, where a declaration stands. */
export const itemsOf = (last: ScopeLink | undefined): string[] => linksOf(last).flatMap((link) => link.items);

/**
 * Numbers chains by content: two chains of the same items in the same links (in two files, or made
 * again after a section) get the same number, each link costing its own items once.
 */
export class ChainNumbers {
  private readonly numbers = new WeakMap<ScopeLink, number>();
  private readonly byContent = new Map<string, number>();

  /** The number of the chain ending at `last` (0: the empty chain). */
  numberOf(last: ScopeLink | undefined): number {
    if (last === undefined) return 0;
    const known = this.numbers.get(last);
    if (known !== undefined) return known;
    const pending: ScopeLink[] = [];
    let link: ScopeLink | undefined = last;
    let number = 0;
    for (; link !== undefined; link = link.parent) {
      const n = this.numbers.get(link);
      if (n !== undefined) {
        number = n;
        break;
      }
      pending.push(link);
    }
    for (let k = pending.length - 1; k >= 0; k--) {
      const content = `${number}\0${pending[k]!.items.join('\0')}`;
      let n = this.byContent.get(content);
      if (n === undefined) this.byContent.set(content, (n = this.byContent.size + 1));
      this.numbers.set(pending[k]!, n);
      number = n;
    }
    return number;
  }
}

/**
 * The last `max` links of the chain ending at `last`, first to last: what a reader that cannot afford
 * every link of a hostile file's chain (thousands of `open`s or `variable`s) takes; a real file's
 * chains are a few dozen links long.
 */
export function lastLinks(last: ScopeLink | undefined, max: number): ScopeLink[] {
  const links: ScopeLink[] = [];
  for (let link = last; link !== undefined && links.length < max; link = link.parent) links.push(link);
  return links.reverse();
}

/** How many links of a chain the readers other than name resolution and `scan` read, at most (see lastLinks). */
export const LINKS_READ = 512;
