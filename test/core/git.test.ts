import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryOf, webUrl } from '../../src/core/git.js';

const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'leanaudit-git-')));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();

describe('webUrl', () => {
  it.each([
    ['git@github.com:leanprover/repl.git', 'https://github.com/leanprover/repl'],
    ['https://github.com/teorth/pfr.git', 'https://github.com/teorth/pfr'],
    ['https://x-access-token:ghs_SECRET@github.com/o/r.git', 'https://github.com/o/r'],
    ['ssh://git@gitlab.com/group/sub/proj.git', 'https://gitlab.com/group/sub/proj'],
    ['https://github.com/o/r/', 'https://github.com/o/r'],
  ])('%s → %s', (remote, url) => {
    expect(webUrl(remote)).toBe(url);
  });

  it('gives nothing for a local path or a file URL', () => {
    expect(webUrl('/srv/git/repo.git')).toBeUndefined();
    expect(webUrl('file:///srv/git/repo.git')).toBeUndefined();
  });
});

describe('repositoryOf', () => {
  it('finds the repository root, the commit, the remote without credentials, and the project folder inside it', () => {
    const repo = join(tmp, 'repo');
    mkdirSync(join(repo, 'lean', 'Proj'), { recursive: true });
    writeFileSync(join(repo, 'lean', 'Proj', 'A.lean'), 'theorem a : True := trivial\n');
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'one');
    git(repo, 'remote', 'add', 'origin', 'https://user:SECRET@github.com/o/r.git');
    const commit = git(repo, 'rev-parse', 'HEAD');
    expect(repositoryOf(join(repo, 'lean'))).toEqual({ root: repo, path: 'lean', commit, url: 'https://github.com/o/r' });
    expect(repositoryOf(repo)).toMatchObject({ path: '' });
    expect(JSON.stringify(repositoryOf(repo))).not.toContain('SECRET');
  });

  it('is undefined outside a repository', () => {
    const plain = join(tmp, 'plain');
    mkdirSync(plain);
    expect(repositoryOf(plain)).toBeUndefined();
  });
});
