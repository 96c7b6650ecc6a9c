import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appliedSettings } from '../../src/core/config.js';
import { checkLayer, loadConfig, refusals, schemaErrors } from '../../src/core/config-check.js';
import { InputError } from '../../src/core/errors.js';
import type { JsonSchema } from '../../src/core/types.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-config-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const repo = join(dir, 'repo');
mkdirSync(join(repo, 'data'), { recursive: true });
symlinkSync(dir, join(repo, 'up'));

const path = { type: 'string', repoPath: true };
const schema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    failOn: { enum: ['error', 'warning', 'info'] },
    ignore: { type: 'array', items: { type: 'string' } },
    run: {
      type: 'object',
      additionalProperties: false,
      properties: { command: { type: 'string', userOnly: 'starts a process' }, workers: { type: 'integer', minimum: 1 } },
    },
    files: { type: 'array', items: { anyOf: [path, { type: 'object', additionalProperties: false, properties: { path } }] } },
    cache: { anyOf: [path, { const: false }] },
    model: { type: 'string', envFirst: 'LEANAUDIT_MODEL' },
    prices: { type: 'object', repoIgnored: 'prices are your accounts' },
    threads: { type: 'integer', repoMax: 2 },
  },
};

describe('schemaErrors', () => {
  it('names an unknown key at any level and the nearest known one', () => {
    expect(schemaErrors({ ignores: [] }, schema)).toEqual(['ignores: unknown key; did you mean "ignore"?']);
    expect(schemaErrors({ failon: 'error' }, schema)).toEqual(['failon: unknown key; did you mean "failOn"?']);
    expect(schemaErrors({ run: { comand: 'x' } }, schema)).toEqual(['run.comand: unknown key; did you mean "command"?']);
    expect(schemaErrors({ files: [{ paht: 'a' }] }, schema)).toEqual(['files.0.paht: unknown key; did you mean "path"?']);
  });

  it('says what a value must be', () => {
    expect(schemaErrors({ failOn: 'fatal' }, schema)).toEqual(['failOn: must be one of "error", "warning", "info", not "fatal"']);
    expect(schemaErrors({ run: { workers: 0 } }, schema)).toEqual(['run.workers: must be >= 1']);
    expect(schemaErrors({ ignore: 'A/**' }, schema)).toEqual(['ignore: must be array']);
    expect(schemaErrors({ failOn: 'error', run: { workers: 2 }, files: ['a', { path: 'b' }], cache: false }, schema)).toEqual([]);
  });
});

describe('refusals', () => {
  it('lists the keys only the user may set and the paths leading outside the repository', () => {
    const config = { run: { command: 'echo', workers: 2 }, files: ['data', '../x', { path: '/etc' }, 'up/y'], cache: '.cache' };
    expect(refusals(config, schema, repo)).toEqual([
      { key: 'run.command', why: 'starts a process' },
      { key: 'files[1]', why: '"../x" leads outside the repository' },
      { key: 'files[2].path', why: '"/etc" leads outside the repository' },
      { key: 'files[3]', why: '"up/y" leads outside the repository' },
    ]);
    expect(refusals({ cache: '../c' }, schema, repo)).toEqual([{ key: 'cache', why: '"../c" leads outside the repository' }]);
    expect(refusals({ cache: false, files: ['data/new.json'] }, schema, repo)).toEqual([]);
  });
});

describe('checkLayer and loadConfig', () => {
  it('stops on the first file that does not pass, naming it', () => {
    const layer = { file: 'repo.json', origin: 'repository' as const, trusted: false, config: { run: { command: 'echo' } } };
    expect(() => checkLayer(layer, schema, repo)).toThrow(InputError);
    expect(() => checkLayer(layer, schema, repo)).toThrow(
      /^repo\.json is the audited repository's own configuration.*\n {2}run\.command: starts a process\n/,
    );
    expect(() => checkLayer({ ...layer, trusted: true }, schema, repo)).not.toThrow();
    expect(() => checkLayer({ ...layer, config: { failon: 'x' } }, schema, repo)).toThrow(
      'repo.json: failon: unknown key; did you mean "failOn"?',
    );
  });

  it('merges the user file under the repository file', () => {
    const xdg = join(dir, 'xdg');
    mkdirSync(join(xdg, 'leanaudit'), { recursive: true });
    writeFileSync(join(xdg, 'leanaudit', 'config.json'), JSON.stringify({ failOn: 'info', run: { command: 'lake env repl' } }));
    writeFileSync(join(repo, 'leanaudit.config.json'), JSON.stringify({ failOn: 'warning', run: { workers: 3 } }));
    expect(loadConfig(repo, schema, { env: { XDG_CONFIG_HOME: xdg } })).toEqual({
      failOn: 'warning',
      run: { command: 'lake env repl', workers: 3 },
    });
  });

  it("keeps the machine's limits, the user's prices and the environment's model from the repository, and records each", () => {
    const xdg = join(dir, 'xdg-limits');
    mkdirSync(join(xdg, 'leanaudit'), { recursive: true });
    writeFileSync(join(xdg, 'leanaudit', 'config.json'), JSON.stringify({ threads: 8 }));
    writeFileSync(join(repo, 'leanaudit.config.json'), JSON.stringify({ model: 'o1-pro', prices: { 'o1-pro': 0 }, threads: 256 }));
    const config = loadConfig(repo, schema, { env: { XDG_CONFIG_HOME: xdg, LEANAUDIT_MODEL: 'mine' } });
    expect(config).toEqual({ threads: 2 });
    const applied = appliedSettings(config)!;
    expect(applied.adjusted.map(({ key, applied: to, why }) => [key, to, why.split(':')[0]])).toEqual([
      ['model', undefined, 'ignored'],
      ['prices', undefined, 'ignored'],
      ['threads', 2, 'lowered to 2'],
    ]);
    expect(applied.values).toEqual([{ key: 'threads', value: 2, origin: 'repository', file: join(repo, 'leanaudit.config.json') }]);
    expect(loadConfig(repo, schema, { env: { XDG_CONFIG_HOME: xdg } }).model).toBe('o1-pro');
  });

  it("reads nothing of the repository's file with ignoreRepoSettings, and says so", () => {
    writeFileSync(join(repo, 'leanaudit.config.json'), JSON.stringify({ failOn: 'info' }));
    const config = loadConfig(repo, schema, { env: { XDG_CONFIG_HOME: join(dir, 'none') } }, { ignoreRepoSettings: true });
    expect(config).toEqual({});
    expect(appliedSettings(config)!.files).toEqual([
      { file: join(repo, 'leanaudit.config.json'), origin: 'repository', trusted: false, ignored: '--ignore-repo-settings' },
    ]);
  });
});
