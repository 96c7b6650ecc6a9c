import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isInside, locateInside, repoRelative } from '../../extractors/safe-path.js';

describe('safe paths', () => {
  const root = mkdtempSync(join(tmpdir(), 'leanaudit-root-'));
  const outside = mkdtempSync(join(tmpdir(), 'leanaudit-out-'));
  afterAll(() => [root, outside].forEach((d) => rmSync(d, { recursive: true, force: true })));
  mkdirSync(join(root, 'doc'));
  writeFileSync(join(root, 'doc/a.tex'), 'x');
  writeFileSync(join(outside, 'secret.tex'), 'x');
  symlinkSync(join(outside, 'secret.tex'), join(root, 'doc/link.tex'));
  symlinkSync(outside, join(root, 'out'));

  it('finds files and folders inside the repository', () => {
    expect(locateInside(root, 'doc/a.tex')).toHaveProperty('file');
    expect(locateInside(root, 'doc', 'folder')).toHaveProperty('file');
    expect(locateInside(root, 'doc')).toEqual({ reason: 'missing' });
    expect(locateInside(root, 'doc/none.tex')).toEqual({ reason: 'missing' });
  });

  it('refuses paths and symlinks that leave it', () => {
    expect(locateInside(root, '../../etc/passwd')).toEqual({ reason: 'outside' });
    expect(locateInside(root, '/etc/passwd')).toEqual({ reason: 'outside' });
    expect(locateInside(root, 'doc/link.tex')).toEqual({ reason: 'outside' });
    expect(locateInside(root, 'out/secret.tex')).toEqual({ reason: 'outside' });
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/a/b', '/a/b/..c')).toBe(true);
  });

  it('names files relative to the repository with / separators', () => {
    const located = locateInside(root, 'doc/a.tex');
    expect('file' in located && repoRelative(root, located.file)).toBe('doc/a.tex');
  });
});
