import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { leanaudit } from './cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-fail-closed-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const config = (name: string, value: object): string => {
  const file = join(tmp, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

describe('the gate fails closed', () => {
  it('exits 3 when an auditor fails, though what remains of the report would pass, and says which and why', () => {
    const file = config('missing.json', { contamination: { corpus: ['no-such-corpus'] } });
    const run = leanaudit('audit', SAMPLE, '--only', 'contamination', '--config', file);
    expect(run.status).toBe(3);
    expect(run.stdout).toContain(
      `FAILED: incomplete, an auditor failed: contamination (corpus not found: ${join(SAMPLE, 'no-such-corpus')})`,
    );
    const report = JSON.parse(leanaudit('audit', SAMPLE, '--only', 'contamination', '--config', file, '--format', 'json').stdout) as Report;
    expect(report.summary).toMatchObject({ failed: false, failedAuditors: ['contamination'] });
  });

  it('an auditor past its timeoutMs has failed', () => {
    const file = config('timeout.json', { auditors: { 'proof-gaps': { timeoutMs: 1 } } });
    const run = leanaudit('audit', SAMPLE, '--only', 'proof-gaps', '--config', file, '--format', 'json');
    expect(run.status).toBe(3);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.summary.failedAuditors).toEqual(['proof-gaps']);
    expect(report.runs[0]).toMatchObject({ status: 'error', reason: 'timed out after 1 ms (auditors.proof-gaps.timeoutMs)' });
  });

  it('exits 3 rather than 1 when findings and a failure come together', () => {
    const file = config('both.json', { contamination: { corpus: ['no-such-corpus'] } });
    const run = leanaudit('audit', SAMPLE, '--only', 'proof-gaps,contamination', '--config', file, '--format', 'markdown');
    expect(run.status).toBe(3);
    expect(run.stdout).toContain(
      `FAILED: incomplete, an auditor failed: contamination (corpus not found: ${join(SAMPLE, 'no-such-corpus')})`,
    );
    expect(run.stdout).toContain('and findings at or above error');
  });

  it('lets the user allow one auditor to fail: the findings decide the exit status, the report still says it failed', () => {
    const file = config('allowed.json', {
      contamination: { corpus: ['no-such-corpus'] },
      auditors: { contamination: { allowFailure: true } },
    });
    const run = leanaudit('audit', SAMPLE, '--only', 'proof-gaps,contamination', '--config', file);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/contamination\s+error \(allowed\)/);
    const passing = leanaudit('audit', SAMPLE, '--only', 'contamination', '--config', file);
    expect(passing.status).toBe(0);
  });

  it('a skipped auditor is not a failure', () => {
    const run = leanaudit('audit', SAMPLE, '--only', 'direct-judge', '--format', 'json');
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as Report).runs[0]!.status).toBe('skipped');
  });
});
