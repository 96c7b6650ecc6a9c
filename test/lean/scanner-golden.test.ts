/**
 * The scanner's golden files: what lexing, parsing (with the proof-gap walk) and name resolution give
 * on the samples and on seeded random inputs, one JSON value per input and line, kept in
 * test/lean/golden/. They were first recorded from the C scanner leanaudit once had beside this
 * TypeScript one, on the inputs of the tests that held the two equal. A change to the scanner that
 * changes them is reviewed as a diff of these files (`npx vitest run test/lean/scanner-golden.test.ts -u`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { linkReferences } from '../../src/lean/resolve/references.js';
import { proofGapsOf } from '../../src/lean/syntax/gaps.js';
import { LONG_LINE, lexTable, TokenTable } from '../../src/lean/syntax/lexer.js';
import { NameTable } from '../../src/lean/syntax/names.js';
import { identsOf, parseLean } from '../../src/lean/syntax/parser.js';
import { itemsOf } from '../../src/lean/syntax/scope-links.js';
import type { ScopeLink } from '../../src/model/lean.js';
import { COMMAND_LINES, leanFiles, RESOLVER_LINES, random, soup } from '../helpers/lean-texts.js';

const golden = (name: string): string => fileURLToPath(new URL(`golden/${name}.jsonl`, import.meta.url));

/** The values as golden-file text: one JSON value per line. */
const lines = (values: unknown[]): string => `${values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n')}\n`;

/** Everything a lexing leaves behind: per text the token table's columns, comments, binder starters and problems; last, the names met and their flags. */
function lexed(texts: string[]): unknown[] {
  const names = new NameTable();
  const reused = new TokenTable('');
  const tables = texts.map((text) => {
    const { table, problems } = lexTable(text, 'T.lean', reused, names);
    const column = (a: Uint8Array | Int32Array): number[] => Array.from(a.subarray(0, table.count));
    return {
      columns: [table.kind, table.start, table.end, table.line, table.column, table.code].map(column),
      comments: Array.from(table.comments),
      starters: Array.from(table.starters),
      gapWords: table.gapWords,
      exitToken: table.exitToken,
      problems,
    };
  });
  return [...tables, { names: [...names.names], flags: Array.from(names.flags.subarray(0, names.size)) }];
}

/** A declaration's chains of `open`s and `variable`s shown as the lists of their items, as the golden files have them. */
const chainsAsLists = (key: string, value: unknown): unknown =>
  key === 'opens' || key === 'variables' ? itemsOf(value as ScopeLink | undefined) : value;

/** Everything parsing leaves of a file: its model, the identifiers, locals and pattern names of each declaration, its proof gaps; one name table for all files. */
function parsed(texts: string[]): string[] {
  const names = new NameTable();
  return texts.map((text, k) => {
    const file = parseLean(text, `F${k}.lean`, { names });
    const gaps = proofGapsOf(file, text).map((gap) => ({ ...gap, decl: gap.decl?.fullName }));
    return JSON.stringify([file, file.decls.map((_, index) => identsOf(file, index)), gaps], chainsAsLists);
  });
}

/** Every declaration of `texts` (linked as one project) with its references and how many its header gives, then the duplicates and the declarations by name. */
function linked(texts: string[]): [string, string[], number][] {
  const names = new NameTable();
  const files = texts.map((text, k) => parseLean(text, `F${k}.lean`, { names, module: `M${k}` }));
  const { decls, problems } = linkReferences(files);
  return [
    ...files.flatMap((file) =>
      file.decls.map((decl): [string, string[], number] => [decl.fullName, decl.references, decl.headerReferences]),
    ),
    ...problems.map((p): [string, string[], number] => [p.message, [p.location.file], p.location.line]),
    ...[...decls].map(([name, decl]): [string, string[], number] => [name, [decl.location.file], decl.location.line]),
  ];
}

const soups = (seed: number, count: number, longest: number): string[] => {
  const next = random(seed);
  return Array.from({ length: count }, () => soup(next, 1 + Math.floor(next() * longest)));
};

const commandFiles = (seed: number, count: number): string[] => {
  const next = random(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 25) }, () =>
      next() < 0.8 ? COMMAND_LINES[Math.floor(next() * COMMAND_LINES.length)]! : soup(next, 4),
    ).join('\n'),
  );
};

describe('the lexer', () => {
  it('gives its golden tables, names and problems on the samples', async () => {
    const texts = leanFiles('samples');
    expect(texts.length).toBeGreaterThan(3);
    await expect(lines(lexed(texts))).toMatchFileSnapshot(golden('lex-samples'));
  });

  it('gives its golden results on 3,000 random soups of edge cases, one name table for all', async () => {
    await expect(lines(lexed(soups(2026, 3000, 40)))).toMatchFileSnapshot(golden('lex-soups'));
  });

  it('grows a full token table, and reads text after an unterminated comment as nothing', async () => {
    const result = lexed(['('.repeat(5000), `${'a b '.repeat(3000)}/- never closed`, 'x', '']);
    expect((result[0] as { columns: number[][] }).columns[0]).toHaveLength(5000);
    await expect(lines(result)).toMatchFileSnapshot(golden('lex-full-table'));
  });

  it('finds the long lines: between tokens, in a comment or string, the last one, past an unterminated comment', async () => {
    const at = 'x'.repeat(LONG_LINE);
    const over = `${at}y`;
    const texts = [
      `a\n${over}\nb\n${at}\nc`,
      `/- one\n${over}\n-/ d "s\n${over} e\n"\n${over}`,
      `f\r\n${over}\r\ng`,
      `/- never closed\n${at}\n${at}`,
      `/- never closed\n${over}`,
    ];
    const result = lexed(texts) as { problems: { messageId: string; location: { line: number } }[] }[];
    const longLines = result
      .slice(0, -1)
      .map(({ problems }) => problems.filter((p) => p.messageId === 'long-line').map((p) => p.location.line));
    expect(longLines).toEqual([[2], [2, 4, 6], [2], [], [2]]);
    await expect(lines(result)).toMatchFileSnapshot(golden('lex-long-lines'));
  });

  it('lexes in several worker threads at once as in the main thread', async () => {
    const texts = soups(99, 400, 60);
    const expected = lexed(texts);
    for (const result of await inWorkers<unknown[]>(LEX_IN_WORKER, texts, 4)) expect(result).toEqual(expected);
  });
});

describe('the parser and the proof-gap walk', () => {
  it('give their golden declarations and proof gaps on the samples', async () => {
    await expect(lines(parsed(leanFiles('samples')))).toMatchFileSnapshot(golden('parse-samples'));
  });

  it('give their golden results on 2,000 random files of command lines, learning the commands they define', async () => {
    const result = parsed(commandFiles(7, 2000));
    expect(result.filter((file) => file.includes('"command":"problem"')).length).toBeGreaterThan(20);
    for (const kind of [
      'sorry-in-proof',
      'sorry-in-data',
      'search-tactic',
      'native-decide',
      'implemented-by',
      'extern',
      'skip-kernel-tc',
    ]) {
      expect(result.filter((file) => file.includes(`"kind":"${kind}"`)).length).toBeGreaterThan(10);
    }
    await expect(lines(result)).toMatchFileSnapshot(golden('parse-command-files'));
  });

  it('read a declaration whose name part runs past its end (an unclosed `(priority := …`) and one with 70,000 identifiers', async () => {
    const many = Array.from({ length: 70_000 }, (_, k) => `a${k}`);
    const result = parsed([
      'instance (priority := 10\ntheorem t (x : Nat) : True := trivial\ndef y := 1',
      `def big := [${many.join(', ')}]\ntheorem after (h : x = y) : True := by\n  intro ${many.slice(0, 9).join(' ')}\n  trivial`,
    ]);
    expect(result[0]).toContain('"fullName":"t"');
    expect(result[1]).toContain('"a69999"');
    await expect(lines(result)).toMatchFileSnapshot(golden('parse-edges'));
  });

  it('parse in several worker threads at once as in the main thread', async () => {
    const next = random(31);
    const texts = Array.from({ length: 300 }, () =>
      Array.from({ length: 12 }, () => COMMAND_LINES[Math.floor(next() * COMMAND_LINES.length)]!).join('\n'),
    );
    const expected = parsed(texts);
    for (const result of await inWorkers<string[]>(PARSE_IN_WORKER, texts, 3)) expect(result).toEqual(expected);
  });
});

describe('name resolution', () => {
  it('gives its golden references on the samples', async () => {
    const result = linked(leanFiles('samples'));
    expect(result.some(([, references]) => references.length > 0)).toBe(true);
    await expect(lines(result)).toMatchFileSnapshot(golden('link-samples'));
  });

  it('gives its golden references on a project whose names repeat across modules that meet', async () => {
    const structures = Array.from(
      { length: 700 },
      (_, k) => `structure S${k} where\n  a : Nat\n  b : Nat\n  c : Nat\n  d : Nat\n  e : Nat`,
    ).join('\n');
    const uses = Array.from(
      { length: 700 },
      (_, k) => `def u${k} (s : S${k}) := s.e + S${(k * 7) % 700}.mk 1 2 3 4 5 |>.a\ndef S${k} := u${k}`,
    ).join('\n');
    // The second file imports the first: their modules meet, and the repeated names clash.
    const result = linked([structures, `import M0\n${uses}`]);
    expect(result.filter(([message]) => message.includes(' is also declared at '))).toHaveLength(700);
    expect(result.find(([name]) => name === 'u699')?.[1]).toEqual(['S699', 'S693']);
    await expect(lines(result)).toMatchFileSnapshot(golden('link-repeats'));
  });

  it('gives its golden references on 400 random projects of 6 files, references of every kind among them', async () => {
    const next = random(11);
    const pick = (): string => RESOLVER_LINES[Math.floor(next() * RESOLVER_LINES.length)]!;
    // Each file imports the ones before it, so that names resolve across files as they do within one.
    const imports = (k: number): string => Array.from({ length: k }, (_, j) => `import M${j}\n`).join('');
    const projects = Array.from({ length: 400 }, () =>
      linked(Array.from({ length: 6 }, (_, k) => imports(k) + Array.from({ length: 1 + Math.floor(next() * 30) }, pick).join('\n'))),
    );
    const all = projects.flat();
    const referencing = (name: string, target: string): boolean =>
      all.some(([decl, references]) => decl.endsWith(name) && references.includes(target));
    // Plain, through an open, `_root_`, a local's field (the structure), a constant's field, a prefix of a dotted name, a constructor in a pattern.
    expect(referencing('g', 'f')).toBe(true);
    expect(referencing('n', 'A.f') || referencing('n', 'B.f')).toBe(true);
    expect(referencing('rr', 'r')).toBe(true);
    expect(referencing('use', 'S')).toBe(true);
    expect(referencing('cz', 'S.z')).toBe(true);
    expect(referencing('k', 'f')).toBe(true);
    expect(referencing('p2', 'T')).toBe(true);
    expect(referencing('usep', 'p')).toBe(true);
    expect(all.some(([message]) => message.includes(' is also declared at '))).toBe(true);
    expect(all.some(([, references, header]) => header > 0 && header < references.length)).toBe(true);
    await expect(lines(projects)).toMatchFileSnapshot(golden('link-random-projects'));
  });
});

/** Worker code that lexes its texts with the built lexer, as the contamination scan's workers use it; it posts what `lexed` shows. */
const LEX_IN_WORKER = (dist: (name: string) => string): string => `
  const { parentPort, workerData } = require('node:worker_threads');
  Promise.all([import(${dist('lexer')}), import(${dist('names')})]).then(([{ lexTable, TokenTable }, { NameTable }]) => {
    const names = new NameTable();
    const reused = new TokenTable('');
    parentPort.postMessage(workerData.map((text) => {
      const { table, problems } = lexTable(text, 'T.lean', reused, names);
      const column = (a) => Array.from(a.subarray(0, table.count));
      return { columns: [table.kind, table.start, table.end, table.line, table.column, table.code].map(column), comments: Array.from(table.comments),
        starters: Array.from(table.starters), gapWords: table.gapWords, exitToken: table.exitToken, problems };
    }).concat([{ names: [...names.names], flags: Array.from(names.flags.subarray(0, names.size)) }]));
  });`;

/** Worker code that parses its texts with the built parser; it posts what `parsed` shows. */
const PARSE_IN_WORKER = (dist: (name: string) => string): string => `
  const { parentPort, workerData } = require('node:worker_threads');
  Promise.all([import(${dist('parser')}), import(${dist('gaps')}), import(${dist('names')}), import(${dist('scope-links')})]).then(([{ parseLean, identsOf }, { proofGapsOf }, { NameTable }, { itemsOf }]) => {
    const names = new NameTable();
    const chainsAsLists = (key, value) => (key === 'opens' || key === 'variables' ? itemsOf(value) : value);
    parentPort.postMessage(workerData.map((text, k) => {
      const file = parseLean(text, 'F' + k + '.lean', { names });
      const gaps = proofGapsOf(file, text).map((gap) => ({ ...gap, decl: gap.decl && gap.decl.fullName }));
      return JSON.stringify([file, file.decls.map((_, index) => identsOf(file, index)), gaps], chainsAsLists);
    }));
  });`;

/** Runs `code` (given the built modules' URLs) in `threads` worker threads at once on `texts`; each result as posted. */
async function inWorkers<T>(code: (dist: (name: string) => string) => string, texts: string[], threads: number): Promise<T[]> {
  if (!existsSync(join('dist', 'src', 'lean', 'syntax', 'parser.js')))
    throw new Error('dist/ is missing: run `npm run build` (npm test does)');
  const dist = (name: string): string => JSON.stringify(pathToFileURL(join('dist', 'src', 'lean', 'syntax', `${name}.js`)).href);
  return Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<T>((resolve, reject) => {
          const worker = new Worker(code(dist), { eval: true, workerData: texts });
          worker.once('message', (result: T) => void worker.terminate().then(() => resolve(result)));
          worker.once('error', reject);
        }),
    ),
  );
}
