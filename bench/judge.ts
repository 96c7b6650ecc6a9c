/**
 * `npm run bench judge [-- --entities N --latency MS --concurrency C]`: N synthetic entities through
 * the direct and the round-trip protocol against the local chat-completions server, every call taking
 * a fixed latency. Reports wall time against the critical-path ideal at the chosen concurrency
 * (target <= 1.2x), a raw-client baseline measured in the same process, and the calls a rerun makes
 * (target 0).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import OpenAI from 'openai';
import * as directJudge from '../src/auditors/direct-judge.js';
import * as roundtripJudge from '../src/auditors/roundtrip-judge.js';
import { runAuditor, type RunServices } from '../src/core/runner.js';
import type { Auditor, PairedEntity } from '../src/core/types.js';
import { Limiter } from '../src/llm/limiter.js';
import { reply, startOpenAIServer, userText, type ChatRequestBody } from '../test/helpers/openai-server.js';

function flag(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

function entities(n: number): PairedEntity[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `thm:${i}`,
    kind: 'theorem',
    statement: `For every natural number n, property ${i} holds for n.`,
    leanNames: [`Bench.t${i}`],
    uses: [],
    flags: {},
    location: { file: 'blueprint.tex', line: i + 1 },
    origin: 'bench',
    decls: [{ leanName: `Bench.t${i}`, fullName: `Bench.t${i}`, kind: 'theorem', header: `(n : ℕ) : P${i} n`, variables: [], location: { file: 'Bench.lean', line: i + 1 }, hasSorry: false }],
    unresolved: [],
  }));
}

function answer(body: ChatRequestBody) {
  if (body.messages[0]!.content.startsWith('You translate Lean')) return reply.json({ statement: `translation of ${userText(body).length}` });
  const i = Number(/property (\d+)/.exec(userText(body))?.[1] ?? 0);
  return reply.json({ q1: i % 5 !== 0, q2: i % 7 !== 0, reason: 'bench' });
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** In the worker thread: the scripted server, on its own event loop so it does not steal the client's. */
if (!isMainThread && (workerData as { benchServer?: number } | undefined)?.benchServer !== undefined) {
  const latency = (workerData as { benchServer: number }).benchServer;
  const server = await startOpenAIServer((body) => reply.delay(latency, answer(body)));
  parentPort!.on('message', async (m: string) => {
    if (m === 'calls') parentPort!.postMessage(server.chatCalls());
    if (m === 'close') {
      await server.close();
      parentPort!.close();
    }
  });
  parentPort!.postMessage(server.url);
}

/** Starts the server in a worker thread; `calls()` asks it how many chat requests it has answered. */
async function serverThread(latency: number): Promise<{ url: string; calls(): Promise<number>; close(): Promise<void> }> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { benchServer: latency } });
  const next = () => new Promise<unknown>((resolve) => worker.once('message', resolve));
  const url = (await next()) as string;
  return {
    url,
    calls: async () => {
      const answer = next();
      worker.postMessage('calls');
      return (await answer) as number;
    },
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

/** Runs the benchmark and prints its figures. */
export async function run(args: string[]): Promise<void> {
  const n = flag(args, 'entities', 2000);
  const latency = flag(args, 'latency', 200);
  const concurrency = flag(args, 'concurrency', 32);
  const server = await serverThread(latency);
  const dir = mkdtempSync(join(tmpdir(), 'leanaudit-bench-judge-'));
  const config = { llm: { default: { baseURL: server.url, model: 'bench-model', apiKeyEnv: 'LEANAUDIT_BENCH_KEY' }, concurrency, cacheDir: join(dir, 'cache') } };
  process.env.LEANAUDIT_BENCH_KEY = 'sk-bench';
  const list = entities(n);
  const services: RunServices = {
    root: dir,
    config,
    signal: new AbortController().signal,
    project: () => Promise.reject(new Error('no project in the benchmark')),
    entities: async () => list,
  };
  try {
    process.stdout.write(`${n} entities, ${latency} ms per call, concurrency ${concurrency}\n`);

    const raw = new OpenAI({ baseURL: server.url, apiKey: 'sk-bench', maxRetries: 0 });
    const limiter = new Limiter(concurrency);
    let t = performance.now();
    await Promise.all(
      list.map((e) =>
        limiter.run(() => raw.chat.completions.create({ model: 'bench-model', messages: [{ role: 'user', content: `baseline ${e.statement}` }] })),
      ),
    );
    const rawMs = performance.now() - t;
    const idealDirect = Math.ceil(n / concurrency) * latency;
    process.stdout.write(`baseline raw client, ${n} calls: ${seconds(rawMs)} s = ${(rawMs / idealDirect).toFixed(3)}x the ideal ${seconds(idealDirect)} s\n`);

    const measure = async (auditor: Auditor, calls: number, label: string) => {
      const before = await server.calls();
      t = performance.now();
      const result = await runAuditor(auditor, services);
      const ms = performance.now() - t;
      const made = (await server.calls()) - before;
      const ideal = Math.max(Math.ceil(calls / concurrency), calls / n) * latency;
      if (result.status !== 'ok') throw new Error(`${label}: ${result.status} ${result.reason}`);
      process.stdout.write(
        `${label}: ${made} calls in ${seconds(ms)} s; critical-path ideal ${seconds(ideal)} s; ratio ${(ms / ideal).toFixed(3)}x (target <= 1.2x); vs raw client ${(ms / rawMs / (calls / n)).toFixed(3)}x per call; judged ${result.metrics.judged}/${n}\n`,
      );
      return made;
    };
    await measure(directJudge, n, 'direct protocol');
    await measure(roundtripJudge, 2 * n, 'round-trip protocol');

    const before = await server.calls();
    t = performance.now();
    const [d, r] = [await runAuditor(directJudge, services), await runAuditor(roundtripJudge, services)];
    const rerunMs = performance.now() - t;
    process.stdout.write(
      `rerun of both: ${(await server.calls()) - before} calls (target 0), ${d.metrics['llm.cacheHits']! + r.metrics['llm.cacheHits']!} cache hits, ${seconds(rerunMs)} s\n`,
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    delete process.env.LEANAUDIT_BENCH_KEY;
  }
}
