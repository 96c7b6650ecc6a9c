/**
 * Scan throughput: leanaudit's full scan of a large Lean tree — parse, references and proof gaps —
 * against the audit paper's grep pipeline on the same tree, in the same run.
 *
 *   npm run bench -- scan <tree>
 *
 * Prints the tree size, both pipelines' counts and times (wall and CPU, the best of 5 alternating rounds after one
 * untimed warm-up run each, and the median scan's CPU), our throughput per core, the time ratio against grep and the
 * peak memory, with the targets (>= 40 MB/s per core, <= 10x grep's time, <= 1.5 GB); then, to show where the time goes, each phase of the scan run on its
 * own (warm, same process): reading and decoding, lexing, parsing, linking references, proof gaps, and
 * the proof-gaps auditor's pass for sorry macros, which the full scan leaves out;
 * and what V8's optimizing compiler spent on one scan.
 *
 *   npm run bench -- scan <tree> --against <checkout> [--against-flags '<node flags>']
 *
 * also times another built leanaudit checkout's full scan (its `bench scan --once`, under
 * LEANAUDIT_NATIVE=0 and the Node flags given) in the same rounds, to compare two versions side by side,
 * then both checkouts' `audit --only proof-gaps` in alternating rounds, against a budget (at most the other's time).
 * The headline also tells what first-touched memory costs on this machine now, and so how much of the
 * scan's CPU its page faults took.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sorryMacros, sorryMacrosByFile } from '../src/auditors/proof-gaps/sorry-macros.js';
import { loadProject, readLeanSource } from '../src/lean/project.js';
import { linkReferences } from '../src/lean/resolve/references.js';
import { macroSorriesOf, proofGapsOf } from '../src/lean/syntax/gaps.js';
import { lexTable, TokenTable } from '../src/lean/syntax/lexer.js';
import { NameTable } from '../src/lean/syntax/names.js';
import { parseLean } from '../src/lean/syntax/parser.js';
import { discoverLeanFiles } from '../src/lean/workspace/discovery.js';
import { ImportGraph } from '../src/lean/workspace/imports.js';
import { readSource } from '../src/lean/workspace/source.js';
import type { LeanFile, LeanProject } from '../src/model/lean.js';

const GREP_SORRY = `grep -rn '\\bsorry\\b' --include=*.lean . | grep -v '^\\s*--' | wc -l`;
const GREP_AXIOM = `grep -rn '^axiom ' --include=*.lean . | wc -l`;

interface Timed {
  wall: number;
  cpu: number;
}

/** Runs the grep pipeline in `root`; `times` reports the children's CPU seconds. */
function grepPipeline(root: string): Timed & { sorry: number; axiom: number } {
  const started = performance.now();
  const out = execFileSync('/bin/sh', ['-c', `${GREP_SORRY}; ${GREP_AXIOM}; times`], { cwd: root, encoding: 'utf8' });
  const wall = (performance.now() - started) / 1000;
  const lines = out.trim().split('\n');
  const seconds = (s: string): number => {
    const m = /(\d+)m([\d.]+)s/.exec(s);
    return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  };
  const [user, sys] = lines[3]!.trim().split(/\s+/);
  return { sorry: Number(lines[0]), axiom: Number(lines[1]), wall, cpu: seconds(user!) + seconds(sys!) };
}

const cpuSeconds = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/** Benchmark entry point: `args[0]` is the tree to scan (`--once <tree>`: one full scan, its times as JSON, for `sides`). */
export async function run(args: string[]): Promise<void> {
  if (args[0] === '--once') {
    const { full } = await fullScan(args[1]!);
    const usage = process.resourceUsage();
    process.stdout.write(`${JSON.stringify({ ...full, rss: usage.maxRSS / 1024, faults: usage.minorPageFault })}\n`);
    return;
  }
  const root = args[0];
  const against = option(args, '--against');
  if (!root || !existsSync(root) || (against !== undefined && !existsSync(join(against, 'dist', 'bench', 'run.js')))) {
    process.stderr.write(
      "usage: npm run bench -- scan <tree of Lean projects, >= 100 MB> [--against <built leanaudit checkout> [--against-flags '<node flags>']]\n",
    );
    process.exitCode = 2;
    return;
  }
  const other =
    against === undefined ? undefined : { checkout: against, flags: (option(args, '--against-flags') ?? '').split(/\s+/).filter(Boolean) };
  // The headline run's project is unreachable once it returns, so the phases run on an empty heap.
  const mb = await headline(root, other);
  if (other) auditAgainst(root, other);
  process.stdout.write('\nphases, each run on its own (warm, same process; CPU seconds, MB/s per core):\n');
  for (const [phase, cpu] of phases(root))
    process.stdout.write(`  ${phase.padEnd(26)} ${cpu.toFixed(2)} s  ${(mb / cpu).toFixed(0).padStart(4)} MB/s\n`);
  const { compilations, seconds, deoptimizations } = jit(root);
  process.stdout.write(
    `\nV8's optimizing compiler during one full scan (--trace-opt): ${compilations} compilations, ${seconds.toFixed(2)} s, after ${deoptimizations} deoptimizations\n`,
  );
}

/** Rounds of the side-by-side audit: each checkout's `audit --only proof-gaps`, alternating, the best of these. */
const AUDIT_ROUNDS = 3;

/** The audit's CPU budget against the checkout before the native scanner's removal (issue 49): at most its time. */
const AUDIT_BUDGET = 1.0;

/** The CPU seconds (user + system of the children, from the shell's `times`) of one `leanaudit audit <tree> --only proof-gaps` of `checkout`. */
function auditCpu(root: string, checkout: string, flags: string[]): number {
  const bin = join(checkout, 'bin', 'leanaudit.js');
  const node = [process.execPath, ...flags].map((a) => `'${a}'`).join(' ');
  const out = execFileSync(
    '/bin/sh',
    ['-c', `${node} '${bin}' audit '${root}' --only proof-gaps --format json -o /dev/null >/dev/null 2>&1; times`],
    { encoding: 'utf8', env: { ...process.env, LEANAUDIT_NATIVE: '0' } },
  );
  const [user, sys] = out.trim().split('\n').pop()!.trim().split(/\s+/);
  const seconds = (s: string): number => {
    const m = /(\d+)m([\d.]+)s/.exec(s);
    return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  };
  return seconds(user!) + seconds(sys!);
}

/** `audit --only proof-gaps` of this checkout and of `other`, side by side in alternating rounds, with the ratio and the budget. */
function auditAgainst(root: string, other: Other): void {
  const here = fileURLToPath(new URL('../..', import.meta.url));
  auditCpu(root, here, []);
  auditCpu(root, other.checkout, other.flags);
  let ours = Infinity;
  let theirs = Infinity;
  for (let round = 0; round < AUDIT_ROUNDS; round++) {
    ours = Math.min(ours, auditCpu(root, here, []));
    theirs = Math.min(theirs, auditCpu(root, other.checkout, other.flags));
  }
  const ratio = ours / theirs;
  process.stdout.write(
    `\n${'audit --only proof-gaps'.padEnd(28)} ${ours.toFixed(2)} s CPU here, ${theirs.toFixed(2)} s in ${other.checkout} (best of ${AUDIT_ROUNDS}, alternating); ratio ${ratio.toFixed(3)} (budget <= ${AUDIT_BUDGET.toFixed(1)}: ${ratio <= AUDIT_BUDGET ? 'meets' : 'MISSES'})\n`,
  );
}

/** What V8's optimizing compiler did during one full scan in a child process: its compilations, their time and the deoptimizations. */
function jit(root: string): { compilations: number; seconds: number; deoptimizations: number } {
  const trace = scanOnce(root, ['--trace-opt', '--trace-deopt']);
  let compilations = 0;
  let ms = 0;
  for (const m of trace.matchAll(/completed compiling .* took ([\d.]+), ([\d.]+), ([\d.]+) ms/g)) {
    compilations++;
    ms += Number(m[1]) + Number(m[2]) + Number(m[3]);
  }
  return { compilations, seconds: ms / 1000, deoptimizations: trace.match(/bailout \(kind: deopt/g)?.length ?? 0 };
}

/** The value after `name` in `args`, if given. */
const option = (args: string[], name: string): string | undefined => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};

/** Another built leanaudit checkout to time beside this one, and the Node flags to start its scans with. */
interface Other {
  checkout: string;
  flags: string[];
}

/** The output of one full scan (`scan --once`) in a child process, as the CLI runs, with these V8 flags; `other`: that checkout's scan instead. */
function scanOnce(root: string, flags: string[], other?: Other): string {
  const script = other ? join(other.checkout, 'dist', 'bench', 'run.js') : fileURLToPath(new URL('run.js', import.meta.url));
  // LEANAUDIT_NATIVE=0 holds an older checkout to its TypeScript scanner, the one this checkout has.
  const env = { ...process.env, LEANAUDIT_NATIVE: '0' };
  return execFileSync(process.execPath, [...(other?.flags ?? []), ...flags, script, 'scan', '--once', root], {
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
}

/** One full scan in a child process: its times, peak memory and page faults. */
const scanTimed = (root: string, other?: Other): Timed & { rss: number; faults: number } =>
  JSON.parse(scanOnce(root, [], other).trim().split('\n').pop()!) as Timed & { rss: number; faults: number };

/** One full scan: parse + references (loadProject), then the proof gaps of every file. */
async function fullScan(root: string): Promise<{ project: LeanProject; full: Timed; sorry: number; axiom: number; hatches: number }> {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  const project = await loadProject(root);
  let sorry = 0;
  let axiom = 0;
  let hatches = 0;
  for (const file of project.files) {
    const text = readLeanSource(project, file);
    if (text === undefined) continue;
    for (const gap of proofGapsOf(file, text)) {
      if (gap.kind.startsWith('sorry-in-')) sorry++;
      else if (gap.kind === 'axiom') axiom++;
      else hatches++;
    }
  }
  return { project, full: { wall: (performance.now() - wall0) / 1000, cpu: cpuSeconds(cpu0) }, sorry, axiom, hatches };
}

/** How much fresh memory `freshPageSeconds` touches. */
const FRESH_MB = 256;

/**
 * The CPU seconds this machine spends on a page (4 KB) of memory a process touches for the first time:
 * FRESH_MB touched a byte per page in a child process, the best of 3. It varies with the machine's
 * state (a virtual machine's host may have to back each page), and a scan touches every page of its
 * peak memory, so it tells how much of a scan's CPU went to the kernel handing out pages.
 */
function freshPageSeconds(): number {
  const script = `const n = ${FRESH_MB} << 20, c0 = process.cpuUsage(), b = Buffer.allocUnsafeSlow(n);
for (let i = 0; i < n; i += 4096) b[i] = 1;
const c = process.cpuUsage(c0); process.stdout.write(String((c.user + c.system) / 1e6));`;
  let seconds = Infinity;
  for (let round = 0; round < 3; round++)
    seconds = Math.min(seconds, Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })));
  return seconds / (FRESH_MB * 256);
}

/** The better of two timings, field by field. */
const best = (a: Timed, b: Timed): Timed => ({ wall: Math.min(a.wall, b.wall), cpu: Math.min(a.cpu, b.cpu) });

/**
 * Rounds of the headline. The CPU time of the same scan drifts by up to 15% from minute to minute
 * on a shared virtual machine: the best of several rounds is the estimate least spoiled by other
 * load, and the median is printed beside it.
 */
const HEADLINE_ROUNDS = 5;

/**
 * The full scan against grep (and `other`'s scan), with the targets; returns the tree's size in MB.
 * One scan in this process gives the counts; the times are the best of HEADLINE_ROUNDS rounds
 * alternating grep and full scans, each in a process of its own; the peak memory is the largest of
 * those scans'. Each contender first runs once untimed, as benchmark tools warm up: a machine that
 * pages out idle memory makes the first run after a pause read the tree and its program again.
 */
async function headline(root: string, other?: Other): Promise<number> {
  grepPipeline(root);
  const warmUp = scanTimed(root);
  if (other) scanTimed(root, other);
  let grep = grepPipeline(root);
  let full: Timed = { wall: Infinity, cpu: Infinity };
  let otherFull: Timed = { wall: Infinity, cpu: Infinity };
  let peakMB = 0;
  let otherPeakMB = 0;
  let faults = 0;
  const cpus: number[] = [];
  const otherCpus: number[] = [];
  for (let round = 0; round < HEADLINE_ROUNDS; round++) {
    if (round > 0) grep = { ...grep, ...best(grep, grepPipeline(root)) };
    const scan = scanTimed(root);
    cpus.push(scan.cpu);
    if (scan.cpu < full.cpu) faults = scan.faults;
    full = best(full, scan);
    peakMB = Math.max(peakMB, scan.rss);
    if (other) {
      const theirs = scanTimed(root, other);
      otherCpus.push(theirs.cpu);
      otherFull = best(otherFull, theirs);
      otherPeakMB = Math.max(otherPeakMB, theirs.rss);
    }
  }
  const perPage = freshPageSeconds();
  // The counts come from a scan in this process, made after the timed ones, so that none of this process's own
  // work (its collector's, on 600 MB) can run beside them.
  const { project, sorry, axiom, hatches } = await fullScan(root);
  const graph0 = performance.now();
  const edges = project.graph.size;
  const graphWall = (performance.now() - graph0) / 1000;

  const bytes = project.files.reduce((n, f) => n + f.bytes, 0);
  const decls = project.files.reduce((n, f) => n + f.decls.length, 0);
  const refs = project.files.reduce((n, f) => n + f.decls.reduce((m, d) => m + d.references.length, 0), 0);
  const mb = bytes / 1e6;
  const perCore = mb / full.cpu;
  const inOrder = cpus.map((cpu) => cpu.toFixed(2)).join(' ');
  const medianOf = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const medianCpu = medianOf(cpus);
  const ratioWall = full.wall / grep.wall;
  const ratioCpu = full.cpu / grep.cpu;
  const f = (x: number, digits = 2): string => x.toFixed(digits);
  const mark = (ok: boolean): string => (ok ? 'meets' : 'MISSES');
  const rows: [string, string][] = [
    ['tree', `${root}: ${project.files.length} files, ${f(mb, 1)} MB, ${decls} declarations, ${refs} references, ${edges} graph edges`],
    [
      'grep pipeline',
      `${f(grep.wall)} s wall, ${f(grep.cpu)} s CPU (best of ${HEADLINE_ROUNDS}); counts ${grep.sorry} sorry lines, ${grep.axiom} axiom lines`,
    ],
    [
      'leanaudit full scan',
      `${f(full.wall)} s wall, ${f(full.cpu)} s CPU (best of ${HEADLINE_ROUNDS}, a process each; median ${f(medianCpu)} s CPU; in the order run: ${inOrder}, after an untimed warm-up scan of ${f(warmUp.cpu)} s); counts ${sorry} sorry/admit tokens, ${axiom} axioms, ${hatches} escape hatches`,
    ],
    ['reference graph (lazy)', `${f(graphWall)} s wall to build on first use`],
    [
      'throughput per core',
      `${f(perCore, 1)} MB/s (target >= 40: ${mark(perCore >= 40)}); ${f(mb / medianCpu, 1)} MB/s at the median scan's CPU`,
    ],
    ['time vs grep', `${f(ratioWall, 1)}x wall, ${f(ratioCpu, 1)}x CPU (target <= 10x: ${mark(ratioWall <= 10)})`],
    ['peak memory', `${f(peakMB, 0)} MB RSS, the largest of the ${HEADLINE_ROUNDS} scans (target <= 1536: ${mark(peakMB <= 1536)})`],
    [
      'fresh memory',
      `${f(perPage * 25_600 * 1000, 0)} ms of CPU per 100 MB touched for the first time on this machine now (${FRESH_MB} MB in a process of its own, best of 3); the fastest scan's ${faults} page faults at that rate: ${f(faults * perPage)} s, ${f((100 * faults * perPage) / full.cpu, 0)}% of its CPU`,
    ],
  ];
  if (other) {
    const otherMedian = medianOf(otherCpus);
    rows.push([
      `against ${other.checkout}`,
      `${f(otherFull.wall)} s wall, ${f(otherFull.cpu)} s CPU (best of ${HEADLINE_ROUNDS}; median ${f(otherMedian)} s; in the order run: ${otherCpus.map((c) => c.toFixed(2)).join(' ')}; Node flags: ${other.flags.join(' ') || 'none'}), peak ${f(otherPeakMB, 0)} MB; this scan's CPU / theirs: ${f(full.cpu / otherFull.cpu, 3)} (best), ${f(medianCpu / otherMedian, 3)} (median)`,
    ]);
  }
  for (const [k, v] of rows) process.stdout.write(`${k.padEnd(28)} ${v}\n`);
  return mb;
}

const timed = <T>(work: () => T): [T, number] => {
  const cpu0 = process.cpuUsage();
  const result = work();
  return [result, cpuSeconds(cpu0)];
};

const readTree = (root: string): { paths: string[]; texts: string[] } => {
  const { files: paths } = discoverLeanFiles(root);
  return { paths, texts: paths.map((path) => readSource(root, path).text ?? '') };
};

/** CPU seconds of each phase of the scan, run one after the other over every `.lean` file of the tree. */
function phases(root: string): [string, number][] {
  const [{ paths, texts }, read] = timed(() => readTree(root));
  const table = new TokenTable('');
  const [, lexing] = timed(() => {
    const names = new NameTable();
    for (const text of texts) lexTable(text, 'bench', table, names);
  });
  const [files, parsing] = timed(() => {
    const names = new NameTable();
    return texts.map((text, k): LeanFile => parseLean(text, paths[k]!, { names }));
  });
  const [model, linking] = timed(() => linkReferences(files));
  const [, gaps] = timed(() => files.forEach((file, k) => proofGapsOf(file, texts[k]!)));
  // The proof-gaps auditor's pass beyond the scan: the project's sorry macros and their uses (the map by name, which other auditors share, made first).
  const project = { files, decls: model.decls };
  const textOf = new Map(paths.map((path, k) => [path, texts[k]!]));
  const [, macros] = timed(() => {
    const imports = new ImportGraph(files);
    const byFile = sorryMacrosByFile(
      project,
      sorryMacros(project, (path) => textOf.get(path), imports),
      imports,
    );
    files.forEach((file, k) => byFile.has(file.path) && macroSorriesOf(file, texts[k]!, byFile.get(file.path)!));
  });
  return [
    ['read + decode UTF-8', read],
    ['lex (+ intern names)', lexing],
    ['parse (lex included)', parsing],
    ['link references', linking],
    ['proof gaps', gaps],
    ['sorry macros (auditor)', macros],
  ];
}
