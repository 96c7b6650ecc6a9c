import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerHistoryCommand } from '../../src/commands/history.js';
import { InputError } from '../../src/core/errors.js';
import type { History } from '../../src/model/history.js';
import { GitRepo } from '../helpers/git-repo.js';

const out = mkdtempSync(join(tmpdir(), 'leanaudit-history-'));
const repo = new GitRepo();
const first = repo.commit('one', { 'A.lean': 'theorem a : True := sorry\n' });
repo.commit('two', { 'A.lean': 'theorem a : True := trivial\n' });
const third = repo.commit('three', { 'B.lean': 'axiom b : False\n' });
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  repo.remove();
});

async function history(...args: string[]): Promise<string> {
  const program = new Command().exitOverride();
  registerHistoryCommand(program);
  const file = join(out, `history-${Math.random()}`);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    await program.parseAsync(['node', 'leanaudit', 'history', ...args, '-o', file]);
    return readFileSync(file, 'utf8');
  } finally {
    stderr.mockRestore();
  }
}

describe('leanaudit history', () => {
  it('writes one JSON record per commit kept, with full hashes', async () => {
    const json = JSON.parse(await history(repo.dir, '--every', '2')) as History;
    expect(json.schemaVersion).toBe(1);
    expect(json.records.map((r) => [r.commit, r.metrics.sorry ?? 0, r.metrics.axiom ?? 0])).toEqual([
      [first, 1, 0],
      [third, 0, 1],
    ]);
  });

  it('writes the Markdown delta table for a range', async () => {
    const md = await history(repo.dir, `${first}..HEAD`, '--format', 'markdown', '--no-resting-on');
    expect(md).toContain('(2 commits)');
    expect(md).toContain('| axiom | 0 | 1 | +1 |');
  });

  it('takes a bad count, a range that is an option or a folder that is no repository as input errors', async () => {
    await expect(history(repo.dir, '--every', '0')).rejects.toThrow(InputError);
    await expect(history(repo.dir, '--upload-pack=touch')).rejects.toThrow();
    await expect(history(out)).rejects.toThrow(InputError);
  });
});
