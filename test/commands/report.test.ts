import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { leanaudit, leanauditWith } from '../e2e/cli.js';
import { SAMPLE } from '../helpers/algebra-basics.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const saved = join(tmp, 'report.json');
const audit = leanaudit('audit', SAMPLE, '--format', 'json', '-o', saved);

describe('leanaudit report', () => {
  it('renders a saved report in every format as the audit would, with its exit code', () => {
    expect(audit.status).toBe(1);
    for (const format of ['terminal', 'markdown', 'sarif', 'github', 'html']) {
      const fromAudit = leanaudit('audit', SAMPLE, '--format', format);
      const fromReport = leanaudit('report', saved, '--format', format);
      expect(fromReport.status).toBe(1);
      // Times differ between two runs: the report's date, the auditors' durations (HTML).
      const withoutTime = (text: string): string => text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME').replace(/\d+\.\d s</g, 'T s<');
      expect(withoutTime(fromReport.stdout)).toBe(withoutTime(fromAudit.stdout));
    }
  });

  it('with the github format appends the Markdown report to the job summary', () => {
    const summary = join(tmp, 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    const run = leanauditWith({ GITHUB_STEP_SUMMARY: summary }, 'report', saved, '--format', 'github');
    expect(run.stdout).toContain('::error file=');
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# earlier step\n## leanaudit report: algebra-basics\n')).toBe(true);
    expect(text).toContain('| position | severity | message | rule |');
    // Other formats leave the job summary alone.
    leanauditWith({ GITHUB_STEP_SUMMARY: summary }, 'report', saved, '--format', 'sarif');
    expect(readFileSync(summary, 'utf8')).toBe(text);
  });

  it('rejects what is not a report of this schema with exit 2', () => {
    const other = join(tmp, 'old.json');
    const report = JSON.parse(readFileSync(saved, 'utf8')) as Report;
    writeFileSync(other, JSON.stringify({ ...report, schemaVersion: 1 }));
    const broken = join(tmp, 'broken.json');
    writeFileSync(broken, JSON.stringify({ ...report, runs: 'none' }));
    const cases: [string, RegExp][] = [
      [join(tmp, 'absent.json'), /cannot read report .*absent\.json/],
      [other, /old\.json: report schema 1, this leanaudit reads schema \d+: audit again/],
      [broken, /broken\.json: not a leanaudit report: \/runs must be array/],
    ];
    for (const [file, message] of cases) {
      const run = leanaudit('report', file);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});
