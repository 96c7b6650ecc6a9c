import { describe, expect, it } from 'vitest';
import { linkReferences } from '../../../src/lean/resolve/references.js';
import { KEYWORD_COUNT, KIND, lexTable } from '../../../src/lean/syntax/lexer.js';
import { GAP_WORD, hashName, KEYWORD_LIST, MODIFIER_IDS, NameTable } from '../../../src/lean/syntax/names.js';
import { identsOf, parseLean } from '../../../src/lean/syntax/parser.js';

const idsOf = (src: string, names: NameTable): number[] => {
  const { table } = lexTable(src, 'T.lean', undefined, names);
  return Array.from({ length: table.count }, (_, i) => table.code[i]!);
};

describe('NameTable', () => {
  it('gives keywords their index in KEYWORD_LIST and the module-system modifiers the next ids', () => {
    const names = new NameTable();
    expect(KEYWORD_LIST.map((k) => names.idOf(k))).toEqual(KEYWORD_LIST.map((_, k) => k));
    expect(MODIFIER_IDS).toEqual([KEYWORD_COUNT, KEYWORD_COUNT + 1]);
    expect(names.names[MODIFIER_IDS[0]!]).toBe('public');
    const { table } = lexTable('theorem public x', 'T.lean', undefined, names);
    expect([table.kind[0], table.code[0]]).toEqual([KIND.keyword, KEYWORD_LIST.indexOf('theorem')]);
    expect([table.kind[1], table.code[1]]).toEqual([KIND.ident, MODIFIER_IDS[0]]);
  });

  it('gives one id per text across sources, and distinct ids to texts whose hashes collide', () => {
    const names = new NameTable();
    expect(hashName('Aa')).toBe(hashName('BB'));
    const [a, b, c] = idsOf('Aa BB h₁', names);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(idsOf('  h₁ (BB) Aa', names)).toEqual([c, 40, b, 41, a]);
    expect([names.names[a!], names.names[b!], names.names[c!]]).toEqual(['Aa', 'BB', 'h₁']);
  });

  it('keeps ids stable while it grows, astral letters and «quoted names» included', () => {
    const names = new NameTable();
    const words = Array.from({ length: 5000 }, (_, k) => `w${k}`);
    const first = idsOf(words.join(' '), names);
    expect(new Set(first).size).toBe(5000);
    expect(idsOf([...words].reverse().join(' '), names)).toEqual([...first].reverse());
    const [nhds, quoted, other] = idsOf('𝓝 «a b» «c d»', names);
    expect(names.names[nhds!]).toBe('𝓝');
    expect(names.idOf('𝓝')).toBe(nhds);
    expect([names.names[quoted!], names.names[other!]]).toEqual(['«a b»', '«c d»']);
  });

  it('hashes what «» quote like any other text, so quoted names are found by text and hash apart', () => {
    const names = new NameTable();
    const texts = Array.from({ length: 300 }, (_, k) => `Facts.«All4x4Tables [[${k % 7},${k}]]».p`);
    const ids = idsOf(texts.join('\n'), names);
    expect(new Set(ids).size).toBe(300);
    expect(texts.map((text) => names.idOf(text))).toEqual(ids);
    expect(new Set(texts.map(hashName)).size).toBe(300);
    expect(idsOf('«x y»', names)).toEqual([names.internName('«x y»')]);
  });

  it('flags the words the proof-gap scan reacts to, and tells the lexer when a text has one', () => {
    const names = new NameTable();
    const flagged = (w: string): boolean => (names.flags[names.internName(w)]! & GAP_WORD) !== 0;
    expect(['sorry', 'admit', 'native_decide', 'Lean.ofReduceBool', 'synthInstance.maxHeartbeats', 'exact?'].every(flagged)).toBe(true);
    expect(['sorry_free', 'simp', 'decide', 'maxHeartbeatsX'].some(flagged)).toBe(false);
    expect(lexTable('theorem t : 1 = 1 := rfl -- sorry', 'T.lean').table.gapWords).toBe(false);
    expect(lexTable('example : p := by exact?', 'T.lean').table.gapWords).toBe(true);
    expect(lexTable('def f := Lean.ofReduceBool', 'T.lean').table.gapWords).toBe(true);
  });
});

describe('identifier ids through parsing and linking', () => {
  const sources = ['namespace A\ndef b := 1\nend A', 'import F0\nopen A in\ntheorem t : b = b := by\n  exact rfl'];

  it('resolves the same references whether files share one name table or not', () => {
    const shared = new NameTable();
    const together = sources.map((src, k) => parseLean(src, `F${k}.lean`, { names: shared }));
    const apart = sources.map((src, k) => parseLean(src, `F${k}.lean`));
    linkReferences(together);
    linkReferences(apart);
    expect(together[1]!.decls[0]).toMatchObject({ references: ['A.b'], headerReferences: 1 });
    expect(apart[1]!.decls[0]).toMatchObject({ references: ['A.b'], headerReferences: 1 });
    expect(identsOf(together[1]!, 0)).toEqual(identsOf(apart[1]!, 0));
    expect(identsOf(together[1]!, 0)).toEqual({ header: ['b'], body: ['exact', 'rfl'], locals: [], patterns: [] });
  });
});
