import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS, relaunch, shouldRelaunch } from '../../src/core/launch.js';

const CHILD = fileURLToPath(new URL('../helpers/launch-child.mjs', import.meta.url));
const PARENT = fileURLToPath(new URL('../helpers/launch-parent.mjs', import.meta.url));
/** The folders `scratch` made, removed once the tests are done. */
const scratchFolders: string[] = [];
const scratch = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'leanaudit-launch-'));
  scratchFolders.push(folder);
  return join(folder, 'child.txt');
};
afterAll(() => {
  for (const folder of scratchFolders) rmSync(folder, { recursive: true, force: true });
});
const lines = (file: string): string[] => readFileSync(file, 'utf8').trim().split('\n');

describe('shouldRelaunch', () => {
  it('starts the CLI again only from a process without Node flags, unless LEANAUDIT_RELAUNCH=0', () => {
    expect(shouldRelaunch([], {})).toBe(true);
    expect(shouldRelaunch([...NODE_FLAGS], {})).toBe(false);
    expect(shouldRelaunch(['--inspect'], {})).toBe(false);
    expect(shouldRelaunch([], { LEANAUDIT_RELAUNCH: '0' })).toBe(false);
  });
});

describe('relaunch', () => {
  it('starts the script with the Node flags and the arguments, and gives back its exit code', async () => {
    const file = scratch();
    expect(await relaunch(CHILD, [file, 'exit:3'])).toEqual({ code: 3, signal: null });
    expect(JSON.parse(lines(file)[0]!)).toEqual(NODE_FLAGS);
  });

  it('tells the signal that ended the child', async () => {
    expect(await relaunch(CHILD, [scratch(), 'signal:SIGTERM'])).toEqual({ code: null, signal: 'SIGTERM' });
  });

  /** The launcher running launch-child.mjs `wait`, once the child is waiting: the launcher, how it ends, the child's file. */
  async function waitingChild(): Promise<{ parent: ChildProcess; ended: Promise<number | null>; file: string }> {
    const file = scratch();
    const parent = spawn(process.execPath, [PARENT, file, 'wait'], { stdio: 'ignore' });
    const ended = new Promise<number | null>((resolve) => parent.once('exit', (code) => resolve(code)));
    const ready = (): boolean => {
      try {
        return lines(file).includes('ready');
      } catch {
        return false;
      }
    };
    await expect.poll(ready, { timeout: 20_000 }).toBe(true);
    return { parent, ended, file };
  }

  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('passes SIGTERM on to the child and ends with its exit status', async () => {
    const { parent, ended, file } = await waitingChild();
    parent.kill('SIGTERM');
    expect(await ended).toBe(0);
    expect(lines(file)).toContain('got SIGTERM');
  });

  it.runIf(process.platform !== 'win32')(
    'passes SIGINT on to the child once (Ctrl-C reaches the launcher only: the child has a process group of its own)',
    async () => {
      const { parent, ended, file } = await waitingChild();
      parent.kill('SIGINT');
      expect(await ended).toBe(130);
      expect(lines(file).filter((line) => line === 'got SIGINT')).toHaveLength(1);
    },
  );

  /** The state letter of process `pid` in /proc (`T` when stopped). */
  const state = (pid: number): string => /\) (\w) /.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? '';

  it.runIf(process.platform === 'linux')('stops the child with the launcher on Ctrl-Z (SIGTSTP) and resumes it on SIGCONT', async () => {
    const { parent, ended, file } = await waitingChild();
    const child = Number(lines(file)[1]);
    parent.kill('SIGTSTP');
    await expect.poll(() => state(parent.pid!) + state(child), { timeout: 20_000 }).toBe('TT');
    parent.kill('SIGCONT');
    await expect.poll(() => state(child), { timeout: 20_000 }).not.toBe('T');
    expect(state(parent.pid!)).not.toBe('T');
    parent.kill('SIGTERM');
    expect(await ended).toBe(0);
    expect(lines(file)).toContain('got SIGTERM');
  });

  it('leaves no child running when the launcher is killed with SIGKILL', async () => {
    const { parent, ended, file } = await waitingChild();
    const child = Number(lines(file)[1]);
    expect(alive(child)).toBe(true);
    parent.kill('SIGKILL');
    await ended;
    await expect.poll(() => alive(child), { timeout: 20_000 }).toBe(false);
    expect(lines(file)).not.toContain('got SIGTERM');
  });
});
