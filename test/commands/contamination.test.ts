import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';
import type { Report } from '../../src/core/types.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';

const root = packageRoot();
const out = mkdtempSync(join(tmpdir(), 'contam-cmd-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function cli(...args: string[]) {
  return cliWith({}, ...args);
}

function cliWith(env: NodeJS.ProcessEnv, ...args: string[]) {
  const base = { ...process.env };
  for (const k of ['NO_COLOR', 'FORCE_COLOR', 'TERM']) delete base[k];
  return spawnSync(process.execPath, [join(root, 'bin', 'leanaudit.js'), 'contamination', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...base, ...env },
  });
}

describe('leanaudit contamination', () => {
  it('scans the sample benchmark against the sample corpus: unified JSON report and item JSONL', () => {
    const jsonl = join(out, 'items.jsonl');
    const res = cli(
      '--bench',
      'samples/contamination/bench.jsonl',
      '--corpus',
      'samples/contamination/corpus',
      '--format',
      'json',
      '--jsonl',
      jsonl,
    );
    expect(res.status).toBe(1);
    const report = JSON.parse(res.stdout) as Report;
    expect(reportSchemaErrors(report)).toEqual([]);
    const run = report.runs[0]!;
    expect(run.auditorId).toBe('contamination');
    expect(run.metrics).toMatchObject({ items: 5, corpusDocuments: 5, inputProblems: 1 });
    const problem = run.findings.find((f) => f.messageId === 'input-problem')!;
    expect(problem.location).toEqual({ file: 'samples/contamination/corpus/forum-dump.jsonl', line: 3 });
    const lines = readFileSync(jsonl, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; verdict: string; configHash: string });
    expect(lines.map((l) => l.id)).toEqual([
      'sample_sum_odd',
      'sample_sq_bound',
      'sample_div_seven',
      'sample_fib_gcd',
      'sample_clean_poly',
    ]);
    expect(lines.find((l) => l.id === 'sample_clean_poly')!.verdict).toBe('clean');
    expect(lines.find((l) => l.id === 'sample_sum_odd')!.verdict).toBe('dirty');
    expect(new Set(lines.map((l) => l.configHash)).size).toBe(1);
  });

  it('exits 0 when nothing reaches --fail-on, and the hash follows the thresholds', () => {
    const a = cli(
      '--bench',
      'samples/contamination/bench.jsonl',
      '--corpus',
      'samples/contamination/corpus/Scratch.lean',
      '--format',
      'json',
      '--channels',
      'exact',
    );
    const b = cli(
      '--bench',
      'samples/contamination/bench.jsonl',
      '--corpus',
      'samples/contamination/corpus/Scratch.lean',
      '--format',
      'json',
      '--channels',
      'exact',
      '--dirty',
      '0.9',
    );
    expect(a.status).toBe(0);
    const hash = (r: typeof a) =>
      (JSON.parse(r.stdout) as Report).runs[0]!.findings.find((f) => f.messageId === 'configuration')!.evidence!.configHash;
    expect(hash(a)).not.toEqual(hash(b));
  });

  it('fails with exit 2 and a clear message on a missing corpus', () => {
    const res = cli('--bench', 'samples/contamination/bench.jsonl', '--corpus', 'no/such/dir');
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/corpus not found: no\/such\/dir/);
  });

  it('colors its terminal report as every command does: under FORCE_COLOR, never under NO_COLOR or TERM=dumb', () => {
    const scan = ['--bench', 'samples/contamination/bench.jsonl', '--corpus', 'samples/contamination/corpus'];
    const escapes = (env: NodeJS.ProcessEnv): boolean => cliWith(env, ...scan).stdout.includes('\u001b[');
    expect(escapes({ FORCE_COLOR: '1' })).toBe(true);
    expect(escapes({ FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false);
    expect(escapes({ TERM: 'dumb' })).toBe(false);
    expect(escapes({})).toBe(false);
  });
});
