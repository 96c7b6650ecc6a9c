import { chmodSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobReader, commitsOf, parentOf, treeOf } from '../../src/core/git-objects.js';
import { GitRepo } from '../helpers/git-repo.js';

describe('git objects', () => {
  const repo = new GitRepo();
  const first = repo.commit('first', { 'A.lean': 'theorem a : True := sorry\n', 'README.md': 'x' });
  const second = repo.commit('second, with a comma', { 'A.lean': 'theorem a : True := trivial\n', 'B b.lean': 'def b := 1\n' });
  const third = repo.commit('third', { 'README.md': undefined });
  afterAll(() => repo.remove());

  it('lists the commits of a range oldest first, each with the files it changed and their new blobs', () => {
    const commits = commitsOf(repo.dir);
    expect(commits.map((c) => [c.hash, c.subject])).toEqual([
      [first, 'first'],
      [second, 'second, with a comma'],
      [third, 'third'],
    ]);
    expect(commits[1]!.changes.map((c) => c.path).sort()).toEqual(['A.lean', 'B b.lean']);
    expect(commits[2]!.changes).toEqual([{ path: 'README.md', blob: undefined }]);
    expect(commitsOf(repo.dir, { range: `${first}..HEAD` }).map((c) => c.hash)).toEqual([second, third]);
    expect(parentOf(repo.dir, second)).toBe(first);
    expect(parentOf(repo.dir, first)).toBeUndefined();
  });

  it('refuses a range that git would read as an option', () => {
    expect(() => commitsOf(repo.dir, { range: '--output=/tmp/x' })).toThrow(/not a revision range/);
  });

  it('reads a tree and its blobs from the objects, as stored', async () => {
    const tree = treeOf(repo.dir, second);
    expect([...tree.keys()].sort()).toEqual(['A.lean', 'B b.lean', 'README.md']);
    const reader = new BlobReader(repo.dir);
    try {
      const [a, missing, b] = await Promise.all([
        reader.read(tree.get('A.lean')!),
        reader.read('0'.repeat(40)),
        reader.read(tree.get('B b.lean')!),
      ]);
      expect(a?.toString()).toBe('theorem a : True := trivial\n');
      expect(missing).toBeUndefined();
      expect(b?.toString()).toBe('def b := 1\n');
    } finally {
      reader.close();
    }
  });

  it("runs nothing the repository's configuration names: no filter, textconv, hook or fsmonitor", async () => {
    const hostile = new GitRepo();
    try {
      const mark = join(hostile.dir, 'ran');
      const script = join(hostile.dir, 'evil.sh');
      writeFileSync(script, `#!/bin/sh\ntouch ${mark}\ncat\n`);
      chmodSync(script, 0o755);
      hostile.commit('one', { 'X.lean': 'def x := 1\n', '.gitattributes': '*.lean filter=evil diff=evil\n' });
      for (const [key, value] of [
        ['filter.evil.smudge', script],
        ['filter.evil.textconv', script],
        ['diff.evil.textconv', script],
        ['core.fsmonitor', script],
        ['core.hooksPath', hostile.dir],
        ['diff.external', script],
      ])
        hostile.git('config', key!, value!);
      hostile.commit('two', { 'X.lean': 'def x := 2\n' });
      // The helper's own git commands may have run it; only what leanaudit runs from here counts.
      rmSync(mark, { force: true });
      const commits = commitsOf(hostile.dir);
      const reader = new BlobReader(hostile.dir);
      const text = await reader.read(treeOf(hostile.dir, commits[1]!.hash).get('X.lean')!);
      reader.close();
      expect(text?.toString()).toBe('def x := 2\n');
      expect(existsSync(mark)).toBe(false);
    } finally {
      hostile.remove();
    }
  });
});
