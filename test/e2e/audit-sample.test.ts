import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';
import { leanaudit, SAMPLE } from './cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-e2e-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const jsonReport = (...args: string[]): { report: Report; status: number | null } => {
  const run = leanaudit('audit', SAMPLE, '--format', 'json', ...args);
  expect(run.stderr).toBe('');
  return { report: JSON.parse(run.stdout) as Report, status: run.status };
};

describe('leanaudit audit samples/algebra-basics', () => {
  it('reports the project metadata, and the JSON validates against the shipped schema', () => {
    const { report } = jsonReport();
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.project).toMatchObject({
      root: SAMPLE,
      name: 'algebra-basics',
      leanToolchain: 'leanprover/lean4:v4.28.0',
      mathlibRev: '8f9d9cff6bd728b17a24e163c9402775d9e6a365',
      libraries: ['AlgebraBasics'],
      files: 6,
      declarations: 49,
    });
    expect(report.project.bytes).toBeGreaterThan(9000);
    expect(report.project.skipped).toContainEqual(expect.objectContaining({ path: '.scratch' }));
    expect(report.summary.auditors.ok + report.summary.auditors.skipped + report.summary.auditors.error).toBe(report.runs.length);
  });

  it('lists every registered auditor in the report, run or skipped with a reason', () => {
    const listed = JSON.parse(leanaudit('auditors', '--json').stdout) as { id: string }[];
    const { report } = jsonReport();
    expect(report.runs.map((r) => r.auditorId)).toEqual(listed.map((a) => a.id));
    for (const run of report.runs.filter((r) => r.status !== 'ok')) expect(run.reason).toMatch(/\S/);
  });

  it('writes the report to --output and nothing to standard output', () => {
    const file = join(tmp, 'report.md');
    const run = leanaudit('audit', SAMPLE, '--format', 'markdown', '--output', file);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`markdown report written to ${file}`);
    expect(readFileSync(file, 'utf8')).toMatch(/^## leanaudit report: algebra-basics\n/);
  });

  it('prints a readable terminal summary without colors when not on a TTY', () => {
    const run = leanaudit('audit', SAMPLE);
    expect(run.stdout).toContain('leanaudit ');
    expect(run.stdout).toContain('Lean leanprover/lean4:v4.28.0 · Mathlib 8f9d9cff6bd7 · 6 files');
    expect(run.stdout).not.toContain('\u001b[');
  });

  it.each(['html', 'sarif'])('renders --format %s', (format) => {
    const run = leanaudit('audit', SAMPLE, '--format', format);
    expect(run.stdout).toContain(format === 'html' ? '<h1>leanaudit report: algebra-basics</h1>' : '"version": "2.1.0"');
  });
});

describe('exit code 2: usage and input errors', () => {
  const badConfig = (name: string, text: string): string => {
    const file = join(tmp, name);
    writeFileSync(file, text);
    return file;
  };

  it.each([
    ['a nonexistent repository', ['audit', 'samples/no-such-project'], /no such repository: samples\/no-such-project/],
    ['an unknown format', ['audit', SAMPLE, '--format', 'pdf'], /argument 'pdf' is invalid/],
    ['an unknown severity', ['audit', SAMPLE, '--fail-on', 'fatal'], /argument 'fatal' is invalid/],
    ['an unknown flag', ['audit', SAMPLE, '--frobnicate'], /unknown option '--frobnicate'/],
    ['a missing repository argument', ['audit'], /missing required argument 'repo'/],
    ['an unknown auditor in --only', ['audit', SAMPLE, '--only', 'no-such-auditor'], /unknown auditor no-such-auditor; available: /],
    ['a missing config file', ['audit', SAMPLE, '--config', 'absent.json'], /config file not found: absent\.json/],
  ])('%s', (_name, args, message) => {
    const run = leanaudit(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('a configuration that is not JSON, or has a bad failOn', () => {
    const broken = leanaudit('audit', SAMPLE, '--config', badConfig('broken.json', '{"failOn": '));
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/broken\.json: invalid JSON/);
    const fatal = leanaudit('audit', SAMPLE, '--config', badConfig('fatal.json', '{"failOn": "fatal"}'));
    expect(fatal.status).toBe(2);
    expect(fatal.stderr).toMatch(/fatal\.json: failOn must be one of info, warning, error/);
  });

  it('an --output path that cannot be written', () => {
    const run = leanaudit('audit', SAMPLE, '--output', join(tmp, 'no', 'such', 'dir', 'r.json'));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/cannot write .*r\.json/);
  });
});
