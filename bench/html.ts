/**
 * HTML bench: `leanaudit audit <repo> --format html` against `--format json` of the same repository,
 * each in a process of its own, with wall time and peak memory (maxRSS) of each and their ratio
 * (targets: HTML within 2x the JSON run's time and under 500 MB); then the dependency graph's layout
 * and drawing alone, on the JSON report just written.
 *
 * Args: `<repo>` (default /tmp/real/faabian+algebraic-combinatorics), `--rounds <n>` (default 1, best kept).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/core/paths.js';
import type { Report } from '../src/core/types.js';
import { dependencyGraphSvg } from '../src/reporters/html-graph.js';

const DEFAULT_REPO = '/tmp/real/faabian+algebraic-combinatorics';

/** Loaded before the CLI: prints the process's peak memory when it exits. */
const RSS_HOOK = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\nmaxRSS '+process.resourceUsage().maxRSS+'\\n'))`;

interface Run {
  seconds: number;
  mb: number;
}

/** One audit in a child process writing `format` to `output`. */
function audit(repo: string, format: string, output: string): Run {
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    ['--import', RSS_HOOK, join(packageRoot(), 'bin', 'leanaudit.js'), 'audit', repo, '--format', format, '-o', output],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const rss = /maxRSS (\d+)/.exec(child.stderr);
  if (!rss || child.status === null || child.status > 1)
    throw new Error(`audit --format ${format} failed (${child.status}): ${child.stderr.slice(-500)}`);
  return { seconds, mb: Number(rss[1]) / 1024 };
}

function best(rounds: number, work: () => Run): Run {
  const runs = Array.from({ length: rounds }, work);
  return { seconds: Math.min(...runs.map((r) => r.seconds)), mb: Math.max(...runs.map((r) => r.mb)) };
}

/** Prints the JSON and HTML runs, their ratio, and the graph's layout time. */
export async function run(args: string[]): Promise<void> {
  const roundsAt = args.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 1;
  const repo = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--rounds') ?? DEFAULT_REPO;
  if (!existsSync(repo)) {
    process.stdout.write(`html: ${repo} not found; pass the repository to audit\n`);
    return;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-bench-html-'));
  try {
    const jsonFile = join(tmp, 'report.json');
    const json = best(rounds, () => audit(repo, 'json', jsonFile));
    const html = best(rounds, () => audit(repo, 'html', join(tmp, 'report.html')));
    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as Report;
    const started = performance.now();
    const svg = dependencyGraphSvg(report, (id) => `#${id}`);
    const layoutMs = performance.now() - started;
    const nodes = (svg.match(/<a class="node/g) ?? []).length;
    const edges = (svg.match(/<path class="edge/g) ?? []).length;
    const line = (name: string, r: Run): string => `  ${name}: ${r.seconds.toFixed(2)} s, peak ${r.mb.toFixed(0)} MB\n`;
    process.stdout.write(
      `html on ${repo} (${report.entities?.length ?? 0} entities; graph of ${nodes} nodes, ${edges} edges; best of ${rounds})\n` +
        line('audit --format json', json) +
        line('audit --format html', html) +
        `  html / json time: ${(html.seconds / json.seconds).toFixed(2)} (target <= 2); html peak ${html.mb.toFixed(0)} MB (target < 500)\n` +
        `  graph layout and SVG alone: ${layoutMs.toFixed(0)} ms\n`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
