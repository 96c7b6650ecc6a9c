/** One contamination scan: read the benchmarks, index them, stream the corpora, fold the hits. */

import type { CorpusTotals, ItemResult } from './aggregate.js';
import { Aggregator } from './aggregate.js';
import type { BenchSpec, ChannelId, ScanSettings, Verdict } from './config.js';
import { settingsHash } from './config.js';
import { corpusTasks } from './corpus.js';
import type { InputProblem } from './input.js';
import type { BenchItem } from './items.js';
import { readBenchmark } from './items.js';
import { scanTasks } from './pool.js';
import { prepare } from './prepare.js';

/** What to scan and how. */
export interface ScanRequest {
  bench: BenchSpec[];
  /** Items given directly (e.g. the entities of an audited project), scanned with those read from `bench`. */
  items?: BenchItem[];
  corpus: string[];
  corpusFields?: string[];
  settings: ScanSettings;
  threads: number;
  signal?: AbortSignal;
}

/** Per-benchmark totals. */
export interface BenchmarkTotals {
  benchmark: string;
  items: number;
  verdicts: Record<Verdict, number>;
  /** Items (not clean) by their strongest channel. */
  strongest: Partial<Record<ChannelId, number>>;
  nameLeaks: number;
}

/** The outcome of a scan. */
export interface ScanOutcome {
  settings: ScanSettings;
  configHash: string;
  bench: string[];
  corpus: string[];
  items: ItemResult[];
  benchmarks: BenchmarkTotals[];
  corpora: CorpusTotals[];
  problems: InputProblem[];
  stats: { windows: number; uniqueWindows: number; grams: number; scanMs: number; threads: number };
}

/** Totals of each benchmark, in the order items were read. */
export function benchmarkTotals(items: ItemResult[]): BenchmarkTotals[] {
  const by = new Map<string, BenchmarkTotals>();
  for (const r of items) {
    let t = by.get(r.benchmark);
    if (!t) {
      t = { benchmark: r.benchmark, items: 0, verdicts: { clean: 0, suspicious: 0, dirty: 0 }, strongest: {}, nameLeaks: 0 };
      by.set(r.benchmark, t);
    }
    t.items++;
    t.verdicts[r.verdict]++;
    if (r.strongest) t.strongest[r.strongest] = (t.strongest[r.strongest] ?? 0) + 1;
    if (r.nameLeak?.leaked) t.nameLeaks++;
  }
  return [...by.values()];
}

/** Runs the scan; input problems are collected, never fatal. */
export async function runScan(req: ScanRequest): Promise<ScanOutcome> {
  const problems: InputProblem[] = [];
  const items: BenchItem[] = [...(req.items ?? [])];
  for (const spec of req.bench) items.push(...(await readBenchmark(spec, problems, req.settings.limits)));
  const prep = prepare(items, req.settings);
  const agg = new Aggregator(prep, req.corpus);
  const started = performance.now();
  await scanTasks(
    prep.index,
    corpusTasks(req.corpus, req.settings.limits, req.corpusFields),
    { threads: req.threads, limits: req.settings.limits, ...(req.signal ? { signal: req.signal } : {}) },
    (r) => agg.add(r, r.path),
  );
  const results = agg.results();
  return {
    settings: req.settings,
    configHash: settingsHash(req.settings),
    bench: req.bench.map((b) => b.path),
    corpus: req.corpus,
    items: results,
    benchmarks: benchmarkTotals(results),
    corpora: agg.corpusTotals(),
    problems: [...problems, ...agg.problems],
    stats: {
      windows: prep.exact.item.length,
      uniqueWindows: prep.index.windows.length,
      grams: prep.index.gramCount,
      scanMs: Math.round(performance.now() - started),
      threads: req.threads,
    },
  };
}
