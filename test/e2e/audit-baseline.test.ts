import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Baseline } from '../../src/core/baseline.js';
import type { Report } from '../../src/core/types.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';
import { leanaudit } from './cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-baseline-e2e-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the sample the test may edit. */
const project = join(tmp, 'algebra-basics');
cpSync(SAMPLE, project, { recursive: true });
const baselineFile = join(project, 'leanaudit-baseline.json');

const edit = (file: string, change: (text: string) => string): void => {
  const path = join(project, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
};

const jsonAudit = (...args: string[]): { report: Report; status: number | null } => {
  const run = leanaudit('audit', project, '--format', 'json', ...args);
  expect(run.stderr).toBe('');
  return { report: JSON.parse(run.stdout) as Report, status: run.status };
};

describe('a CI gate on a project with known findings', () => {
  const plain = jsonAudit();
  const findings = plain.report.runs.flatMap((r) => r.findings);

  it('--write-baseline accepts every finding of the run: the run passes and the file lists them', () => {
    expect(plain.status).toBe(1);
    const run = leanaudit('audit', project, '--write-baseline', baselineFile);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`baseline ${baselineFile}: ${findings.length} known findings not listed, 0 new`);
    expect(run.stdout).toMatch(/new: 0 errors, 0 warnings, 0 info · passed: no new finding at or above error\n$/);
    const written = JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline;
    expect(written.findings.map((e) => e.fingerprint).sort()).toEqual(findings.map((f) => f.fingerprint).sort());
    expect(written.findings).toContainEqual(
      expect.objectContaining({
        messageId: 'sorry-in-data',
        file: 'AlgebraBasics/GaussianIntegers.lean',
        line: 62,
        entityId: 'AlgebraBasics.GaussInt.divRound',
      }),
    );
  });

  it('--baseline passes while nothing new appears', () => {
    const { report, status } = jsonAudit('--baseline', baselineFile);
    expect(status).toBe(0);
    expect(report.summary).toMatchObject({
      failed: false,
      baseline: { file: baselineFile, unchanged: findings.length, new: 0, absent: 0 },
    });
    expect(reportSchemaErrors(report)).toEqual([]);
  });

  it("--baseline keeps the findings of a moved file known, an anonymous instance's included", () => {
    const moved = mkdtempSync(join(tmp, 'moved-'));
    cpSync(project, moved, { recursive: true });
    renameSync(join(moved, 'AlgebraBasics/GaussianIntegers.lean'), join(moved, 'AlgebraBasics/Gaussian.lean'));
    const run = leanaudit('audit', moved, '--format', 'json', '--baseline', baselineFile);
    const report = JSON.parse(run.stdout) as Report;
    expect(run.status).toBe(0);
    expect(report.summary.baseline).toMatchObject({ unchanged: findings.length, new: 0, absent: 0 });
    const anonymous = report.runs.flatMap((r) => r.findings).find((f) => f.entityId?.includes('«instance@AlgebraBasics.Gaussian:'));
    expect(anonymous?.baselineState).toBe('unchanged');
  });

  it('the baseline named in the config fails on a new sorry only, through edits that move the known ones', () => {
    writeFileSync(join(project, 'leanaudit.config.json'), JSON.stringify({ baseline: 'leanaudit-baseline.json' }));
    edit('AlgebraBasics/Parity.lean', (text) =>
      text.replace(
        'namespace AlgebraBasics.Parity\n',
        'namespace AlgebraBasics.Parity\n\ntheorem two_even : isEven 2 = true := by\n  sorry\n',
      ),
    );
    edit(
      'AlgebraBasics/GaussianIntegers.lean',
      (text) =>
        `\n\n\n${text.replace('def divRound (z w : GaussInt) : GaussInt := sorry', 'def divRound (z w : GaussInt) : GaussInt := z')}`,
    );
    const { report, status } = jsonAudit();
    expect(status).toBe(1);
    const fresh = report.runs.flatMap((r) => r.findings).filter((f) => f.baselineState === 'new');
    expect(fresh.map((f) => [f.messageId, f.entityId, f.location?.line])).toEqual([
      ['sorry-in-proof', 'AlgebraBasics.Parity.two_even', 13],
    ]);
    expect(report.summary.baseline).toMatchObject({ new: 1, unchanged: findings.length - 1, absent: 1 });
    expect(report.summary.baseline!.absentFindings.map((e) => [e.messageId, e.entityId])).toEqual([
      ['sorry-in-data', 'AlgebraBasics.GaussInt.divRound'],
    ]);
    expect(reportSchemaErrors(report)).toEqual([]);
  });

  it('the terminal and Markdown reports list the new finding only, and what is no longer found', () => {
    const terminal = leanaudit('audit', project).stdout;
    expect(terminal).toContain('AlgebraBasics/Parity.lean:13:3  error  `sorry` in the proof of AlgebraBasics.Parity.two_even');
    expect(terminal).not.toContain('GaussianIntegers.lean:71');
    expect(terminal).toMatch(/proof-gaps\s+ok\s+1\s+0\s+0\s/);
    expect(terminal).toContain('no longer found: AlgebraBasics/GaussianIntegers.lean:62  proof-gaps/sorry-in-data');
    expect(terminal).toMatch(/new: 1 error, 0 warnings, 0 info · FAILED: new findings at or above error\n$/);
    const markdown = leanaudit('audit', project, '--format', 'markdown').stdout;
    expect(markdown).toContain('❌ **FAILED: new findings at or above error** · new: 1 error, 0 warnings, 0 info');
    expect(markdown.match(/\| error \|/g)).toHaveLength(1);
  });

  it('SARIF carries the fingerprints and the baseline state for code scanning', () => {
    const sarif = JSON.parse(leanaudit('audit', project, '--format', 'sarif').stdout) as {
      runs: { results: { partialFingerprints: Record<string, string>; baselineState: string }[] }[];
    };
    const results = sarif.runs[0]!.results;
    expect(results.every((r) => /^[0-9a-f]{16}$/.test(r.partialFingerprints['leanaudit/v1']!))).toBe(true);
    expect(results.filter((r) => r.baselineState === 'new')).toHaveLength(1);
  });

  it('usage errors exit 2: both options at once, a missing baseline, a bad one', () => {
    const both = leanaudit('audit', project, '--baseline', baselineFile, '--write-baseline', join(tmp, 'b.json'));
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/give --baseline \(compare with a baseline\) or --write-baseline \(write one\), not both/);
    const missing = join(tmp, 'none.json');
    expect(leanaudit('audit', project, '--baseline', missing).stderr).toContain(
      `no baseline at ${missing}: write one with --write-baseline ${missing}`,
    );
    writeFileSync(join(project, 'leanaudit.config.json'), JSON.stringify({ baseline: 3 }));
    const bad = leanaudit('audit', project);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/leanaudit\.config\.json: baseline: must be string/);
    expect(existsSync(join(tmp, 'b.json'))).toBe(false);
  });
});
