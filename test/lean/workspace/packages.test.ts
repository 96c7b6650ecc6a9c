import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lakePackages, mathlibRevision, toolchainSources } from '../../../src/lean/workspace/packages.js';

const made: string[] = [];

function project(files: Record<string, string>, folders: string[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'leanaudit-packages-'));
  made.push(root);
  for (const folder of folders) mkdirSync(join(root, folder), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('lakePackages', () => {
  it('reads a current manifest: packagesDir, git and path packages, subDir, and which are checked out', () => {
    const manifest = {
      version: '1.1.0',
      packagesDir: 'deps',
      packages: [
        { type: 'git', name: 'mathlib', rev: 'abc123', url: 'u', subDir: null, inherited: false },
        { type: 'git', name: 'batteries', rev: 'b1', url: 'u', subDir: null, inherited: true },
        { type: 'git', name: 'mono', rev: 'm1', url: 'u', subDir: 'lean', inherited: false },
        { type: 'path', name: 'local', dir: './vendor/local', inherited: false },
      ],
    };
    const root = project({ 'lake-manifest.json': JSON.stringify(manifest) }, ['deps/mathlib', 'deps/mono/lean', 'vendor/local']);
    expect(lakePackages(root)).toEqual([
      { name: 'mathlib', dir: 'deps/mathlib', rev: 'abc123', present: true },
      { name: 'batteries', dir: 'deps/batteries', rev: 'b1', present: false },
      { name: 'mono', dir: 'deps/mono/lean', rev: 'm1', present: true },
      { name: 'local', dir: 'vendor/local', present: true },
    ]);
    expect(mathlibRevision(root)).toBe('abc123');
  });

  it('reads the older manifest whose entries are wrapped in {"git": …}, defaulting to .lake/packages', () => {
    const manifest = {
      version: 5,
      packages: [{ git: { url: 'u', rev: 'r5', name: 'std', inherited: false } }, { path: { name: 'here', dir: 'sub' } }],
    };
    const root = project({ 'lake-manifest.json': JSON.stringify(manifest) }, ['.lake/packages/std']);
    expect(lakePackages(root)).toEqual([
      { name: 'std', dir: '.lake/packages/std', rev: 'r5', present: true },
      { name: 'here', dir: 'sub', present: false },
    ]);
  });

  it('uses lake-packages/ when that is the only package folder (Lake before 5)', () => {
    const root = project({ 'lake-manifest.json': JSON.stringify({ packages: [{ name: 'mathlib', rev: 'old' }] }) }, [
      'lake-packages/mathlib',
    ]);
    expect(lakePackages(root)).toEqual([{ name: 'mathlib', dir: 'lake-packages/mathlib', rev: 'old', present: true }]);
  });

  it('does not read a package folder that leads outside the repository', () => {
    const elsewhere = project({ 'Outside.lean': 'theorem t : True := trivial\n' });
    const root = project({
      'lake-manifest.json': JSON.stringify({ packages: [{ type: 'path', name: 'far', dir: '../far' }, { name: 'linked' }] }),
    });
    mkdirSync(join(root, '.lake/packages'), { recursive: true });
    symlinkSync(elsewhere, join(root, '.lake/packages/linked'));
    expect(lakePackages(root)).toEqual([
      { name: 'far', dir: '../far', present: false },
      { name: 'linked', dir: '.lake/packages/linked', present: false, reason: 'outside the repository (not read)' },
    ]);
  });

  it('gives nothing without a manifest, or with one that is not JSON or lists no packages', () => {
    expect(lakePackages(project({}))).toEqual([]);
    expect(lakePackages(project({ 'lake-manifest.json': '{"packages": [' }))).toEqual([]);
    expect(lakePackages(project({ 'lake-manifest.json': '{"packages": 3}' }))).toEqual([]);
    expect(lakePackages(project({ 'lake-manifest.json': '{"packages": [null, 7, {"rev": "no name"}]}' }))).toEqual([]);
    expect(mathlibRevision(project({ 'lake-manifest.json': '[' }))).toBeUndefined();
  });
});

describe('toolchainSources', () => {
  it("finds the pinned toolchain's Lean sources under ELAN_HOME, and nothing for a toolchain not installed or not named", () => {
    const elan = project({}, ['toolchains/leanprover--lean4---v4.28.0/src/lean/Init']);
    const before = process.env.ELAN_HOME;
    process.env.ELAN_HOME = elan;
    try {
      expect(toolchainSources(project({ 'lean-toolchain': 'leanprover/lean4:v4.28.0\n' }))).toBe(
        join(elan, 'toolchains/leanprover--lean4---v4.28.0/src/lean'),
      );
      expect(toolchainSources(project({ 'lean-toolchain': 'leanprover/lean4:v4.9.0\n' }))).toBeUndefined();
      expect(toolchainSources(project({ 'lean-toolchain': 'stable\n' }))).toBeUndefined();
      expect(toolchainSources(project({}))).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.ELAN_HOME;
      else process.env.ELAN_HOME = before;
    }
  });
});
