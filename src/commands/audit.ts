/** `leanaudit audit <repo>`: runs the auditors over a repository (or one shard of it) and renders one report. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import { type Command, Option } from 'commander';
import { AUDITORS } from '../auditors/index.js';
import { type Baseline, baselineOf, readBaseline, type StatementOf, statementsOf, writeBaseline } from '../core/baseline.js';
import { colorFor } from '../core/color.js';
import { ignoring, loadConfig, repeatable, validateCoreConfig } from '../core/config.js';
import { InputError } from '../core/errors.js';
import { toolVersion } from '../core/paths.js';
import { buildReport } from '../core/report.js';
import { runAuditors } from '../core/runner.js';
import { createServices, type ServiceSources } from '../core/services.js';
import { owns, parseShard, type Shard } from '../core/shard.js';
import type { Auditor, BaselineEntry, ProjectMeta, Report } from '../core/types.js';
import type { LeanProject } from '../model/lean.js';
import type { Severity } from '../model/location.js';
import { SEVERITIES } from '../model/location.js';
import { REPL_CMD_ENV } from '../repl/config.js';
import { verdict } from '../reporters/common.js';
import { FORMATS, type Format, REPORTERS } from '../reporters/index.js';
import { DEFAULT_SOURCES } from './sources.js';

export interface AuditOptions {
  only?: string[];
  failOn?: Severity;
  config?: string;
  /** Baseline file to compare the findings with (relative to the working directory); default: the config's `baseline`. */
  baseline?: string;
  /** Writes a baseline of this run's findings to this file; the report is then compared with it. */
  writeBaseline?: string;
  /** Path patterns of `.lean` files to leave out, after the configuration's `ignore`. */
  ignore?: string[];
  /** Run only this shard of the audit (see core/shard.ts). */
  shard?: Shard;
  signal?: AbortSignal;
  log?: (message: string) => void;
}

/** The auditors `--only` selects, in registry order; an unknown id is an InputError listing the known ones. */
export function selectAuditors(all: readonly Auditor[], only: readonly string[] | undefined): Auditor[] {
  if (!only) return [...all];
  const known = all.map((a) => a.meta.id);
  const unknown = only.filter((id) => !known.includes(id));
  if (unknown.length) {
    throw new InputError(`unknown auditor ${unknown.join(', ')}; available: ${known.join(', ') || 'none'}`);
  }
  return all.filter((a) => only.includes(a.meta.id));
}

/** The report's project metadata from the parsed project. */
export function projectMeta(root: string, project: LeanProject): ProjectMeta {
  const files = project.files;
  return {
    root,
    name: project.name,
    ...(project.leanToolchain !== undefined ? { leanToolchain: project.leanToolchain } : {}),
    ...(project.mathlibRev !== undefined ? { mathlibRev: project.mathlibRev } : {}),
    libraries: project.libraries,
    files: files.length,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    declarations: files.reduce((sum, f) => sum + f.decls.length, 0),
    skipped: project.skipped,
  };
}

/** The git commit checked out in `root`, if it is in a git work tree and git is installed. */
export function gitCommit(root: string): string | undefined {
  try {
    return (
      execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** sha256 (16 hex digits) of what decides an audit's findings, so that `merge` can refuse parts of different audits. */
export function auditConfigHash(config: unknown, auditors: readonly Auditor[], failOn: string): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  const what = { tool: toolVersion(), config, auditors: auditors.map((a) => a.meta.id), failOn };
  return createHash('sha256')
    .update(JSON.stringify(canonical(what)))
    .digest('hex')
    .slice(0, 16);
}

/** The baseline entries a shard answers for: of a split auditor, those of its files or entities; of the others, all in shard 1. */
function shardBaseline(baseline: Baseline, shard: Shard | undefined, auditors: readonly Auditor[]): Baseline {
  if (!shard || shard.count === 1) return baseline;
  const split = new Map(auditors.map((a) => [a.meta.id, a.meta.shard]));
  const mine = (e: BaselineEntry): boolean => {
    const by = split.get(e.auditorId);
    const key = by === 'file' ? e.file : by === 'entity' ? e.entityId : undefined;
    return key === undefined ? shard.index === 1 : owns(shard, key);
  };
  return { ...baseline, findings: baseline.findings.filter(mine) };
}

/** Runs the selected auditors over `repo` and builds the report; throws InputError on bad input. */
export async function runAudit(
  repo: string,
  options: AuditOptions = {},
  sources: ServiceSources = DEFAULT_SOURCES,
  auditors: readonly Auditor[] = AUDITORS,
): Promise<Report> {
  const root = resolve(repo);
  if (!existsSync(root)) throw new InputError(`no such repository: ${repo}`);
  if (!statSync(root).isDirectory()) throw new InputError(`not a directory: ${repo}`);
  const loaded = loadConfig(root, options.config);
  validateCoreConfig(
    loaded,
    auditors.map((a) => a.meta.id),
    options.config,
  );
  const config = ignoring(loaded, options.ignore);
  const selected = selectAuditors(auditors, options.only);
  if (options.baseline !== undefined && options.writeBaseline !== undefined) {
    throw new InputError('give --baseline (compare with a baseline) or --write-baseline (write one), not both');
  }
  if (options.shard && options.shard.count > 1 && options.writeBaseline !== undefined) {
    throw new InputError(
      'a shard holds part of the findings: write the baseline from the merged report (leanaudit merge --write-baseline)',
    );
  }
  const configured = config.baseline === undefined ? undefined : resolve(root, config.baseline);
  const baselineFile = options.writeBaseline === undefined ? (options.baseline ?? configured) : undefined;
  const baseline = baselineFile === undefined ? undefined : { baseline: readBaseline(baselineFile), file: baselineFile };
  const signal = options.signal ?? new AbortController().signal;
  const services = { ...createServices(root, config, signal, sources, options.log), ...(options.shard ? { shard: options.shard } : {}) };
  let project: ProjectMeta;
  let statementOf: StatementOf | undefined;
  try {
    const model = await services.project();
    project = projectMeta(root, model);
    statementOf = statementsOf(model);
  } catch (e) {
    project = { root, name: basename(root), error: e instanceof Error ? e.message : String(e) };
  }
  const commit = gitCommit(root);
  if (commit !== undefined) project.commit = commit;
  const runs = await runAuditors(selected, services);
  const failOn = options.failOn ?? config.failOn ?? 'error';
  const identity = {
    ...(statementOf ? { statementOf } : {}),
    configHash: auditConfigHash(config, selected, failOn),
    ...(options.shard ? { shard: options.shard } : {}),
  };
  const scoped = baseline && { ...baseline, baseline: shardBaseline(baseline.baseline, options.shard, selected) };
  const report = buildReport(project, runs, failOn, { ...(scoped ? { baseline: scoped } : {}), ...identity });
  if (options.writeBaseline === undefined) return report;
  const written = baselineOf(report, statementOf);
  writeBaseline(options.writeBaseline, written);
  return buildReport(project, runs, failOn, { baseline: { baseline: written, file: options.writeBaseline }, ...identity });
}

interface CliOptions {
  only?: string[];
  format: Format;
  output?: string;
  failOn?: Severity;
  config?: string;
  baseline?: string;
  writeBaseline?: string;
  ignore?: string[];
  verbose?: boolean;
  replCmd?: string;
  shard?: Shard;
}

/** Splits `--only a,b --only c` into ids. */
function collectIds(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
}

/** Colors only for a terminal report written to standard output, as colorFor decides. */
const wantsColor = (format: Format, output: string | undefined): boolean =>
  format === 'terminal' && output === undefined && colorFor(process.stdout);

/** The audited folder as seen from the GitHub workspace (else the working directory): annotations name files from there. */
function workspacePrefix(root: string): string {
  return relative(process.env.GITHUB_WORKSPACE ?? process.cwd(), root)
    .split(sep)
    .join('/');
}

/** Writes the rendered report; an unwritable path is an input error. */
function writeOutput(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (e) {
    throw new InputError(`cannot write ${file}: ${(e as Error).message}`);
  }
}

/** Renders the report in `format` to `output` (saying so on standard error), else to standard output. */
export function emitReport(report: Report, format: Format, output: string | undefined): void {
  const text = REPORTERS[format](report, { color: wantsColor(format, output), pathPrefix: workspacePrefix(report.project.root) });
  if (output) {
    writeOutput(output, text);
    process.stderr.write(`leanaudit: ${format} report written to ${output} (${verdict(report)})\n`);
  } else {
    process.stdout.write(text);
  }
}

/** Adds the `audit` subcommand. */
export function registerAuditCommand(program: Command): void {
  program
    .command('audit')
    .description('run every auditor (or --only some) over a Lean repository and print one report')
    .argument('<repo>', 'path of the Lean project to audit')
    .option('--only <ids>', 'comma-separated auditor ids to run (repeatable)', collectIds)
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('terminal'))
    .option('-o, --output <file>', 'write the report to this file instead of standard output')
    .addOption(
      new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity (default: error)').choices(SEVERITIES),
    )
    .option('--config <file>', 'configuration file (default: <repo>/leanaudit.config.json)')
    .option(
      '--ignore <pattern>',
      "leave out the .lean files this path pattern matches, after the configuration's ignore (repeatable)",
      repeatable,
    )
    .option('--baseline <file>', "fail only on findings this baseline does not list (default: the config's baseline)")
    .option('--write-baseline <file>', "write this run's findings as the baseline to accept (the run then passes)")
    .option(
      '--shard <i/N>',
      'run only shard i of N of the audit (files and entities split by hash; merge the N reports with leanaudit merge)',
      parseShard,
    )
    .option('--verbose', "print the auditors' progress messages on standard error")
    .option('--repl-cmd <cmd>', `the whole command that starts the Lean REPL (the same as $${REPL_CMD_ENV})`)
    .action(async (repo: string, opts: CliOptions) => {
      if (opts.replCmd) process.env[REPL_CMD_ENV] = opts.replCmd;
      const controller = new AbortController();
      const abort = (): void => controller.abort(new Error('interrupted'));
      process.once('SIGINT', abort);
      try {
        const log = opts.verbose ? (m: string) => process.stderr.write(`${m}\n`) : undefined;
        const report = await runAudit(repo, { ...opts, signal: controller.signal, ...(log ? { log } : {}) });
        emitReport(report, opts.format, opts.output);
        process.exitCode = controller.signal.aborted ? 130 : report.summary.failed ? 1 : 0;
      } finally {
        process.off('SIGINT', abort);
      }
    });
}
