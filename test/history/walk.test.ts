import { afterAll, describe, expect, it } from 'vitest';
import { walkHistory } from '../../src/history/walk.js';
import { GitRepo } from '../helpers/git-repo.js';

describe('walkHistory', () => {
  const repo = new GitRepo();
  const LAKEFILE = 'name = "P"\n\n[[lean_lib]]\nname = "P"\n';
  const hashes = [
    repo.commit('start', { 'lakefile.toml': LAKEFILE, 'P/A.lean': 'theorem gap : 1 = 1 := sorry\n', 'Other/X.lean': 'axiom x : False\n' }),
    repo.commit('use the gap', { 'P/B.lean': 'import P.A\ntheorem top : 1 = 1 := gap\ntheorem fine : 2 = 2 := rfl\n' }),
    repo.commit('docs only', { 'README.md': 'hello' }),
    repo.commit('prove it', { 'P/A.lean': 'theorem gap : 1 = 1 := rfl\naxiom ax : 3 = 3\n' }),
  ];
  afterAll(() => repo.remove());

  it("gives each commit of the range its lean_lib's counts, with the transitive ones", async () => {
    const records = await walkHistory(repo.dir, { restingOn: true });
    expect(records.map((r) => r.commit)).toEqual(hashes);
    const pick = (m: Record<string, number>) => [
      m.files,
      m.declarations,
      m.sorry ?? 0,
      m.axiom ?? 0,
      m['resting-on-sorry'],
      m['theorems-fully-proved'],
    ];
    expect(records.map((r) => pick(r.metrics))).toEqual([
      [1, 1, 1, 0, 0, 0],
      [2, 3, 1, 0, 1, 1],
      [2, 3, 1, 0, 1, 1],
      [2, 4, 0, 1, 0, 3],
    ]);
    expect(records[2]!.subject).toBe('docs only');
  });

  it('keeps every n-th commit and the last, and reads a range', async () => {
    expect((await walkHistory(repo.dir, { every: 3 })).map((r) => r.commit)).toEqual([hashes[0], hashes[3]]);
    expect((await walkHistory(repo.dir, { range: `${hashes[1]}..HEAD` })).map((r) => r.metrics.declarations)).toEqual([3, 4]);
  });
});
