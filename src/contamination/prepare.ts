/**
 * Indexes the benchmark: each item's exact windows, word n-grams and name become units; units
 * with the same text share one id in the scan index, and the maps back from ids to units stay here.
 */
import type { ScanSettings } from './config.js';
import { gramKey, wordHashes } from './hash.js';
import type { BenchItem } from './items.js';
import { type CanonTrace, canonicalFormal, type StatementShape } from './lean-canon.js';
import { tokenHashes } from './lean-scan.js';
import { nfkc, normalizeExact, windowStarts, wordSpans } from './normalize.js';
import type { ScanIndex } from './scan-index.js';
import { ScanIndexBuilder } from './scan-index.js';

/** The normalized texts of one item. */
export interface PreparedItem {
  item: BenchItem;
  /** Exact-normalized informal and formal statements (those present). */
  texts: { field: 'informal' | 'formal'; norm: string }[];
  /** Word offsets in the normalized informal statement. */
  words: [number, number][];
  /** Canonical tokens of the formal statement (Lean-aware channel). */
  leanTokens: string[];
  /** What canonicalization changed in the formal statement. */
  leanTrace?: CanonTrace;
  /** Where the conclusion and the hypotheses are in `leanTokens`. */
  leanShape?: StatementShape;
}

/** Units of one channel: unit k belongs to item `item[k]`, starts at `pos[k]` and spans `len[k]`. */
export class Units {
  readonly item: number[] = [];
  readonly pos: number[] = [];
  readonly len: number[] = [];
  /** Which of the item's texts the unit is in. */
  readonly text: number[] = [];
  readonly first: number[] = [];
  readonly count: number[] = [];
  /** Scan-index id -> units carrying it. */
  readonly byId = new Map<number, number[]>();

  /** Adds a unit of item `item` carrying id `id`. */
  add(item: number, pos: number, len: number, text: number, id: number): void {
    if (this.first[item] === undefined) this.first[item] = this.item.length;
    this.count[item] = (this.count[item] ?? 0) + 1;
    const k = this.item.length;
    this.item.push(item);
    this.pos.push(pos);
    this.len.push(len);
    this.text.push(text);
    const list = this.byId.get(id);
    if (list) list.push(k);
    else this.byId.set(id, [k]);
  }

  /** Number of units item `item` has. */
  of(item: number): number {
    return this.count[item] ?? 0;
  }
}

/** The benchmark, indexed. */
export interface Prepared {
  settings: ScanSettings;
  items: PreparedItem[];
  index: ScanIndex;
  exact: Units;
  /** Word n-grams of length `ngram.hit` (or the whole text when shorter). */
  hit: Units;
  /** Word n-grams of length `ngram.coverage` (or the whole text when shorter). */
  cover: Units;
  names: Units;
  /** Lean token n-grams of length `lean.n` (or the whole statement when shorter), boilerplate left out. */
  lean: Units;
}

/** The formal statement without a trailing proof placeholder (`:= by sorry`, `:= sorry`, `:= by`). */
export function withoutProofPlaceholder(formal: string): string {
  return formal.replace(/\s*:=\s*(?:by\b\s*)?(?:sorry\s*)?$/u, '');
}

/** The name as it is looked for in the corpus: its last component, NFKC, if long enough. */
export function searchableName(name: string | undefined, minLength: number): string | undefined {
  if (name === undefined) return undefined;
  const last = nfkc(name).split('.').pop() ?? '';
  return last.length >= minLength ? last : undefined;
}

/** Builds the scan index and the unit maps of the enabled channels. */
export function prepare(items: BenchItem[], settings: ScanSettings): Prepared {
  const on = new Set(settings.channels);
  const builder = new ScanIndexBuilder(settings.window, settings.lean.n);
  const exact = new Units();
  const hit = new Units();
  const cover = new Units();
  const names = new Units();
  const lean = new Units();
  // Token n-grams found in `lean.commonIn` or more items are boilerplate (`( v1 : ℝ ) ( _h : 0 < v1 )`).
  const canonical = items.map((item) => (on.has('lean') && item.formal !== undefined ? canonicalFormal(item.formal) : undefined));
  const leanOf = canonical.map((c) => c?.tokens ?? []);
  const leanKeys = leanOf.map((tokens) => {
    const { h1, h2 } = tokenHashes(tokens);
    const len = Math.min(settings.lean.n, tokens.length);
    return Array.from({ length: Math.max(0, tokens.length - len + 1) }, (_, s) => gramKey(h1, h2, s, len).join(','));
  });
  const itemsWithKey = new Map<string, number>();
  for (const keys of leanKeys) for (const k of new Set(keys)) itemsWithKey.set(k, (itemsWithKey.get(k) ?? 0) + 1);
  const prepared = items.map((item, i): PreparedItem => {
    const texts: PreparedItem['texts'] = [];
    if (item.informal !== undefined) texts.push({ field: 'informal', norm: normalizeExact(item.informal) });
    if (item.formal !== undefined) texts.push({ field: 'formal', norm: normalizeExact(withoutProofPlaceholder(item.formal)) });
    if (on.has('exact')) {
      texts.forEach(({ norm }, t) => {
        for (const s of windowStarts(norm, settings.window)) {
          exact.add(i, s, settings.window, t, builder.addWindow(norm.slice(s, s + settings.window)));
        }
      });
    }
    const informal = texts.findIndex((t) => t.field === 'informal');
    const words = informal < 0 ? [] : wordSpans(texts[informal]!.norm);
    if (on.has('ngram') && words.length > 0) {
      const norm = texts[informal]!.norm;
      const h1 = new Int32Array(words.length);
      const h2 = new Int32Array(words.length);
      words.forEach(([s, e], k) => {
        [h1[k], h2[k]] = wordHashes(norm.slice(s, e));
      });
      for (const [units, n] of [
        [hit, settings.ngram.hit],
        [cover, settings.ngram.coverage],
      ] as const) {
        const len = Math.min(n, words.length);
        for (let s = 0; s + len <= words.length; s++) units.add(i, s, len, informal, builder.addGram(h1, h2, s, len));
      }
    }
    const name = on.has('name') ? searchableName(item.name, settings.nameMinLength) : undefined;
    if (name !== undefined) names.add(i, 0, name.length, -1, builder.addName(name));
    const leanTokens = leanOf[i]!;
    if (leanTokens.length > 0) {
      const { h1, h2 } = tokenHashes(leanTokens);
      const len = Math.min(settings.lean.n, leanTokens.length);
      const keys = leanKeys[i]!;
      const telling = keys.filter((k) => (itemsWithKey.get(k) ?? 0) < settings.lean.commonIn).length;
      for (let s = 0; s + len <= leanTokens.length; s++) {
        if (telling > 0 && itemsWithKey.get(keys[s]!)! >= settings.lean.commonIn) continue;
        lean.add(i, s, len, -1, builder.addLeanGram(h1, h2, s, len));
      }
    }
    const c = canonical[i];
    return { item, texts, words, leanTokens, ...(c ? { leanTrace: c.trace, leanShape: c.shape } : {}) };
  });
  return { settings, items: prepared, index: builder.build(), exact, hit, cover, names, lean };
}
