import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attachExcerpts } from '../../src/core/excerpts.js';
import type { Finding } from '../../src/core/types.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-excerpts-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const finding = (file: string, line: number, endLine?: number): Finding => ({
  auditorId: 'a',
  messageId: 'm',
  severity: 'error',
  message: 'x',
  location: { file, line, ...(endLine ? { endLine } : {}) },
});

describe('attachExcerpts', () => {
  const root = join(tmp, 'repo');
  mkdirSync(root);
  writeFileSync(join(root, 'A.lean'), Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\r\n'));
  writeFileSync(join(root, 'Long.lean'), `${'x'.repeat(1000)}\n`);
  writeFileSync(join(tmp, 'secret.txt'), 'TOKEN=1\n');
  symlinkSync(join(tmp, 'secret.txt'), join(root, 'Leak.lean'));

  it('gives three lines on either side, fewer at the edges of the file', () => {
    const found = [finding('A.lean', 10), finding('A.lean', 1), finding('A.lean', 20), finding('A.lean', 5, 7)];
    attachExcerpts(root, found);
    expect(found[0]!.excerpt).toEqual({ startLine: 7, lines: ['line 7', 'line 8', 'line 9', 'line 10', 'line 11', 'line 12', 'line 13'] });
    expect(found[1]!.excerpt).toEqual({ startLine: 1, lines: ['line 1', 'line 2', 'line 3', 'line 4'] });
    expect(found[2]!.excerpt!.lines.at(-1)).toBe('line 20');
    expect(found[3]!.excerpt).toMatchObject({ startLine: 2, lines: expect.arrayContaining(['line 10']) });
  });

  it('cuts long lines, and reads nothing outside the repository, missing or past the end', () => {
    const found = [
      finding('Long.lean', 1),
      finding('Leak.lean', 1),
      finding('../secret.txt', 1),
      finding('Absent.lean', 1),
      finding('A.lean', 99),
    ];
    attachExcerpts(root, found);
    expect(found[0]!.excerpt!.lines[0]).toHaveLength(241);
    expect(found.slice(1).map((f) => f.excerpt)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
