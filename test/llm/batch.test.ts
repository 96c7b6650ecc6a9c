import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { userCacheDir } from '../../src/llm/cache.js';
import { llmConfig } from '../../src/llm/config.js';
import { LlmEngine } from '../../src/llm/engine.js';
import { loadRubric } from '../../src/llm/rubric.js';
import { reply, type Script, type ScriptedServer, startOpenAIServer } from '../helpers/openai-server.js';

const RUBRICS = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rubrics');
const rubric = loadRubric('yes-no', RUBRICS);
const CHILD = fileURLToPath(new URL('../helpers/batch-child.mjs', import.meta.url));
const KEY = 'sk-batch-SECRET-1234567890';
const good = { answer: true, why: 'because' };

let server: ScriptedServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** An engine in batch mode against the local server; `make` gives another one on the same cache (a rerun). */
async function batchEngine(script: Script, batchPolls = 1, batch: Record<string, unknown> = {}) {
  server = await startOpenAIServer(script, { batchPolls });
  const root = mkdtempSync(join(tmpdir(), 'leanaudit-batch-'));
  dirs.push(root);
  const env = { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: KEY, LEANAUDIT_MODEL: 'gpt-test' };
  const make = async () => {
    const engine = await LlmEngine.create(['direct-judge'], {
      root,
      config: { llm: { timeoutMs: 2000, batch: { pollMs: 20, gatherMs: 50, ...batch } } },
      env,
    });
    if (!(engine instanceof LlmEngine)) throw new Error(engine.reason);
    return engine;
  };
  return { engine: await make(), make, root };
}

const ask = (engine: LlmEngine, question: string, signal = new AbortController().signal) =>
  engine.ask(rubric, { question, strict: true }, signal);

describe('judges through the Batch API (llm.batch)', () => {
  it('sends the questions asked together as one JSONL batch, shows each its rendered rubric, and caches the answers as live calls', async () => {
    const { engine, make } = await batchEngine((body) => reply.json({ answer: body.messages[1]!.content.includes('2'), why: 'w' }));
    const questions = ['Is 2 prime?', 'Is 4 prime?', 'Is 9 prime?'];
    const results = await Promise.all(questions.map((q) => ask(engine, q)));
    expect(results.map((r) => r.ok && r.value.answer)).toEqual([true, false, false]);
    expect(results.every((r) => r.ok && !r.cached)).toBe(true);
    expect(server!.batches).toHaveLength(1);
    const [batch] = server!.batches;
    expect(batch!.lines.map((l) => l.body.messages[1]!.content)).toEqual(questions.map((q) => `Question: ${q}`));
    expect(batch!.lines[0]!.body).toMatchObject({ model: 'gpt-test', response_format: { type: 'json_object' } });
    expect(batch!.lines[0]!.body.messages[0]!.content).toContain('Be strict.');
    const upload = server!.requests.find((r) => r.path.endsWith('/files'))!;
    expect(upload.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(engine.accounting.metrics()).toMatchObject({ 'llm.calls': 3, 'llm.batches': 1, 'llm.promptTokens': 300 });
    const rerun = await make();
    expect((await Promise.all(questions.map((q) => ask(rerun, q)))).every((r) => r.ok && r.cached)).toBe(true);
    expect(server!.batches).toHaveLength(1);
  });

  it('checks each answer as a live call: an unusable one is repaired in the next batch, an HTTP error fails only its entity', async () => {
    const { engine } = await batchEngine((body) => {
      const text = body.messages.map((m) => m.content).join('\n');
      if (text.includes('refused')) return reply.status(400);
      if (text.includes('garbled') && body.messages.length === 2) return reply.text('no json here');
      return reply.json(good);
    });
    const [fine, garbled, refused] = await Promise.all(['fine', 'garbled', 'refused'].map((q) => ask(engine, q)));
    expect(fine).toMatchObject({ ok: true, value: good });
    expect(garbled).toMatchObject({ ok: true, value: good });
    expect(refused).toMatchObject({ ok: false, cause: 'client', message: expect.stringContaining('in batch: HTTP 400') });
    expect(server!.batches.map((b) => b.lines.length)).toEqual([3, 1]);
    expect(server!.batches[1]!.lines[0]!.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(engine.accounting.repairs).toBe(1);
  });

  it('resumes a batch after a kill -9 while it waits: the rerun polls the stored batch id instead of submitting again', async () => {
    const { make, root } = await batchEngine(() => reply.json(good), 1_000_000);
    const env = { ...process.env, OPENAI_BASE_URL: server!.url, OPENAI_API_KEY: KEY, LEANAUDIT_MODEL: 'gpt-test' };
    const child = spawn(process.execPath, [CHILD, root, RUBRICS, 'Is 7 prime?'], { env, stdio: 'ignore' });
    const ended = new Promise((resolve) => child.once('exit', resolve));
    await expect.poll(() => server!.batches.length, { timeout: 20_000 }).toBe(1);
    const stateDir = join(userCacheDir(), 'batches');
    await expect.poll(() => existsSync(stateDir) && readdirSync(stateDir), { timeout: 5000 }).toEqual(['batch_1.json']);
    child.kill('SIGKILL');
    await ended;
    server!.finishBatches();
    const rerun = await make();
    expect(await ask(rerun, 'Is 7 prime?')).toMatchObject({ ok: true, value: good, cached: false });
    expect(server!.batches).toHaveLength(1);
    expect(rerun.accounting.metrics()).toMatchObject({ 'llm.batchesResumed': 1, 'llm.batches': 0, 'llm.calls': 1 });
    expect(existsSync(join(stateDir, 'batch_1.json'))).toBe(false);
  }, 30_000);

  it('validates the batch settings', () => {
    expect(llmConfig({ llm: { batch: true } }).batch).toBe(true);
    expect(() => llmConfig({ llm: { batch: { pollMs: 0 } } })).toThrow('config llm.batch.pollMs: must be an integer >= 1');
    expect(() => llmConfig({ llm: { batch: { every: 1 } } })).toThrow('config llm.batch.every: unknown key');
    expect(() => llmConfig({ llm: { batch: 'yes' } })).toThrow(/llm.batch: must be true, false or/);
  });
});
