import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITORS } from '../../src/auditors/index.js';
import { runAudit } from '../../src/commands/audit.js';
import { mergeReports } from '../../src/commands/merge.js';
import { InputError } from '../../src/core/errors.js';
import { parseShard, shardOf } from '../../src/core/shard.js';
import type { Report } from '../../src/core/types.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { simCommand } from '../helpers/lean-repl-fixtures.js';
import { type ChatRequestBody, reply, type ScriptedServer, startOpenAIServer, userText } from '../helpers/openai-server.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-merge-'));
let server: ScriptedServer;
const saved: NodeJS.ProcessEnv = {};
const ENV = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'LEANAUDIT_MODEL'];

/** Verdicts that depend on the entity, so that shards judge different things. */
function judge(body: ChatRequestBody) {
  const system = body.messages[0]!.content;
  const text = userText(body);
  if (system.startsWith('You translate Lean')) return reply.json({ statement: `plain rendering of ${text.length} characters` });
  const different = text.length % 3 === 0;
  return reply.json(
    different
      ? { q1: false, q2: true, reason: 'differs', verdict: 'Different' }
      : { q1: true, q2: true, reason: 'same', verdict: 'Faithful' },
  );
}

const ONLY = ['proof-gaps', 'pairing', 'direct-judge', 'roundtrip-judge', 'axiom-usage'];

beforeAll(async () => {
  server = await startOpenAIServer(judge);
  for (const k of ENV) saved[k] = process.env[k];
  Object.assign(process.env, { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-merge-test', LEANAUDIT_MODEL: 'gpt-4o-mini' });
});
afterAll(async () => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A config for one audit (whole, or all the shards of one), with a cache of its own. */
function config(name: string): string {
  const axioms = { 'AlgebraBasics.Parity.even_add_even': [], 'AlgebraBasics.Modular.fermat_little': ['sorryAx'] };
  const file = join(tmp, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      llm: {
        cacheDir: join(tmp, `cache-${name}`),
        roles: { 'roundtrip-judge': { model: 'deepseek-chat' }, 'back-translator': { model: 'deepseek-chat' } },
      },
      repl: { command: simCommand(mkdtempSync(join(tmp, 'repl-')), { importMs: 1, axioms }) },
    }),
  );
  return file;
}

/** Shard i/N of the sample's audit, written as a JSON report. */
async function shard(i: number, n: number, cfg: string): Promise<string> {
  const report = await runAudit(SAMPLE, { only: ONLY, config: cfg, shard: { index: i, count: n } });
  const file = join(tmp, `${n}-${i}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(report));
  return file;
}

const fingerprints = (r: Report): string[] => r.runs.flatMap((run) => run.findings.map((f) => `${f.fingerprint} ${f.message}`)).sort();
/** Metrics but the REPL pool's work counters, which count every shard's processes. */
const metrics = (r: Report) =>
  r.runs.map((run) => [run.auditorId, run.status, Object.fromEntries(Object.entries(run.metrics).filter(([k]) => !k.startsWith('repl')))]);

describe('shards', () => {
  it('asks every auditor that splits its work for its merge', () => {
    const split = AUDITORS.filter((a) => a.meta.shard);
    expect(split.map((a) => a.meta.id).sort()).toEqual(['axiom-usage', 'direct-judge', 'mathlib-overlap', 'roundtrip-judge']);
    for (const a of split) expect(a.merge, a.meta.id).toBeDefined();
  });

  it('parses i/N and splits keys stably', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/2', '3/2', '1', 'a/b']) expect(() => parseShard(bad)).toThrow(InputError);
    const keys = Array.from({ length: 200 }, (_, i) => `File${i}.lean`);
    const before = keys.map((k) => shardOf(k, 4));
    expect(new Set(before)).toEqual(new Set([1, 2, 3, 4]));
    expect([...keys, 'Added.lean'].map((k) => shardOf(k, 4)).slice(0, 200)).toEqual(before);
  });

  it('runs a split auditor on its part and the others whole in shard 1 only; every report is valid', async () => {
    const cfg = config('parts');
    const [one, two] = [
      JSON.parse(readFileSync(await shard(1, 2, cfg), 'utf8')),
      JSON.parse(readFileSync(await shard(2, 2, cfg), 'utf8')),
    ] as Report[];
    for (const r of [one!, two!]) expect(reportSchemaErrors(r)).toEqual([]);
    expect(two!.shard).toEqual({ index: 2, count: 2 });
    expect(two!.runs.find((r) => r.auditorId === 'proof-gaps')).toMatchObject({ status: 'skipped', reason: 'runs whole in shard 1 of 2' });
    const judged = (r: Report) => r.runs.find((run) => run.auditorId === 'direct-judge')!.metrics.entities!;
    expect(judged(one!) + judged(two!)).toBe(14);
    expect(judged(one!)).toBeGreaterThan(0);
    expect(judged(two!)).toBeGreaterThan(0);
  });
});

describe('leanaudit merge', () => {
  it('gives, for N = 1, 2 and 4, the findings (fingerprints) and metrics of one run', async () => {
    const whole = await runAudit(SAMPLE, { only: ONLY, config: config('whole') });
    expect(whole.runs.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    const [, , direct, roundtrip, axioms] = whole.runs;
    expect(direct!.metrics).toMatchObject({ judged: 11, different: expect.any(Number), pctDifferent: expect.any(Number) });
    expect(direct!.metrics.different).toBeGreaterThan(0);
    expect(roundtrip!.findings.map((f) => f.messageId)).toContain('agreement');
    expect(roundtrip!.metrics['agreement.pairs']).toBe(11);
    expect(axioms!.findings.map((f) => f.messageId)).toEqual(expect.arrayContaining(['sorry-transitive', 'unchecked']));
    for (const n of [1, 2, 4]) {
      const cfg = config(`n${n}`);
      const files: string[] = [];
      for (let i = 1; i <= n; i++) files.push(await shard(i, n, cfg));
      const merged = mergeReports(files.reverse());
      expect(reportSchemaErrors(JSON.parse(JSON.stringify(merged)))).toEqual([]);
      expect(merged.shard).toBeUndefined();
      expect(fingerprints(merged), `N = ${n}`).toEqual(fingerprints(whole));
      expect(metrics(merged), `N = ${n}`).toEqual(metrics(whole));
      expect(merged.summary.findings).toEqual(whole.summary.findings);
    }
  }, 120_000);

  it('refuses a missing shard, a shard given twice, and parts of different audits (exit 2)', async () => {
    const cfg = config('refuse');
    const [a, b] = [await shard(1, 3, cfg), await shard(2, 3, cfg)];
    expect(() => mergeReports([a, b])).toThrow(/shard 3\/3 missing/);
    expect(() => mergeReports([a, a, b])).toThrow(/both shard 1\/3/);
    const other = await runAudit(SAMPLE, { only: ['proof-gaps'], config: cfg, shard: { index: 3, count: 3 } });
    const otherFile = join(tmp, 'other.json');
    writeFileSync(otherFile, JSON.stringify(other));
    expect(() => mergeReports([a, b, otherFile])).toThrow(
      new InputError(
        `${otherFile} and ${a} are parts of different audits: configuration ${other.configHash} vs ${JSON.parse(readFileSync(a, 'utf8')).configHash}`,
      ),
    );
    writeFileSync(join(tmp, 'broken.json'), '{"schemaVersion": 3,\n oops');
    expect(() => mergeReports([join(tmp, 'broken.json')])).toThrow(/broken.json:2: not JSON/);
  });

  it('reads no path from inside a report, and refuses a FIFO given as a report instead of waiting on it', async () => {
    const cfg = config('hostile');
    const [a, b] = [await shard(1, 2, cfg), await shard(2, 2, cfg)];
    const secret = join(tmp, 'secret.txt');
    writeFileSync(secret, 'ghp_s3cret\n');
    const planted = (file: string): void => {
      const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
      report.summary.baseline = { file: secret, unchanged: 0, new: 0, absent: 0, absentFindings: [] };
      writeFileSync(file, JSON.stringify(report));
    };
    planted(a);
    planted(b);
    expect(() => mergeReports([a, b])).toThrow(/merge reads no path from inside a report, give it again with --baseline/);
    const fifo = join(tmp, 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(() => mergeReports([fifo])).toThrow(InputError);
  });
});
