/**
 * The `variable`s in force, followed from declaration to declaration: the local names they bind and
 * the words they name. Moving to a declaration's chain of `variable`s counts in the links it adds and
 * counts out the links it leaves, so declarations read in order cost the links they change, not
 * every `variable` in force (n `variable`s and n declarations cost n² before).
 */
import type { ScopeLink } from '../../model/lean.js';
import { variableLocalIds } from '../syntax/parser.js';
import { wordsOf } from './reference-lists.js';

export class VariablesInForce {
  /** Per identifier id, how many links in force bind it. */
  private counts = new Int32Array(1024);
  /** Per word, how many links in force name it. */
  private readonly words = new Map<string, number>();
  private readonly wordsByLink = new WeakMap<ScopeLink, readonly string[]>();
  private at: ScopeLink | undefined;

  /** Whether a `variable` in force binds the identifier `id`. */
  binds(id: number): boolean {
    return id < this.counts.length && this.counts[id]! > 0;
  }

  /** Whether a `variable` in force names `word` (a maximal run of word characters, see wordsOf). */
  readonly names = (word: string): boolean => this.words.has(word);

  /** Forgets every link: the next chain is counted from nothing (ids of another name table). */
  reset(): void {
    this.counts.fill(0);
    this.words.clear();
    this.at = undefined;
  }

  /** Makes the chain ending at `last` the one in force. */
  moveTo(last: ScopeLink | undefined): void {
    let from = this.at;
    let to = last;
    const entered: ScopeLink[] = [];
    while (from !== to) {
      const fromDepth = from?.depth ?? 0;
      const toDepth = to?.depth ?? 0;
      if (fromDepth >= toDepth) {
        this.count(from!, -1);
        from = from!.parent;
      }
      if (toDepth >= fromDepth && to !== undefined) {
        entered.push(to);
        to = to.parent;
      }
    }
    for (let k = entered.length - 1; k >= 0; k--) this.count(entered[k]!, 1);
    this.at = last;
  }

  private count(link: ScopeLink, by: number): void {
    for (const id of variableLocalIds(link)) {
      if (id >= this.counts.length) {
        const grown = new Int32Array(Math.max(id + 1, this.counts.length * 2));
        grown.set(this.counts);
        this.counts = grown;
      }
      this.counts[id]! += by;
    }
    let words = this.wordsByLink.get(link);
    if (words === undefined) this.wordsByLink.set(link, (words = [...wordsOf(link.items.join(' '))]));
    for (const word of words) {
      const count = (this.words.get(word) ?? 0) + by;
      if (count === 0) this.words.delete(word);
      else this.words.set(word, count);
    }
  }
}
