/**
 * History cost: `leanaudit history` over a repository's last commits against one full audit of its
 * head, each run by the built CLI in a child process, in the same run.
 *
 *   npm run bench history -- [--repo <git dir>] [--tree <head checkout>] [--commits 200]
 *
 * Defaults: FLT's bare mirror and the precision bench's snapshot of FLT at the mirror's head. Prints
 * wall and CPU seconds and peak memory of the audit, of the history without and with the transitive
 * counts, and each history's ratio to the audit (target: at most 3x), wall and CPU: on a shared
 * machine the CPU ratio is the steadier one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/core/paths.js';

interface Cost {
  wall: number;
  cpu: number;
  peakMb: number;
}

/** Runs the CLI with these arguments under /usr/bin/time, its output discarded. */
function measured(args: string[]): Cost {
  const dir = mkdtempSync(join(tmpdir(), 'leanaudit-bench-history-'));
  const times = join(dir, 'time');
  try {
    const cli = join(packageRoot(), 'bin', 'leanaudit.js');
    try {
      execFileSync('/usr/bin/time', ['-o', times, '-f', '%e %U %S %M', process.execPath, cli, ...args, '-o', join(dir, 'out')], {
        stdio: 'ignore',
      });
    } catch {
      // An audit with findings at error exits 1; its time is what is measured.
    }
    const [wall, user, sys, kb] = readFileSync(times, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    return { wall: wall!, cpu: user! + sys!, peakMb: kb! / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const flag = (args: string[], name: string, fallback: string): string => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
};

const line = (name: string, c: Cost, base?: Cost): string =>
  `${name.padEnd(34)} wall ${c.wall.toFixed(1).padStart(6)} s  cpu ${c.cpu.toFixed(1).padStart(6)} s  peak ${c.peakMb.toFixed(0).padStart(5)} MB` +
  (base ? `  ratio wall ${(c.wall / base.wall).toFixed(2)}x cpu ${(c.cpu / base.cpu).toFixed(2)}x (target <= 3x)` : '');

export async function run(args: string[]): Promise<void> {
  const repo = flag(args, '--repo', '/work/.mirror/ImperialCollegeLondon+FLT/repo');
  const tree = flag(args, '--tree', '/tmp/real/ImperialCollegeLondon+FLT');
  const commits = Number(flag(args, '--commits', '200'));
  if (!existsSync(repo) || !existsSync(tree)) {
    process.stdout.write(`history: skipped, ${existsSync(repo) ? tree : repo} is absent\n`);
    return;
  }
  const range = `HEAD~${commits}..HEAD`;
  const audit = measured(['audit', tree, '--format', 'json']);
  const plain = measured(['history', repo, range, '--no-resting-on']);
  const transitive = measured(['history', repo, range]);
  process.stdout.write(`${line(`audit of ${tree}`, audit)}\n`);
  process.stdout.write(`${line(`history ${range}, per-file counts`, plain, audit)}\n`);
  process.stdout.write(`${line(`history ${range}, with resting-on`, transitive, audit)}\n`);
}
