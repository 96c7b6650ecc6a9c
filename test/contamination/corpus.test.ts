import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, resolveSettings } from '../../src/contamination/config.js';
import { corpusFiles, corpusTasks } from '../../src/contamination/corpus.js';
import { runScan } from '../../src/contamination/run.js';

const dir = mkdtempSync(join(tmpdir(), 'contam-corpus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STATEMENT = 'Prove that the sum of the first n odd numbers equals n squared, for every natural number n.';

describe('corpus enumeration', () => {
  it('lists known text and data files, sorted, skipping .git, .lake and node_modules', () => {
    const root = join(dir, 'tree');
    for (const d of ['a', '.git', '.lake/packages', 'node_modules/x']) mkdirSync(join(root, d), { recursive: true });
    for (const f of [
      'a/B.lean',
      'a/notes.md',
      'a/paper.tex',
      'a/data.jsonl.gz',
      'a/image.png',
      '.git/HEAD.txt',
      '.lake/packages/M.lean',
      'node_modules/x/r.md',
    ]) {
      writeFileSync(join(root, f), 'x');
    }
    expect(corpusFiles(root).map((p) => p.slice(root.length + 1))).toEqual(['a/B.lean', 'a/data.jsonl.gz', 'a/notes.md', 'a/paper.tex']);
  });

  it('streams JSONL in batches with the line numbers of the file', async () => {
    const path = join(dir, 'big.jsonl');
    const line = JSON.stringify({ text: 'y'.repeat(100_000) });
    writeFileSync(path, Array.from({ length: 25 }, () => line).join('\n'));
    const tasks = [];
    for await (const t of corpusTasks([path], DEFAULT_SETTINGS.limits)) tasks.push(t);
    expect(tasks.length).toBeGreaterThan(1);
    const lines = tasks.flatMap((t) => (t.kind === 'records' ? t.lines.map((l) => l.line) : []));
    expect(lines).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('splits a JSON array into batches of its records, each with its index, so that workers share it', async () => {
    const path = join(dir, 'big.json');
    const record = JSON.stringify({ text: 'y'.repeat(100_000) });
    writeFileSync(path, `[${Array.from({ length: 25 }, () => record).join(',\n')}]`);
    const tasks = [];
    for await (const t of corpusTasks([path], DEFAULT_SETTINGS.limits)) tasks.push(t);
    expect(tasks.length).toBeGreaterThan(1);
    const records = tasks.flatMap((t) => (t.kind === 'records' ? t.lines.map((l) => l.record) : []));
    expect(records).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });
});

describe('scanning gzip, JSON and malformed corpora', () => {
  it('reads .gz transparently, reports bad records with file:line and keeps scanning', async () => {
    const corpus = join(dir, 'mixed');
    mkdirSync(corpus);
    writeFileSync(join(corpus, 'notes.txt.gz'), gzipSync(`intro\n\n${STATEMENT}\n`));
    writeFileSync(
      join(corpus, 'dump.jsonl.gz'),
      gzipSync([JSON.stringify({ q: 'other' }), '{oops', JSON.stringify({ q: STATEMENT })].join('\n')),
    );
    writeFileSync(join(corpus, 'array.json'), JSON.stringify([{ q: 'nothing here' }, { q: STATEMENT }]));
    const bench = join(dir, 'bench.jsonl');
    writeFileSync(bench, `${JSON.stringify({ id: 'odd_sum', informal_statement: STATEMENT })}\n`);
    const outcome = await runScan({ bench: [{ path: bench }], corpus: [corpus], settings: resolveSettings({}), threads: 0 });
    expect(outcome.problems).toEqual([
      { location: { file: join(corpus, 'dump.jsonl.gz'), line: 2 }, message: expect.stringMatching(/^invalid JSON/) },
    ]);
    const [item] = outcome.items;
    expect(item!.verdict).toBe('dirty');
    expect(outcome.corpora[0]).toMatchObject({ files: 3, documents: 5, documentsWithHits: 3, itemsHit: 1, problems: 1 });
    expect(item!.exact!.best!.file).toBe(join(corpus, 'array.json'));
    expect(item!.exact!.best!.record).toBe(1);
  });
});

describe('corpora whose problems are declared by their own commands', () => {
  it('reads compfiles-style `problem` declarations as statements of the Lean channel', async () => {
    const corpus = join(dir, 'compfiles');
    mkdirSync(join(corpus, 'Compfiles'), { recursive: true });
    writeFileSync(
      join(corpus, 'Compfiles', 'Imo1964P1.lean'),
      'import ProblemExtraction\n\nproblem imo1964_p1 (n : ℕ) (h : 7 ∣ 2 ^ n - 1) : 3 ∣ n := by\n  sorry\n',
    );
    writeFileSync(
      join(corpus, 'ProblemExtraction.lean'),
      'syntax (name := problem) declModifiers "problem " declId ppIndent(declSig) declVal : command\n',
    );
    const bench = join(dir, 'imo.jsonl');
    writeFileSync(
      bench,
      `${JSON.stringify({ id: 'imo_1964_p1', formal_statement: 'theorem imo_1964_p1 (m : ℕ) (hm : 7 ∣ 2 ^ m - 1) : 3 ∣ m := by sorry' })}\n`,
    );
    const outcome = await runScan({ bench: [{ path: bench }], corpus: [corpus], settings: resolveSettings({}), threads: 0 });
    const lean = outcome.items[0]!.lean!;
    expect([lean.verdict, lean.coverage, lean.best!.name, lean.best!.line]).toEqual(['dirty', 1, 'imo1964_p1', 3]);
    const tasks = [];
    for await (const t of corpusTasks([corpus], DEFAULT_SETTINGS.limits)) tasks.push(t);
    expect(tasks.map((t) => (t.kind === 'file' ? t.commands : undefined))).toEqual([
      [{ word: 'problem', kind: 'theorem' }],
      [{ word: 'problem', kind: 'theorem' }],
    ]);
  });
});

describe('bounded input', () => {
  it('refuses a device or a FIFO named as a corpus or a benchmark instead of hanging on it', async () => {
    const fifo = join(dir, 'corpus.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(() => corpusFiles('/dev/zero')).toThrow(/corpus \/dev\/zero is a device, not a regular file/);
    expect(() => corpusFiles(fifo)).toThrow(/is a FIFO/);
    const settings = resolveSettings({});
    await expect(runScan({ bench: [{ path: fifo }], corpus: [dir], settings, threads: 0 })).rejects.toThrow(/benchmark .* is a FIFO/);
  });

  it('skips a JSONL line over the record limit and a gzip bomb past the decompression limit, says where, and scans the rest', async () => {
    const corpus = join(dir, 'hostile');
    mkdirSync(corpus);
    const big = JSON.stringify({ q: 'z '.repeat(700_000) });
    writeFileSync(join(corpus, 'dump.jsonl'), [JSON.stringify({ q: 'other' }), big, JSON.stringify({ q: STATEMENT })].join('\n'));
    writeFileSync(join(corpus, 'bomb.txt.gz'), gzipSync(Buffer.alloc(3 * 2 ** 20, 32)));
    const bench = join(dir, 'bench-hostile.jsonl');
    writeFileSync(bench, `${JSON.stringify({ id: 'odd_sum', informal_statement: STATEMENT })}\n`);
    const settings = resolveSettings({ limits: { recordMb: 1, decompressedMb: 2 } });
    const outcome = await runScan({ bench: [{ path: bench }], corpus: [corpus], settings, threads: 0 });
    expect(outcome.problems).toEqual([
      {
        location: { file: join(corpus, 'bomb.txt.gz'), line: 1 },
        message: expect.stringMatching(/decompressed size exceeds the limit of 2097152 bytes/),
        offset: 2 ** 21,
        bytes: expect.any(Number),
      },
      {
        location: { file: join(corpus, 'dump.jsonl'), line: 2 },
        message: expect.stringMatching(/line of 1400008 bytes exceeds the limit of 1048576 bytes/),
        offset: 14,
        bytes: 1_400_008,
      },
    ]);
    expect(outcome.items[0]!.verdict).toBe('dirty');
    expect(outcome.items[0]!.exact!.best).toMatchObject({ file: join(corpus, 'dump.jsonl'), line: 3 });
  });

  it('scans a text file larger than a chunk piece by piece with the same hits and lines as whole', async () => {
    const corpus = join(dir, 'chunked');
    mkdirSync(corpus);
    const filler = Array.from({ length: 40_000 }, (_, i) => `filler line ${i} with some words`).join('\n');
    writeFileSync(join(corpus, 'big.txt'), `${filler}\n${STATEMENT}\n${filler}\n`);
    const bench = join(dir, 'bench-chunked.jsonl');
    writeFileSync(bench, `${JSON.stringify({ id: 'odd_sum', informal_statement: STATEMENT })}\n`);
    const scan = (chunkMb: number) =>
      runScan({ bench: [{ path: bench }], corpus: [corpus], settings: resolveSettings({ limits: { chunkMb } }), threads: 0 });
    const [pieces, whole] = [await scan(1), await scan(8)];
    expect(pieces.items).toEqual(whole.items);
    expect(pieces.items[0]!.exact!.best!.line).toBe(40_001);
  });
});
