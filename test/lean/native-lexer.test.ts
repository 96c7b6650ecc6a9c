import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lexTable, MULTI_SYMBOLS, TokenTable } from '../../src/lean/lexer.js';
import { NameTable } from '../../src/lean/names.js';
import { nativeLexer } from '../../src/lean/native.js';

/** Everything a lexing leaves behind: the token table's columns, comments, binder starters, the names met and their flags, the problems. */
function lexed(texts: string[], native: boolean): unknown[] {
  const names = new NameTable({ native });
  const reused = new TokenTable('');
  return texts.map((text) => {
    const { table, problems } = lexTable(text, 'T.lean', reused, names);
    const column = (a: Uint8Array | Int32Array): number[] => Array.from(a.subarray(0, table.count));
    return {
      columns: [table.kind, table.start, table.end, table.line, table.column, table.code].map(column),
      comments: Array.from(table.comments),
      starters: Array.from(table.starters),
      gapWords: table.gapWords,
      names: [...names.names],
      flags: Array.from(names.flags.subarray(0, names.size)),
      problems,
    };
  });
}

const FRAGMENTS = [
  'theorem', 'lemma', 'def', ' ', '\n', '\t', '\r\n', 'x', "x'", 'h₁', 'α', 'ℕ', '𝓝', '𝔼', 'Nat.succ', 'a.b.c', '«a b»', '«open',
  '.', '..', '...', ':=', '::', '=>', '->', '<-', '<;>', '|>.', '|', '||', '{', '}', '(', ')', '⟨', '⟩', '∀', '∃', 'λ', 'fun', 'intro',
  'sorry', 'admit', 'sorry_free', 'native_decide', 'maxHeartbeats', '-- line', '/- block /- nested -/ -/', '/-- doc -/', '/-! mod -/',
  '/- open', '"str"', '"esc \\" q"', 's!"a{x}b{f {y}}c"', '"open', 'r"raw"', 'r#"a"b"#', 'r##"x', 'r#x', "'a'", "'\\n'", "'\\u{3b1}'",
  "'", "'𝓝'", '0x1F', '1.5e-3', '42', 'h.1.2', '#eval', '#check', '@[simp]', '@', '\ud835', '\udc00', 'é', '∑ i ∈ s,', '·', '$', '\u0000',
  '+', '<', '>', '=', '!', '&', ':', '-', '/', ...MULTI_SYMBOLS,
];

/** A reproducible pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function soup(next: () => number, length: number): string {
  return Array.from({ length }, () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]!).join(next() < 0.5 ? '' : ' ');
}

function leanFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return leanFiles(path);
    return entry.endsWith('.lean') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe.skipIf(nativeLexer === undefined)('the native lexer', () => {
  it('gives the TypeScript lexer\'s tables, names and problems on the samples', () => {
    const texts = leanFiles('samples');
    expect(texts.length).toBeGreaterThan(3);
    expect(lexed(texts, true)).toEqual(lexed(texts, false));
  });

  it('agrees with it on 3,000 random soups of edge cases, one name table for all', () => {
    const next = random(2026);
    const texts = Array.from({ length: 3000 }, () => soup(next, 1 + Math.floor(next() * 40)));
    expect(lexed(texts, true)).toEqual(lexed(texts, false));
  });

  it('resumes when the token table is full, and reads text after an unterminated comment as nothing', () => {
    const texts = ['('.repeat(5000), `${'a b '.repeat(3000)}/- never closed`, 'x', ''];
    const native = lexed(texts, true);
    expect(native).toEqual(lexed(texts, false));
    expect((native[0] as { columns: number[][] }).columns[0]).toHaveLength(5000);
  });

  it('interns and finds names as the TypeScript table does', () => {
    const native = new NameTable();
    const portable = new NameTable({ native: false });
    for (const word of ['problem', 'Aa', 'BB', '𝓝', 'theorem']) expect(native.internName(word)).toBe(portable.internName(word));
    expect(native.idOf('BB')).toBe(portable.idOf('BB'));
    expect(native.idOf('absent')).toBe(-1);
    expect(native.names).toEqual(portable.names);
  });
});

describe('the lexer in use', () => {
  it('is the native one wherever CI builds it', () => {
    if (process.env.CI && process.env.LEANAUDIT_NATIVE !== '0') expect(nativeLexer).toBeDefined();
  });
});
