import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LlmEngine } from '../../src/llm/engine.js';
import { loadRubric } from '../../src/llm/rubric.js';
import { reply, type Script, type ScriptedServer, startOpenAIServer } from '../helpers/openai-server.js';

const rubric = loadRubric('yes-no', join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rubrics'));
const KEY = 'sk-test-SECRET-1234567890';
const good = { answer: true, why: 'because' };
const signal = new AbortController().signal;

let server: ScriptedServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function engineFor(script: Script, llm: Record<string, unknown> = {}) {
  server = await startOpenAIServer(script);
  const root = mkdtempSync(join(tmpdir(), 'leanaudit-engine-'));
  dirs.push(root);
  const env = { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: KEY, LEANAUDIT_MODEL: 'gpt-test' };
  const make = async () => {
    const engine = await LlmEngine.create(['direct-judge'], {
      root,
      config: { llm: { retries: 3, timeoutMs: 2000, cacheDir: join(root, 'cache'), ...llm } },
      env,
      backoffMs: 10,
    });
    if (!(engine instanceof LlmEngine)) throw new Error(engine.reason);
    return engine;
  };
  return { engine: await make(), make, root };
}

const ask = (engine: LlmEngine, question = 'Is 2 prime?') => engine.ask(rubric, { question, strict: true }, signal);

describe('LlmEngine over HTTP', () => {
  it('sends the rendered rubric with response_format and the key as bearer token, and parses the answer', async () => {
    const { engine } = await engineFor(() => reply.json(good));
    const result = await ask(engine);
    expect(result).toEqual({ ok: true, value: good, cached: false, model: 'gpt-test' });
    const req = server!.requests.at(-1)!;
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body!.response_format).toEqual({ type: 'json_object' });
    expect(req.body!.messages[0]!.content).toContain('Be strict.');
    expect(req.body!.messages[0]!.content).not.toContain('lenient');
    expect(req.body!.messages[1]!.content).toBe('Question: Is 2 prime?');
    expect(engine.accounting.metrics()).toMatchObject({ 'llm.calls': 1, 'llm.promptTokens': 100, 'llm.completionTokens': 20 });
  });

  it('prices the tokens when the model has a price', async () => {
    const { engine } = await engineFor(() => reply.json(good), { prices: { 'gpt-test': { prompt: 1, completion: 2 } } });
    await ask(engine);
    expect(engine.accounting.metrics()['llm.cost']).toBeCloseTo((100 * 1 + 20 * 2) / 1e6, 9);
  });

  it('reads JSON inside a code fence and after prose with a <think> preamble, coercing "yes"/"no"', async () => {
    const { engine } = await engineFor((body) =>
      body.messages[1]!.content.includes('fence') ? reply.fenced({ answer: 'yes', why: 'f' }) : reply.prose({ answer: 'No', why: 'p' }),
    );
    expect(await ask(engine, 'fence')).toMatchObject({ ok: true, value: { answer: true, why: 'f' } });
    expect(await ask(engine, 'prose')).toMatchObject({ ok: true, value: { answer: false, why: 'p' } });
    expect(engine.accounting.repairs).toBe(0);
  });

  it('retries 429 honouring Retry-After, then 500, then a malformed body, and succeeds', async () => {
    const { engine } = await engineFor(
      (_, n) => [reply.status(429, { 'retry-after': '1' }), reply.status(500), reply.malformed()][n] ?? reply.json(good),
    );
    const started = Date.now();
    expect(await ask(engine)).toMatchObject({ ok: true, value: good });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server!.chatCalls()).toBe(4);
    expect(engine.accounting.retries).toBe(3);
  });

  it('times out a hung response and retries it', async () => {
    const { engine } = await engineFor((_, n) => (n === 0 ? reply.hang() : reply.json(good)), { timeoutMs: 300 });
    expect(await ask(engine)).toMatchObject({ ok: true, value: good });
    expect(server!.chatCalls()).toBe(2);
  });

  it('turns exhausted retries into a failure with its cause, never a value, and caches nothing', async () => {
    const { engine, make } = await engineFor(() => reply.status(503), { retries: 2 });
    expect(await ask(engine)).toMatchObject({ ok: false, cause: 'server' });
    expect(server!.chatCalls()).toBe(3);
    expect(engine.accounting.metrics()['llm.failures.server']).toBe(1);
    server!.setScript(() => reply.json(good));
    const again = await make();
    expect(await ask(again)).toMatchObject({ ok: true, cached: false });
  });

  it('does not retry a 401 and keeps the key out of the error message', async () => {
    const { engine } = await engineFor(() => ({ kind: 'status', status: 401, body: { error: { message: `bad key ${KEY}` } } }));
    const result = await ask(engine);
    expect(result).toMatchObject({ ok: false, cause: 'client' });
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(server!.chatCalls()).toBe(1);
  });

  it('re-asks once when the reply is unusable, with the problem and the schema', async () => {
    const { engine } = await engineFor((_, n) => (n === 0 ? reply.text('I think the answer is yes.') : reply.json(good)));
    expect(await ask(engine)).toMatchObject({ ok: true, value: good });
    const repair = server!.requests.at(-1)!.body!.messages;
    expect(repair).toHaveLength(4);
    expect(repair[2]).toEqual({ role: 'assistant', content: 'I think the answer is yes.' });
    expect(repair[3]!.content).toContain('no JSON object found');
    expect(repair[3]!.content).toContain('"required":["answer","why"]');
    expect(engine.accounting.repairs).toBe(1);
  });

  it('gives up after one repair: an unparseable failure', async () => {
    const { engine } = await engineFor(() => reply.json({ answer: 'maybe' }));
    expect(await ask(engine)).toMatchObject({ ok: false, cause: 'unparseable' });
    expect(server!.chatCalls()).toBe(2);
  });

  it('falls back to plain prompting when the endpoint rejects response_format', async () => {
    const { engine } = await engineFor((body) =>
      body.response_format
        ? { kind: 'status', status: 400, body: { error: { message: 'response_format is not supported' } } }
        : reply.json(good),
    );
    expect(await ask(engine)).toMatchObject({ ok: true });
    expect(await ask(engine, 'second')).toMatchObject({ ok: true });
    expect(server!.requests.filter((r) => r.body?.response_format)).toHaveLength(1);
  });

  it('resends every call in flight without response_format when the endpoint rejects it, counting no retry', async () => {
    const { engine } = await engineFor(
      (body) =>
        body.response_format
          ? reply.delay(30, { kind: 'status', status: 400, body: { error: { message: 'response_format is not supported' } } })
          : reply.json(good),
      { concurrency: 8 },
    );
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => ask(engine, `q${i}`)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(server!.requests.filter((r) => r.body?.response_format)).toHaveLength(7);
    expect(server!.requests.filter((r) => r.body && !r.body.response_format)).toHaveLength(7);
    expect(engine.accounting.metrics()).toMatchObject({ 'llm.retries': 0 });
  });

  it('masks a key the server echoes in part in the failure it reports', async () => {
    const { engine } = await engineFor(() => ({
      kind: 'status',
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${KEY.slice(0, 8)}**********${KEY.slice(-4)}.` } },
    }));
    const result = await ask(engine);
    expect(result).toMatchObject({ ok: false, cause: 'client' });
    expect(JSON.stringify(result)).not.toContain(KEY.slice(0, 8));
    expect(JSON.stringify(result)).not.toContain(KEY.slice(-4));
  });

  it('misses the cache when the endpoint URL or the temperature changes', async () => {
    const { engine, root } = await engineFor(() => reply.json(good));
    await ask(engine);
    const other = await startOpenAIServer(() => reply.json(good));
    const env = { OPENAI_BASE_URL: other.url, OPENAI_API_KEY: KEY, LEANAUDIT_MODEL: 'gpt-test' };
    const moved = await LlmEngine.create(['direct-judge'], { root, config: { llm: {} }, env });
    const warmer = await LlmEngine.create(['direct-judge'], {
      root,
      config: { llm: { default: { temperature: 0.7 } } },
      env: { ...env, OPENAI_BASE_URL: server!.url },
    });
    if (!(moved instanceof LlmEngine) || !(warmer instanceof LlmEngine)) throw new Error('no engine');
    expect(await ask(moved)).toMatchObject({ ok: true, cached: false });
    expect(await ask(warmer)).toMatchObject({ ok: true, cached: false });
    expect(other.chatCalls()).toBe(1);
    expect(server!.chatCalls()).toBe(2);
    expect(server!.requests.at(-1)!.body!.temperature).toBe(0.7);
    await other.close();
  });

  it('answers a rerun from the durable cache with zero calls; the key is in no cache file', async () => {
    const { engine, make, root } = await engineFor(() => reply.json(good));
    await ask(engine, 'a');
    await ask(engine, 'b');
    const calls = server!.chatCalls();
    const rerun = await make();
    expect(await ask(rerun, 'a')).toMatchObject({ ok: true, cached: true, value: good });
    expect(await ask(rerun, 'b')).toMatchObject({ ok: true, cached: true });
    expect(server!.chatCalls()).toBe(calls);
    expect(rerun.accounting.metrics()).toMatchObject({ 'llm.calls': 0, 'llm.cacheHits': 2 });
    const cacheDir = join(root, 'cache');
    expect(readFileSync(join(cacheDir, '.gitignore'), 'utf8')).toBe('*\n');
    const files = readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBe(3);
    for (const f of files) expect(readFileSync(join(f.parentPath, f.name), 'utf8')).not.toContain(KEY);
    expect(await rerun.ask(rubric, { question: 'c', strict: true }, signal, true)).toMatchObject({ ok: false, cause: 'not-cached' });
  });

  it('keeps the answer when the cache cannot be written, and counts it', async () => {
    const { engine, root } = await engineFor(() => reply.json(good));
    const cacheDir = join(root, 'cache');
    rmSync(cacheDir, { recursive: true, force: true });
    writeFileSync(cacheDir, 'not a folder');
    expect(await ask(engine)).toMatchObject({ ok: true, value: good, cached: false });
    expect(engine.accounting.metrics()['llm.cacheWriteErrors']).toBe(1);
  });

  it('misses the cache when the model or the rendered input changes', async () => {
    const { engine } = await engineFor(() => reply.json(good));
    await ask(engine);
    await engine.ask(rubric, { question: 'Is 2 prime?', strict: false }, signal);
    expect(server!.chatCalls()).toBe(2);
  });

  it('stops on abort without caching and without counting a failure', async () => {
    const { engine, make } = await engineFor(() => reply.delay(2000, reply.json(good)));
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('interrupted')), 100);
    await expect(engine.ask(rubric, { question: 'q', strict: true }, ac.signal)).rejects.toThrow('interrupted');
    expect(engine.accounting.failures).toEqual({});
    server!.setScript(() => reply.json(good));
    expect(await ask(await make(), 'q')).toMatchObject({ cached: false });
  });

  /** A server script answering after 50 ms, and the largest number of calls it had in flight at once. */
  const slowRepliesCountingPeak = (): { script: () => ReturnType<typeof reply.delay>; peak: () => number } => {
    let inFlight = 0;
    let peak = 0;
    const script = (): ReturnType<typeof reply.delay> => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      setTimeout(() => (inFlight -= 1), 50);
      return reply.delay(50, reply.json(good));
    };
    return { script, peak: () => peak };
  };

  it('keeps at most `concurrency` calls in flight', async () => {
    const slow = slowRepliesCountingPeak();
    const { engine } = await engineFor(slow.script, { concurrency: 3 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => ask(engine, `q${i}`)));
    expect(slow.peak()).toBe(3);
  });

  it('shares the concurrency limit between engines on the same endpoint, and one call between equal questions', async () => {
    const slow = slowRepliesCountingPeak();
    const { engine, make } = await engineFor(slow.script, { concurrency: 2 });
    const other = await make();
    await Promise.all(Array.from({ length: 6 }, (_, i) => ask(i % 2 ? engine : other, `s${i}`)));
    expect(slow.peak()).toBe(2);
    const calls = server!.chatCalls();
    const [a, b] = await Promise.all([ask(engine, 'same'), ask(other, 'same')]);
    expect(server!.chatCalls()).toBe(calls + 1);
    expect([a.ok && a.cached, b.ok && b.cached].sort()).toEqual([false, true]);
  });

  it('checks each cache entry on reading: one of another rubric, or not matching its schema, is asked again', async () => {
    const { engine, make, root } = await engineFor(() => reply.json(good));
    await ask(engine, 'a');
    await ask(engine, 'b');
    const files = readdirSync(join(root, 'cache'), { recursive: true, withFileTypes: true }).filter((f) => f.name.endsWith('.json'));
    const [first, second] = files.map((f) => join(f.parentPath, f.name));
    const planted = JSON.parse(readFileSync(first!, 'utf8'));
    writeFileSync(first!, JSON.stringify({ ...planted, value: { answer: 'Stronger' } }));
    writeFileSync(second!, JSON.stringify({ ...planted, rubric: 'other' }));
    const rerun = await make();
    const calls = server!.chatCalls();
    expect(await ask(rerun, 'a')).toMatchObject({ ok: true, cached: false, value: good });
    expect(await ask(rerun, 'b')).toMatchObject({ ok: true, cached: false, value: good });
    expect(server!.chatCalls()).toBe(calls + 2);
    expect(rerun.accounting.metrics()['llm.cacheInvalid']).toBe(2);
  });

  it("uses a repository's committed answers only with repoCache, and marks them as the repository's", async () => {
    const { engine, root } = await engineFor(() => reply.json(good));
    await ask(engine, 'a');
    const [file] = readdirSync(join(root, 'cache'), { recursive: true, withFileTypes: true })
      .filter((f) => f.name.endsWith('.json'))
      .map((f) => join(f.parentPath, f.name));
    const committed = join(root, '.leanaudit-cache', basename(dirname(file!)));
    mkdirSync(committed, { recursive: true });
    renameSync(file!, join(committed, basename(file!)));
    const env = { OPENAI_BASE_URL: server!.url, OPENAI_API_KEY: KEY, LEANAUDIT_MODEL: 'gpt-test' };
    const setup = (llm: object) =>
      LlmEngine.create(['direct-judge'], { root, config: { llm: { cacheDir: join(root, 'cache'), ...llm } }, env });
    const outsider = await setup({});
    const trusting = await setup({ repoCache: true });
    if (!(outsider instanceof LlmEngine) || !(trusting instanceof LlmEngine)) throw new Error('no engine');
    expect(await trusting.ask(rubric, { question: 'a', strict: true }, signal, true)).toMatchObject({
      ok: true,
      cacheSource: 'repository',
    });
    expect(trusting.accounting.metrics()['llm.repoCacheHits']).toBe(1);
    expect(await outsider.ask(rubric, { question: 'a', strict: true }, signal, true)).toMatchObject({ ok: false, cause: 'not-cached' });
  });
});
