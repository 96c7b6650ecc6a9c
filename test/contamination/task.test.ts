import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/contamination/config.js';
import { runScan } from '../../src/contamination/run.js';
import { leanCutPoint } from '../../src/contamination/task.js';

const dir = mkdtempSync(join(tmpdir(), 'contam-task-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('leanCutPoint', () => {
  it('cuts before the last line that starts a command at column 0, else after the last newline', () => {
    const text = 'theorem a : True := by\n  trivial\n\n@[simp] theorem b : True := by\n  trivial\n  -- more';
    expect(leanCutPoint(Buffer.from(text))).toBe(text.indexOf('@[simp]'));
    const indented = 'theorem a : True := by\n  trivial\n  exact x\n  done';
    expect(leanCutPoint(Buffer.from(indented))).toBe(indented.lastIndexOf('\n') + 1);
  });
});

describe('a .lean file larger than a chunk', () => {
  it('is parsed chunk by chunk, each declaration whole, on its own line', async () => {
    const corpus = join(dir, 'lean');
    mkdirSync(corpus);
    const filler = Array.from({ length: 12_000 }, (_, i) => `theorem filler_${i} (n : ℕ) (h : ${i} < n) : n ≠ ${i} := by\n  omega\n`).join(
      '\n',
    );
    const planted = 'theorem copied (G : Type*) [Group G] (x y : G)\n    (h : x * y = 1) :\n    y * x = 1 := by\n  simpa using h\n';
    writeFileSync(join(corpus, 'Big.lean'), `${filler}\n${planted}\n${filler}`);
    const bench = join(dir, 'bench.jsonl');
    const formal = 'theorem t (H : Type*) [Group H] (b a : H) (hab : b * a = 1) : a * b = 1 := by sorry';
    writeFileSync(bench, `${JSON.stringify({ id: 'inverse_comm', formal_statement: formal })}\n`);
    const settings = resolveSettings({ channels: ['lean'], limits: { chunkMb: 1 } });
    const outcome = await runScan({ bench: [{ path: bench }], corpus: [corpus], settings, threads: 0 });
    const lean = outcome.items[0]!.lean!;
    expect([lean.verdict, lean.coverage, lean.best!.name, lean.best!.line]).toEqual(['dirty', 1, 'copied', filler.split('\n').length + 1]);
  });
});
