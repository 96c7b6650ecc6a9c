/** Ctrl-C during an audit, the scan included: it stops within a second, writes the report of what was computed and exits 130. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';
import type { Report } from '../../src/core/types.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-interrupt-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A project large enough that reading it takes seconds: many files of many small theorems. */
function bigProject(): string {
  const root = join(tmp, 'big');
  mkdirSync(join(root, 'Big'), { recursive: true });
  writeFileSync(join(root, 'lakefile.toml'), 'name = "big"\n\n[[lean_lib]]\nname = "Big"\n');
  const body = Array.from(
    { length: 120 },
    (_, i) => `/-- a lemma -/\ntheorem t${i} (n : Nat) (h : n > ${i}) : n + ${i} ≥ ${i} := by\n  omega\n`,
  ).join('\n');
  for (let f = 0; f < 2500; f++) writeFileSync(join(root, 'Big', `F${f}.lean`), `namespace Big.F${f}\n${body}\nend Big.F${f}\n`);
  return root;
}

describe('Ctrl-C', () => {
  it('during the scan stops within a second, writes the report of what was computed, and exits 130', async () => {
    const root = bigProject();
    const out = join(tmp, 'report.json');
    const child = spawn(
      process.execPath,
      [join(packageRoot(), 'bin', 'leanaudit.js'), 'audit', root, '--only', 'proof-gaps', '--format', 'json', '-o', out, '--progress'],
      {
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    let stderr = '';
    const reading = new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/reading \d+\/\d+ \.lean files/.test(stderr)) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await reading;
    const sent = performance.now();
    child.kill('SIGINT');
    const code = await exited;
    const elapsed = performance.now() - sent;
    expect(code).toBe(130);
    expect(elapsed).toBeLessThan(1000);
    expect(existsSync(out)).toBe(true);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    expect(report.project.error).toBe('interrupted');
    expect(report.runs[0]).toMatchObject({ auditorId: 'proof-gaps', status: 'error', reason: 'interrupted' });
  }, 120_000);
});
