import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';
import type { AuditorRun, Report } from '../../src/core/types.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { type ChatRequestBody, reply, type ScriptedServer, startOpenAIServer, userText } from '../helpers/openai-server.js';

const KEY = 'sk-e2e-judges-SECRET-7731';
let server: ScriptedServer;
let tmp: string;

/** Direct: the odd-order statement is Different. Round trip: Wilson's theorem too. */
function judge(body: ChatRequestBody) {
  const system = body.messages[0]!.content;
  const text = userText(body);
  if (system.startsWith('You translate Lean')) return reply.json({ statement: `plain rendering: ${text.length}` });
  const different = text.includes('odd order') || (system.startsWith('You compare two') && text.includes('(p-1)!'));
  return reply.json(
    different
      ? { q1: false, q2: true, reason: 'the Lean statement adds a hypothesis', verdict: 'Different' }
      : { q1: true, q2: true, reason: 'same', verdict: 'Faithful' },
  );
}

/** The built CLI, run asynchronously so the scripted server in this process can answer it. */
function leanaudit(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return leanauditChild(env, () => undefined, ...args);
}

/** As `leanaudit`, handing the child process to `started` (to signal it). */
function leanauditChild(
  env: NodeJS.ProcessEnv,
  started: (child: ReturnType<typeof spawn>) => void,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(packageRoot(), 'bin', 'leanaudit.js'), ...args], {
      cwd: packageRoot(),
      env: { ...env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    started(child);
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, LEANAUDIT_OLLAMA_URL: 'http://127.0.0.1:9/v1' };
  for (const k of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'LEANAUDIT_MODEL', 'FORCE_COLOR']) delete env[k];
  return env;
};

async function audit(env: NodeJS.ProcessEnv): Promise<{ report: Report; direct: AuditorRun; roundtrip: AuditorRun; output: string }> {
  const run = await leanaudit(
    env,
    'audit',
    SAMPLE,
    '--only',
    'direct-judge,roundtrip-judge',
    '--format',
    'json',
    '--config',
    join(tmp, 'config.json'),
    '--verbose',
  );
  const report = JSON.parse(run.stdout) as Report;
  const by = (id: string) => report.runs.find((r) => r.auditorId === id)!;
  return { report, direct: by('direct-judge'), roundtrip: by('roundtrip-judge'), output: run.stdout + run.stderr };
}

beforeAll(async () => {
  server = await startOpenAIServer(judge);
  tmp = mkdtempSync(join(tmpdir(), 'leanaudit-e2e-judges-'));
  writeFileSync(
    join(tmp, 'config.json'),
    JSON.stringify({
      llm: {
        cacheDir: join(tmp, 'cache'),
        roles: { 'roundtrip-judge': { model: 'deepseek-chat' }, 'back-translator': { model: 'qwen2.5-72b-instruct' } },
      },
    }),
  );
});
afterAll(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('direct-judge and roundtrip-judge on samples/algebra-basics', () => {
  it('are skipped with the variables to set when no endpoint is configured', async () => {
    const { direct, roundtrip } = await audit(baseEnv());
    for (const run of [direct, roundtrip]) {
      expect(run.status).toBe('skipped');
      expect(run.reason).toMatch(/OPENAI_BASE_URL.*OPENAI_API_KEY.*LEANAUDIT_MODEL/);
    }
  });

  it('refuse an invalid llm section with exit 2, naming the key', async () => {
    writeFileSync(join(tmp, 'bad.json'), JSON.stringify({ llm: { concurrency: 0 } }));
    const run = await leanaudit(baseEnv(), 'audit', SAMPLE, '--only', 'direct-judge', '--config', join(tmp, 'bad.json'));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('bad.json: llm.concurrency: must be >= 1');
  });

  it('judge every paired entity, account for the rest, and rerun with zero calls; the key leaks nowhere', async () => {
    const env = { ...baseEnv(), OPENAI_BASE_URL: server.url, OPENAI_API_KEY: KEY, LEANAUDIT_MODEL: 'gpt-4o-mini' };
    const first = await audit(env);
    expect(first.direct.status).toBe('ok');
    expect(first.direct.metrics).toMatchObject({
      entities: 14,
      judged: 11,
      notJudged: 3,
      failed: 0,
      different: 1,
      faithful: 10,
      coveragePct: 100,
      'llm.calls': 11,
    });
    const feit = first.direct.findings.find((f) => f.entityId === 'thm:feit-thompson')!;
    expect(feit).toMatchObject({ messageId: 'different', severity: 'warning', location: { file: expect.stringContaining('blueprint') } });
    expect(first.direct.findings.find((f) => f.entityId === 'lem:inverses')!.evidence!.formal).toContain('\n\n');
    expect(first.roundtrip.metrics).toMatchObject({ judged: 11, different: 2, 'llm.calls': 22, 'agreement.pairs': 11, sameModelFamily: 0 });
    expect(first.roundtrip.metrics['agreement.rate']).toBeCloseTo(10 / 11, 3);
    const second = await audit(env);
    expect(second.direct.metrics).toMatchObject({ 'llm.calls': 0, 'llm.cacheHits': 11, different: 1 });
    expect(second.roundtrip.metrics).toMatchObject({ 'llm.calls': 0, different: 2, 'agreement.pairs': 11 });
    const cache = join(tmp, 'cache');
    const files = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(33);
    for (const text of [first.output, second.output, ...files.map((f) => readFileSync(join(f.parentPath, f.name), 'utf8'))])
      expect(text).not.toContain(KEY);
  });

  it('leave a consistent cache when killed with SIGKILL mid-run; the rerun asks only what is missing', async () => {
    const cacheDir = join(tmp, 'killed-cache');
    writeFileSync(join(tmp, 'slow.json'), JSON.stringify({ llm: { cacheDir, concurrency: 1 } }));
    server.setScript((body) => reply.delay(150, judge(body)));
    const env = { ...baseEnv(), OPENAI_BASE_URL: server.url, OPENAI_API_KEY: KEY, LEANAUDIT_MODEL: 'gpt-4o-mini' };
    const before = server.chatCalls();
    const killed = await leanauditChild(
      env,
      (child) => {
        const poll = setInterval(() => {
          if (server.chatCalls() - before >= 4) {
            clearInterval(poll);
            child.kill('SIGKILL');
          }
        }, 20);
      },
      'audit',
      SAMPLE,
      '--only',
      'direct-judge',
      '--format',
      'json',
      '--config',
      join(tmp, 'slow.json'),
    );
    expect(killed.status).toBeNull();
    const entries = readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith('.json'));
    for (const f of entries) expect(() => JSON.parse(readFileSync(join(f.parentPath, f.name), 'utf8'))).not.toThrow();
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.length).toBeLessThan(11);
    server.setScript(judge);
    const rerun = await leanaudit(env, 'audit', SAMPLE, '--only', 'direct-judge', '--format', 'json', '--config', join(tmp, 'slow.json'));
    const direct = (JSON.parse(rerun.stdout) as Report).runs[0]!;
    expect(direct.metrics).toMatchObject({ judged: 11, 'llm.cacheHits': entries.length, 'llm.calls': 11 - entries.length });
  });
});
