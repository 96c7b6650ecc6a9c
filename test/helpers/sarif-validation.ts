/**
 * Checks a SARIF log three ways: the SARIF 2.1.0 JSON schema (with ajv), the ingestion limits
 * GitHub code scanning documents, and Microsoft's SARIF multitool `validate` with its GitHub rules
 * (the .NET tool the @microsoft/sarif-multitool package ships for this platform).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';

const require = createRequire(import.meta.url);
/** The folder of the multitool built for this platform (it also holds the SARIF 2.1.0 schema). */
const toolDir = dirname(require.resolve(`@microsoft/sarif-multitool-${process.platform}/package.json`));

const schema = JSON.parse(readFileSync(join(toolDir, 'sarif-2.1.0.json'), 'utf8')) as object;
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
const validate = ajv.compile(schema);

/** The violations of the SARIF 2.1.0 schema, one line each. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

interface Log {
  runs: {
    tool: { driver: { rules?: { properties?: { tags?: unknown[] } }[] }; extensions?: unknown[] };
    results?: { locations?: unknown[]; relatedLocations?: unknown[] }[];
  }[];
}

/**
 * What GitHub code scanning would reject in an upload ("SARIF support for code scanning"): more
 * than 20 runs per file, 25,000 results or rules per run, 100 tool extensions per run, 1,000
 * locations or related locations per result, 20 tags per rule.
 */
export function githubLimitProblems(log: Log): string[] {
  const problems: string[] = [];
  if (log.runs.length > 20) problems.push(`${log.runs.length} runs (at most 20)`);
  log.runs.forEach((run, r) => {
    const results = run.results ?? [];
    const rules = run.tool.driver.rules ?? [];
    if (results.length > 25_000) problems.push(`run ${r}: ${results.length} results (at most 25,000)`);
    if (rules.length > 25_000) problems.push(`run ${r}: ${rules.length} rules (at most 25,000)`);
    if ((run.tool.extensions ?? []).length > 100) problems.push(`run ${r}: more than 100 tool extensions`);
    results.forEach((result, i) => {
      if ((result.locations ?? []).length > 1000) problems.push(`run ${r} result ${i}: more than 1,000 locations`);
      if ((result.relatedLocations ?? []).length > 1000) problems.push(`run ${r} result ${i}: more than 1,000 related locations`);
    });
    rules.forEach((rule, i) => {
      if ((rule.properties?.tags ?? []).length > 20) problems.push(`run ${r} rule ${i}: more than 20 tags`);
    });
  });
  return problems;
}

export interface MultitoolResult {
  ruleId: string;
  level: string;
  text: string;
}

/** The multitool's `validate --rule-kind "Gh;Sarif"` results on `file` (schema, SARIF and GitHub rules), and its console output. */
export function multitoolValidate(file: string): { results: MultitoolResult[]; output: string } {
  const tool = join(toolDir, process.platform === 'win32' ? 'Sarif.Multitool.exe' : 'Sarif.Multitool');
  // npm may leave the package's postinstall (which makes the tool executable) unrun.
  if (process.platform !== 'win32') chmodSync(tool, 0o755);
  const out = `${file}.validation.sarif`;
  rmSync(out, { force: true });
  const run = spawnSync(tool, ['validate', '--rule-kind', 'Gh;Sarif', '-o', out, file], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1' },
  });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  let validation: { runs: { results?: { ruleId: string; level?: string; message: { text?: string; arguments?: string[] } }[] }[] };
  try {
    validation = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    throw new Error(`the SARIF multitool wrote no log (exit ${run.status}): ${output}`);
  }
  const results = (validation.runs[0]?.results ?? []).map((r) => ({
    ruleId: r.ruleId,
    level: r.level ?? 'warning',
    text: r.message.text ?? (r.message.arguments ?? []).join(' '),
  }));
  return { results, output };
}
