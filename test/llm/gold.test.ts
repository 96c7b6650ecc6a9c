import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type GoldPair, goldInput, loadGold } from '../../src/llm/gold.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const goldDir = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'leanaudit-gold-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};
const pair = (over: Partial<GoldPair> = {}) => ({
  id: 'p',
  pattern: 'x',
  expected: 'Faithful',
  kind: 'theorem',
  name: 'n',
  informal: 'i',
  lean: ['theorem foo : True'],
  ...over,
});

describe('gold set', () => {
  it('loads pairs and renders them for the judges, a case split when several declarations are given', () => {
    const dir = goldDir({
      'a.json': JSON.stringify([
        pair({ lean: ['noncomputable def f : ℕ := sorry', 'theorem g (n : ℕ) : f = n'], context: 'c'.repeat(30) }),
      ]),
    });
    const [p] = loadGold(dir);
    const input = goldInput(p!, 10);
    expect(input).toMatchObject({
      leanName: 'f, g',
      caseSplit: true,
      formal: 'noncomputable def f : ℕ := sorry\n\ntheorem g (n : ℕ) : f = n',
    });
    expect(input.context).toBe('[… earlier text cut]\ncccccccccc');
  });

  it.each([
    [{ 'a.json': '[1,' }, /a\.json: invalid JSON/],
    [{ 'a.json': '{}' }, /a\.json: must be an array of pairs/],
    [
      { 'a.json': JSON.stringify([pair({ expected: 'Maybe' as never })]) },
      /a\.json#0: "expected" must be one of Faithful, Stronger, Different/,
    ],
    [{ 'a.json': JSON.stringify([pair(), pair({ lean: [] })]) }, /a\.json#1: "lean" must list at least one declaration/],
    [{ 'a.json': JSON.stringify([pair()]), 'b.json': JSON.stringify([pair()]) }, /b\.json#0: duplicate id p/],
    [{ 'notes.txt': '' }, /no \*\.json gold files/],
  ])('names the file and pair of a bad gold set (%#)', (files, message) => {
    expect(() => loadGold(goldDir(files))).toThrow(message);
  });

  it('reports a missing folder', () => {
    expect(() => loadGold('/nonexistent/gold')).toThrow('gold set not found: /nonexistent/gold');
  });
});
