import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheKey, DiskCache, userCacheDir } from '../../src/llm/cache.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'leanaudit-cache-'));
  dirs.push(d);
  return d;
};
const parts = { rubric: 'direct-judge', version: 1, bodyHash: 'h', model: 'm', baseURL: 'http://a/v1', temperature: 0, input: ['s', 'u'] };
const entry = { rubric: 'direct-judge', version: 1, model: 'm', createdAt: 'now', value: { q1: true } };

describe('DiskCache', () => {
  it('keys on every part', () => {
    const base = cacheKey(parts);
    for (const change of [
      { version: 2 },
      { bodyHash: 'h2' },
      { model: 'm2' },
      { input: ['s', 'u2'] },
      { rubric: 'x' },
      { baseURL: 'http://b/v1' },
      { temperature: 0.7 },
    ]) {
      expect(cacheKey({ ...parts, ...change })).not.toBe(base);
    }
  });

  it('stores atomically, leaves no temporary file, and gitignores itself', async () => {
    const dir = join(tmp(), '.leanaudit-cache');
    const cache = new DiskCache(dir);
    const key = cacheKey(parts);
    await cache.put(key, entry);
    expect(await cache.get(key)).toEqual({ entry, source: 'user' });
    expect(readdirSync(join(dir, key.slice(0, 2)))).toEqual([`${key}.json`]);
    expect(readdirSync(dir)).toContain('.gitignore');
  });

  it('treats a truncated file (as a crash mid-write without rename would leave) as absent', async () => {
    const dir = tmp();
    const cache = new DiskCache(dir);
    const key = cacheKey(parts);
    mkdirSync(join(dir, key.slice(0, 2)), { recursive: true });
    writeFileSync(join(dir, key.slice(0, 2), `${key}.json`), '{"rubric": "dir');
    expect(await cache.get(key)).toBeUndefined();
    await cache.put(key, entry);
    expect(await cache.get(key)).toEqual({ entry, source: 'user' });
  });

  it('writes nothing when turned off, but keeps the answers of this process', async () => {
    const cache = new DiskCache(undefined);
    await cache.put('k-off', entry);
    expect(await new DiskCache(undefined).get('k-off')).toEqual({ entry, source: 'user' });
    expect(await new DiskCache(undefined).get('k-never')).toBeUndefined();
  });

  it('lives in the user cache folder: $XDG_CACHE_HOME, else ~/.cache', () => {
    expect(userCacheDir({ XDG_CACHE_HOME: '/x/cache', HOME: '/h' })).toBe('/x/cache/leanaudit/answers');
    expect(userCacheDir({ XDG_CACHE_HOME: 'relative', HOME: '/h' })).toBe('/h/.cache/leanaudit/answers');
  });

  it('writes nothing through a symbolic link: a linked .gitignore or entry folder is refused, its target untouched', async () => {
    const outside = tmp();
    const victim = join(outside, 'victim');
    writeFileSync(victim, 'precious\n');
    const dir = join(tmp(), '.leanaudit-cache');
    mkdirSync(dir);
    symlinkSync(victim, join(dir, '.gitignore'));
    const key = cacheKey(parts);
    symlinkSync(outside, join(dir, key.slice(0, 2)));
    const cache = new DiskCache(dir);
    await expect(cache.put(key, entry)).rejects.toThrow(/not a folder/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(readdirSync(outside)).toEqual(['victim']);
  });

  it("reads a repository's committed answers after the user's own, marked as the repository's, and never writes there", async () => {
    const repoDir = tmp();
    const key = cacheKey(parts);
    mkdirSync(join(repoDir, key.slice(0, 2)));
    writeFileSync(join(repoDir, key.slice(0, 2), `${key}.json`), JSON.stringify(entry));
    const cache = new DiskCache(join(tmp(), 'mine'), repoDir);
    expect(await cache.get(key)).toEqual({ entry, source: 'repository' });
    await cache.put(key, { ...entry, value: { q1: false } });
    expect(await cache.get(key)).toEqual({ entry: { ...entry, value: { q1: false } }, source: 'user' });
    expect(existsSync(join(repoDir, '.gitignore'))).toBe(false);
  });
});
