/** Integer hashing of windows, words and n-grams, and the open-addressing table they are looked up in. */

/** Multiplier of the polynomial rolling hash over code units (exact windows). */
export const CHAR_BASE = 0x01000193 | 0;
/** Multipliers of the two polynomial hashes over word hashes (word and token n-grams). */
export const GRAM_BASE1 = 0x9e3779b1 | 0;
export const GRAM_BASE2 = 0x85ebca77 | 0;
export const WORD_SEED1 = 0x811c9dc5 | 0;
export const WORD_SEED2 = 0x27d4eb2f | 0;

/** Final avalanche (murmur3 fmix32), so every bit of the index depends on every bit of the hash. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** `base ** n` modulo 2^32. */
export function powMod32(base: number, n: number): number {
  let r = 1;
  for (let i = 0; i < n; i++) r = Math.imul(r, base);
  return r | 0;
}

/** Polynomial hash of `len` code units of `s` from `start`, as the rolling scanner computes it. */
export function charWindowHash(s: string, start: number, len: number): number {
  let h = 0;
  for (let i = start; i < start + len; i++) h = (Math.imul(h, CHAR_BASE) + s.charCodeAt(i)) | 0;
  return h;
}

/** Two independent 32-bit hashes of a word or token (FNV-1a and a multiplicative variant). */
export function wordHashes(word: string): [number, number] {
  let h1 = WORD_SEED1;
  let h2 = WORD_SEED2;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 + c, 0x5bd1e995) ^ (h2 >>> 15);
  }
  return [mix32(h1), mix32(h2)];
}

/** The pair of polynomial hashes of a sequence of word hashes, tagged with its length. */
export function gramKey(h1: Int32Array | number[], h2: Int32Array | number[], start: number, len: number): [number, number] {
  let g1 = 0;
  let g2 = 0;
  for (let i = start; i < start + len; i++) {
    g1 = (Math.imul(g1, GRAM_BASE1) + h1[i]!) | 0;
    g2 = (Math.imul(g2, GRAM_BASE2) + h2[i]!) | 0;
  }
  return [g1, g2 ^ Math.imul(len, 0x2545f491)];
}

/** An open-addressing table from a pair of 32-bit keys to ids, with a bit filter in front. */
export interface KeyTable {
  mask: number;
  keys1: Int32Array;
  keys2: Int32Array;
  /** id + 1; 0 marks an empty slot. */
  vals: Int32Array;
  filter: Uint32Array;
  filterShift: number;
  size: number;
}

/** A table sized for `n` keys (load <= 0.5, filter occupancy <= ~1/64). */
export function createTable(n: number): KeyTable {
  let cap = 16;
  while (cap < n * 2) cap *= 2;
  let filterBits = 12;
  while (1 << filterBits < n * 64 && filterBits < 26) filterBits++;
  return {
    mask: cap - 1,
    keys1: new Int32Array(cap),
    keys2: new Int32Array(cap),
    vals: new Int32Array(cap),
    filter: new Uint32Array(Math.max(1, (1 << filterBits) >>> 5)),
    filterShift: 32 - filterBits,
    size: 0,
  };
}

/** The id stored under (k1, k2), or -1. */
export function tableFind(t: KeyTable, k1: number, k2: number): number {
  const m = mix32(k1);
  const bit = m >>> t.filterShift;
  if ((t.filter[bit >>> 5]! & (1 << (bit & 31))) === 0) return -1;
  let slot = m & t.mask;
  for (;;) {
    const v = t.vals[slot]!;
    if (v === 0) return -1;
    if (t.keys1[slot] === k1 && t.keys2[slot] === k2) return v - 1;
    slot = (slot + 1) & t.mask;
  }
}

/** Stores `id` under (k1, k2) unless the key is present; returns the id stored there. */
export function tableInsert(t: KeyTable, k1: number, k2: number, id: number): number {
  const m = mix32(k1);
  const bit = m >>> t.filterShift;
  let slot = m & t.mask;
  for (;;) {
    const v = t.vals[slot]!;
    if (v === 0) break;
    if (t.keys1[slot] === k1 && t.keys2[slot] === k2) return v - 1;
    slot = (slot + 1) & t.mask;
  }
  if ((t.size + 1) * 2 > t.mask + 1) throw new Error('KeyTable: over capacity');
  t.filter[bit >>> 5]! |= 1 << (bit & 31);
  t.keys1[slot] = k1;
  t.keys2[slot] = k2;
  t.vals[slot] = id + 1;
  t.size++;
  return id;
}
