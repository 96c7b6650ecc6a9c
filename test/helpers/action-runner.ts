/**
 * A local runner of a composite action (action.yml), close enough to GitHub's for its own steps:
 * `${{ … }}` expressions in `if`, `env` and `with` (property access, literals, `!`, `==`, `!=`,
 * `&&`, `||`, `always()`, `success()`, `failure()`), each `run` step in bash with fresh
 * GITHUB_OUTPUT and GITHUB_ENV files, `continue-on-error`, step outcomes and conclusions. `uses`
 * steps, and `run` steps named in `standIns`, are replaced by the test's stand-ins.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface ActionStep {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'continue-on-error'?: boolean;
}

interface ActionFile {
  inputs: Record<string, { default?: string }>;
  outputs?: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export type Outcome = 'success' | 'failure' | 'skipped';

/** What a stand-in is given: the step with its `with` and `env` evaluated. */
export interface StandInCall {
  with: Record<string, string>;
  env: Record<string, string>;
}

export interface RunOptions {
  inputs?: Record<string, string>;
  /** The `github` context: event, repository, … */
  github?: Record<string, unknown>;
  /** Environment for every step (the runner's own variables are added). */
  env?: NodeJS.ProcessEnv;
  /** Stand-ins by the `uses` reference (before `@`) or the step's name: true for success. */
  standIns?: Record<string, (call: StandInCall) => boolean>;
  /** Working directory of the run steps. */
  cwd: string;
}

export interface StepResult {
  name: string;
  outcome: Outcome;
  conclusion: Outcome;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

export interface ActionRun {
  steps: StepResult[];
  /** The action's outputs, as its `outputs` map them from the steps. */
  outputs: Record<string, string>;
  summary: string;
  conclusion: 'success' | 'failure';
}

type Value = string | number | boolean | null | undefined | Record<string, unknown>;

/** Evaluates one expression (without `${{ }}`) against the contexts. */
export function evaluate(expression: string, contexts: Record<string, unknown>, status: { failed: boolean }): Value {
  const tokens = expression.match(/'(?:[^']|'')*'|&&|\|\||==|!=|[!()]|[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*(?:\(\))?|\S/g) ?? [];
  let i = 0;
  const peek = (): string | undefined => tokens[i];
  const truthy = (v: Value): boolean => v !== '' && v !== 0 && v !== false && v !== null && v !== undefined;
  const loose = (a: Value, b: Value): boolean => {
    if (typeof a === typeof b) return a === b || (a == null && b == null);
    const num = (v: Value): number => (v === null || v === undefined || v === '' ? 0 : typeof v === 'boolean' ? Number(v) : Number(v));
    return num(a) === num(b);
  };
  const primary = (): Value => {
    const t = tokens[i++];
    if (t === undefined) throw new Error(`unexpected end of ${expression}`);
    if (t === '(') {
      const v = or();
      i++;
      return v;
    }
    if (t === '!') return !truthy(primary());
    if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (t === 'true' || t === 'false') return t === 'true';
    if (t === 'null') return null;
    if (/^\d/.test(t)) return Number(t);
    if (t === 'always()') return true;
    if (t === 'success()') return !status.failed;
    if (t === 'failure()') return status.failed;
    let value: unknown = contexts;
    for (const part of t.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return value as Value;
  };
  const comparison = (): Value => {
    let left = primary();
    while (peek() === '==' || peek() === '!=') {
      const op = tokens[i++];
      const right = primary();
      left = op === '==' ? loose(left, right) : !loose(left, right);
    }
    return left;
  };
  const and = (): Value => {
    let left = comparison();
    while (peek() === '&&') {
      i++;
      const right = comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  const or = (): Value => {
    let left = and();
    while (peek() === '||') {
      i++;
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  };
  return or();
}

/** A string with each `${{ … }}` replaced by its value. */
function interpolate(text: string, contexts: Record<string, unknown>, status: { failed: boolean }): string {
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, e: string) => {
    const v = evaluate(e, contexts, status);
    return v === null || v === undefined ? '' : String(v);
  });
}

/** `key=value` lines and `key<<EOF` blocks of a GITHUB_OUTPUT or GITHUB_ENV file. */
function keyValues(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]!);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      out[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i]!.includes('=')) {
      const at = lines[i]!.indexOf('=');
      out[lines[i]!.slice(0, at)] = lines[i]!.slice(at + 1);
    }
  }
  return out;
}

/** Runs the composite action at `actionPath` (its folder) as a job step would. */
export function runAction(actionPath: string, options: RunOptions): ActionRun {
  const action = parse(readFileSync(join(actionPath, 'action.yml'), 'utf8')) as ActionFile;
  const dir = mkdtempSync(join(options.env?.RUNNER_TEMP ?? '/tmp', 'runner-'));
  const summary = join(dir, 'summary.md');
  writeFileSync(summary, '');
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, options.inputs?.[k] ?? v.default ?? '']));
  const steps: Record<string, { outputs: Record<string, string>; outcome: Outcome; conclusion: Outcome }> = {};
  const contexts = { inputs, steps, github: { action_path: actionPath, ...(options.github ?? {}) }, runner: { temp: dir } };
  const status = { failed: false };
  const jobEnv: Record<string, string> = {};
  const results: StepResult[] = [];
  action.runs.steps.forEach((step, n) => {
    const name = step.name ?? step.uses ?? `step ${n}`;
    const record = (result: StepResult): void => {
      results.push(result);
      if (step.id) steps[step.id] = { outputs: result.outputs, outcome: result.outcome, conclusion: result.conclusion };
      if (result.conclusion === 'failure') status.failed = true;
    };
    const condition = step.if === undefined ? 'success()' : step.if.replace(/^\$\{\{\s*|\s*\}\}$/g, '');
    const run = evaluate(condition, contexts, status);
    if (!(run !== '' && run !== 0 && run !== false && run !== null && run !== undefined)) {
      record({ name, outcome: 'skipped', conclusion: 'skipped', stdout: '', stderr: '', outputs: {} });
      return;
    }
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(v, contexts, status)]));
    const standIn = options.standIns?.[step.uses?.split('@')[0] ?? ''] ?? options.standIns?.[name];
    let outcome: Outcome;
    let stdout = '';
    let stderr = '';
    let outputs: Record<string, string> = {};
    if (standIn || step.uses) {
      const withs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v), contexts, status)]));
      if (!standIn) throw new Error(`no stand-in for ${step.uses}`);
      outcome = standIn({ with: withs, env }) ? 'success' : 'failure';
    } else {
      const files = { output: join(dir, `output-${n}`), env: join(dir, `env-${n}`) };
      writeFileSync(files.output, '');
      writeFileSync(files.env, '');
      const child = spawnSync('bash', ['-e', '-c', interpolate(step.run!, contexts, status)], {
        cwd: options.cwd,
        encoding: 'utf8',
        timeout: 180_000,
        env: {
          ...process.env,
          ...options.env,
          ...jobEnv,
          ...env,
          GITHUB_ACTION_PATH: actionPath,
          GITHUB_OUTPUT: files.output,
          GITHUB_ENV: files.env,
          GITHUB_STEP_SUMMARY: summary,
          RUNNER_TEMP: dir,
        },
      });
      ({ stdout, stderr } = child);
      outcome = child.status === 0 ? 'success' : 'failure';
      outputs = keyValues(files.output);
      Object.assign(jobEnv, keyValues(files.env));
    }
    const conclusion = outcome === 'failure' && step['continue-on-error'] ? 'success' : outcome;
    record({ name, outcome, conclusion, stdout, stderr, outputs });
  });
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([k, v]) => [k, interpolate(v.value, contexts, status)]));
  return { steps: results, outputs, summary: readFileSync(summary, 'utf8'), conclusion: status.failed ? 'failure' : 'success' };
}
