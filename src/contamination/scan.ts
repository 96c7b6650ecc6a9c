/**
 * The corpus scanner: one pass over a document's code units that normalizes on the fly (the same
 * NFKC + per-code-unit lowercase + whitespace collapse as `normalizeExact`) and looks up, at every
 * position, the rolling hash of the last `window` characters; at every word end, the word n-grams
 * of the lengths in the index; at every identifier end, the theorem names.
 */
import { CHAR_BASE, GRAM_BASE1, GRAM_BASE2, mix32, powMod32, tableFind, WORD_SEED1, WORD_SEED2 } from './hash.js';
import { nfkc, TABLES } from './normalize.js';
import type { ScanIndex } from './scan-index.js';

const { SPACE, WORD, LOWER, LOWER_MULTI } = TABLES;
const MULTI = new Uint8Array(65536);
for (const c of LOWER_MULTI.keys()) MULTI[c] = 1;

/** Hits in one document: flat [id, line] pairs, each id once (its first line). */
export interface TextHits {
  exact: number[];
  grams: number[];
  names: number[];
}

/** Per-scanner scratch space, reused across documents. */
export class Scanner {
  private readonly seenWindow: Int32Array;
  private readonly seenGram: Int32Array;
  private readonly seenName: Int32Array;
  private stamp = 0;
  private readonly ringMask: number;
  private readonly ring: Uint16Array;
  private readonly ringLine: Int32Array;
  private readonly pow: number;
  private readonly gramPow1: Int32Array;
  private readonly gramPow2: Int32Array;

  constructor(private readonly ix: ScanIndex) {
    this.seenWindow = new Int32Array(ix.windows.length);
    this.seenGram = new Int32Array(ix.gramCount);
    this.seenName = new Int32Array(ix.nameCount);
    let size = 64;
    while (size <= ix.window) size *= 2;
    this.ringMask = size - 1;
    this.ring = new Uint16Array(size);
    this.ringLine = new Int32Array(size);
    this.pow = powMod32(CHAR_BASE, ix.window);
    if (ix.gramLengths.some((l) => l > 63)) throw new Error('word n-grams longer than 63 words are not supported');
    this.gramPow1 = Int32Array.from(ix.gramLengths, (l) => powMod32(GRAM_BASE1, l));
    this.gramPow2 = Int32Array.from(ix.gramLengths, (l) => powMod32(GRAM_BASE2, l));
  }

  /** Scans one document whose first line is `firstLine`. */
  scan(raw: string, firstLine = 1): TextHits {
    const hits: TextHits = { exact: [], grams: [], names: [] };
    const ix = this.ix;
    const stamp = ++this.stamp;
    const text = nfkc(raw);
    const n = text.length;
    const W = ix.window;
    const mask = this.ringMask;
    const ring = this.ring;
    const ringLine = this.ringLine;
    const pow = this.pow;
    const wt = ix.windowTable;
    const wFilter = wt.filter;
    const wShift = wt.filterShift;
    const doWindows = ix.windows.length > 0;
    const lengths = ix.gramLengths;
    const nLengths = lengths.length;
    const doWords = nLengths > 0;
    const doNames = ix.nameCount > 0;
    const gp1 = this.gramPow1;
    const gp2 = this.gramPow2;
    // Rolling sums over word hashes, one per n-gram length.
    const g1 = new Int32Array(nLengths);
    const g2 = new Int32Array(nLengths);
    const wr1 = new Int32Array(64);
    const wr2 = new Int32Array(64);
    const wrLine = new Int32Array(64);
    let words = 0;
    let inWord = false;
    let wh1 = 0;
    let wh2 = 0;
    let wordLine = 0;
    let inName = false;
    let nh1 = 0;
    let nh2 = 0;
    let nameLine = 0;

    let line = firstLine;
    let h = 0;
    let count = 0;
    let lastSpace = true;

    const endWord = (): void => {
      inWord = false;
      const a = mix32(wh1);
      const b = mix32(wh2);
      const slot = words & 63;
      wr1[slot] = a;
      wr2[slot] = b;
      wrLine[slot] = wordLine;
      words++;
      for (let k = 0; k < nLengths; k++) {
        const len = lengths[k]!;
        let x1 = (Math.imul(g1[k]!, GRAM_BASE1) + a) | 0;
        let x2 = (Math.imul(g2[k]!, GRAM_BASE2) + b) | 0;
        if (words > len) {
          const out = (words - 1 - len) & 63;
          x1 = (x1 - Math.imul(wr1[out]!, gp1[k]!)) | 0;
          x2 = (x2 - Math.imul(wr2[out]!, gp2[k]!)) | 0;
        }
        g1[k] = x1;
        g2[k] = x2;
        if (words >= len) {
          const id = tableFind(ix.gramTable, x1, x2 ^ Math.imul(len, 0x2545f491));
          if (id >= 0 && this.seenGram[id] !== stamp) {
            this.seenGram[id] = stamp;
            hits.grams.push(id, wrLine[(words - len) & 63]!);
          }
        }
      }
    };

    const endName = (): void => {
      inName = false;
      const id = tableFind(ix.nameTable, mix32(nh1), mix32(nh2));
      if (id >= 0 && this.seenName[id] !== stamp) {
        this.seenName[id] = stamp;
        hits.names.push(id, nameLine);
      }
    };

    const emit = (ch: number): void => {
      if (doWords) {
        if (WORD[ch] === 1) {
          if (!inWord) {
            inWord = true;
            wh1 = WORD_SEED1;
            wh2 = WORD_SEED2;
            wordLine = line;
          }
          wh1 = Math.imul(wh1 ^ ch, 0x01000193);
          wh2 = Math.imul(wh2 + ch, 0x5bd1e995) ^ (wh2 >>> 15);
        } else if (inWord) endWord();
      }
      if (!doWindows) return;
      const slot = count & mask;
      h = (Math.imul(h, CHAR_BASE) + ch) | 0;
      if (count >= W) h = (h - Math.imul(ring[(count - W) & mask]!, pow)) | 0;
      ring[slot] = ch;
      ringLine[slot] = line;
      count++;
      if (count < W) return;
      const m = mix32(h);
      const bit = m >>> wShift;
      if ((wFilter[bit >>> 5]! & (1 << (bit & 31))) === 0) return;
      for (let id = tableFind(wt, h, 0); id >= 0; id = ix.windowNext[id]!) {
        if (this.seenWindow[id] === stamp) continue;
        const w = ix.windows[id]!;
        const base = count - W;
        let k = 0;
        while (k < W && w.charCodeAt(k) === ring[(base + k) & mask]) k++;
        if (k === W) {
          this.seenWindow[id] = stamp;
          hits.exact.push(id, ringLine[base & mask]!);
        }
      }
    };

    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (doNames) {
        if (WORD[c] === 1 || c === 39) {
          if (!inName) {
            inName = true;
            nh1 = WORD_SEED1;
            nh2 = WORD_SEED2;
            nameLine = line;
          }
          nh1 = Math.imul(nh1 ^ c, 0x01000193);
          nh2 = Math.imul(nh2 + c, 0x5bd1e995) ^ (nh2 >>> 15);
        } else if (inName) endName();
      }
      if (SPACE[c] === 1) {
        if (c === 10) line++;
        if (!lastSpace) {
          lastSpace = true;
          emit(32);
        }
        continue;
      }
      lastSpace = false;
      if (MULTI[c] === 1) {
        const low = LOWER_MULTI.get(c)!;
        for (let k = 0; k < low.length; k++) emit(low.charCodeAt(k));
      } else emit(LOWER[c]!);
    }
    if (inName) endName();
    if (inWord) endWord();
    return hits;
  }
}
