import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/contamination/config.js';
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
    for await (const t of corpusTasks([path])) tasks.push(t);
    expect(tasks.length).toBeGreaterThan(1);
    const lines = tasks.flatMap((t) => (t.kind === 'records' ? t.lines.map((l) => l.line) : []));
    expect(lines).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
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
    for await (const t of corpusTasks([corpus])) tasks.push(t);
    expect(tasks.map((t) => (t.kind === 'file' ? t.commands : undefined))).toEqual([
      [{ word: 'problem', kind: 'theorem' }],
      [{ word: 'problem', kind: 'theorem' }],
    ]);
  });
});
