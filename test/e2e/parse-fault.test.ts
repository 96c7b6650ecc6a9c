import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';
import type { Report } from '../../src/core/types.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-fault-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a file the parser fails on', () => {
  it('is reported with its file:line, and the files after it are still audited', () => {
    mkdirSync(join(tmp, 'P'));
    writeFileSync(join(tmp, 'P', 'A.lean'), 'theorem a : 1 = 1 := sorry\n');
    writeFileSync(join(tmp, 'P', 'B.lean'), 'syntax "fault " ident : command\ntheorem b : 2 = 2 := sorry\n');
    writeFileSync(join(tmp, 'P', 'C.lean'), 'theorem c : 3 = 3 := sorry\n');
    const root = packageRoot();
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        join(root, 'test', 'helpers', 'parse-fault.mjs'),
        join(root, 'bin', 'leanaudit.js'),
        'audit',
        tmp,
        '--only',
        'lean-source,proof-gaps',
        '--format',
        'json',
      ],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 },
    );
    expect(run.stderr).toBe('');
    const findings = (JSON.parse(run.stdout) as Report).runs.flatMap((r) => r.findings);
    const failed = findings.filter((f) => f.messageId === 'parse-failed');
    expect(failed).toEqual([
      expect.objectContaining({
        auditorId: 'lean-source',
        severity: 'error',
        location: expect.objectContaining({ file: 'P/B.lean', line: 1 }),
      }),
    ]);
    expect(failed[0]!.message).toContain('injected parser fault');
    const sorries = findings.filter((f) => f.auditorId === 'proof-gaps' && f.messageId.startsWith('sorry'));
    // B.lean's sorry is not counted: like an unreadable file's, its source is left out of the counts.
    expect(sorries.map((f) => f.location?.file).sort()).toEqual(['P/A.lean', 'P/C.lean']);
    expect(run.status).toBe(1);
  });
});
