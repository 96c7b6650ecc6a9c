/**
 * `npm run fuzz -- [--corpus <dir>]… [--seconds 600] [--seed 1] [--budget-ms 30000] [--out <dir>]
 * [--families <id,…> | --no-families] [--family-budget-ms 120000]`
 *
 * Mutates real Lean files (see mutations.ts) into small projects and runs leanaudit's whole audit path
 * on each in a child process (audit-path.ts), for `--seconds`: an exception, a `parse-failed`, an
 * auditor ending in error or a broken invariant is a crash, an input running past `--budget-ms` a
 * hang, and the child dying (out of memory) a crash too; each is saved under `--out` with how it was
 * made, to become a regression test. Then each pathological family (families.ts) is timed at 1x, 2x,
 * 4x and 8x of its size, each size in a fresh child. Prints the figures bench/README.md keeps.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { random } from '../../test/helpers/lean-texts.js';
import { FuzzChild } from './child-process.js';
import { corpusFiles, FUZZED_PATH, type FuzzedProject, makeProject } from './corpus.js';
import { FAMILIES, type Family } from './families.js';

/** Below this ratio between the 8x and 1x times a step is taken as n log n at worst (test/helpers/growth.ts). */
const LOOSELY_LINEAR = 24;
const HEAP_MB = 4096;
const MB = 2 ** 20;

const samples = fileURLToPath(new URL('../../../samples', import.meta.url));

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', multiple: true },
    seconds: { type: 'string', default: '600' },
    seed: { type: 'string', default: '1' },
    'budget-ms': { type: 'string', default: '30000' },
    out: { type: 'string' },
    families: { type: 'string' },
    'no-families': { type: 'boolean', default: false },
    'family-budget-ms': { type: 'string', default: '120000' },
  },
});

const seed = Number(values.seed);
const seconds = Number(values.seconds);
const budgetMs = Number(values['budget-ms']);
const corpus = (values.corpus ?? [samples]).map((dir) => resolve(dir));
const out = resolve(values.out ?? join(tmpdir(), `leanaudit-fuzz-${seed}`));
const work = join(tmpdir(), `leanaudit-fuzz-work-${process.pid}`);
const say = (line: string): boolean => process.stdout.write(`${line}\n`);
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Keeps a failing input and how it was made under `out`. */
function keep(kind: string, index: number, dir: string, made: FuzzedProject, detail: string[]): string {
  const target = join(out, `${kind}-${index}`);
  cpSync(dir, target, { recursive: true });
  writeFileSync(join(target, 'fuzz.json'), `${JSON.stringify({ seed, index, ...made, detail }, null, 2)}\n`);
  return target;
}

interface Slowest {
  ms: number;
  made?: FuzzedProject;
}

/** Runs fuzzed projects for the time budget; prints the figures. */
async function fuzzInputs(): Promise<void> {
  const files = corpusFiles(corpus);
  say(`fuzz: seed ${seed}, ${seconds} s, budget ${budgetMs} ms per input, corpus ${corpus.join(', ')}: ${fmt(files.length)} files`);
  const next = random(seed);
  const child = new FuzzChild(HEAP_MB);
  const counts = new Map<string, number>();
  const times: number[] = [];
  let bytes = 0;
  let crashes = 0;
  let hangs = 0;
  let peak = 0;
  let worstPerMb = 0;
  let slowest: Slowest = { ms: 0 };
  const deadline = performance.now() + seconds * 1000;
  let index = 0;
  for (; performance.now() < deadline; index++) {
    const dir = join(work, `input-${index}`);
    const made = makeProject(files, next, dir);
    for (const step of made.steps) counts.set(step, (counts.get(step) ?? 0) + 1);
    bytes += made.bytes;
    const ended = await child.run({ kind: 'input', dir, alone: made.comparable ? [FUZZED_PATH] : [] }, budgetMs);
    if ('hang' in ended) {
      hangs++;
      say(`hang: input ${index} (${made.steps.join(', ')} of ${made.source}), kept in ${keep('hang', index, dir, made, [])}`);
    } else if ('died' in ended) {
      crashes++;
      say(`crash: input ${index}: ${ended.died}, kept in ${keep('crash', index, dir, made, [ended.died])}`);
    } else {
      const { outcome, ms, maxRss } = ended.result;
      times.push(ms);
      peak = Math.max(peak, maxRss);
      if (ms > slowest.ms) slowest = { ms, made };
      if (made.bytes > MB) worstPerMb = Math.max(worstPerMb, ms / (made.bytes / MB));
      if (outcome.violations.length > 0) {
        crashes++;
        const where = keep('crash', index, dir, made, outcome.violations);
        say(`crash: input ${index}: ${outcome.violations[0]!.split('\n')[0]}, kept in ${where}`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
  child.stop();
  times.sort((a, b) => a - b);
  say(`inputs ${fmt(index)} (${fmt(bytes / MB, 1)} MB): crashes ${crashes}, hangs ${hangs}`);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const s = slowest.made;
  say(
    `per input: median ${fmt(median)} ms; slowest ${fmt(slowest.ms)} ms` +
      (s ? ` (${fmt(s.bytes / MB, 2)} MB: ${s.steps.join(', ')} of ${s.source})` : '') +
      `; inputs over 1 MB at worst ${fmt(worstPerMb)} ms per MB; peak memory of a child ${fmt(peak / MB)} MB`,
  );
  say(`mutations: ${[...counts].map(([name, count]) => `${name} ${fmt(count)}`).join(', ')}`);
}

/** Times one family at 1x, 2x, 4x and 8x, each in a fresh child; prints a row. */
async function timeFamily(family: Family, familyBudget: number): Promise<void> {
  const cells: string[] = [];
  const msAt: number[] = [];
  let peak = 0;
  let bytes1 = 0;
  let problem = '';
  for (const factor of [1, 2, 4, 8]) {
    const child = new FuzzChild(HEAP_MB);
    const dir = join(work, `family-${family.id}-${factor}`);
    const ended = await child.run({ kind: 'family', family: family.id, n: family.base * factor, dir }, familyBudget);
    child.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}-warm`, { recursive: true, force: true });
    if (!('result' in ended)) {
      problem = 'hang' in ended ? `over ${familyBudget / 1000} s at ${factor}x` : `died at ${factor}x: ${ended.died}`;
      break;
    }
    const { ms, bytes, maxRss, outcome } = ended.result;
    if (outcome.violations.length > 0) problem = `${factor}x: ${outcome.violations[0]!.split('\n')[0]}`;
    if (factor === 1) bytes1 = bytes;
    msAt.push(ms);
    peak = maxRss;
    cells.push(`${fmt(ms)} ms (${fmt(ms / (bytes / MB))}/MB)`);
  }
  const ratio = msAt.length === 4 ? msAt[3]! / msAt[0]! : NaN;
  const verdict = problem || (ratio < LOOSELY_LINEAR ? 'ok' : 'SUPERLINEAR');
  say(
    `| ${family.id} | ${fmt(bytes1 / 1024)} KB | ${cells.join(' | ')}${' | —'.repeat(4 - cells.length)} | ${Number.isNaN(ratio) ? '—' : fmt(ratio, 1)} | ${fmt(peak / MB)} MB | ${verdict} |`,
  );
}

mkdirSync(work, { recursive: true });
try {
  if (seconds > 0) await fuzzInputs();
  if (!values['no-families']) {
    const only = values.families?.split(',');
    say('\n| family | size at 1x | 1x | 2x | 4x | 8x | 8x/1x | peak at 8x | verdict |');
    say('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const family of FAMILIES.filter((f) => only === undefined || only.includes(f.id))) {
      await timeFamily(family, Number(values['family-budget-ms']));
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
