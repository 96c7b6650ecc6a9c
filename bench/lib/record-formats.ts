/**
 * The record-format part of `npm run bench contamination`: the same documents scanned as plain text
 * files (the baseline), as JSONL, as a JSON array, and as gzip of each, on 2 worker threads, in one
 * run; then a large JSON array against the same text as files. Documents are prose that names
 * theorems and lemmas (as real corpora do), one in 200 holding a benchmark item. Inputs are written
 * to the bench folder and deleted afterwards, never committed.
 */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { DEFAULT_SETTINGS } from '../../src/contamination/config.js';
import { corpusTasks } from '../../src/contamination/corpus.js';
import type { BenchItem } from '../../src/contamination/items.js';
import { scanTasks } from '../../src/contamination/pool.js';
import type { prepare } from '../../src/contamination/prepare.js';

type Index = ReturnType<typeof prepare>['index'];

export interface RecordFormatsArgs {
  dir: string;
  items: BenchItem[];
  rand: () => number;
  sentence: (words: number) => string;
  /** All channels: the Lean-aware one is what records used to pay for. */
  index: Index;
  /** Size of the documents compared in every format, in MB. */
  formatsMb: number;
  /** Size of the large JSON array compared with the same text as files, in MB (0: skipped). */
  bigJsonMb: number;
}

const PROSE = ['by the lemma above', 'this proves the theorem', 'for example', 'as in the proof of', 'we conclude'];
const DOCS_PER_FILE = 100;

/** A writer that waits for the stream to drain, optionally through gzip. */
function writer(path: string, gzip: boolean): { write: (s: string) => Promise<void>; end: () => Promise<void> } {
  const file = createWriteStream(path);
  const gz = gzip ? createGzip({ level: 1 }) : undefined;
  gz?.pipe(file);
  const out = gz ?? file;
  const finished = new Promise<void>((resolve) => file.on('close', () => resolve()));
  return {
    write: (s) => (out.write(s) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()))),
    end: async () => {
      out.end();
      await finished;
    },
  };
}

/** One document: about 2 kB of prose lines, naming theorems and lemmas, sometimes holding an item. */
function documentText(a: RecordFormatsArgs): string {
  const lines: string[] = [];
  for (let l = 0; l < 14; l++) {
    const words = a.sentence(12 + Math.floor(a.rand() * 10));
    lines.push(a.rand() < 0.3 ? `${words} ${PROSE[Math.floor(a.rand() * PROSE.length)]}` : words);
  }
  if (a.rand() < 1 / 200) lines.push(a.items[Math.floor(a.rand() * a.items.length)]!.informal!);
  return lines.join('\n');
}

/** Writes about `mb` MB of documents in the formats named; returns the corpus path of each. */
async function writeFormats(a: RecordFormatsArgs, folder: string, mb: number, formats: string[]): Promise<Map<string, string>> {
  mkdirSync(join(folder, 'text'), { recursive: true });
  const paths = new Map<string, string>([['text', join(folder, 'text')]]);
  const writers = new Map<string, ReturnType<typeof writer>>();
  for (const f of formats.filter((f) => f !== 'text')) {
    const dir = join(folder, f);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `corpus.${f.replace('-', '.')}`);
    paths.set(f, path);
    writers.set(f, writer(path, f.endsWith('gz')));
  }
  let text = writer(join(folder, 'text', 'doc-00000.txt'), false);
  let bytes = 0;
  for (let n = 0; bytes < mb * 1e6; n++) {
    const doc = documentText(a);
    bytes += Buffer.byteLength(doc) + 1;
    if (n > 0 && n % DOCS_PER_FILE === 0) {
      await text.end();
      text = writer(join(folder, 'text', `doc-${String(n / DOCS_PER_FILE).padStart(5, '0')}.txt`), false);
    }
    await text.write(`${doc}\n`);
    const record = JSON.stringify({ id: n, text: doc });
    for (const [f, w] of writers) {
      if (f.startsWith('jsonl')) await w.write(`${record}\n`);
      else await w.write(`${n === 0 ? '[' : ',\n'}${record}`);
    }
  }
  await text.end();
  for (const [f, w] of writers) {
    if (!f.startsWith('jsonl')) await w.write(']\n');
    await w.end();
  }
  return paths;
}

/** Wall time, documents and the exact windows found, of a scan on 2 worker threads. */
async function timeScan(index: Index, corpus: string): Promise<{ ms: number; documents: number; windows: Set<number> }> {
  const windows = new Set<number>();
  let documents = 0;
  const t0 = performance.now();
  await scanTasks(index, corpusTasks([corpus], DEFAULT_SETTINGS.limits), { threads: 2, limits: DEFAULT_SETTINGS.limits }, (r) => {
    documents += r.documents;
    for (const d of r.docs) for (let k = 0; k < d.hits.exact.length; k += 2) windows.add(d.hits.exact[k]!);
  });
  return { ms: performance.now() - t0, documents, windows };
}

/** Times each format against the text files and prints the ratios. */
async function compare(a: RecordFormatsArgs, label: string, mb: number, formats: string[]): Promise<void> {
  const folder = join(a.dir, `formats-${label}`);
  rmSync(folder, { recursive: true, force: true });
  const paths = await writeFormats(a, folder, mb, formats);
  try {
    const text = await timeScan(a.index, paths.get('text')!);
    process.stdout.write(`${label}: text files ${(text.ms / 1e3).toFixed(2)} s (baseline, ${text.windows.size} windows found)\n`);
    for (const f of formats.filter((f) => f !== 'text')) {
      const r = await timeScan(a.index, paths.get(f)!);
      const same = r.windows.size === text.windows.size && [...r.windows].every((w) => text.windows.has(w));
      process.stdout.write(
        `${label}: ${f.padEnd(8)} ${(r.ms / 1e3).toFixed(2)} s, ${(r.ms / text.ms).toFixed(2)}x the text files (target <= 1.5x), ` +
          `${r.documents} records, windows found identical: ${same ? 'yes' : 'NO'}\n`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs the format comparison, then the large JSON array. */
export async function recordFormats(a: RecordFormatsArgs): Promise<void> {
  await compare(a, `${a.formatsMb} MB`, a.formatsMb, ['text', 'jsonl', 'json', 'jsonl-gz', 'json-gz']);
  if (a.bigJsonMb > 0) await compare(a, `${a.bigJsonMb} MB`, a.bigJsonMb, ['text', 'json']);
}
