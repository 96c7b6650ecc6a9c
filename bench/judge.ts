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
import { type RunServices, runAuditor } from '../src/core/runner.js';
import type { AuditorRun } from '../src/core/types.js';
import { Limiter } from '../src/llm/limiter.js';
import type { PairedEntity } from '../src/model/entity.js';
import { type ChatRequestBody, reply, startOpenAIServer, userText } from '../test/helpers/openai-server.js';

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
    decls: [
      {
        leanName: `Bench.t${i}`,
        fullName: `Bench.t${i}`,
        kind: 'theorem',
        header: `(n : ℕ) : P${i} n`,
        variables: [],
        location: { file: 'Bench.lean', line: i + 1 },
        hasSorry: false,
      },
    ],
    unresolved: [],
  }));
}

function answer(body: ChatRequestBody) {
  if (body.messages[0]!.content.startsWith('You translate Lean'))
    return reply.json({ statement: `translation of ${userText(body).length}` });
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

/** Best (lowest) and median of repeated timings. */
function spread(ms: number[]): { best: number; median: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { best: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]! };
}

/** Runs the benchmark and prints its figures. */
export async function run(args: string[]): Promise<void> {
  const n = flag(args, 'entities', 2000);
  const latency = flag(args, 'latency', 200);
  const concurrency = flag(args, 'concurrency', 32);
  const repeat = flag(args, 'repeat', 3);
  const server = await serverThread(latency);
  const dir = mkdtempSync(join(tmpdir(), 'leanaudit-bench-judge-'));
  process.env.LEANAUDIT_BENCH_KEY = 'sk-bench';
  const list = entities(n);
  const services = (cacheDir: string): RunServices => ({
    root: dir,
    config: {
      llm: {
        default: { baseURL: server.url, model: 'bench-model', apiKeyEnv: 'LEANAUDIT_BENCH_KEY' },
        concurrency,
        cacheDir: join(dir, cacheDir),
      },
    },
    signal: new AbortController().signal,
    project: () => Promise.reject(new Error('no project in the benchmark')),
    entities: async () => list,
  });
  const timed = async (label: string, calls: number, work: () => Promise<unknown>): Promise<number> => {
    const before = await server.calls();
    const t = performance.now();
    const result = (await work()) as AuditorRun | undefined;
    const ms = performance.now() - t;
    if (result && result.status !== 'ok') throw new Error(`${label}: ${result.status} ${result.reason}`);
    const made = (await server.calls()) - before;
    if (made !== calls) throw new Error(`${label}: ${made} calls, expected ${calls}`);
    return ms;
  };
  try {
    process.stdout.write(`${n} entities, ${latency} ms per call, concurrency ${concurrency}, best and median of ${repeat} runs\n`);
    const raw = new OpenAI({ baseURL: server.url, apiKey: 'sk-bench', maxRetries: 0 });
    const limiter = new Limiter(concurrency);
    const times = { raw: [] as number[], direct: [] as number[], roundtrip: [] as number[] };
    for (let r = 0; r < repeat; r++) {
      times.raw.push(
        await timed('raw client', n, async () => {
          await Promise.all(
            list.map((e) =>
              limiter.run(() =>
                raw.chat.completions.create({
                  model: 'bench-model',
                  messages: [{ role: 'user', content: `baseline ${r} ${e.statement}` }],
                }),
              ),
            ),
          );
        }),
      );
      times.direct.push(await timed('direct protocol', n, () => runAuditor(directJudge, services(`cache-${r}`))));
      times.roundtrip.push(await timed('round-trip protocol', 2 * n, () => runAuditor(roundtripJudge, services(`cache-${r}`))));
    }
    const rawTime = spread(times.raw);
    const line = (label: string, calls: number, ms: number[]) => {
      const { best, median } = spread(ms);
      const ideal = Math.max(Math.ceil(calls / concurrency), calls / n) * latency;
      const perCall = (x: number, base: number) => (x / base / (calls / n)).toFixed(3);
      process.stdout.write(
        `${label}: ${calls} calls, critical-path ideal ${seconds(ideal)} s; best ${seconds(best)} s = ${(best / ideal).toFixed(3)}x, median ${seconds(median)} s = ${(median / ideal).toFixed(3)}x (target <= 1.2x)` +
          (label === 'raw client'
            ? '\n'
            : `; per call vs raw client: best ${perCall(best, rawTime.best)}x, median ${perCall(median, rawTime.median)}x\n`),
      );
    };
    line('raw client', n, times.raw);
    line('direct protocol', n, times.direct);
    line('round-trip protocol', 2 * n, times.roundtrip);

    const rerun = services('cache-0');
    const rerunMs = await timed('rerun', 0, async () => {
      const d = await runAuditor(directJudge, rerun);
      const r = await runAuditor(roundtripJudge, rerun);
      process.stdout.write(
        `rerun of both: ${d.metrics['llm.calls']! + r.metrics['llm.calls']!} calls (target 0), ${d.metrics['llm.cacheHits']! + r.metrics['llm.cacheHits']!} cache hits`,
      );
    });
    process.stdout.write(`, ${seconds(rerunMs)} s\n`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    delete process.env.LEANAUDIT_BENCH_KEY;
  }
}
