import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_FILE, type Config, loadConfig, validateCoreConfig } from '../../src/core/config.js';
import { InputError } from '../../src/core/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('reads the repository config, an explicit file, or nothing', () => {
    expect(loadConfig(dir)).toEqual({});
    writeFileSync(join(dir, CONFIG_FILE), '{"failOn": "warning"}');
    expect(loadConfig(dir)).toEqual({ failOn: 'warning' });
    const other = join(dir, 'other.json');
    writeFileSync(other, '{"failOn": "info"}');
    expect(loadConfig(dir, other)).toEqual({ failOn: 'info' });
  });

  it('rejects a missing explicit file, bad JSON and non-objects as input errors', () => {
    expect(() => loadConfig(dir, join(dir, 'absent.json'))).toThrow(InputError);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"failOn": ');
    expect(() => loadConfig(dir, bad)).toThrow(/bad\.json: invalid JSON/);
    writeFileSync(bad, '[1, 2]');
    expect(() => loadConfig(dir, bad)).toThrow(/must be a JSON object/);
  });
});

describe('validateCoreConfig', () => {
  const known = ['proof-gaps', 'pairing'];
  const check = (config: unknown) => () => validateCoreConfig(config as Config, known, 'cfg.json');

  it('accepts a well-formed configuration and leaves other sections to their owners', () => {
    expect(
      check({
        failOn: 'warning',
        ignore: ['AesopTest/**', 'Scratch.lean'],
        auditors: { 'proof-gaps': { severity: 'info', enabled: true, options: { x: 1 } } },
        llm: { anything: true },
      }),
    ).not.toThrow();
  });

  it.each([
    [{ failOn: 'fatal' }, /cfg\.json: failOn must be one of/],
    [{ auditors: [] }, /auditors must be an object/],
    [{ ignore: 'Tests/**' }, /cfg\.json: ignore must be a list of path patterns/],
    [{ ignore: ['Tests/**', ''] }, /ignore must be a list of path patterns/],
    [{ auditors: { 'proof-gap': {} } }, /auditors\.proof-gap: unknown auditor \(known: proof-gaps, pairing\)/],
    [{ auditors: { pairing: 'on' } }, /auditors\.pairing must be an object/],
    [{ auditors: { pairing: { enabled: 'yes' } } }, /auditors\.pairing\.enabled must be true or false/],
    [{ auditors: { pairing: { severity: 'high' } } }, /auditors\.pairing\.severity must be one of/],
    [{ auditors: { pairing: { options: 3 } } }, /auditors\.pairing\.options must be an object/],
  ])('rejects %j', (config, message) => {
    expect(check(config)).toThrow(InputError);
    expect(check(config)).toThrow(message);
  });
});
