/**
 * The bounded-input part of `npm run bench contamination`: today's whole-file JSON reader (read,
 * `JSON.parse`, scan each record) against the streaming reader on the same generated JSON corpus,
 * timed in the same run with identical hits required; and, with `--memory`, the peak resident memory
 * of `leanaudit contamination` (a process of its own under /usr/bin/time) on a generated 2 GB JSON
 * corpus and a 10 GB gzip bomb, for this build and, with `--baseline-cli <dist/src/cli.js>`, another.
 * Inputs are generated in the bench folder, never committed, and deleted afterwards.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { DEFAULT_SETTINGS } from '../../src/contamination/config.js';
import { corpusTasks } from '../../src/contamination/corpus.js';
import type { BenchItem } from '../../src/contamination/items.js';
import type { prepare } from '../../src/contamination/prepare.js';
import { Scanner } from '../../src/contamination/scan.js';
import { recordText, runTask } from '../../src/contamination/task.js';
import { packageRoot } from '../../src/core/paths.js';
import type { Report } from '../../src/core/types.js';

type Index = ReturnType<typeof prepare>['index'];

/** mulberry32 stand-in passed by the caller, so every run writes the same corpus. */
export interface BoundedInputArgs {
  dir: string;
  items: BenchItem[];
  rand: () => number;
  sentence: (words: number) => string;
  index: Index;
  /** Size of the JSON corpus the readers are compared on, in MB. */
  jsonMb: number;
  memory: boolean;
  baselineCli?: string;
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);

/** Writes a JSON array of `{id, text}` records of about `sizeMb` MB, an item's informal statement planted in one record in 500. */
async function writeJsonCorpus(path: string, sizeMb: number, a: BoundedInputArgs): Promise<number> {
  const out = createWriteStream(path);
  const write = (s: string): Promise<void> | undefined =>
    out.write(s) ? undefined : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  let bytes = 0;
  let n = 0;
  let planted = 0;
  await write('[\n');
  while (bytes < sizeMb * 1e6) {
    const plant = a.rand() < 1 / 500;
    const text = plant ? `${a.sentence(5)} ${a.items[Math.floor(a.rand() * a.items.length)]!.informal} ${a.sentence(5)}` : a.sentence(300);
    if (plant) planted++;
    const record = `${n > 0 ? ',\n' : ''}${JSON.stringify({ id: n++, text })}`;
    bytes += Buffer.byteLength(record);
    const waiting = write(record);
    if (waiting) await waiting;
  }
  await write('\n]\n');
  await new Promise<void>((resolve) => out.end(resolve));
  return planted;
}

/** Writes a gzip file of `members` members, each 1 GiB of zero bytes (about 1 MB compressed each). */
async function writeBomb(path: string, members: number): Promise<void> {
  const one = `${path}.member`;
  const gz = createGzip({ level: 9 });
  const done = new Promise<void>((resolve) => gz.pipe(createWriteStream(one)).on('finish', () => resolve()));
  const zeros = Buffer.alloc(1 << 20);
  for (let i = 0; i < 1024; i++) if (!gz.write(zeros)) await new Promise<void>((resolve) => gz.once('drain', () => resolve()));
  gz.end();
  await done;
  const member = readFileSync(one);
  writeFileSync(path, Buffer.concat(Array.from({ length: members }, () => member)));
  rmSync(one);
}

/** Record index and window id of every exact hit. */
type HitSet = Set<string>;

/** Today's reader: the whole file read and parsed, then each record scanned. */
function wholeFileReader(index: Index, path: string): HitSet {
  const scanner = new Scanner(index);
  const records = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>[];
  const hits: HitSet = new Set();
  records.forEach((r, i) => {
    const found = scanner.scan(recordText(r), 1).exact;
    for (let k = 0; k < found.length; k += 2) hits.add(`${i}:${found[k]}`);
  });
  return hits;
}

/** The streaming reader, as a corpus task runs it. */
async function streamingReader(index: Index, path: string): Promise<HitSet> {
  const scanner = new Scanner(index);
  const hits: HitSet = new Set();
  for await (const task of corpusTasks([path], DEFAULT_SETTINGS.limits)) {
    const result = await runTask(scanner, index, task, DEFAULT_SETTINGS.limits);
    for (const d of result.docs) for (let k = 0; k < d.hits.exact.length; k += 2) hits.add(`${d.ref.record}:${d.hits.exact[k]}`);
  }
  return hits;
}

async function compareReaders(a: BoundedInputArgs): Promise<void> {
  const path = join(a.dir, `records-${a.jsonMb}mb.json`);
  if (!existsSync(path)) await writeJsonCorpus(path, a.jsonMb, a);
  const bytes = statSync(path).size;
  const time = async <T>(f: () => T | Promise<T>): Promise<{ ms: number; value: T }> => {
    const t0 = performance.now();
    const value = await f();
    return { ms: performance.now() - t0, value };
  };
  // Alternating, best of 3 each: the machine's speed drifts.
  let whole = { ms: Infinity, value: new Set() as HitSet };
  let stream = { ms: Infinity, value: new Set() as HitSet };
  for (let round = 0; round < 3; round++) {
    const w = await time(() => wholeFileReader(a.index, path));
    const s = await time(() => streamingReader(a.index, path));
    if (w.ms < whole.ms) whole = w;
    if (s.ms < stream.ms) stream = s;
  }
  const same = whole.value.size === stream.value.size && [...whole.value].every((h) => stream.value.has(h));
  process.stdout.write(
    `JSON corpus ${mb(bytes)} MB, one thread, best of 3: today's reader (read whole, JSON.parse, scan) ${(whole.ms / 1e3).toFixed(2)} s, ` +
      `streaming reader ${(stream.ms / 1e3).toFixed(2)} s (${(whole.ms / stream.ms).toFixed(2)}x); ` +
      `hits identical: ${same ? 'yes' : 'NO'} (${stream.value.size} record/window pairs)\n`,
  );
}

/** Peak RSS (MB), wall time and exit of `node <cli> contamination` on one corpus (under /usr/bin/time), and what its report says. */
function peak(cli: string, bench: string, corpus: string, dir: string): string {
  const out = join(dir, 'memory-report.json');
  rmSync(out, { force: true });
  const r = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      'leanaudit-bench %M %e %x',
      process.execPath,
      cli,
      'contamination',
      '--bench',
      bench,
      '--corpus',
      corpus,
      '--format',
      'json',
      '-o',
      out,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const line = r.stderr.split('\n').find((l) => l.startsWith('leanaudit-bench '));
  if (!line) return `no measurement (${r.error?.message ?? r.stderr.slice(-200)})`;
  const [, kb, secs, code] = line.split(' ');
  const signal = /Command terminated by signal (\d+)/.exec(r.stderr)?.[1];
  const fatal = /FATAL ERROR[^\n]*/.exec(r.stderr)?.[0];
  let found = '';
  if (existsSync(out)) {
    const findings = (JSON.parse(readFileSync(out, 'utf8')) as Report).runs.flatMap((run) => run.findings);
    const count = (id: string): number => findings.filter((f) => f.messageId === id).length;
    const skipped = findings.filter((f) => f.messageId === 'input-problem').map((f) => f.message.slice(0, 160));
    found = `; ${count('dirty')} dirty, ${count('suspicious')} suspicious items${skipped.length ? `; ${skipped.join(' | ')}` : ''}`;
    rmSync(out, { force: true });
  }
  const end = signal !== undefined ? `killed by signal ${signal}` : `exit ${code}`;
  return `peak RSS ${(Number(kb) / 1024).toFixed(0)} MB, ${secs} s, ${end}${fatal ? ` (${fatal.trim()})` : ''}${found}`;
}

async function measureMemory(a: BoundedInputArgs): Promise<void> {
  if (!existsSync('/usr/bin/time')) {
    process.stdout.write('memory: /usr/bin/time is NOT installed (apt-get install -y time): no peak RSS measured\n');
    return;
  }
  const bench = join(a.dir, 'bench-items.jsonl');
  writeFileSync(bench, a.items.map((i) => JSON.stringify({ id: i.id, informal_statement: i.informal })).join('\n'));
  const json = join(a.dir, 'corpus-2gb.json');
  const bomb = join(a.dir, 'bomb-10gib.txt.gz');
  try {
    const planted = await writeJsonCorpus(json, 2000, a);
    await writeBomb(bomb, 10);
    process.stdout.write(
      `memory inputs: ${json} ${mb(statSync(json).size)} MB (${planted} planted); ${bomb} ${mb(statSync(bomb).size)} MB gzip of 10 GiB of zeros\n`,
    );
    const builds: [string, string][] = [['this build', join(packageRoot(), 'dist', 'src', 'cli.js')]];
    if (a.baselineCli) builds.push([`baseline ${a.baselineCli}`, a.baselineCli]);
    for (const [name, cli] of builds) {
      process.stdout.write(`${name}: 2 GB JSON corpus: ${peak(cli, bench, json, a.dir)}\n`);
      process.stdout.write(`${name}: 10 GiB gzip bomb: ${peak(cli, bench, bomb, a.dir)}\n`);
    }
  } finally {
    rmSync(json, { force: true });
    rmSync(bomb, { force: true });
  }
}

/** The bounded-input figures. */
export async function boundedInput(a: BoundedInputArgs): Promise<void> {
  await compareReaders(a);
  if (a.memory) await measureMemory(a);
}
