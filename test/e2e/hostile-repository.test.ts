/**
 * A repository audited by someone who did not write it is untrusted input: each case here is a key
 * or a path with which its own leanaudit.config.json could run a command, send a secret to an
 * address of its choosing, read a file outside it or write outside it, and what leanaudit does.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/commands/audit.js';
import { InputError } from '../../src/core/errors.js';
import { FORMATS, REPORTERS, renderText } from '../../src/reporters/index.js';
import { reply, type ScriptedServer, startOpenAIServer } from '../helpers/openai-server.js';
import { leanaudit } from './cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-hostile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let repo: string;
let outside: string;
let count = 0;

/** A small Lean repository with one paired entity, and a folder beside it standing for the user's files. */
beforeEach(() => {
  count += 1;
  repo = join(tmp, `repo${count}`);
  outside = join(tmp, `home${count}`);
  mkdirSync(repo);
  mkdirSync(outside);
  writeFileSync(join(repo, 'lakefile.toml'), 'name = "demo"\n\n[[lean_lib]]\nname = "Demo"\n');
  writeFileSync(join(repo, 'Demo.lean'), 'theorem Demo.one_pos : 0 < 1 := by decide\n');
  writeFileSync(
    join(repo, 'leanaudit.entities.json'),
    JSON.stringify([{ id: 'thm:one', statement: 'One is positive.', leanNames: 'Demo.one_pos' }]),
  );
  writeFileSync(join(outside, 'secret.json'), '{"schemaVersion": 1, "findings": [], "token": "ghp_s3cret"}');
});

const repoConfig = (config: object): void => writeFileSync(join(repo, 'leanaudit.config.json'), JSON.stringify(config));

/** The InputError an audit of the repository stops with, or undefined when it runs. */
async function refusal(options: Parameters<typeof runAudit>[1] = {}): Promise<string | undefined> {
  try {
    await runAudit(repo, options);
    return undefined;
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
}

describe('keys that start a process', () => {
  it.each([
    ['repl.command', (marker: string) => ({ repl: { command: `touch ${marker}` } })],
    ['repl.path', (marker: string) => ({ repl: { path: `../../bin/sh -c "touch ${marker}"` } })],
  ])('%s is refused from the repository and runs nothing; --trust-repo-config honours it', async (key, config) => {
    const marker = join(outside, 'PWNED');
    repoConfig(config(marker));
    const message = await refusal({ only: ['axiom-usage'] });
    expect(message).toContain(`${join(repo, 'leanaudit.config.json')} is the audited repository's own configuration`);
    expect(message).toContain(`  ${key}: starts a process`);
    expect(message).toContain('--trust-repo-config');
    expect(existsSync(marker)).toBe(false);
    if (key === 'repl.command') {
      await runAudit(repo, { only: ['axiom-usage'], trustRepoConfig: true });
      expect(existsSync(marker)).toBe(true);
    }
  });

  it('the CLI exits 2 naming the key', () => {
    repoConfig({ repl: { command: `touch ${join(outside, 'PWNED')}` } });
    const { status, stderr } = leanaudit('audit', repo, '--only', 'axiom-usage');
    expect(status).toBe(2);
    expect(stderr).toContain('repl.command: starts a process');
    expect(existsSync(join(outside, 'PWNED'))).toBe(false);
  });
});

describe('keys that choose where requests and the API key go', () => {
  let server: ScriptedServer;
  const saved = { ...process.env };
  beforeEach(async () => {
    server = await startOpenAIServer(() => reply.status(400));
    process.env.LEANAUDIT_TEST_TOKEN = 'ghp_s3cret';
    process.env.OPENAI_API_KEY = 'sk-user';
    process.env.LEANAUDIT_MODEL = 'gpt-test';
  });
  afterEach(async () => {
    await server.close();
    process.env = { ...saved };
  });

  const bearers = (): string[] => server.requests.map((r) => String(r.headers.authorization));

  it('llm.default.baseURL and apiKeyEnv: refused, and no request reaches the address with any key', async () => {
    repoConfig({ llm: { default: { baseURL: server.url, apiKeyEnv: 'LEANAUDIT_TEST_TOKEN' }, retries: 0 } });
    const message = await refusal({ only: ['direct-judge'] });
    expect(message).toContain('llm.default.baseURL: chooses where requests and the API key go');
    expect(message).toContain('llm.default.apiKeyEnv: chooses where requests and the API key go');
    expect(server.requests).toEqual([]);
    const trusted = await runAudit(repo, { only: ['direct-judge'], trustRepoConfig: true });
    expect(trusted.runs[0]!.status).toBe('ok');
    expect(bearers()).toContain('Bearer ghp_s3cret');
  });

  it.each([
    ['llm.roles.direct-judge.baseURL', { roles: { 'direct-judge': { baseURL: 'http://127.0.0.1:9/v1' } } }],
    ['llm.roles.direct-judge.apiKeyEnv', { roles: { 'direct-judge': { apiKeyEnv: 'LEANAUDIT_TEST_TOKEN' } } }],
  ])('%s is refused', async (key, llm) => {
    repoConfig({ llm });
    expect(await refusal({ only: ['direct-judge'] })).toContain(`${key}: chooses where requests and the API key go`);
  });

  it("the same keys in the user's own configuration are honoured, and the repository may still choose the model", async () => {
    const home = join(outside, 'config');
    mkdirSync(join(home, 'leanaudit'), { recursive: true });
    writeFileSync(join(home, 'leanaudit', 'config.json'), JSON.stringify({ llm: { default: { baseURL: server.url }, retries: 0 } }));
    repoConfig({ llm: { default: { model: 'repo-model' } } });
    const report = await runAudit(repo, { only: ['direct-judge'], env: { XDG_CONFIG_HOME: home } });
    expect(report.runs[0]!.status).toBe('ok');
    expect(bearers()).toEqual(['Bearer sk-user']);
    expect(server.requests[0]!.body?.model).toBe('repo-model');
  });
});

describe('paths that lead outside the repository', () => {
  it.each([
    ['baseline', { baseline: '../home/secret.json' }],
    ['llm.cacheDir', { llm: { cacheDir: '../victim' } }],
    ['contamination.corpus[0]', { contamination: { corpus: ['/etc'] } }],
    ['contamination.bench[0]', { contamination: { bench: ['../home/secret.json'] } }],
    ['contamination.bench[0].path', { contamination: { bench: [{ path: '/etc/passwd' }] } }],
    ['extract.blueprint', { extract: { blueprint: '../home/secret.tex' } }],
    ['extract.markdown[0]', { extract: { markdown: ['/etc'] } }],
    ['extract.verso', { extract: { verso: '../home' } }],
    ['extract.mapping', { extract: { mapping: '../home/secret.json' } }],
    ['extract.json', { extract: { json: '/etc/passwd' } }],
    ['auditors.statement-compiles.options.inputs[0]', { auditors: { 'statement-compiles': { options: { inputs: ['/etc/passwd'] } } } }],
  ])('%s is refused', async (key, config) => {
    repoConfig(config);
    expect(await refusal()).toMatch(new RegExp(`  ${key.replace(/[.[\]]/g, '\\$&')}: ".*" leads outside the repository`));
  });

  it('a path inside the repository that is a link out of it is refused too', async () => {
    symlinkSync(join(outside, 'secret.json'), join(repo, 'baseline.json'));
    repoConfig({ baseline: 'baseline.json' });
    expect(await refusal()).toContain('baseline: "baseline.json" leads outside the repository');
  });

  it('a cache folder committed as a link out of the repository is never written to', async () => {
    const victim = join(outside, 'victim');
    mkdirSync(victim);
    symlinkSync(victim, join(repo, '.leanaudit-cache'));
    const saved = { ...process.env };
    const server = await startOpenAIServer(() => reply.status(400));
    try {
      Object.assign(process.env, { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-user', LEANAUDIT_MODEL: 'gpt-test' });
      await runAudit(repo, { only: ['direct-judge'] });
      expect(readdirSync(victim)).toEqual([]);
      const trusting = await runAudit(repo, { only: ['direct-judge'], repoCache: true });
      expect(trusting.runs[0]).toMatchObject({ status: 'skipped' });
      expect(trusting.runs[0]!.reason).toContain("the repository's cache folder .leanaudit-cache is outside the repository");
      expect(readdirSync(victim)).toEqual([]);
    } finally {
      await server.close();
      process.env = { ...saved };
    }
  });
});

describe('files that would make leanaudit run Lean', () => {
  it('a shipped build folder and a manifest naming the repl start nothing without --lean', async () => {
    const bin = join(outside, 'bin');
    const marker = join(outside, 'LAKE-RAN');
    mkdirSync(bin);
    writeFileSync(join(bin, 'lake'), `#!/bin/sh\ntouch ${marker}\nexit 1\n`, { mode: 0o755 });
    mkdirSync(join(repo, '.lake/build/lib/lean'), { recursive: true });
    writeFileSync(join(repo, '.lake/build/lib/lean/Demo.olean'), '');
    writeFileSync(join(repo, 'lake-manifest.json'), JSON.stringify({ version: 7, packages: [{ name: 'repl' }] }));
    const saved = process.env.PATH;
    process.env.PATH = `${bin}:${saved}`;
    try {
      const report = await runAudit(repo, { only: ['axiom-usage'] });
      expect(report.runs[0]).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/pass --lean/) });
      expect(existsSync(marker)).toBe(false);
      const allowed = await runAudit(repo, { only: ['axiom-usage'], lean: true });
      expect(existsSync(marker)).toBe(true);
      expect(allowed.runs[0]).toMatchObject({ status: 'error', reason: expect.stringMatching(/^checked none of the 1 theorems/) });
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe('metadata the repository links to a secret', () => {
  it('puts nothing of it into any report format', async () => {
    rmSync(join(repo, 'lakefile.toml'));
    writeFileSync(join(outside, 'env'), 'GITHUB_TOKEN=ghp_s3cret\n');
    symlinkSync(join(outside, 'env'), join(repo, 'lean-toolchain'));
    symlinkSync(join(outside, 'env'), join(repo, 'lakefile.toml'));
    symlinkSync('/proc/self/environ', join(repo, 'lake-manifest.json'));
    const report = await runAudit(repo, { only: ['proof-gaps', 'lean-source', 'pairing'] });
    const texts = FORMATS.map((format) => renderText(REPORTERS[format](report, { color: false, pathPrefix: '' })));
    for (const text of texts) {
      expect(text).not.toContain('ghp_s3cret');
      expect(text).not.toContain(process.env.PATH);
    }
    const problems = report.runs[1]!.findings.map((f) => `${f.messageId} ${f.location?.file}`);
    expect(problems).toEqual([
      'unreadable-lakefile lakefile',
      'unreadable-metadata lean-toolchain',
      'unreadable-metadata lake-manifest.json',
    ]);
  });
});
