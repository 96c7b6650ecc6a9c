import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { SAMPLE, SAMPLE_CLAIMS, SAMPLE_GAPS, SAMPLE_PROJECT } from '../helpers/algebra-basics.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';
import { leanaudit } from './cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-e2e-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const jsonAudit = (...args: string[]): { report: Report; status: number | null } => {
  const run = leanaudit('audit', SAMPLE, '--format', 'json', ...args);
  expect(run.stderr).toBe('');
  return { report: JSON.parse(run.stdout) as Report, status: run.status };
};

const config = (name: string, value: unknown): string => {
  const file = join(tmp, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};

describe('leanaudit audit samples/algebra-basics', () => {
  const { report, status } = jsonAudit();

  it('exits 1: the sample has errors at the default failing severity', () => {
    expect(status).toBe(1);
    expect(report.summary).toMatchObject({ failOn: 'error', failed: true });
  });

  it('validates against the shipped schema and carries the project metadata', () => {
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.project).toMatchObject(SAMPLE_PROJECT);
    expect(report.project.bytes).toBeGreaterThan(9000);
    expect(report.project.skipped).toContainEqual(expect.objectContaining({ path: '.scratch' }));
  });

  it('finds exactly the true proof gaps: none in comments, docstrings, strings or scratch files', () => {
    const gaps = report.runs
      .find((r) => r.auditorId === 'proof-gaps')!
      .findings.map((f) => [`${f.auditorId}/${f.messageId}`, `${f.location?.file}:${f.location?.line}`]);
    expect(gaps.sort()).toEqual([...SAMPLE_GAPS, ...SAMPLE_CLAIMS].sort());
    expect(report.runs.find((r) => r.auditorId === 'proof-gaps')!.metrics).toMatchObject({
      'sorry-in-proof': 6,
      'sorry-in-data': 1,
      axiom: 1,
      'native-decide': 1,
    });
    const gapSeverities = report.runs.find((r) => r.auditorId === 'proof-gaps')!.findings.map((f) => f.severity);
    expect(gapSeverities.filter((s) => s === 'error')).toHaveLength(8);
    expect(gapSeverities.filter((s) => s === 'warning')).toHaveLength(1);
  });

  it('sums the findings of every run into the summary (pairing findings: see pairing-sample.test.ts)', () => {
    const all = report.runs.flatMap((r) => r.findings);
    expect(report.summary.findings).toEqual({
      error: all.filter((f) => f.severity === 'error').length,
      warning: all.filter((f) => f.severity === 'warning').length,
      info: all.filter((f) => f.severity === 'info').length,
    });
  });

  it('lists every registered auditor, run or skipped with a reason', () => {
    const listed = JSON.parse(leanaudit('auditors', '--json').stdout) as { id: string }[];
    expect(report.runs.map((r) => r.auditorId)).toEqual(listed.map((a) => a.id));
    expect(report.summary.auditors.ok + report.summary.auditors.skipped + report.summary.auditors.error).toBe(listed.length);
    for (const run of report.runs.filter((r) => r.status !== 'ok')) expect(run.reason).toMatch(/\S/);
  });

  it("auditors --explain prints a rule's documentation, as its page in docs/auditors/ has it", () => {
    const run = leanaudit('auditors', '--explain', 'proof-gaps/sorry-in-data');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('**What it checks.** A `sorry` standing for data');
    expect(readFileSync(join('docs', 'auditors', 'proof-gaps.md'), 'utf8')).toContain(run.stdout);
  });
});

describe('options', () => {
  it('--only runs the auditors named and no other', () => {
    const { report } = jsonAudit('--only', 'proof-gaps');
    expect(report.runs.map((r) => r.auditorId)).toEqual(['proof-gaps']);
  });

  it('--fail-on and failOn in the config set the failing severity', () => {
    const warningsOnly = config('warnings-only.json', { auditors: { 'proof-gaps': { severity: 'warning' } } });
    expect(jsonAudit('--only', 'proof-gaps', '--config', warningsOnly).status).toBe(0);
    expect(jsonAudit('--only', 'proof-gaps', '--config', warningsOnly, '--fail-on', 'warning').status).toBe(1);
    const failOnWarning = config('fail-on-warning.json', { failOn: 'warning', auditors: { 'proof-gaps': { severity: 'warning' } } });
    expect(jsonAudit('--only', 'proof-gaps', '--config', failOnWarning).status).toBe(1);
    const disabled = config('disabled.json', { auditors: { 'proof-gaps': { enabled: false } } });
    const { report, status } = jsonAudit('--only', 'proof-gaps', '--config', disabled);
    expect(status).toBe(0);
    expect(report.runs[0]).toMatchObject({ status: 'skipped', reason: 'disabled in the configuration' });
  });

  it('--output writes the report there and nothing to standard output', () => {
    const file = join(tmp, 'report.md');
    const run = leanaudit('audit', SAMPLE, '--format', 'markdown', '-o', file);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`markdown report written to ${file} (FAILED: findings at or above error)`);
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toMatch(/^## leanaudit report: algebra-basics\n/);
    expect(markdown).toContain('| 62:45 | error | `sorry` as data in AlgebraBasics.GaussInt.divRound');
  });

  it('prints a readable terminal report without colors when not on a TTY', () => {
    const run = leanaudit('audit', SAMPLE);
    expect(run.stdout).toContain('Lean leanprover/lean4:v4.28.0 · Mathlib 8f9d9cff6bd7 · 6 files');
    expect(run.stdout).toMatch(/proof-gaps\s+ok\s+8\s+1\s+1\s+sorry-in-proof=6 sorry-in-data=1 axiom=1 native-decide=1/);
    expect(run.stdout).toContain('AlgebraBasics/Groups/Order.lean:35:1');
    expect(run.stdout).not.toContain('\u001b[');
  });

  it.each([
    ['html', '<h1>leanaudit report: algebra-basics</h1>'],
    ['sarif', '"ruleId": "proof-gaps/sorry-in-data"'],
    [
      'github',
      '::error file=samples/algebra-basics/AlgebraBasics/GaussianIntegers.lean,line=62,col=45,title=proof-gaps/sorry-in-data::`sorry` as data',
    ],
  ])('--format %s', (format, expected) => {
    expect(leanaudit('audit', SAMPLE, '--format', format).stdout).toContain(expected);
  });
});

describe('exit code 2: usage and input errors', () => {
  it.each([
    ['a nonexistent repository', ['audit', 'samples/no-such-project'], /no such repository: samples\/no-such-project/],
    ['an unknown format', ['audit', SAMPLE, '--format', 'pdf'], /argument 'pdf' is invalid/],
    ['an unknown severity', ['audit', SAMPLE, '--fail-on', 'fatal'], /argument 'fatal' is invalid/],
    ['an unknown flag', ['audit', SAMPLE, '--frobnicate'], /unknown option '--frobnicate'/],
    ['a missing repository argument', ['audit'], /missing required argument 'repo'/],
    ['an unknown auditor in --only', ['audit', SAMPLE, '--only', 'proof-gaps,no-such'], /unknown auditor no-such; available: proof-gaps, /],
    ['a missing config file', ['audit', SAMPLE, '--config', 'absent.json'], /config file not found: absent\.json/],
    [
      'an ignore pattern that cannot be used',
      ['audit', SAMPLE, '--ignore', '!AlgebraBasics/**'],
      /ignore pattern "!AlgebraBasics\/\*\*": negation/,
    ],
    ['an unknown rule for --explain', ['auditors', '--explain', 'proof-gaps/native-decid'], /did you mean "proof-gaps\/native-decide"\?/],
    [
      'an unknown rule in --rule',
      ['audit', SAMPLE, '--rule', 'proof-gaps/native-decid=off'],
      /unknown rule proof-gaps\/native-decid; did you mean "proof-gaps\/native-decide"\?/,
    ],
  ])('%s', (_name, args, message) => {
    const run = leanaudit(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('a configuration that is not JSON, has a bad failOn, or names an unknown key at any level', () => {
    const cases: [string, RegExp][] = [
      [config('broken.json', '{"failOn": '), /broken\.json: invalid JSON/],
      [config('fatal.json', { failOn: 'fatal' }), /fatal\.json: failOn: must be one of "error", "warning", "info", not "fatal"/],
      [config('typo.json', { auditors: { 'proof-gap': {} } }), /typo\.json: auditors\.proof-gap: unknown key; did you mean "proof-gaps"\?/],
      [config('ignores.json', { ignores: ['X/**'] }), /ignores\.json: ignores: unknown key; did you mean "ignore"\?/],
      [config('failon.json', { failon: 'warning' }), /failon\.json: failon: unknown key; did you mean "failOn"\?/],
      [
        config('deep.json', { auditors: { 'proof-gaps': { severty: 'info' } } }),
        /deep\.json: auditors\.proof-gaps\.severty: unknown key; did you mean "severity"\?/,
      ],
    ];
    for (const [file, message] of cases) {
      const run = leanaudit('audit', SAMPLE, '--config', file);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });

  it('a subfolder of a Lake project: audited as that project, its own files alone, and said so', () => {
    const whole = JSON.parse(leanaudit('audit', SAMPLE, '--only', 'proof-gaps', '--format', 'json').stdout) as Report;
    const run = leanaudit('audit', join(SAMPLE, 'AlgebraBasics'), '--only', 'proof-gaps', '--format', 'json');
    const report = JSON.parse(run.stdout) as Report;
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.project).toMatchObject({
      scope: 'AlgebraBasics',
      leanToolchain: whole.project.leanToolchain,
      mathlibRev: whole.project.mathlibRev,
    });
    expect(report.project.skipped).toContainEqual({
      path: '.',
      reason: expect.stringMatching(/^\d+ \.lean files? outside AlgebraBasics, the folder audited$/),
    });
    // The Lean files' findings: the blueprint's claims are read from the repository's blueprint whatever the folder.
    const places = (r: Report) =>
      r.runs[0]!.findings.filter((f) => f.location?.file.endsWith('.lean')).map(
        (f) => `${f.messageId} ${f.location?.file}:${f.location?.line}`,
      );
    expect(places(report)).toEqual(places(whole).filter((p) => p.includes(' AlgebraBasics/')));
    expect(places(report).length).toBeGreaterThan(0);
  });

  it('a folder with nothing to audit: empty, without .lean files, or every file ignored', () => {
    const empty = join(tmp, 'empty');
    const prose = join(tmp, 'prose');
    mkdirSync(empty);
    mkdirSync(prose);
    writeFileSync(join(prose, 'README.md'), '# not Lean\n');
    for (const [args, message] of [
      [[empty], /no \.lean file to audit in .*empty$/m],
      [[prose], /no \.lean file to audit in .*prose$/m],
      [[SAMPLE, '--ignore', '**'], /no \.lean file to audit in .*algebra-basics; left out: .*\*\* \(7 \.lean files matched by ignore/],
      [['README.md'], /not a directory: README\.md/],
    ] as [string[], RegExp][]) {
      const run = leanaudit('audit', ...args);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });

  it('--rule sets one rule of an auditor and leaves its other rules alone', () => {
    const run = leanaudit(
      'audit',
      SAMPLE,
      '--only',
      'proof-gaps',
      '--format',
      'json',
      '--rule',
      'proof-gaps/native-decide=off',
      '--rule',
      'proof-gaps/axiom=warning',
    );
    const report = JSON.parse(run.stdout) as Report;
    const rules = report.runs[0]!.findings.map((f) => `${f.messageId}:${f.severity}`);
    expect(rules).not.toContain('native-decide:warning');
    expect(rules).toContain('axiom:warning');
    expect(rules.filter((r) => r === 'sorry-in-proof:error')).toHaveLength(6);
    // The info is the blueprint's \leanok claim over a sorry (SAMPLE_CLAIMS).
    expect(report.summary.findings).toEqual({ error: 7, warning: 1, info: 1 });
  });

  it('an --output path that cannot be written', () => {
    const run = leanaudit('audit', SAMPLE, '--output', join(tmp, 'no', 'such', 'dir', 'r.json'));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/cannot write .*r\.json/);
  });
});

describe('what the reports show beyond findings', () => {
  const { report } = jsonAudit();

  it('records the entities read, with their Lean declarations and what they use', () => {
    expect(report.entities!.map((e) => e.id)).toContain('thm:lagrange-elements');
    const lagrange = report.entities!.find((e) => e.id === 'thm:lagrange-elements')!;
    expect(lagrange.uses).toContain('lem:order-dvd');
    expect(lagrange.decls.length).toBeGreaterThan(0);
  });

  it('records how crossfile-reuse found each dependency, and source lines around each located finding', () => {
    const dependencies = report.runs.find((r) => r.auditorId === 'crossfile-reuse')!.dependencies!;
    expect(dependencies).toContainEqual({ from: 'def:commutator', to: 'thm:commutator-iff', source: 'uses', status: 'reflected' });
    const divRound = report.runs[0]!.findings.find((f) => f.message.includes('divRound'))!;
    expect(divRound.excerpt!.lines[divRound.location!.line - divRound.excerpt!.startLine]).toBe(
      'def divRound (z w : GaussInt) : GaussInt := sorry',
    );
  });

  it('knows the repository the sample lies in, and its folder there', () => {
    expect(report.project.repository).toMatchObject({ path: 'samples/algebra-basics' });
  });

  it('--only an auditor without entities records none', () => {
    expect(jsonAudit('--only', 'lean-source').report.entities).toBeUndefined();
  });
});
