/**
 * Contamination bench: 10,000 benchmark items (50k+ exact windows) against a generated corpus of
 * >= 100 MB, timed in the same run against `rg -F -f windows.txt` (ripgrep) over the same files;
 * the (file, line) pairs holding a window must be identical. Also reports peak memory (maxRSS),
 * single-thread throughput, the cost of the other channels, and optionally an npm Aho–Corasick
 * package on a slice (`--ac <module path>`).
 *
 * Args: `--dir <path>` (default /tmp/leanaudit-contam-bench; the corpus is cached there),
 * `--mb <n>` (100), `--items <n>` (10000), `--ac <path>` (e.g. /tmp/acbench/node_modules/aho-corasick) with
 * `--ac-files <n>` corpus files of 100 kB as its text (20); `--ac-only` stops after that comparison;
 * `--json-mb <n>` size of the JSON corpus the two JSON readers are compared on (150); `--memory` also
 * measures peak memory on a 2 GB JSON corpus and a 10 GiB gzip bomb (see lib/bounded-input.ts),
 * `--baseline-cli <path>` for another build's dist/src/cli.js too; `--formats-mb <n>` (60) the documents
 * scanned as text files, JSONL, JSON and gzip of both, `--big-json-mb <n>` (600, 0 to skip) the large JSON
 * array against the same text as files, `--formats-only` runs only those two comparisons.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DEFAULT_SETTINGS, resolveSettings } from '../src/contamination/config.js';
import { corpusTasks } from '../src/contamination/corpus.js';
import type { BenchItem } from '../src/contamination/items.js';
import { scanTasks } from '../src/contamination/pool.js';
import { prepare } from '../src/contamination/prepare.js';
import { Scanner } from '../src/contamination/scan.js';
import { boundedInput } from './lib/bounded-input.js';
import { recordFormats } from './lib/record-formats.js';

interface Args {
  dir: string;
  mb: number;
  items: number;
  ac?: string;
  acFiles: number;
  acOnly: boolean;
  jsonMb: number;
  memory: boolean;
  baselineCli?: string;
  formatsMb: number;
  bigJsonMb: number;
  formatsOnly: boolean;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    dir: get('dir') ?? '/tmp/leanaudit-contam-bench',
    mb: Number(get('mb') ?? 100),
    items: Number(get('items') ?? 10_000),
    ...(get('ac') ? { ac: get('ac')! } : {}),
    acFiles: Number(get('ac-files') ?? 20),
    acOnly: argv.includes('--ac-only'),
    jsonMb: Number(get('json-mb') ?? 150),
    memory: argv.includes('--memory'),
    formatsMb: Number(get('formats-mb') ?? 60),
    bigJsonMb: Number(get('big-json-mb') ?? 600),
    formatsOnly: argv.includes('--formats-only'),
    ...(get('baseline-cli') ? { baselineCli: get('baseline-cli')! } : {}),
  };
}

/** mulberry32: a small seeded generator, so every run builds the same corpus. */
export function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'pa',
  'qu',
  'den',
  'bor',
  'fin',
  'gal',
  'hex',
  'jor',
  'wex',
  'yil',
  'cro',
];
const MATH = ['x', 'n', 'k', '+', '=', '≤', '≥', '∀', '∃', '→', '∈', '(n + 1)', 'f(x)', '2^k', '0 < x', '∑', '∧', '¬'];

function vocabulary(rand: () => number): string[] {
  const words = new Set<string>();
  while (words.size < 6000) {
    const n = 1 + Math.floor(rand() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''));
  }
  return [...words, ...MATH];
}

function sentence(rand: () => number, vocab: string[], words: number): string {
  return Array.from({ length: words }, () => vocab[Math.floor(rand() * vocab.length)]).join(' ');
}

/** Builds (or reuses) the corpus files and the benchmark; planted items go on lines of their own. */
function generate(a: Args): { corpus: string; items: BenchItem[]; planted: number } {
  const corpus = join(a.dir, `corpus-${a.mb}mb`);
  const benchFile = join(a.dir, `bench-${a.items}.json`);
  const rand = rng(20261122);
  const vocab = vocabulary(rand);
  const items: BenchItem[] = Array.from({ length: a.items }, (_, i) => ({
    id: `item_${i}`,
    benchmark: 'synthetic',
    informal: sentence(rand, vocab, 14 + Math.floor(rand() * 8)),
    location: { file: benchFile, line: i + 1 },
  }));
  const planted = Math.floor(a.items / 20);
  if (existsSync(join(corpus, 'DONE'))) return { corpus, items, planted };
  mkdirSync(corpus, { recursive: true });
  writeFileSync(benchFile, JSON.stringify(items));
  const fileBytes = 100_000;
  const files = Math.ceil((a.mb * 1_000_000) / fileBytes);
  const plantAt = new Map<number, string[]>();
  for (let p = 0; p < planted; p++) {
    const text = items[Math.floor(rand() * items.length)]!.informal!;
    const line = p % 2 === 0 ? text : `${sentence(rand, vocab, 3)} ${text.slice(Math.floor(text.length / 3))} ${sentence(rand, vocab, 3)}`;
    const f = Math.floor(rand() * files);
    plantAt.set(f, [...(plantAt.get(f) ?? []), line]);
  }
  for (let f = 0; f < files; f++) {
    const lines: string[] = [];
    let size = 0;
    const plants = plantAt.get(f) ?? [];
    while (size < fileBytes) {
      const line = plants.length > 0 && rand() < 0.01 ? plants.pop()! : sentence(rand, vocab, 8 + Math.floor(rand() * 30));
      lines.push(line);
      size += Buffer.byteLength(line) + 1;
    }
    lines.push(...plants);
    writeFileSync(join(corpus, `doc-${String(f).padStart(5, '0')}.txt`), `${lines.join('\n')}\n`);
  }
  writeFileSync(join(corpus, 'DONE'), '');
  return { corpus, items, planted };
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);

function corpusBytes(dir: string): number {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .reduce((n, f) => n + readFileSync(join(dir, f)).length, 0);
}

/** ripgrep's (file, line) pairs and wall time, or why it could not run. */
async function ripgrep(windowsFile: string, corpus: string): Promise<{ ms: number; lines: Set<string> } | string> {
  if (spawnSync('rg', ['--version']).error) {
    return 'ripgrep (rg) is NOT installed: no baseline, no ratio (install it: apt-get install -y ripgrep)';
  }
  const started = performance.now();
  const child = spawn('rg', ['-F', '-f', windowsFile, '-n', '-H', '--no-heading', '-M', '1', corpus]);
  const lines = new Set<string>();
  let rest = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const p of parts) {
      const m = /^(.*?):(\d+):/.exec(p);
      if (m) lines.add(`${m[1]}:${m[2]}`);
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 && code !== 1) return `ripgrep exited with ${code}`;
  return { ms: performance.now() - started, lines };
}

/** Our scan of the corpus: exact windows only, every occurrence, on `threads` workers. */
async function ours(
  index: ReturnType<typeof prepare>['index'],
  corpus: string,
  threads: number,
): Promise<{ ms: number; lines: Set<string> }> {
  const started = performance.now();
  const lines = new Set<string>();
  await scanTasks(
    index,
    corpusTasks([corpus], DEFAULT_SETTINGS.limits),
    { threads, allOccurrences: true, limits: DEFAULT_SETTINGS.limits },
    (r) => {
      for (const d of r.docs) for (let i = 1; i < d.hits.exact.length; i += 2) lines.add(`${d.ref.file}:${d.hits.exact[i]}`);
    },
  );
  return { ms: performance.now() - started, lines };
}

type AcModule = new (
  patterns?: string[],
) => {
  add?(word: string, data: unknown): void;
  build_fail?(): void;
  search(text: string, onMatch?: (word: string) => void): unknown[] | undefined;
};

/**
 * Build time and matches of an npm Aho–Corasick package: `new C(patterns).search(text)`, or the older
 * `add`/`build_fail`/`search(text, cb)` API. Fed line by line (windows hold no newline): modern-ahocorasick
 * is super-linear on long strings (80k characters took 11 s).
 */
function runAhoCorasick(Ctor: AcModule, windows: string[], slice: string): { buildMs: number; scanMs: number; found: number } {
  const b0 = performance.now();
  const legacy = typeof (Ctor.prototype as { build_fail?: unknown }).build_fail === 'function';
  const ac = legacy ? new Ctor() : new Ctor(windows);
  if (legacy) {
    for (const w of windows) ac.add!(w, w);
    ac.build_fail!();
  }
  const buildMs = performance.now() - b0;
  let found = 0;
  const lines = slice.split('\n');
  const s0 = performance.now();
  for (const line of lines) {
    if (legacy) ac.search(line, () => void found++);
    else found += (ac.search(line) as unknown[]).length;
  }
  return { buildMs, scanMs: performance.now() - s0, found };
}

/** Throughput of an npm Aho–Corasick package against our scanner on the same slice, single thread. */
function compareAhoCorasick(modulePath: string, windows: string[], slice: string, index: ReturnType<typeof prepare>['index']): void {
  const loaded = createRequire(import.meta.url)(modulePath) as AcModule | { default: AcModule };
  const Ctor = 'default' in loaded ? loaded.default : loaded;
  const { buildMs, scanMs, found } = runAhoCorasick(Ctor, windows, slice);
  const h0 = performance.now();
  const ours = new Scanner(index, { allOccurrences: true }).scan(slice).exact.length / 2;
  const hashMs = performance.now() - h0;
  const bytes = Buffer.byteLength(slice);
  process.stdout.write(
    `aho-corasick ${modulePath}: build ${buildMs.toFixed(0)} ms, ${mb(bytes)} MB at ${(bytes / 1e3 / scanMs).toFixed(1)} MB/s (${found} matches); ` +
      `integer hashing ${(bytes / 1e3 / hashMs).toFixed(1)} MB/s on the same text (${ours} matches), ${(scanMs / hashMs).toFixed(1)}x faster\n`,
  );
}

/** The same documents as text files, JSONL, JSON and gzip, all channels on, side by side. */
async function formats(a: Args, items: BenchItem[]): Promise<void> {
  const rand = rng(20270202);
  const vocab = vocabulary(rand);
  await recordFormats({
    dir: a.dir,
    items,
    rand,
    sentence: (words) => sentence(rand, vocab, words),
    // Formal statements too, so that the Lean-aware channel is on, as for a real benchmark.
    index: prepare(
      items.map((item, i) => ({ ...item, formal: `theorem ${item.id} (n : ℕ) (h : ${i} < n) : n * n + ${i} > ${i} := by sorry` })),
      resolveSettings({}),
    ).index,
    formatsMb: a.formatsMb,
    bigJsonMb: a.bigJsonMb,
  });
}

/** Runs the bench and prints the figures. */
export async function run(argv: string[]): Promise<void> {
  const a = parseArgs(argv);
  mkdirSync(a.dir, { recursive: true });
  const g0 = performance.now();
  const { corpus, items, planted } = generate(a);
  const bytes = corpusBytes(corpus);
  process.stdout.write(
    `corpus ${corpus}: ${mb(bytes)} MB (generated or reused in ${((performance.now() - g0) / 1e3).toFixed(1)} s), ${items.length} items, ${planted} planted\n`,
  );

  if (a.formatsOnly) {
    await formats(a, items);
    return;
  }
  const p0 = performance.now();
  const prep = prepare(items, resolveSettings({ channels: ['exact'] }));
  const indexMs = performance.now() - p0;
  const windowsFile = join(a.dir, 'windows.txt');
  writeFileSync(windowsFile, `${prep.index.windows.join('\n')}\n`);
  process.stdout.write(
    `index: ${prep.exact.item.length} windows (${prep.index.windows.length} unique) built in ${indexMs.toFixed(0)} ms\n`,
  );

  if (a.ac) {
    const files = readdirSync(corpus).filter((f) => f.endsWith('.txt'));
    const slice = files
      .slice(0, a.acFiles)
      .map((f) => readFileSync(join(corpus, f), 'utf8'))
      .join('');
    compareAhoCorasick(a.ac, prep.index.windows, slice, prep.index);
    if (a.acOnly) return;
  }
  const rg = await ripgrep(windowsFile, corpus);
  const mine = await ours(prep.index, corpus, 2);
  const rssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    `leanaudit (2 worker threads): ${(mine.ms / 1e3).toFixed(2)} s, ${(bytes / 1e3 / mine.ms).toFixed(0)} MB/s, ${mine.lines.size} lines with a window, peak RSS ${rssMb.toFixed(0)} MB (target <= 1024)\n`,
  );
  if (typeof rg === 'string') process.stdout.write(`${rg}\n`);
  else {
    const same = rg.lines.size === mine.lines.size && [...rg.lines].every((l) => mine.lines.has(l));
    process.stdout.write(
      `ripgrep -F -f windows.txt: ${(rg.ms / 1e3).toFixed(2)} s, ${(bytes / 1e3 / rg.ms).toFixed(0)} MB/s, ${rg.lines.size} lines with a window\n`,
    );
    process.stdout.write(
      `hits identical: ${same ? 'yes' : 'NO'}; speed ratio leanaudit/ripgrep: ${(rg.ms / mine.ms).toFixed(2)}x (target >= 3x)\n`,
    );
    if (!same) {
      const onlyRg = [...rg.lines].filter((l) => !mine.lines.has(l)).slice(0, 5);
      const onlyUs = [...mine.lines].filter((l) => !rg.lines.has(l)).slice(0, 5);
      process.stdout.write(`  only ripgrep: ${onlyRg.join(' ')}\n  only leanaudit: ${onlyUs.join(' ')}\n`);
    }
  }
  const single = await ours(prep.index, corpus, 0);
  process.stdout.write(`leanaudit (main thread only): ${(single.ms / 1e3).toFixed(2)} s, ${(bytes / 1e3 / single.ms).toFixed(0)} MB/s\n`);

  const all = prepare(items, resolveSettings({}));
  const t0 = performance.now();
  await scanTasks(
    all.index,
    corpusTasks([corpus], DEFAULT_SETTINGS.limits),
    { threads: 2, limits: DEFAULT_SETTINGS.limits },
    () => undefined,
  );
  const allMs = performance.now() - t0;
  process.stdout.write(
    `all channels (exact + word 13/8-grams + names), 2 threads: ${(allMs / 1e3).toFixed(2)} s, ${(bytes / 1e3 / allMs).toFixed(0)} MB/s\n`,
  );
  await formats(a, items);
  // After the figures above: today's whole-file reader would raise the peak RSS they report.
  const rand = rng(20270101);
  const vocab = vocabulary(rand);
  await boundedInput({
    dir: a.dir,
    items,
    rand,
    sentence: (words) => sentence(rand, vocab, words),
    index: prep.index,
    jsonMb: a.jsonMb,
    memory: a.memory,
    ...(a.baselineCli ? { baselineCli: a.baselineCli } : {}),
  });
}
