import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isInside } from '../../src/core/paths.js';
import {
  locateInside,
  openRegularFile,
  RefusedFile,
  readBoundedFile,
  readRepoFile,
  readRepoText,
  readRepoTextIfPresent,
  repoRelative,
} from '../../src/core/repo-file.js';

const root = mkdtempSync(join(tmpdir(), 'leanaudit-root-'));
const outside = mkdtempSync(join(tmpdir(), 'leanaudit-out-'));
afterAll(() => [root, outside].forEach((d) => rmSync(d, { recursive: true, force: true })));
mkdirSync(join(root, 'doc'));
writeFileSync(join(root, 'doc/a.tex'), 'x');
writeFileSync(join(outside, 'secret.tex'), 'TOKEN=s3cret');
symlinkSync(join(outside, 'secret.tex'), join(root, 'doc/link.tex'));
symlinkSync(outside, join(root, 'out'));
symlinkSync('a.tex', join(root, 'doc/inner.tex'));
symlinkSync('/proc/self/environ', join(root, 'lean-toolchain'));
execFileSync('mkfifo', [join(root, 'pipe')]);

/** The reason readRepoFile gives for `path`, or 'read' when it reads it. */
function outcome(path: string, maxBytes = 1024): string {
  try {
    readRepoFile(root, path, maxBytes);
    return 'read';
  } catch (e) {
    if (e instanceof RefusedFile) return e.reason;
    throw e;
  }
}

describe('locateInside', () => {
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

describe('readRepoFile', () => {
  it('reads a regular file inside the repository, also through a link that stays inside', () => {
    expect(readRepoText(root, 'doc/a.tex', 10)).toBe('x');
    expect(readRepoText(root, 'doc/inner.tex', 10)).toBe('x');
    expect(readRepoText(root, join(root, 'doc/a.tex'), 10)).toBe('x');
  });

  it('refuses what leaves the repository: a link to a secret, to /proc/self/environ, a path out of it', () => {
    expect(outcome('doc/link.tex')).toBe('outside');
    expect(outcome('out/secret.tex')).toBe('outside');
    expect(outcome('lean-toolchain')).toBe('outside');
    expect(outcome('../x')).toBe('outside');
    expect(outcome(join(outside, 'secret.tex'))).toBe('outside');
  });

  it('refuses what is not a regular file, and a file over the bound', () => {
    expect(outcome('pipe')).toBe('not-a-file');
    expect(outcome('doc')).toBe('not-a-file');
    expect(outcome('absent')).toBe('missing');
    writeFileSync(join(root, 'big.json'), 'y'.repeat(200_000));
    expect(outcome('big.json', 199_999)).toBe('too-large');
    expect(readRepoFile(root, 'big.json', 200_000).length).toBe(200_000);
  });

  it('names the path and the reason, never the content', () => {
    expect(() => readRepoText(root, 'doc/link.tex', 1024)).toThrow('doc/link.tex: leads outside the repository');
    try {
      readRepoText(root, 'doc/link.tex', 1024);
    } catch (e) {
      expect((e as Error).message).not.toContain('s3cret');
    }
  });

  it('reads a file the user gives only if it is a regular file within the bound: never a FIFO, /dev/zero or a folder', () => {
    const reason = (path: string, maxBytes = 1024, shownAs?: string): string => {
      try {
        readBoundedFile(path, maxBytes, shownAs);
        return 'read';
      } catch (e) {
        if (e instanceof RefusedFile) return `${e.reason}: ${e.message}`;
        throw e;
      }
    };
    const started = performance.now();
    expect(reason(join(root, 'pipe'))).toBe(
      `not-a-file: ${join(root, 'pipe')}: not a regular file (a folder, FIFO, socket or device); not read`,
    );
    expect(reason('/dev/zero', 1024, 'report.json')).toBe(
      'not-a-file: report.json: not a regular file (a folder, FIFO, socket or device); not read',
    );
    expect(reason(join(root, 'doc'))).toMatch(/^not-a-file/);
    expect(reason(join(root, 'absent'))).toMatch(/^missing/);
    expect(reason(join(root, 'big.json'), 10)).toMatch(/^too-large: .*larger than 10 bytes/);
    // A FIFO no one writes to is refused at once, not waited on.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(readBoundedFile(join(root, 'doc/a.tex'), 1).toString()).toBe('x');
    expect(() => openRegularFile(join(root, 'pipe'))).toThrow(RefusedFile);
  });

  it('tells a file that is absent from one that must not be read', () => {
    expect(readRepoTextIfPresent(root, 'absent', 10)).toBeUndefined();
    expect(() => readRepoTextIfPresent(root, 'lean-toolchain', 10)).toThrow(RefusedFile);
  });
});
