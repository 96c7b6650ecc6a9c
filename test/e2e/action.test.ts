/**
 * The composite GitHub action (action.yml): its steps read as GitHub reads them, its audit step run
 * here as the runner would run it, with GITHUB_* variables pointing at temporary files, and the
 * whole action through a local runner of its steps (test/helpers/action-runner.ts), the upload to
 * code scanning a stand-in.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { packageRoot } from '../../src/core/paths.js';
import type { Report } from '../../src/core/types.js';
import { runAction } from '../helpers/action-runner.js';
import { sarifSchemaErrors } from '../helpers/sarif-validation.js';
import { leanaudit } from './cli.js';

const ROOT = packageRoot();
const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-action-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default: string }>;
  runs: { using: string; steps: Step[] };
};

/** Runs the action's audit step as the runner would: its env from the inputs, GITHUB_* files in a fresh folder. */
function auditStep(name: string, inputs: Record<string, string>) {
  const dir = mkdtempSync(join(tmp, `${name}-`));
  const files = { output: join(dir, 'output'), summary: join(dir, 'summary.md') };
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  const step = action.runs.steps.find((s) => s.run?.includes('action/audit.sh'))!;
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const [k, v] of Object.entries(step.env ?? {})) {
    const input = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(v)![1]!;
    env[k] = inputs[input] ?? action.inputs[input]!.default;
  }
  Object.assign(env, {
    GITHUB_ACTION_PATH: ROOT,
    GITHUB_WORKSPACE: ROOT,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: dir,
    LEANAUDIT_BIN: join(ROOT, 'bin', 'leanaudit.js'),
  });
  const run = spawnSync('bash', ['-c', step.run!], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
  const outputs = Object.fromEntries(
    readFileSync(files.output, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, outputs, summary: readFileSync(files.summary, 'utf8') };
}

describe('action.yml', () => {
  it('is a composite action: Node set up, leanaudit built in the action folder, audit, SARIF upload, then the verdict', () => {
    expect(action.runs.using).toBe('composite');
    const steps = action.runs.steps;
    expect(steps[0]!.uses).toMatch(/^actions\/setup-node@/);
    expect(steps[1]!.run).toContain('action/install.sh');
    expect(readFileSync(join(ROOT, 'action', 'install.sh'), 'utf8')).toContain('npm run build');
    expect(steps[2]!.run).toContain('action/audit.sh');
    expect(steps[3]).toMatchObject({
      uses: expect.stringMatching(/^github\/codeql-action\/upload-sarif@/),
      if: expect.stringContaining('always()'),
    });
    expect(steps[4]!.if).toContain('always()');
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['path', 'baseline', 'fail-on', 'version', 'sarif']));
  });

  it('passes inputs to its scripts through the environment only, never spliced into a script', () => {
    for (const step of action.runs.steps) expect(step.run ?? '').not.toContain('${{');
  });

  it('install.sh is valid bash', () => {
    expect(spawnSync('bash', ['-n', join(ROOT, 'action', 'install.sh')]).status).toBe(0);
  });
});

describe('the audit step on the sample', () => {
  const step = auditStep('sample', { path: 'samples/algebra-basics' });

  it('annotates, writes SARIF, HTML and the job summary, and leaves the verdict for the last step', () => {
    expect(step.status, step.stderr).toBe(0);
    expect(step.outputs['exit-code']).toBe('1');
    expect(step.stdout).toContain('::error file=samples/algebra-basics/AlgebraBasics/GaussianIntegers.lean,line=62');
    expect(step.summary).toMatch(/^## leanaudit report: algebra-basics\n/);
    expect(sarifSchemaErrors(JSON.parse(readFileSync(step.outputs.sarif!, 'utf8')))).toEqual([]);
    expect(readFileSync(step.outputs.html!, 'utf8')).toContain('<h1>leanaudit report: algebra-basics</h1>');
  });

  it('with a baseline that lists every finding, passes', () => {
    const baseline = join(tmp, 'baseline.json');
    leanaudit('audit', 'samples/algebra-basics', '--write-baseline', baseline, '--format', 'json');
    const accepted = auditStep('baseline', { path: 'samples/algebra-basics', baseline });
    expect(accepted.outputs['exit-code']).toBe('0');
    expect(accepted.summary).toContain('known findings not listed');
  });

  it('with a path that is not a project, fails at once with exit 2 and no report', () => {
    const wrong = auditStep('wrong', { path: 'samples/no-such-project' });
    expect(wrong.status).toBe(2);
    expect(wrong.outputs).toEqual({ 'exit-code': '2' });
    expect(wrong.stderr).toContain('no such repository');
  });
});

describe('the whole action through a local runner of its steps', () => {
  const uploads: string[] = [];
  const run = (name: string, inputs: Record<string, string>, opts: { github?: Record<string, unknown>; upload?: boolean } = {}) =>
    runAction(ROOT, {
      cwd: ROOT,
      inputs: { path: 'samples/algebra-basics', ...inputs },
      github: { repository: 'o/r', event: {}, ...opts.github },
      // A checkout into a folder of the workspace: annotations must still name files from the repository's root.
      env: {
        NO_COLOR: '1',
        GITHUB_WORKSPACE: dirname(ROOT),
        RUNNER_TEMP: mkdtempSync(join(tmp, `${name}-`)),
        LEANAUDIT_BIN: join(ROOT, 'bin', 'leanaudit.js'),
      },
      standIns: {
        'actions/setup-node': () => true,
        'Install leanaudit': () => true,
        'github/codeql-action/upload-sarif': (call) => {
          uploads.push(call.with.sarif_file!);
          return opts.upload ?? true;
        },
      },
    });
  const step = (r: ReturnType<typeof runAction>, name: string) => r.steps.find((s) => s.name === name)!;
  const corpusConfig = join(tmp, 'missing-corpus.json');
  writeFileSync(corpusConfig, JSON.stringify({ contamination: { corpus: ['no-such-corpus'] } }));

  it('renders every report when an auditor crashed (exit 3), uploads SARIF, then fails the job', () => {
    const r = run('crash', { args: `--only=proof-gaps,contamination\n  --config\n${corpusConfig}\n\n` });
    expect(r.outputs['exit-code']).toBe('3');
    expect(r.summary).toContain('FAILED: incomplete, an auditor failed: contamination');
    expect(readFileSync(r.outputs.html!, 'utf8')).toContain('<h1>leanaudit report: algebra-basics</h1>');
    expect(uploads).toContain(r.outputs.sarif);
    expect(step(r, 'Audit').outcome).toBe('success');
    expect(step(r, 'Verdict').outcome).toBe('failure');
    expect(r.conclusion).toBe('failure');
    // One path convention: the annotations' files are SARIF's, from the repository's root.
    const annotated = new Set([...step(r, 'Audit').stdout.matchAll(/^::\w+ file=([^,]+),/gm)].map((m) => m[1]));
    const sarif = JSON.parse(readFileSync(r.outputs.sarif!, 'utf8')) as {
      runs: { results: { locations?: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    const uris = new Set(
      sarif.runs[0]!.results.flatMap((x) => x.locations ?? []).map((l) => decodeURIComponent(l.physicalLocation.artifactLocation.uri)),
    );
    expect(annotated.size).toBeGreaterThan(0);
    expect(annotated).toEqual(uris);
    for (const file of annotated) expect(file).toMatch(/^samples\/algebra-basics\//);
  });

  it('passes each line of args as one argument, the blanks around it dropped', () => {
    const baseline = join(tmp, 'runner-baseline.json');
    leanaudit('audit', 'samples/algebra-basics', '--write-baseline', baseline, '--format', 'json');
    const r = run(
      'fork',
      { baseline, args: '--only=proof-gaps\n--ignore\n  AlgebraBasics/Modular.lean  ' },
      { github: { event: { pull_request: { head: { repo: { full_name: 'fork/r' } } } } } },
    );
    const report = JSON.parse(readFileSync(r.outputs.report!, 'utf8')) as Report;
    expect(report.runs.map((x) => x.auditorId)).toEqual(['proof-gaps']);
    expect(report.project.skipped?.map((x) => x.path)).toContain('AlgebraBasics/Modular.lean');
    // A fork's pull request: no upload tried, and the audit alone decides.
    expect(step(r, 'Upload SARIF to code scanning').outcome).toBe('skipped');
    expect(r.outputs['exit-code']).toBe('0');
    expect(r.conclusion).toBe('success');
  });

  it('where code scanning refuses the upload, says so and lets the audit decide', () => {
    const baseline = join(tmp, 'runner-baseline.json');
    const r = run('no-scanning', { baseline, args: '--only=proof-gaps' }, { upload: false });
    expect(step(r, 'Upload SARIF to code scanning')).toMatchObject({ outcome: 'failure', conclusion: 'success' });
    expect(step(r, 'Say why SARIF is not in code scanning').stdout).toContain('::notice title=leanaudit SARIF not uploaded::');
    expect(r.conclusion).toBe('success');
  });

  it('keeps the blanks inside a line: one argument, never split into two', () => {
    const r = run('blanks', { args: '--only=proof-gaps pairing' });
    expect(r.outputs['exit-code']).toBe('2');
    expect(step(r, 'Audit').stderr).toContain('unknown auditor proof-gaps pairing;');
  });

  it("refuses the action's own options in args, and runs nothing", () => {
    const r = run('own', { args: '--format\nsarif' });
    expect(r.outputs['exit-code']).toBe('2');
    expect(step(r, 'Audit').stdout).toContain("::error title=leanaudit args::'--format' is the action's own");
    expect(r.outputs.report).toBe('');
    expect(r.conclusion).toBe('failure');
  });
});
