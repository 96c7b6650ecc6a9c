import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FINDINGS_PER_RULE } from '../../src/core/runner.js';
import type { Report } from '../../src/core/types.js';
import { MAX_GAPS_PER_FILE } from '../../src/lean/syntax/gaps.js';
import { leanauditWith } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-report-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a report of millions of findings', () => {
  it('is written whole for one 20 MB line of `sorry; sorry; …`, in a heap of 768 MB, its counts and verdict whole', () => {
    const repo = join(dir, 'repo');
    const out = join(dir, 'report.json');
    mkdirSync(repo);
    writeFileSync(join(repo, 'Main.lean'), `theorem t : 1 = 1 := by\n  ${'sorry; '.repeat(2_500_000)}\n`);
    const started = performance.now();
    const run = leanauditWith(
      { NODE_OPTIONS: '--max-old-space-size=768' },
      'audit',
      repo,
      '--only',
      'proof-gaps,lean-source',
      '--format',
      'json',
      '-o',
      out,
    );
    expect(run.stderr).toContain(`json report written to ${out} (FAILED: findings at or above error)`);
    expect(run.status).toBe(1);
    expect(performance.now() - started).toBeLessThan(60_000);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    const gaps = report.runs.find((r) => r.auditorId === 'proof-gaps')!;
    expect(gaps.findings).toHaveLength(MAX_FINDINGS_PER_RULE);
    expect(gaps.omitted).toEqual({ 'sorry-in-proof': { severity: 'error', count: MAX_GAPS_PER_FILE - MAX_FINDINGS_PER_RULE } });
    expect(gaps.metrics['sorry-in-proof']).toBe(MAX_GAPS_PER_FILE);
    const source = report.runs.find((r) => r.auditorId === 'lean-source')!;
    expect(source.findings.map((f) => f.messageId).sort()).toEqual(['long-line', 'too-many-gaps']);
    expect(report.summary).toMatchObject({
      findings: { error: MAX_GAPS_PER_FILE + 1, warning: 1 },
      omitted: MAX_GAPS_PER_FILE - MAX_FINDINGS_PER_RULE,
      failed: true,
    });
  }, 120_000);
});
