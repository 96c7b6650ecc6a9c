import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerScanCommand } from '../../src/commands/scan.js';
import { InputError } from '../../src/core/errors.js';

const trap = fileURLToPath(new URL('../auditors/fixtures/grep-miscount', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'leanaudit-scan-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function scan(...args: string[]): Promise<{ lines: Record<string, unknown>[]; stderr: string }> {
  const program = new Command().exitOverride();
  registerScanCommand(program);
  const file = join(out, `scan-${Math.random()}.jsonl`);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    await program.parseAsync(['node', 'leanaudit', 'scan', ...args, '--output', file]);
    const written = stderr.mock.calls.map((c) => String(c[0])).join('');
    return {
      lines: readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
      stderr: written,
    };
  } finally {
    stderr.mockRestore();
  }
}

describe('leanaudit scan', () => {
  it('writes one JSON object per declaration with the documented fields', async () => {
    const { lines, stderr } = await scan(trap);
    expect(lines).toHaveLength(18);
    const bound = lines.find((l) => l.fullName === 'GrepTrap.bound')!;
    expect(bound).toEqual({
      module: 'GrepTrap.Data',
      library: 'GrepTrap',
      name: 'bound',
      fullName: 'GrepTrap.bound',
      kind: 'def',
      modifiers: [],
      attributes: [],
      doc: 'A bound nobody proved: a sorry in data.',
      header: ': Nat',
      body: 'sorry',
      location: { file: 'GrepTrap/Data.lean', line: 4, column: 0, endLine: 4, endColumn: 24 },
      range: expect.any(Object),
      headerRange: expect.any(Object),
      bodyRange: expect.any(Object),
      namespace: 'GrepTrap',
      opens: [],
      variables: [],
      references: [],
      headerReferences: 0,
    });
    expect(lines.find((l) => l.fullName === 'GrepTrap.one')!).toMatchObject({ references: ['GrepTrap.Pos'], headerReferences: 1 });
    expect(stderr).toContain('grep-trap: 4 files, 18 declarations, 0 source problems');
  });

  it('leaves bodies out with --no-body', async () => {
    const { lines } = await scan(trap, '--no-body');
    expect(lines.every((l) => !('body' in l))).toBe(true);
    expect(lines.some((l) => 'bodyRange' in l)).toBe(true);
  });

  it('leaves out the files the configuration ignores, and says so', async () => {
    const config = join(out, 'ignore.json');
    writeFileSync(config, JSON.stringify({ ignore: ['GrepTrap/Axioms.lean'] }));
    const { lines, stderr } = await scan(trap, '--config', config);
    expect(lines.some((l) => String((l.location as { file: string }).file).endsWith('Axioms.lean'))).toBe(false);
    expect(stderr).toContain('skipped GrepTrap/Axioms.lean: 1 .lean file matched by ignore');
    expect(stderr).toContain('grep-trap: 3 files');
  });

  it("adds the --ignore patterns to the configuration's", async () => {
    const { stderr } = await scan(trap, '--ignore', 'GrepTrap/Axioms.lean', '--ignore', '**/Data.lean');
    expect(stderr).toContain('skipped GrepTrap/Axioms.lean: 1 .lean file matched by ignore');
    expect(stderr).toContain('skipped **/Data.lean: 1 .lean file matched by ignore');
    expect(stderr).toContain('grep-trap: 2 files');
  });

  it('rejects a path that is not a folder as an input error', async () => {
    await expect(scan(join(out, 'missing'))).rejects.toBeInstanceOf(InputError);
  });
});
