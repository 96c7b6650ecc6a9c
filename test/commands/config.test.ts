import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDITORS } from '../../src/auditors/index.js';
import { configSchemaFor, loadRunConfig } from '../../src/commands/config.js';
import { schemaErrors } from '../../src/core/config-check.js';
import { llmConfig } from '../../src/llm/config.js';
import { replSettings } from '../../src/repl/config.js';

const schema = configSchemaFor(AUDITORS);
const errors = (config: unknown): string[] => schemaErrors(config, schema);

describe('the configuration schema', () => {
  it('accepts a configuration that uses every section', () => {
    expect(
      errors({
        $schema: './node_modules/leanaudit/schemas/config.schema.json',
        failOn: 'warning',
        baseline: 'leanaudit-baseline.json',
        ignore: ['AesopTest/**'],
        rules: { 'proof-gaps/native-decide': 'off', 'pairing/no-lean-name': 'warning', 'suppressions/unused-directive': 'off' },
        auditors: {
          'proof-gaps': { severity: 'error', enabled: true, allowFailure: false },
          'crossfile-reuse': { options: { crossFileOnly: true } },
          'statement-compiles': { options: { inputs: ['bench/minif2f.jsonl', { path: 'bench/lean', header: 'import Mathlib' }] } },
        },
        llm: {
          default: { model: 'gpt-4o-mini', baseURL: 'https://api.openai.com/v1', apiKeyEnv: 'OPENAI_API_KEY' },
          roles: { 'roundtrip-judge': { model: 'deepseek-chat', family: 'deepseek', temperature: 0, responseFormat: 'json' } },
          concurrency: 8,
          cacheDir: false,
          prices: { 'gpt-4o-mini': { prompt: 0.15, completion: 0.6 } },
        },
        repl: { command: 'lake env ../repl/.lake/build/bin/repl', workers: 2, pickle: true },
        contamination: { bench: [{ path: 'minif2f.jsonl', preset: 'auto' }], corpus: ['corpus'], thresholds: { dirty: 0.9 }, threads: 0 },
        extract: { source: 'blueprint', blueprint: 'blueprint/src/content.tex' },
      }),
    ).toEqual([]);
  });

  it.each([
    [
      { rules: { 'proof-gaps/native-decid': 'off' } },
      'rules.proof-gaps/native-decid: unknown key; did you mean "proof-gaps/native-decide"?',
    ],
    [{ rules: { 'proof-gaps/axiom': 'warn' } }, 'rules.proof-gaps/axiom: must be one of "off", "info", "warning", "error", not "warn"'],
    [{ auditors: { pairing: { options: { strict: true } } } }, 'auditors.pairing.options.strict: unknown key'],
    [{ auditors: { 'crossfile-reuse': { options: { crossfileOnly: true } } } }, 'did you mean "crossFileOnly"?'],
    [{ llm: { roles: { 'direct-judg': {} } } }, 'llm.roles.direct-judg: unknown key; did you mean "direct-judge"?'],
    [{ llm: { default: { apiKey: 'sk-…' } } }, 'llm.default.apiKey: unknown key; did you mean "apiKeyEnv"?'],
    [{ repl: { comand: 'x' } }, 'repl.comand: unknown key; did you mean "command"?'],
    [{ contamination: { thresolds: {} } }, 'contamination.thresolds'],
    [{ contamination: { channels: ['exact', 'grams'] } }, 'contamination.channels.1: must be one of "exact", "ngram", "lean", "name"'],
    [{ extract: { blueprnt: 'a.tex' } }, 'extract.blueprnt: unknown key; did you mean "blueprint"?'],
  ])('rejects %j', (config, message) => {
    expect(errors(config).join('\n')).toContain(message);
  });

  it('knows every rule of every auditor', () => {
    const rules = Object.keys((schema.properties as { rules: { properties: object } }).rules.properties);
    for (const { meta } of AUDITORS) for (const id of Object.keys(meta.rules)) expect(rules).toContain(`${meta.id}/${id}`);
  });

  it("says what each subsystem's own validator says", () => {
    const llm = { default: { model: 'm' }, concurrency: 2, retries: 0, cacheDir: '.cache', skolemAware: false, contextChars: 0 };
    expect(errors({ llm })).toEqual([]);
    expect(llmConfig({ llm })).toEqual(llm);
    const repl = { path: 'bin/repl', workers: 3, timeoutMs: 10, importTimeoutMs: 10, maxHeartbeats: 1, memoryLimitMb: 1, maxOutputMb: 1 };
    expect(errors({ repl })).toEqual([]);
    expect(replSettings({ repl }, undefined, {})).toMatchObject(repl);
  });
});

describe('loadRunConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'leanaudit-run-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the repository file, checked against the schema', () => {
    writeFileSync(join(dir, 'leanaudit.config.json'), JSON.stringify({ failOn: 'warning', rules: { 'proof-gaps/axiom': 'info' } }));
    expect(loadRunConfig(dir)).toEqual({ failOn: 'warning', rules: { 'proof-gaps/axiom': 'info' } });
    writeFileSync(join(dir, 'leanaudit.config.json'), JSON.stringify({ rules: { 'proof-gaps/axioms': 'info' } }));
    expect(() => loadRunConfig(dir)).toThrow('rules.proof-gaps/axioms: unknown key; did you mean "proof-gaps/axiom"?');
  });
});
