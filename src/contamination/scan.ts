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
const MULTI_RE = new RegExp(`[${[...LOWER_MULTI.keys()].map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}]`, 'g');

/** Replaces the rare code units whose lowercase is longer (İ) by that lowercase, so the loop maps one to one. */
function expandLowerMulti(text: string): string {
  MULTI_RE.lastIndex = 0;
  return MULTI_RE.test(text) ? text.replace(MULTI_RE, (m) => LOWER_MULTI.get(m.charCodeAt(0))!) : text;
}

/** NORM[c]: the lowercase of code unit c, or SPACE_MARK for whitespace. */
const SPACE_MARK = -1;
const NORM = new Int32Array(65536);
for (let c = 0; c < 65536; c++) NORM[c] = SPACE[c] === 1 ? SPACE_MARK : LOWER[c]!;

/** How many entries of the ascending `sorted` are <= x. */
function countAtMost(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Hits in one document: flat [id, line] pairs, each id once (its first line). */
export interface TextHits {
  exact: number[];
  grams: number[];
  names: number[];
}

export interface ScanOptions {
  /** Report every occurrence of an exact window, not only its first line per document (the benchmark compares line sets with ripgrep). */
  allOccurrences?: boolean;
}

/** Per-scanner scratch space, reused across documents. */
export class Scanner {
  private readonly seenWindow: Int32Array;
  private readonly seenGram: Int32Array;
  private readonly seenName: Int32Array;
  private stamp = 0;
  private readonly ringMask: number;
  private readonly ring: Uint16Array;
  /** Normalized offsets at which each newline of the document was read. */
  private readonly newlines: number[] = [];
  private readonly pow: number;
  private readonly gramPow1: Int32Array;
  private readonly gramPow2: Int32Array;
  /** Word n-gram state: rolling sums per length, the last 64 word hashes and their lines. */
  private readonly g1: Int32Array;
  private readonly g2: Int32Array;
  private readonly wr1 = new Int32Array(64);
  private readonly wr2 = new Int32Array(64);
  private readonly wrLine = new Int32Array(64);
  private words = 0;

  private readonly all: boolean;

  constructor(
    private readonly ix: ScanIndex,
    options: ScanOptions = {},
  ) {
    this.all = options.allOccurrences === true;
    this.seenWindow = new Int32Array(ix.windows.length);
    this.seenGram = new Int32Array(ix.gramCount);
    this.seenName = new Int32Array(ix.nameCount);
    let size = 64;
    while (size <= ix.window) size *= 2;
    this.ringMask = size - 1;
    this.ring = new Uint16Array(size);
    this.pow = powMod32(CHAR_BASE, ix.window);
    if (ix.gramLengths.some((l) => l > 63)) throw new Error('word n-grams longer than 63 words are not supported');
    this.gramPow1 = Int32Array.from(ix.gramLengths, (l) => powMod32(GRAM_BASE1, l));
    this.gramPow2 = Int32Array.from(ix.gramLengths, (l) => powMod32(GRAM_BASE2, l));
    this.g1 = new Int32Array(ix.gramLengths.length);
    this.g2 = new Int32Array(ix.gramLengths.length);
  }

  /** Per-document state, kept between the chunks of one document (see `begin`, `feed`, `finish`). */
  private hits: TextHits = { exact: [], grams: [], names: [] };
  private firstLine = 1;
  private line = 1;
  private inWord = false;
  private wh1 = 0;
  private wh2 = 0;
  private wordLine = 0;
  private inName = false;
  private nh1 = 0;
  private nh2 = 0;
  private nameLine = 0;
  private h = 0;
  private count = 0;
  private lastSpace = true;
  /** Newlines of `newlines` at normalized offsets before the last window checked, dropped from the list. */
  private linesPassed = 0;

  /** Scans one whole document whose first line is `firstLine`. */
  scan(raw: string, firstLine = 1): TextHits {
    this.begin(firstLine);
    this.feed(raw);
    return this.finish();
  }

  /** Starts a document whose first line is `firstLine`; its text follows in `feed` calls, in order. */
  begin(firstLine = 1): void {
    this.hits = { exact: [], grams: [], names: [] };
    ++this.stamp;
    this.firstLine = firstLine;
    this.line = firstLine;
    this.newlines.length = 0;
    this.linesPassed = 0;
    this.words = 0;
    this.g1.fill(0);
    this.g2.fill(0);
    this.inWord = false;
    this.inName = false;
    this.h = 0;
    this.count = 0;
    this.lastSpace = true;
  }

  /** Ends the document: its hits, each id once (its first line), or every occurrence with `allOccurrences`. */
  finish(): TextHits {
    if (this.inName) this.nameEnd(this.nh1, this.nh2, this.nameLine, this.hits, this.stamp);
    if (this.inWord) this.wordEnd(this.wh1, this.wh2, this.wordLine, this.hits, this.stamp);
    this.inName = false;
    this.inWord = false;
    return this.hits;
  }

  /** Scans the next piece of the document; a piece should end between characters (a chunk cut after a blank does). */
  feed(raw: string): void {
    const hits = this.hits;
    const ix = this.ix;
    const stamp = this.stamp;
    const text = expandLowerMulti(nfkc(raw));
    const n = text.length;
    const W = ix.window;
    const mask = this.ringMask;
    const ring = this.ring;
    const newlines = this.newlines;
    const pow = this.pow;
    const wFilter = ix.windowTable.filter;
    const wShift = ix.windowTable.filterShift;
    const doWindows = ix.windows.length > 0;
    const doWords = ix.gramLengths.length > 0;
    const doNames = ix.nameCount > 0;
    const firstLine = this.firstLine;
    let { inWord, wh1, wh2, wordLine, inName, nh1, nh2, nameLine, line, h, count, lastSpace } = this;
    // Module bindings read through locals: the loop runs once per code unit of the corpus.
    const norm = NORM;
    const word = WORD;
    const base = CHAR_BASE;
    const seed1 = WORD_SEED1;
    const seed2 = WORD_SEED2;
    for (let i = 0; i < n; i++) {
      let c = text.charCodeAt(i);
      if (doNames) {
        if (word[c] === 1 || c === 39) {
          if (!inName) {
            inName = true;
            nh1 = seed1;
            nh2 = seed2;
            nameLine = line;
          }
          nh1 = Math.imul(nh1 ^ c, 0x01000193);
          nh2 = Math.imul(nh2 + c, 0x5bd1e995) ^ (nh2 >>> 15);
        } else if (inName) {
          inName = false;
          this.nameEnd(nh1, nh2, nameLine, hits, stamp);
        }
      }
      c = norm[c]!;
      if (c === SPACE_MARK) {
        if (text.charCodeAt(i) === 10) {
          line++;
          newlines.push(count);
        }
        if (lastSpace) continue;
        lastSpace = true;
        c = 32;
      } else lastSpace = false;
      if (doWords) {
        if (word[c] === 1) {
          if (!inWord) {
            inWord = true;
            wh1 = seed1;
            wh2 = seed2;
            wordLine = line;
          }
          wh1 = Math.imul(wh1 ^ c, 0x01000193);
          wh2 = Math.imul(wh2 + c, 0x5bd1e995) ^ (wh2 >>> 15);
        } else if (inWord) {
          inWord = false;
          this.wordEnd(wh1, wh2, wordLine, hits, stamp);
        }
      }
      if (!doWindows) continue;
      h = (Math.imul(h, base) + c) | 0;
      if (count >= W) h = (h - Math.imul(ring[(count - W) & mask]!, pow)) | 0;
      ring[count & mask] = c;
      count++;
      if (count < W) continue;
      let m = h ^ (h >>> 16);
      m = Math.imul(m, 0x85ebca6b);
      m ^= m >>> 13;
      m = Math.imul(m, 0xc2b2ae35);
      m ^= m >>> 16;
      const bit = m >>> wShift;
      if ((wFilter[bit >>> 5]! & (1 << (bit & 31))) !== 0) this.windowCandidates(h, count, firstLine, hits, stamp);
    }
    Object.assign(this, { inWord, wh1, wh2, wordLine, inName, nh1, nh2, nameLine, line, h, count, lastSpace });
    this.dropPassedNewlines(count - W);
  }

  /** Forgets the newlines before normalized offset `before` (no window will start there again), counting them. */
  private dropPassedNewlines(before: number): void {
    const newlines = this.newlines;
    let k = 0;
    while (k < newlines.length && newlines[k]! < before) k++;
    if (k === 0) return;
    this.linesPassed += k;
    newlines.splice(0, k);
  }

  /** Verifies the windows whose rolling hash is `h` against the last `window` characters. */
  private windowCandidates(h: number, count: number, firstLine: number, hits: TextHits, stamp: number): void {
    const ix = this.ix;
    const W = ix.window;
    const mask = this.ringMask;
    const base = count - W;
    for (let id = tableFind(ix.windowTable, h, 0); id >= 0; id = ix.windowNext[id]!) {
      if (!this.all && this.seenWindow[id] === stamp) continue;
      const w = ix.windows[id]!;
      let k = 0;
      while (k < W && w.charCodeAt(k) === this.ring[(base + k) & mask]) k++;
      if (k === W) {
        this.seenWindow[id] = stamp;
        hits.exact.push(id, firstLine + this.linesPassed + countAtMost(this.newlines, base));
      }
    }
  }

  /** Ends a word: pushes its hashes and looks up the n-grams ending with it. */
  private wordEnd(wh1: number, wh2: number, line: number, hits: TextHits, stamp: number): void {
    const a = mix32(wh1);
    const b = mix32(wh2);
    const lengths = this.ix.gramLengths;
    const { g1, g2, wr1, wr2, wrLine } = this;
    const slot = this.words & 63;
    wr1[slot] = a;
    wr2[slot] = b;
    wrLine[slot] = line;
    const words = ++this.words;
    for (let k = 0; k < lengths.length; k++) {
      const len = lengths[k]!;
      let x1 = (Math.imul(g1[k]!, GRAM_BASE1) + a) | 0;
      let x2 = (Math.imul(g2[k]!, GRAM_BASE2) + b) | 0;
      if (words > len) {
        const out = (words - 1 - len) & 63;
        x1 = (x1 - Math.imul(wr1[out]!, this.gramPow1[k]!)) | 0;
        x2 = (x2 - Math.imul(wr2[out]!, this.gramPow2[k]!)) | 0;
      }
      g1[k] = x1;
      g2[k] = x2;
      if (words < len) continue;
      const id = tableFind(this.ix.gramTable, x1, x2 ^ Math.imul(len, 0x2545f491));
      if (id >= 0 && this.seenGram[id] !== stamp) {
        this.seenGram[id] = stamp;
        hits.grams.push(id, wrLine[(words - len) & 63]!);
      }
    }
  }

  /** Ends an identifier: looks it up among the theorem names. */
  private nameEnd(nh1: number, nh2: number, line: number, hits: TextHits, stamp: number): void {
    const id = tableFind(this.ix.nameTable, mix32(nh1), mix32(nh2));
    if (id >= 0 && this.seenName[id] !== stamp) {
      this.seenName[id] = stamp;
      hits.names.push(id, line);
    }
  }
}
