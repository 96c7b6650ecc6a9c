import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { loggedRequests, simCommand } from '../helpers/lean-repl-fixtures.js';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-repl-lifetime-'));
/** The stand-ins these tests started, ended here should a test fail and leave one running. */
const started: number[] = [];
afterAll(() => {
  for (const pid of started.filter(alive)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts `leanaudit audit --only axiom-usage` (through bin/, so the launcher and its relaunched child
 * both run) with a stand-in REPL that never answers `#print axioms`, and resolves with the launcher and
 * the stand-in's pid once the stand-in holds that request.
 */
async function hangingAudit(): Promise<{ launcher: number; standin: number }> {
  const logDir = mkdtempSync(join(dir, 'run-'));
  const command = simCommand(logDir, { importMs: 1, rules: [{ match: '#print axioms', fault: 'busy' }] });
  const child = spawn(process.execPath, [join(packageRoot(), 'bin', 'leanaudit.js'), 'audit', SAMPLE, '--only', 'axiom-usage'], {
    env: { ...process.env, LEANAUDIT_REPL_CMD: command },
    stdio: 'ignore',
  });
  child.unref();
  const holding = () => loggedRequests(logDir).find(({ request }) => String(request.cmd ?? '').includes('#print axioms'))?.pid;
  await expect.poll(holding, { timeout: 30_000, interval: 100 }).toBeDefined();
  started.push(holding()!);
  return { launcher: child.pid!, standin: holding()! };
}

describe('REPL processes end with leanaudit', () => {
  it.runIf(process.platform !== 'win32').each(['SIGKILL', 'SIGTERM', 'SIGHUP'] as const)(
    'the stand-in REPL is gone within two seconds of leanaudit being sent %s',
    async (signal) => {
      const { launcher, standin } = await hangingAudit();
      expect(alive(standin)).toBe(true);
      process.kill(launcher, signal);
      await expect.poll(() => alive(standin), { timeout: 2_000, interval: 50 }).toBe(false);
    },
    60_000,
  );
});
