/**
 * The composite GitHub action (action.yml): its steps read as GitHub reads them, and its audit step
 * run here as the runner would run it, with GITHUB_* variables pointing at temporary files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { packageRoot } from '../../src/core/paths.js';
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
