import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as leanSource from '../../src/auditors/lean-source.js';
import { runAuditor } from '../../src/core/runner.js';
import { loadProject } from '../../src/lean/project.js';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'leanaudit-source-'));
  mkdirSync(join(root, 'P'));
  writeFileSync(join(root, 'P', 'A.lean'), 'def a := 1\n/- open\n');
  writeFileSync(join(root, 'P', 'B.lean'), Buffer.from([0x64, 0x0a, 0x00]));
  writeFileSync(join(root, 'P', 'C.lean'), 'import P.A\ndef a := 2\nnamespace X\nend Y\n');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('lean-source', () => {
  it('reports every source problem with file:line, errors where source went unread', async () => {
    const run = await runAuditor(leanSource, {
      root,
      config: {},
      signal: new AbortController().signal,
      project: () => loadProject(root),
      entities: () => Promise.resolve([]),
    });
    expect(run.status).toBe('ok');
    expect(run.findings.map((f) => [f.messageId, f.severity, `${f.location!.file}:${f.location!.line}`])).toEqual([
      ['unterminated-comment', 'error', 'P/A.lean:2'],
      ['binary-file', 'error', 'P/B.lean:2'],
      ['mismatched-end', 'warning', 'P/C.lean:4'],
      ['duplicate-declaration', 'warning', 'P/C.lean:2'],
    ]);
    expect(run.findings[0]!.message).toContain('unterminated block comment');
    expect(run.metrics).toEqual({ problems: 4, 'files-with-problems': 3 });
  });
});
