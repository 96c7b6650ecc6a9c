import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerProbeCommand } from '../../src/commands/probe.js';
import { writeCaseProject } from '../helpers/auditor-tester.js';
import { type StandinScenario, simCommand } from '../helpers/lean-repl-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-probe-'));
const root = writeCaseProject({ code: "import Mathlib\n\ntheorem one_pos' : 0 < 1 := by norm_num\n\ntheorem other : 2 = 2 := rfl\n" });
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

const at = { pos: { line: 0, column: 0 }, endPos: { line: 0, column: 0 } };
const scenario: StandinScenario = {
  rules: [
    {
      match: '^#eval Lean.versionString',
      response: { messages: [{ severity: 'info', pos: { line: 1, column: 0 }, endPos: { line: 1, column: 5 }, data: '"4.33.0-rc2"' }] },
    },
    {
      match: '0 < 1 := by\\n  exact\\?',
      response: { messages: [{ severity: 'info', ...at, data: 'Try this:\n  [apply] exact Nat.one_pos' }] },
    },
    {
      match: 'exact Nat.one_pos\\n',
      response: { tactics: [{ tactic: 'exact Nat.one_pos', proofState: 0, ...at, goals: '⊢ 0 < 1', usedConstants: ['Nat.one_pos'] }] },
    },
  ],
};

async function probe(...args: string[]): Promise<{ out: string; exitCode: number | undefined }> {
  const program = new Command().exitOverride();
  registerProbeCommand(program);
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const saved = process.exitCode;
  try {
    await program.parseAsync(['node', 'leanaudit', 'probe', ...args]);
    return { out: stdout.mock.calls.map((c) => String(c[0])).join(''), exitCode: process.exitCode as number | undefined };
  } finally {
    stdout.mockRestore();
    process.exitCode = saved;
  }
}

describe('leanaudit probe', () => {
  it('starts the REPL given by --repl-cmd and reports the Lean version it answers with', async () => {
    const { out } = await probe(root, '--repl-cmd', simCommand(dir, scenario));
    expect(out).toMatch(/^REPL: .*repl-standin\.mjs.*\nthe REPL answers: Lean 4\.33\.0-rc2 \(\d+ ms\)\n$/);
  });

  it('probes the theorems named, and only those', async () => {
    const { out } = await probe(root, "one_pos'", '--repl-cmd', simCommand(dir, scenario), '--json');
    const results = JSON.parse(out.slice(out.indexOf('\n') + 1)) as Record<string, unknown>[];
    expect(results).toEqual([
      expect.objectContaining({ name: "one_pos'", class: 'overlap', tactic: 'exact Nat.one_pos', lemma: 'Nat.one_pos', line: 3 }),
    ]);
  });

  it('without a REPL, says why and prints the command that enables it', async () => {
    const saved = { PATH: process.env.PATH, CMD: process.env.LEANAUDIT_REPL_CMD };
    process.env.PATH = '';
    delete process.env.LEANAUDIT_REPL_CMD;
    try {
      const { out, exitCode } = await probe(root);
      expect(out).toMatch(/^Lean REPL unavailable: no `lake` on PATH.*\nto enable: .*git clone/s);
      expect(exitCode).toBe(1);
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.CMD !== undefined) process.env.LEANAUDIT_REPL_CMD = saved.CMD;
    }
  });

  it('refuses a theorem the project does not have', async () => {
    await expect(probe(root, 'nope', '--repl-cmd', simCommand(dir, scenario))).rejects.toThrow(/no theorem named nope/);
  });
});
