import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateInDependencies } from '../../../extractors/pairing.js';
import { findInDependencies } from '../../../src/lean/resolve/dependency-names.js';
import type { PairedEntity } from '../../../src/model/entity.js';

const root = mkdtempSync(join(tmpdir(), 'leanaudit-deps-'));
const MATHLIB = '.lake/packages/mathlib';
const files: Record<string, string> = {
  'lake-manifest.json': JSON.stringify({
    packagesDir: '.lake/packages',
    packages: [
      { type: 'git', name: 'mathlib', rev: 'm', url: 'u' },
      { type: 'git', name: 'batteries', rev: 'b', url: 'u' },
      { type: 'git', name: 'aesop', rev: 'a', url: 'u' },
    ],
  }),
  'Proj/Main.lean': 'theorem Proj.main : True := trivial\n',
  // Mathlib's own shape: its tests are a library too, run by `lake test`.
  [`${MATHLIB}/lakefile.lean`]:
    'import Lake\nopen Lake DSL\n\npackage mathlib where\n  testDriver := "MathlibTest"\n\n@[default_target]\nlean_lib Mathlib where\n\n' +
    'lean_lib MathlibTest where\n  globs := #[.submodules `MathlibTest]\n',
  [`${MATHLIB}/Mathlib/Haar.lean`]: [
    'namespace MeasureTheory',
    '',
    '/-- The factor. -/',
    '@[to_additive /-- The additive factor. -/]',
    'noncomputable def mulEquivHaarChar (n : Nat) : Nat := n',
    '',
    '@[to_additive addEquivAddHaarChar_smul_map]',
    'lemma mulEquivHaarChar_smul_map : True := trivial',
    '',
    'structure Gauge where',
    '  scale : Nat',
    '',
    'end MeasureTheory',
    '',
  ].join('\n'),
  [`${MATHLIB}/Mathlib/Uses.lean`]: 'theorem uses_it : True := by\n  exact MeasureTheory.notDeclaredAnywhere\n',
  [`${MATHLIB}/MathlibTest/Only.lean`]: 'theorem MeasureTheory.onlyInTests : True := trivial\n',
  '.lake/packages/batteries/Batteries/List.lean': 'namespace List\ntheorem myLemma : True := trivial\nend List\n',
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('findInDependencies', () => {
  it('finds declarations, to_additive names (guessed and given), structure fields, across packages', () => {
    const found = findInDependencies(root, [
      'MeasureTheory.mulEquivHaarChar',
      'MeasureTheory.addEquivAddHaarChar',
      '_root_.MeasureTheory.addEquivAddHaarChar_smul_map',
      'MeasureTheory.Gauge.scale',
      'List.myLemma',
    ]);
    expect(Object.fromEntries(found)).toEqual({
      'MeasureTheory.mulEquivHaarChar': { package: 'mathlib', file: `${MATHLIB}/Mathlib/Haar.lean`, line: 5 },
      'MeasureTheory.addEquivAddHaarChar': {
        package: 'mathlib',
        file: `${MATHLIB}/Mathlib/Haar.lean`,
        line: 5,
        from: 'MeasureTheory.mulEquivHaarChar',
      },
      'MeasureTheory.addEquivAddHaarChar_smul_map': {
        package: 'mathlib',
        file: `${MATHLIB}/Mathlib/Haar.lean`,
        line: 8,
        from: 'MeasureTheory.mulEquivHaarChar_smul_map',
      },
      'MeasureTheory.Gauge.scale': { package: 'mathlib', file: `${MATHLIB}/Mathlib/Haar.lean`, line: 10, from: 'MeasureTheory.Gauge' },
      'List.myLemma': { package: 'batteries', file: '.lake/packages/batteries/Batteries/List.lean', line: 2 },
    });
  });

  it('does not take a name that is only used, only part of a longer name, or declared outside the lean_lib roots', () => {
    const found = findInDependencies(root, [
      'MeasureTheory.notDeclaredAnywhere',
      'MeasureTheory.mulEquivHaar',
      'MeasureTheory.onlyInTests',
      'List.my',
    ]);
    expect(found.size).toBe(0);
  });

  it('reads nothing when no name is wanted', () => {
    expect(findInDependencies(root, []).size).toBe(0);
  });
});

describe('locateInDependencies', () => {
  const entity = (id: string, unresolved: PairedEntity['unresolved'], origin = 'blueprint'): PairedEntity => ({
    id,
    kind: 'lemma',
    statement: id,
    leanNames: unresolved.map((u) => u.leanName),
    uses: [],
    flags: {},
    location: { file: 'blueprint/src/web.tex', line: 1 },
    origin,
    decls: [],
    unresolved,
  });

  it('marks the unresolved names a dependency declares; outside blueprints a name with project candidates is a suffix, not looked up', () => {
    const declaredIn = { package: 'batteries', file: '.lake/packages/batteries/Batteries/List.lean', line: 2 };
    const [upstreamed, dangling, full, suffix] = locateInDependencies(
      [
        entity('up', [{ leanName: 'List.myLemma', candidates: [] }]),
        entity('none', [{ leanName: 'Nowhere.at_all', candidates: [] }]),
        entity('full', [{ leanName: 'List.myLemma', candidates: ['Proj.List.myLemma'] }]),
        entity('suffix', [{ leanName: 'List.myLemma', candidates: ['Proj.List.myLemma', 'Other.List.myLemma'] }], 'json'),
      ],
      root,
    );
    expect(upstreamed!.unresolved).toEqual([{ leanName: 'List.myLemma', candidates: [], declaredIn }]);
    expect(dangling!.unresolved).toEqual([{ leanName: 'Nowhere.at_all', candidates: [] }]);
    expect(full!.unresolved).toEqual([{ leanName: 'List.myLemma', candidates: ['Proj.List.myLemma'], declaredIn }]);
    expect(suffix!.unresolved).toEqual([{ leanName: 'List.myLemma', candidates: ['Proj.List.myLemma', 'Other.List.myLemma'] }]);
  });
});

describe('findInDependencies in the toolchain', () => {
  it("finds a Lean core name in the installed toolchain's sources, after the Lake packages", () => {
    const elan = mkdtempSync(join(tmpdir(), 'leanaudit-elan-'));
    const project = mkdtempSync(join(tmpdir(), 'leanaudit-core-'));
    const core = join(elan, 'toolchains', 'leanprover--lean4---v4.28.0', 'src', 'lean');
    mkdirSync(join(core, 'Init', 'Data'), { recursive: true });
    writeFileSync(join(core, 'Init', 'Data', 'Nat.lean'), 'namespace Nat\n\ntheorem le_core_lemma : True := trivial\n\nend Nat\n');
    writeFileSync(join(project, 'lean-toolchain'), 'leanprover/lean4:v4.28.0\n');
    const before = process.env.ELAN_HOME;
    process.env.ELAN_HOME = elan;
    try {
      const found = findInDependencies(project, ['Nat.le_core_lemma', 'Nat.nowhere']);
      expect([...found]).toEqual([['Nat.le_core_lemma', { package: 'Lean core', file: join(core, 'Init/Data/Nat.lean'), line: 3 }]]);
    } finally {
      if (before === undefined) delete process.env.ELAN_HOME;
      else process.env.ELAN_HOME = before;
      rmSync(elan, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    }
  });
});
