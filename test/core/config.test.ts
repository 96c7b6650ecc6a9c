import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_FILE, configLayers, mergeConfig, readConfigFile, userConfigFile } from '../../src/core/config.js';
import { InputError } from '../../src/core/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const repo = join(dir, 'repo');
const home = join(dir, 'xdg');
mkdirSync(repo);
mkdirSync(join(home, 'leanaudit'), { recursive: true });
const noUser = { XDG_CONFIG_HOME: join(dir, 'none') };

describe('userConfigFile', () => {
  it('follows XDG: $XDG_CONFIG_HOME/leanaudit/config.json, else ~/.config/leanaudit/config.json', () => {
    expect(userConfigFile({ XDG_CONFIG_HOME: '/x' })).toBe('/x/leanaudit/config.json');
    expect(userConfigFile({ HOME: '/home/u' })).toBe('/home/u/.config/leanaudit/config.json');
    expect(userConfigFile({ XDG_CONFIG_HOME: 'relative', HOME: '/home/u' })).toBe('/home/u/.config/leanaudit/config.json');
  });
});

describe('readConfigFile', () => {
  it('rejects bad JSON and non-objects as input errors naming the file', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"failOn": ');
    expect(() => readConfigFile(bad)).toThrow(/bad\.json: invalid JSON/);
    writeFileSync(bad, '[1, 2]');
    expect(() => readConfigFile(bad)).toThrow(/must be a JSON object/);
  });

  it('reads a regular file of at most 1 MB only: a configuration linked to /dev/zero is refused at once', () => {
    const zero = join(dir, 'zero.json');
    symlinkSync('/dev/zero', zero);
    expect(() => readConfigFile(zero)).toThrow(new InputError(`${zero}: not a regular file (a folder, FIFO, socket or device); not read`));
    const big = join(dir, 'big.json');
    writeFileSync(big, `{"ignore": ["${'x'.repeat(1024 * 1024)}"]}`);
    expect(() => readConfigFile(big)).toThrow(`${big}: larger than 1048576 bytes; not read`);
  });
});

describe('configLayers', () => {
  it('reads the user file, then the repository file; only the user file is trusted', () => {
    expect(configLayers(repo, { env: noUser })).toEqual([]);
    writeFileSync(join(repo, CONFIG_FILE), '{"failOn": "warning"}');
    writeFileSync(join(home, 'leanaudit', 'config.json'), '{"failOn": "info"}');
    expect(configLayers(repo, { env: { XDG_CONFIG_HOME: home } })).toEqual([
      { file: join(home, 'leanaudit', 'config.json'), origin: 'user', trusted: true, config: { failOn: 'info' } },
      { file: join(repo, CONFIG_FILE), origin: 'repository', trusted: false, config: { failOn: 'warning' } },
    ]);
    expect(configLayers(repo, { env: noUser, trustRepoConfig: true })[0]).toMatchObject({ origin: 'repository', trusted: true });
  });

  it('takes --config instead of the repository file: trusted outside the repository, not inside it', () => {
    const given = join(dir, 'given.json');
    writeFileSync(given, '{"failOn": "error"}');
    expect(configLayers(repo, { env: noUser, explicit: given })).toEqual([
      { file: given, origin: 'given', trusted: true, config: { failOn: 'error' } },
    ]);
    const inside = join(repo, 'other.json');
    writeFileSync(inside, '{}');
    expect(configLayers(repo, { env: noUser, explicit: inside })[0]).toMatchObject({ origin: 'repository', trusted: false });
    symlinkSync(inside, join(dir, 'link.json'));
    expect(configLayers(repo, { env: noUser, explicit: join(dir, 'link.json') })[0]).toMatchObject({ trusted: false });
    expect(() => configLayers(repo, { env: noUser, explicit: join(dir, 'absent.json') })).toThrow(InputError);
  });
});

describe('mergeConfig', () => {
  it('merges objects key by key and replaces lists and scalars', () => {
    expect(
      mergeConfig(
        { failOn: 'error', ignore: ['A/**'], llm: { default: { baseURL: 'u', model: 'm' } }, rules: { 'a/b': 'off' } },
        { ignore: ['B/**'], llm: { default: { model: 'n' } }, rules: { 'a/c': 'info' } },
      ),
    ).toEqual({
      failOn: 'error',
      ignore: ['B/**'],
      llm: { default: { baseURL: 'u', model: 'n' } },
      rules: { 'a/b': 'off', 'a/c': 'info' },
    });
  });
});
