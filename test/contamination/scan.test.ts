import { describe, expect, it } from 'vitest';
import { rng } from '../../bench/contamination.js';
import { wordHashes } from '../../src/contamination/hash.js';
import { normalizeExact, windowStarts } from '../../src/contamination/normalize.js';
import { Scanner } from '../../src/contamination/scan.js';
import { ScanIndexBuilder } from '../../src/contamination/scan-index.js';

function indexOf(windows: string[], window = 10) {
  const b = new ScanIndexBuilder(window, 8);
  for (const w of windows) b.addWindow(w);
  return b.build();
}

describe('Scanner exact windows', () => {
  it('finds a window at any offset, mid-word included, with the line it starts on', () => {
    const ix = indexOf(['lo world x']);
    const hits = new Scanner(ix).scan('first line\nhello world xyz', 1);
    expect(hits.exact).toEqual([0, 2]);
  });

  it('matches across line breaks and whitespace runs after normalization', () => {
    const ix = indexOf([normalizeExact('the sum of two odd').slice(0, 10)]);
    const hits = new Scanner(ix).scan('THE\n\n  Sum of', 5);
    expect(hits.exact).toEqual([0, 5]);
  });

  it('normalizes the document like the items (NFKC, lowercase)', () => {
    const ix = indexOf(['find x2 in']);
    expect(new Scanner(ix).scan('ﬁnd X² in').exact).toEqual([0, 1]);
  });

  it('reports each window once per document and again in the next document', () => {
    const ix = indexOf(['abcdefghij']);
    const s = new Scanner(ix);
    expect(s.scan('abcdefghij abcdefghij').exact).toEqual([0, 1]);
    expect(s.scan('xx abcdefghij').exact).toEqual([0, 1]);
  });

  it('finds exactly the windows a naive substring search finds (randomized)', () => {
    const rand = rng(42);
    const alphabet = 'ab c\nd';
    const doc = Array.from({ length: 20000 }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
    const norm = normalizeExact(doc);
    const windows = new Set<string>();
    for (let k = 0; k < 300; k++) {
      const s = Math.floor(rand() * (norm.length - 12));
      windows.add(norm.slice(s, s + 12));
      windows.add(Array.from({ length: 12 }, () => 'abcd'[Math.floor(rand() * 4)]).join(''));
    }
    const list = [...windows];
    const ix = indexOf(list, 12);
    const found = new Set<number>();
    const hits = new Scanner(ix).scan(doc).exact;
    for (let i = 0; i < hits.length; i += 2) found.add(hits[i]!);
    const expected = new Set(list.map((w, id) => (norm.includes(w) ? id : -1)).filter((id) => id >= 0));
    expect(found).toEqual(expected);
  });
});

describe('Scanner word n-grams and names', () => {
  it('finds a word n-gram whatever the punctuation and spacing around it', () => {
    const b = new ScanIndexBuilder(50, 8);
    const ws = ['two', 'odd', 'integers'];
    const h1 = new Int32Array(3);
    const h2 = new Int32Array(3);
    ws.forEach((w, k) => ([h1[k], h2[k]] = wordHashes(w)));
    const id = b.addGram(h1, h2, 0, 3);
    const ix = b.build();
    expect(new Scanner(ix).scan('Take\ntwo, odd (integers).').grams).toEqual([id, 2]);
    expect(new Scanner(ix).scan('two odd prime integers').grams).toEqual([]);
  });

  it('finds a theorem name as a whole identifier, case-sensitively', () => {
    const b = new ScanIndexBuilder(50, 8);
    const id = b.addName('mathd_algebra_10');
    const ix = b.build();
    expect(new Scanner(ix).scan('see\nFoo.mathd_algebra_10 here').names).toEqual([id, 2]);
    expect(new Scanner(ix).scan('mathd_algebra_101 MATHD_ALGEBRA_10').names).toEqual([]);
  });
});

describe('windowStarts with the scanner', () => {
  it('every window of an item copied into a document is found', () => {
    const item = normalizeExact('Prove that for all real numbers x and y, (x + y)^2 ≤ 2 (x^2 + y^2) holds.');
    const starts = windowStarts(item, 20);
    const b = new ScanIndexBuilder(20, 8);
    for (const s of starts) b.addWindow(item.slice(s, s + 20));
    const ix = b.build();
    const hits = new Scanner(ix).scan('Exercise:\nPROVE that for all real numbers x and y,\n(x + y)^2 ≤ 2 (x^2 + y^2) holds.');
    expect(hits.exact.length / 2).toBe(ix.windows.length);
  });
});

describe('Scanner fed in pieces', () => {
  it('finds the same windows, n-grams and names on the same lines as one whole scan, every occurrence included', () => {
    const rand = rng(7);
    const words = ['alpha', 'beta', 'gamma', 'delta', 'x', 'y', 'sum', 'of', 'two', 'odd'];
    const doc = Array.from({ length: 6000 }, () => words[Math.floor(rand() * words.length)] + (rand() < 0.1 ? '\n' : ' ')).join('');
    const norm = normalizeExact(doc);
    const b = new ScanIndexBuilder(12, 8);
    for (let k = 0; k < 200; k++) {
      const s = Math.floor(rand() * (norm.length - 12));
      b.addWindow(norm.slice(s, s + 12));
    }
    const h1 = new Int32Array(3);
    const h2 = new Int32Array(3);
    ['sum', 'of', 'two'].forEach((w, k) => ([h1[k], h2[k]] = wordHashes(w)));
    b.addGram(h1, h2, 0, 3);
    b.addName('gamma');
    const ix = b.build();
    for (const allOccurrences of [false, true]) {
      const whole = new Scanner(ix, { allOccurrences }).scan(doc, 3);
      const pieces = new Scanner(ix, { allOccurrences });
      pieces.begin(3);
      // Cut after blanks, as textChunks does, at random places.
      let from = 0;
      while (from < doc.length) {
        let to = Math.min(doc.length, from + 1 + Math.floor(rand() * 400));
        while (to < doc.length && doc[to - 1] !== ' ' && doc[to - 1] !== '\n') to++;
        pieces.feed(doc.slice(from, to));
        from = to;
      }
      expect(pieces.finish()).toEqual(whole);
      expect(whole.exact.length).toBeGreaterThan(200);
    }
  });
});
