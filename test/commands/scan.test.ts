import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerScanCommand } from '../../src/commands/scan.js';
import { InputError } from '../../src/core/errors.js';
import { parseLean } from '../../src/lean/syntax/parser.js';
import { itemsOf } from '../../src/lean/syntax/scope-links.js';

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
      references: [],
      headerReferences: 0,
    });
    expect(lines.find((l) => l.fullName === 'GrepTrap.one')!).toMatchObject({ references: ['GrepTrap.Pos'], headerReferences: 1 });
    expect(stderr).toContain('grep-trap: 4 files, 18 declarations, 0 source problems');
  });

  it('writes each `open` and `variable` once, as a scope record before the first declaration that refers to it', async () => {
    const project = join(out, 'scopes');
    mkdirSync(project);
    const text = [
      'variable {α : Type} [Inhabited α]',
      'open Nat Function',
      'namespace N',
      'variable (n : Nat)',
      'open Finset in',
      'theorem a : n = n := rfl',
      'theorem b : True := trivial',
      'end N',
      'theorem c : True := trivial',
    ].join('\n');
    writeFileSync(join(project, 'Main.lean'), text);
    const { lines } = await scan(project);
    expect(lines.slice(0, 5)).toEqual([
      { scope: 1, opens: ['Nat', 'Function'] },
      { scope: 2, parent: 1, opens: ['Finset'] },
      { scope: 3, variables: ['{α : Type} [Inhabited α]'] },
      { scope: 4, parent: 3, variables: ['(n : Nat)'] },
      expect.objectContaining({ fullName: 'N.a', opens: 2, variables: 4 }),
    ]);
    expect(lines.slice(5)).toEqual([
      expect.objectContaining({ fullName: 'N.b', opens: 1, variables: 4 }),
      expect.objectContaining({ fullName: 'c', opens: 1, variables: 3 }),
    ]);
    // Each declaration's lists, read back from the records, are the model's.
    const records = new Map(lines.filter((l) => 'scope' in l).map((l) => [l.scope as number, l]));
    const items = (number: unknown, kind: string): string[] => {
      const record = records.get(number as number);
      return record === undefined ? [] : [...items(record.parent, kind), ...(record[kind] as string[])];
    };
    const model = Object.fromEntries(parseLean(text, 'Main.lean').decls.map((d) => [d.fullName, d]));
    for (const line of lines.filter((l) => 'fullName' in l)) {
      const decl = model[line.fullName as string]!;
      expect([items(line.opens, 'opens'), items(line.variables, 'variables')]).toEqual([itemsOf(decl.opens), itemsOf(decl.variables)]);
    }
  });

  it('writes output linear in the source for n `variable` and `open` commands, each followed by a theorem', async () => {
    const outputFor = async (n: number): Promise<number> => {
      const project = join(out, `variables-${n}`);
      mkdirSync(project);
      const lines = Array.from({ length: n }, (_, i) => `variable (x${i} : Nat)\nopen N${i}\ntheorem t${i} : x${i} = x${i} := rfl\n`);
      writeFileSync(join(project, 'Main.lean'), lines.join(''));
      const { lines: written } = await scan(project, '--no-body');
      return JSON.stringify(written).length;
    };
    const small = await outputFor(200);
    const large = await outputFor(1600);
    // Lists per declaration made this 64 times as large; records, 8 times (the numbers grow a digit or so).
    expect(large / small).toBeLessThan(10);
  });

  it('skips a `.lean` FIFO and a link to one with the reason, and ends', async () => {
    const project = join(out, 'fifo');
    mkdirSync(project);
    writeFileSync(join(project, 'Main.lean'), 'theorem t : 1 = 1 := rfl\n');
    execFileSync('mkfifo', [join(project, 'Pipe.lean')]);
    symlinkSync(join(project, 'Pipe.lean'), join(project, 'Link.lean'));
    const { lines, stderr } = await scan(project);
    expect(lines.map((l) => l.fullName)).toEqual(['t']);
    expect(stderr).toContain('skipped Pipe.lean: not a regular file (a FIFO, socket or device): not read');
    expect(stderr).toContain('skipped Link.lean: not a regular file (a FIFO, socket or device): not read');
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
