import { describe, expect, it } from 'vitest';
import { lowerByCodeUnit, normalizeExact, windowStarts, wordSpans } from '../../src/contamination/normalize.js';

describe('normalizeExact', () => {
  it('applies NFKC: ligatures, full-width letters, superscripts and double-struck letters', () => {
    expect(normalizeExact('ﬁnd ＡＢＣ x² ℝ')).toBe('find abc x2 r');
  });

  it('lowercases and collapses every kind of whitespace to one space, trimmed', () => {
    expect(normalizeExact('  Let\tN\u00a0be\n\n  A   Prime. \r\n')).toBe('let n be a prime.');
  });

  it('lowercases one code unit at a time (no final-sigma rule), as the scanner does', () => {
    expect(lowerByCodeUnit('ΟΔΟΣ')).toBe('οδοσ');
    expect(normalizeExact('ΟΔΟΣ')).toBe('οδοσ');
  });

  it('expands code units whose lowercase is longer (İ)', () => {
    expect(normalizeExact('İ')).toBe('i\u0307');
  });

  it('leaves ASCII punctuation and operators alone', () => {
    expect(normalizeExact('a != b -> c <= d')).toBe('a != b -> c <= d');
  });
});

describe('windowStarts', () => {
  it('starts windows at the text start, after spaces and where words begin', () => {
    const norm = 'ab (cd) e';
    expect(windowStarts(norm, 1)).toEqual([0, 3, 4, 8]);
  });

  it('keeps only windows that fit', () => {
    expect(windowStarts('one two three', 9)).toEqual([0, 4]);
    expect(windowStarts('short', 50)).toEqual([]);
  });
});

const words = (text: string): string[] => {
  const norm = normalizeExact(text);
  return wordSpans(norm).map(([s, e]) => norm.slice(s, e));
};

describe('wordSpans', () => {
  it('splits on everything but letters, digits, marks and underscores', () => {
    expect(words('Let x_1 be 2·π — (the) Café!')).toEqual(['let', 'x_1', 'be', '2', 'π', 'the', 'café']);
  });

  it('gives word offsets in the normalized text', () => {
    expect(wordSpans('ab, cd')).toEqual([
      [0, 2],
      [4, 6],
    ]);
  });
});
