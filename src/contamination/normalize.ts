/**
 * Text normalizers of the contamination scan. The exact-window path is NFKC + lowercase +
 * whitespace collapsed (the Mathesis method); Lean text never goes through NFKC (see lean-canon.ts).
 */

/** Bumped whenever a normalizer's output changes; part of the configuration hash. */
export const NORMALIZER_VERSION = 1;

const SPACE = new Uint8Array(65536);
const WORD = new Uint8Array(65536);
const LOWER = new Uint16Array(65536);
/** Code units whose lowercase is not a single code unit (e.g. U+0130). */
const LOWER_MULTI = new Map<number, string>();

for (let c = 0; c < 65536; c++) {
  if (c >= 0xd800 && c <= 0xdfff) {
    WORD[c] = 1;
    LOWER[c] = c;
    continue;
  }
  const s = String.fromCharCode(c);
  if (/\s/.test(s)) SPACE[c] = 1;
  if (/[\p{L}\p{N}\p{M}_]/u.test(s)) WORD[c] = 1;
  const low = s.toLowerCase();
  if (low.length === 1) LOWER[c] = low.charCodeAt(0);
  else {
    LOWER[c] = c;
    LOWER_MULTI.set(c, low);
  }
}

/** The shared tables, for the scanner's inlined loop. */
export const TABLES = { SPACE, WORD, LOWER, LOWER_MULTI } as const;

/** Lowercases one code unit at a time, so that a document and an item lowercase alike (no final-sigma context). */
export function lowerByCodeUnit(text: string): string {
  let runStart = 0;
  const parts: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const multi = LOWER_MULTI.get(c);
    if (multi !== undefined || LOWER[c] !== c) {
      if (i > runStart) parts.push(text.slice(runStart, i));
      parts.push(multi ?? String.fromCharCode(LOWER[c]!));
      runStart = i + 1;
    }
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(runStart));
  return parts.join('');
}

/** NFKC unless the text is plain ASCII (NFKC leaves ASCII unchanged). */
export function nfkc(text: string): string {
  return /[^\x00-\x7f]/.test(text) ? text.normalize('NFKC') : text;
}

/** The exact-window normalization: NFKC, lowercase, whitespace runs collapsed to one space, trimmed. */
export function normalizeExact(text: string): string {
  const low = lowerByCodeUnit(nfkc(text));
  const parts: string[] = [];
  let pendingSpace = false;
  let runStart = -1;
  for (let i = 0; i < low.length; i++) {
    const c = low.charCodeAt(i);
    if (SPACE[c]) {
      if (runStart >= 0) {
        parts.push(low.slice(runStart, i));
        runStart = -1;
        pendingSpace = true;
      }
      continue;
    }
    if (runStart < 0) {
      if (pendingSpace) parts.push(' ');
      pendingSpace = false;
      runStart = i;
    }
  }
  if (runStart >= 0) parts.push(low.slice(runStart));
  return parts.join('');
}

/** Offsets of `norm` where a window may start: the text start, after a space, and where a word begins. */
export function windowStarts(norm: string, size: number): number[] {
  const starts: number[] = [];
  for (let i = 0; i + size <= norm.length; i++) {
    const c = norm.charCodeAt(i);
    if (c === 32) continue;
    if (i === 0) {
      starts.push(i);
      continue;
    }
    const p = norm.charCodeAt(i - 1);
    if (p === 32 || (WORD[c] === 1 && WORD[p] !== 1)) starts.push(i);
  }
  return starts;
}

/** [start, end) offsets of the words of a normalized text: maximal runs of letters, digits, marks and `_`. */
export function wordSpans(norm: string): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= norm.length; i++) {
    const w = i < norm.length && WORD[norm.charCodeAt(i)] === 1;
    if (w && start < 0) start = i;
    else if (!w && start >= 0) {
      out.push([start, i]);
      start = -1;
    }
  }
  return out;
}
