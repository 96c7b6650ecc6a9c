import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as directJudge from '../../src/auditors/direct-judge.js';
import { drawSample, judgedEntities, registerSampleCommand, type SampleFile, shuffle } from '../../src/commands/sample.js';
import { seededRandom } from '../../src/core/random.js';
import { buildReport } from '../../src/core/report.js';
import { runAuditor } from '../../src/core/runner.js';
import type { Report } from '../../src/core/types.js';
import { entity, scriptedJudge } from '../auditors/fixtures/judge-entities.js';
import { type ScriptedServer, startOpenAIServer } from '../helpers/openai-server.js';

let server: ScriptedServer;
let dir: string;
let report: Report;

beforeAll(async () => {
  server = await startOpenAIServer(scriptedJudge);
  dir = mkdtempSync(join(tmpdir(), 'leanaudit-sample-'));
  process.env.LEANAUDIT_SAMPLE_KEY = 'sk-sample';
  const entities = [
    ...Array.from({ length: 15 }, (_, i) => entity(`ok${i}`, i % 3 === 0 ? '[S]' : '[F]')),
    ...Array.from({ length: 6 }, (_, i) => entity(`diff${i}`, '[D]')),
    entity('fails', '[500]'),
  ];
  const run = await runAuditor(directJudge, {
    root: dir,
    config: { llm: { default: { baseURL: server.url, model: 'm', apiKeyEnv: 'LEANAUDIT_SAMPLE_KEY' }, retries: 0 } },
    signal: new AbortController().signal,
    project: () => Promise.reject(new Error('none')),
    entities: async () => entities,
  });
  report = buildReport({ root: dir, name: 'demo' }, [run], 'error');
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  delete process.env.LEANAUDIT_SAMPLE_KEY;
});

async function sampleCli(args: string[]): Promise<string> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const program = new Command().exitOverride();
  registerSampleCommand(program);
  await program.parseAsync(['sample', ...args], { from: 'user' });
  spy.mockRestore();
  return out;
}

describe('leanaudit sample', () => {
  it('seeds a reproducible shuffle', () => {
    const a = shuffle([1, 2, 3, 4, 5, 6, 7, 8], seededRandom(42));
    expect(shuffle([1, 2, 3, 4, 5, 6, 7, 8], seededRandom(42))).toEqual(a);
    expect(shuffle([1, 2, 3, 4, 5, 6, 7, 8], seededRandom(7))).not.toEqual(a);
    expect([...a].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reads only verdict findings (never failures) from the report', () => {
    const judged = judgedEntities(report, 'direct-judge');
    expect(judged).toHaveLength(21);
    expect(judged.find((j) => j.entityId === 'fails')).toBeUndefined();
    expect(judged[0]).toMatchObject({
      informal: expect.stringContaining('statement ok0'),
      formal: 'theorem Demo.ok0 (n : ℕ) : P_ok0 n',
      location: 'blueprint/src/content.tex:10',
    });
  });

  it('writes a stratified sample with the judge verdicts kept apart, the same for the same seed', async () => {
    const out = join(dir, 'sample.json');
    const printed = await sampleCli(['--report', join(dir, 'report.json'), '--seed', '42', '--per-class', '4', '--output', out]);
    expect(printed).toBe(`wrote 8 items (4 OK, 4 Different) to ${out}\n`);
    const sample = JSON.parse(readFileSync(out, 'utf8')) as SampleFile;
    expect(sample.items).toHaveLength(8);
    expect(sample.items.every((i) => i.human === null && !('verdict' in i))).toBe(true);
    expect(sample.key.map((k) => k.n)).toEqual(sample.items.map((i) => i.n));
    expect(drawSample(judgedEntities(report, 'direct-judge'), 'direct-judge', 42, 4)).toEqual(sample);
    const other = drawSample(judgedEntities(report, 'direct-judge'), 'direct-judge', 43, 4);
    expect(other.items.map((i) => i.entityId)).not.toEqual(sample.items.map((i) => i.entityId));
  });

  it('says when a class has fewer entities than asked', async () => {
    const printed = await sampleCli(['--report', join(dir, 'report.json'), '--per-class', '10', '--output', join(dir, 's2.json')]);
    expect(printed).toContain('16 items (10 OK, 6 Different) (fewer than 10 available in a class)');
  });

  it('rejects a missing report and an unknown auditor with a clear message', async () => {
    await expect(sampleCli(['--report', join(dir, 'nope.json')])).rejects.toThrow('cannot read the report');
    await expect(sampleCli(['--report', join(dir, 'report.json'), '--auditor', 'roundtrip-judge'])).rejects.toThrow(
      'no run of roundtrip-judge',
    );
  });
});
