/**
 * REPL worker pool against the stand-in REPL with simulated Lean costs: a 30 s import and 0.5–5 s per
 * `exact?` probe, all scaled down by a fixed factor (default 1/20) so the run takes about a minute.
 * Prints the pool's efficiency against the ideal (one import per worker + probe work / workers) for
 * 1, 2, 4 and 8 workers, and the speed-up over starting a fresh REPL (and import) per probe.
 *
 *   npm run bench repl-pool [-- --scale 20 --files 32 --workers 1,2,4,8 --naive-files 4]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/core/paths.js';
import { EnvChain } from '../src/repl/chain.js';
import { ReplClient } from '../src/repl/client.js';
import { type FileJob, ReplPool } from '../src/repl/pool.js';
import type { ReplCommandSpec } from '../src/repl/process.js';

const IMPORT_S = 30;
const PROBE_S: [number, number] = [0.5, 5];
const limits = { maxOutputChars: 1 << 20, memoryPollMs: 1000 };

interface SimFile {
  id: string;
  probes: number[];
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function workload(files: number, scale: number): SimFile[] {
  const next = random(42);
  return Array.from({ length: files }, (_, i) => ({
    id: `F${i}.lean`,
    probes: Array.from({ length: 2 + Math.floor(next() * 11) }, () =>
      Math.round(((PROBE_S[0] + next() * (PROBE_S[1] - PROBE_S[0])) * 1000) / scale),
    ),
  }));
}

const probeCmd = (file: string, k: number, ms: number) => `theorem p${k} : True := by exact? -- ${file} sim-cost-ms:${ms}`;

function jobs(files: SimFile[]): FileJob<void>[] {
  return files.map((file) => ({
    id: file.id,
    header: 'import Mathlib',
    weight: file.probes.reduce((a, b) => a + b, 0),
    async run(session) {
      const chain = new EnvChain(session);
      for (const [k, ms] of file.probes.entries()) {
        const outcome = await chain.probe({ cmd: probeCmd(file.id, k, ms) });
        if (!outcome.ok) throw new Error(`${file.id} probe ${k}: ${outcome.failure.detail}`);
        await chain.extend(`theorem t${k} : True := trivial -- sim-cost-ms:0`);
      }
    },
  }));
}

async function timePool(spec: ReplCommandSpec, files: SimFile[], workers: number): Promise<number> {
  const pool = new ReplPool(spec, { workers, timeoutMs: 60_000, importTimeoutMs: 120_000, limits });
  const started = performance.now();
  try {
    const results = await pool.run(jobs(files));
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) throw new Error(failed.error);
    return performance.now() - started;
  } finally {
    pool.close();
  }
}

/** One fresh REPL per probe: start, import, probe, stop; `workers` of them at a time. */
async function timeNaive(spec: ReplCommandSpec, files: SimFile[], workers: number): Promise<number> {
  const probes = files.flatMap((f) => f.probes.map((ms, k) => ({ file: f.id, k, ms })));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let p = probes.shift(); p; p = probes.shift()) {
        const client = new ReplClient(spec, { limits, timeoutMs: 120_000 });
        try {
          const imported = await client.send({ cmd: 'import Mathlib' });
          if (!imported.ok || !('env' in imported.response)) throw new Error('import failed');
          const probe = await client.send({ cmd: probeCmd(p.file, p.k, p.ms), env: imported.response.env });
          if (!probe.ok) throw new Error(probe.failure.detail);
        } finally {
          client.close();
        }
      }
    }),
  );
  return performance.now() - started;
}

/** The makespan of the longest-first schedule of whole files (the best a file-granular pool can do). */
function scheduleBound(files: SimFile[], workers: number): number {
  const loads = new Array<number>(workers).fill(0);
  const weights = files.map((f) => f.probes.reduce((a, b) => a + b, 0)).sort((a, b) => b - a);
  for (const w of weights) loads[loads.indexOf(Math.min(...loads))]! += w;
  return Math.max(...loads);
}

const option = (args: string[], name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const list = (args: string[], name: string, fallback: number[]): number[] => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]!.split(',').map(Number) : fallback;
};

export async function run(args: string[]): Promise<void> {
  const scale = option(args, '--scale', 20);
  const files = workload(option(args, '--files', 32), scale);
  const importMs = (IMPORT_S * 1000) / scale;
  const dir = mkdtempSync(join(tmpdir(), 'leanaudit-bench-repl-'));
  const scenario = join(dir, 'scenario.json');
  writeFileSync(scenario, JSON.stringify({ importMs }));
  const spec: ReplCommandSpec = {
    file: process.execPath,
    args: [join(packageRoot(), 'test', 'helpers', 'repl-standin.mjs'), '--sim', scenario],
    cwd: dir,
  };
  const work = files.reduce((n, f) => n + f.probes.reduce((a, b) => a + b, 0), 0);
  const probes = files.reduce((n, f) => n + f.probes.length, 0);
  const sim = (ms: number) => ((ms * scale) / 1000).toFixed(0);
  process.stdout.write(
    `stand-in REPL, simulated costs scaled by 1/${scale}: import ${IMPORT_S} s -> ${importMs} ms, probe ${PROBE_S.join('-')} s -> ` +
      `${Math.round((PROBE_S[0] * 1000) / scale)}-${Math.round((PROBE_S[1] * 1000) / scale)} ms; ${files.length} files, ${probes} probes, ${sim(work)} s of probe work (simulated)\n`,
  );
  process.stdout.write('workers  ideal (sim s)  file-schedule bound (sim s)  measured (sim s)  efficiency\n');
  try {
    const measuredBy = new Map<number, number>();
    for (const workers of list(args, '--workers', [1, 2, 4, 8])) {
      const measured = await timePool(spec, files, workers);
      measuredBy.set(workers, measured);
      const ideal = importMs + work / workers;
      const bound = importMs + scheduleBound(files, workers);
      process.stdout.write(
        `${String(workers).padStart(7)}  ${sim(ideal).padStart(13)}  ${sim(bound).padStart(27)}  ${sim(measured).padStart(16)}  ${((ideal / measured) * 100).toFixed(1).padStart(9)}%\n`,
      );
    }
    const subset = files.slice(0, option(args, '--naive-files', 4));
    const subsetProbes = subset.reduce((n, f) => n + f.probes.length, 0);
    const pool = await timePool(spec, subset, 4);
    const naive = await timeNaive(spec, subset, 4);
    process.stdout.write(
      `one fresh REPL per probe vs the pool, 4 workers, ${subset.length} files (${subsetProbes} probes): ` +
        `naive ${sim(naive)} s, pool ${sim(pool)} s (simulated) -> pool is ${(naive / pool).toFixed(1)}x faster\n`,
    );
    const pool4 = measuredBy.get(4) ?? (await timePool(spec, files, 4));
    const naiveAll = (naive / subsetProbes) * probes;
    process.stdout.write(
      `all ${probes} probes, 4 workers: pool ${sim(pool4)} s measured; naive ${sim(naiveAll)} s extrapolated from its measured cost per probe ` +
        `-> ${(naiveAll / pool4).toFixed(1)}x\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
