import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverLeanFiles } from '../../../src/lean/workspace/discovery.js';

let root: string;
let outside: string;

const write = (path: string, content = 'def x := 1\n'): void => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'leanaudit-discovery-'));
  outside = mkdtempSync(join(tmpdir(), 'leanaudit-discovery-outside-'));
  writeFileSync(join(outside, 'Out.lean'), 'def out := 1\n');
  for (const path of [
    'A.lean',
    'A/B.lean',
    'A/B/C/D.lean',
    'A/notes.md',
    'A/B/lean',
    'A/B/x.lean.bak',
    'Ünïcödé/Ñame with spaces.lean',
    'A/.hidden.lean',
    '.lake/packages/mathlib/Mathlib.lean',
    'lake-packages/old/Old.lean',
    'build/ir/Out.lean',
    'node_modules/pkg/P.lean',
    '.git/objects/x.lean',
    'A/B/.scratch/Tmp.lean',
    'Nested/build/Also.lean',
    'Folder.lean/Inside.lean',
  ]) {
    write(path);
  }
  mkdirSync(join(root, 'Empty'));
  symlinkSync(join(outside, 'Out.lean'), join(root, 'A', 'Outside.lean'));
  symlinkSync(outside, join(root, 'A', 'OutsideFolder'));
  symlinkSync(join(root, 'A', 'B.lean'), join(root, 'Linked.lean'));
  symlinkSync(join(root, 'A', 'B'), join(root, 'LinkedFolder'));
  symlinkSync(join(root, 'A', 'notes.md'), join(root, 'A', 'NotLean'));
  symlinkSync(join(root, 'nowhere.lean'), join(root, 'Broken.lean'));
  execFileSync('mkfifo', [join(root, 'A', 'Pipe.lean')]);
  symlinkSync(join(root, 'A', 'Pipe.lean'), join(root, 'ToPipe.lean'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('discoverLeanFiles', () => {
  it('finds the .lean files, and skips dependency, build and hidden folders and links with the reason', () => {
    const found = discoverLeanFiles(root);
    expect(found.files).toEqual([
      'A.lean',
      'A/.hidden.lean',
      'A/B.lean',
      'A/B/C/D.lean',
      'Folder.lean/Inside.lean',
      'Linked.lean',
      'Ünïcödé/Ñame with spaces.lean',
    ]);
    expect(found.skipped.map((s) => s.path)).toEqual([
      '.git',
      '.lake',
      'A/B/.scratch',
      'A/Outside.lean',
      'A/OutsideFolder',
      'A/Pipe.lean',
      'Broken.lean',
      'LinkedFolder',
      'Nested/build',
      'ToPipe.lean',
      'build',
      'lake-packages',
      'node_modules',
    ]);
    expect(found.skipped.find((s) => s.path === 'Nested/build')?.reason).toBe('build outputs');
    // A FIFO named `.lean`, or a link to one, is never opened: opening it would wait for a writer for good.
    const notAFile = 'not a regular file (a FIFO, socket or device): not read';
    expect(found.skipped.filter((s) => s.reason === notAFile).map((s) => s.path)).toEqual(['A/Pipe.lean', 'ToPipe.lean']);
  });

  it.skipIf(process.getuid?.() === 0)("reports an unreadable folder with the system's message, and goes on", () => {
    rmSync(root, { recursive: true, force: true });
    write('Open/Yes.lean');
    write('Closed/No.lean');
    chmodSync(join(root, 'Closed'), 0o000);
    try {
      const found = discoverLeanFiles(root);
      expect(found.files).toEqual(['Open/Yes.lean']);
      expect(found.skipped).toEqual([
        { path: 'Closed', reason: expect.stringMatching(/^unreadable folder: EACCES: permission denied, scandir '.*Closed'$/) },
      ]);
    } finally {
      chmodSync(join(root, 'Closed'), 0o755);
    }
  });
});
