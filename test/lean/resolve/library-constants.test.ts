import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lookupLibraryConstants } from '../../../src/lean/resolve/library-constants.js';

const root = mkdtempSync(join(tmpdir(), 'leanaudit-library-constants-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const MATHLIB = '.lake/packages/mathlib';
const files: Record<string, string> = {
  'lake-manifest.json': JSON.stringify({ packagesDir: '.lake/packages', packages: [{ type: 'git', name: 'mathlib', rev: 'm', url: 'u' }] }),
  'Proj/Main.lean': 'import Mathlib\n\ntheorem Proj.card : Fintype.card (QuaternionGroup 2) = 8 := sorry\n',
  [`${MATHLIB}/lakefile.lean`]: 'import Lake\nopen Lake DSL\n\npackage mathlib where\n\nlean_lib Mathlib where\n',
  [`${MATHLIB}/Mathlib/GroupTheory/SpecificGroups/Quaternion.lean`]: [
    '/-- The (generalised) quaternion group `QuaternionGroup n` of order `4n`. -/',
    'inductive QuaternionGroup (n : ℕ) : Type',
    '  | a : ZMod (2 * n) → QuaternionGroup n',
    '  | xa : ZMod (2 * n) → QuaternionGroup n',
    '',
    'namespace QuaternionGroup',
    '',
    '/-- In the special case `n = 1`, the quaternion group is cyclic of order 4. -/',
    'def quaternionGroupOneIsCyclic : IsCyclic (QuaternionGroup 1) := sorry',
    '',
    'end QuaternionGroup',
    '',
  ].join('\n'),
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('lookupLibraryConstants', () => {
  it('reads kind, signature and docstring from the Lake package that declares each name', () => {
    const found = lookupLibraryConstants(root, [
      'QuaternionGroup',
      'QuaternionGroup.quaternionGroupOneIsCyclic',
      'Proj.card',
      'Nowhere.at_all',
    ]);
    expect(found.get('QuaternionGroup')).toEqual({
      name: 'QuaternionGroup',
      kind: 'inductive',
      signature: '(n : ℕ) : Type',
      doc: 'The (generalised) quaternion group `QuaternionGroup n` of order `4n`.',
      source: `mathlib (${MATHLIB}/Mathlib/GroupTheory/SpecificGroups/Quaternion.lean:2)`,
    });
    expect(found.get('QuaternionGroup.quaternionGroupOneIsCyclic')).toMatchObject({
      kind: 'def',
      signature: ': IsCyclic (QuaternionGroup 1)',
      doc: 'In the special case `n = 1`, the quaternion group is cyclic of order 4.',
    });
    expect(found.has('Proj.card')).toBe(false);
    expect(found.has('Nowhere.at_all')).toBe(false);
  });
});
