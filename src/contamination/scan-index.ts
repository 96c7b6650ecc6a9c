/**
 * The part of the benchmark index a scanner needs: unique exact windows, word n-gram keys and
 * theorem names, each in an integer hash table. Built once on the main thread, cloned to workers.
 */

import type { KeyTable } from './hash.js';
import { charWindowHash, createTable, gramKey, tableInsert, wordHashes } from './hash.js';

/** What the scanner looks up. Plain data: structured-clonable to worker threads. */
export interface ScanIndex {
  window: number;
  /** Unique normalized windows; a window id is an index here. */
  windows: string[];
  /** Rolling hash -> first window id with that hash. */
  windowTable: KeyTable;
  /** Next window id sharing the same rolling hash, or -1. */
  windowNext: Int32Array;
  /** Word n-gram lengths to look up, ascending. */
  gramLengths: number[];
  gramTable: KeyTable;
  gramCount: number;
  /** Names (last component) -> name id. */
  nameTable: KeyTable;
  nameCount: number;
  /** Lean token n-gram keys -> lean gram id (empty when the channel is off). */
  leanTable: KeyTable;
  leanCount: number;
  leanN: number;
  /** Token n-gram lengths in the lean table: n, and the lengths of statements shorter than n. */
  leanLengths: number[];
}

/** Collects unique keys and hands out their ids. */
export class ScanIndexBuilder {
  private readonly windowsList: string[] = [];
  private readonly windowIds = new Map<string, number>();
  private readonly grams = new Map<string, number>();
  private readonly gramLengthSet = new Set<number>();
  private readonly names = new Map<string, number>();
  private readonly leanGrams = new Map<string, number>();
  private readonly leanLengthSet = new Set<number>();

  constructor(
    readonly window: number,
    readonly leanN: number,
  ) {}

  /** The id of a normalized window string. */
  addWindow(text: string): number {
    let id = this.windowIds.get(text);
    if (id === undefined) {
      id = this.windowsList.length;
      this.windowsList.push(text);
      this.windowIds.set(text, id);
    }
    return id;
  }

  /** The id of the word n-gram `words[start, start+len)`. */
  addGram(h1: Int32Array, h2: Int32Array, start: number, len: number): number {
    this.gramLengthSet.add(len);
    return this.intern(this.grams, gramKey(h1, h2, start, len));
  }

  /** The id of a theorem name (its last component). */
  addName(text: string): number {
    return this.intern(this.names, wordHashes(text));
  }

  /** The id of the Lean token n-gram `tokens[start, start+len)`. */
  addLeanGram(h1: Int32Array, h2: Int32Array, start: number, len: number): number {
    this.leanLengthSet.add(len);
    return this.intern(this.leanGrams, gramKey(h1, h2, start, len));
  }

  private intern(map: Map<string, number>, key: [number, number]): number {
    const k = `${key[0]},${key[1]}`;
    let id = map.get(k);
    if (id === undefined) {
      id = map.size;
      map.set(k, id);
    }
    return id;
  }

  /** The finished index. */
  build(): ScanIndex {
    const windowTable = createTable(this.windowsList.length);
    const windowNext = new Int32Array(this.windowsList.length).fill(-1);
    const lastWithHash = new Map<number, number>();
    this.windowsList.forEach((w, id) => {
      const h = charWindowHash(w, 0, w.length);
      const prev = lastWithHash.get(h);
      if (prev === undefined) tableInsert(windowTable, h, 0, id);
      else windowNext[prev] = id;
      lastWithHash.set(h, id);
    });
    const table = (map: Map<string, number>): KeyTable => {
      const t = createTable(map.size);
      for (const [k, id] of map) {
        const [a, b] = k.split(',').map(Number) as [number, number];
        tableInsert(t, a, b, id);
      }
      return t;
    };
    return {
      window: this.window,
      windows: this.windowsList,
      windowTable,
      windowNext,
      gramLengths: [...this.gramLengthSet].sort((a, b) => a - b),
      gramTable: table(this.grams),
      gramCount: this.grams.size,
      nameTable: table(this.names),
      nameCount: this.names.size,
      leanTable: table(this.leanGrams),
      leanCount: this.leanGrams.size,
      leanN: this.leanN,
      leanLengths: [...this.leanLengthSet].sort((a, b) => a - b),
    };
  }
}
