import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runComparator } from '../../src/commands/comparator.js';
import { writeCaseProject } from '../helpers/auditor-tester.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const project = (): string => {
  const root = writeCaseProject({
    code: [
      'import Test.Defs',
      'open Nat',
      'namespace Test',
      'variable (n : ℕ)',
      'def local_def : ℕ := 1',
      'theorem main : n + 0 = n := rfl',
      'theorem uses_local : local_def = 1 := rfl',
      'end Test',
      '',
    ].join('\n'),
    files: { 'Test/Defs.lean': 'def Test.base : ℕ := 0\n' },
  });
  roots.push(root);
  return root;
};

describe('leanaudit comparator', () => {
  it('states each named theorem for comparator, in its namespace, under its opens and variables, proved by the project’s', async () => {
    const root = project();
    const out = mkdtempSync(join(tmpdir(), 'leanaudit-comparator-'));
    roots.push(out);
    const result = await runComparator(root, ['Test.main', 'Test.uses_local'], { out });
    expect(result.theorems).toEqual(['LeanauditChallenge.Test.main', 'LeanauditChallenge.Test.uses_local']);
    const challenge = readFileSync(join(out, 'LeanauditChallenge.lean'), 'utf8');
    expect(challenge).toContain(
      [
        'import Test.Defs',
        '',
        '/-! Written by `leanaudit comparator`: each theorem of the project, stated for comparator to check. -/',
        '',
        'section',
        'namespace Test',
        'open Nat',
        'variable (n : ℕ)',
        'theorem _root_.LeanauditChallenge.Test.main : n + 0 = n := sorry',
        'end Test',
        'end',
      ].join('\n'),
    );
    expect(challenge).not.toContain('import Test.Main');
    const solution = readFileSync(join(out, 'LeanauditSolution.lean'), 'utf8');
    expect(solution).toMatch(/^import Test\.Main\n/);
    expect(solution).toContain('theorem _root_.LeanauditChallenge.Test.main : n + 0 = n := @Test.main');
    expect(JSON.parse(readFileSync(join(out, 'comparator_config.json'), 'utf8'))).toEqual({
      challenge_module: 'LeanauditChallenge',
      solution_module: 'LeanauditSolution',
      theorem_names: ['LeanauditChallenge.Test.main', 'LeanauditChallenge.Test.uses_local'],
      permitted_axioms: ['propext', 'Quot.sound', 'Classical.choice'],
    });
    expect(result.warnings).toEqual([
      'Test.uses_local states Test.local_def, declared in its own file Test/Main.lean: move them to a module the challenge imports',
    ]);
  });

  it('never replaces files without --force, and refuses a name that is no theorem', async () => {
    const root = project();
    await runComparator(root, ['Test.main'], {});
    await expect(runComparator(root, ['Test.main'], {})).rejects.toThrow(/already in .*: --force replaces them/);
    await expect(runComparator(root, ['Test.main'], { force: true })).resolves.toMatchObject({
      theorems: ['LeanauditChallenge.Test.main'],
    });
    await expect(runComparator(root, ['Test.local_def'], {})).rejects.toThrow('no theorem Test.local_def in the project');
  });
});
