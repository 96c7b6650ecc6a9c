/** `leanaudit audit <repo>`: runs the auditors over a repository and renders one report. */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import { type Command, Option } from 'commander';
import { AUDITORS } from '../auditors/index.js';
import { baselineOf, readBaseline, type StatementOf, statementsOf, writeBaseline } from '../core/baseline.js';
import { colorFor } from '../core/color.js';
import { ignoring, RULE_SETTINGS, type RuleSetting, repeatable } from '../core/config.js';
import { InputError } from '../core/errors.js';
import { didYouMean } from '../core/nearest.js';
import { buildReport } from '../core/report.js';
import { runAuditors } from '../core/runner.js';
import { createServices, type ServiceSources } from '../core/services.js';
import { applySuppressions, type DirectiveScan, SUPPRESSION_META } from '../core/suppressions.js';
import type { Auditor, ProjectMeta, Report } from '../core/types.js';
import { projectDirectives } from '../lean/directives.js';
import type { LeanProject } from '../model/lean.js';
import type { Severity } from '../model/location.js';
import { SEVERITIES } from '../model/location.js';
import { REPL_CMD_ENV } from '../repl/config.js';
import { verdict } from '../reporters/common.js';
import { FORMATS, type Format, REPORTERS } from '../reporters/index.js';
import { CONFIG_HELP, type ConfigFlags, loadRunConfig, TRUST_HELP } from './config.js';
import { DEFAULT_SOURCES } from './sources.js';

export interface AuditOptions extends ConfigFlags {
  only?: string[];
  failOn?: Severity;
  /** Baseline file to compare the findings with (relative to the working directory); default: the config's `baseline`. */
  baseline?: string;
  /** Writes a baseline of this run's findings to this file; the report is then compared with it. */
  writeBaseline?: string;
  /** Path patterns of `.lean` files to leave out, after the configuration's `ignore`. */
  ignore?: string[];
  /** `--rule <id>=<severity>` settings, over the configuration's `rules`. */
  rule?: string[];
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

/** Every rule id these auditors (and the core's suppression directives) report under. */
export function ruleIds(auditors: readonly Auditor[]): string[] {
  return [...auditors.map((a) => a.meta), SUPPRESSION_META].flatMap((meta) => Object.keys(meta.rules).map((id) => `${meta.id}/${id}`));
}

/** `--rule proof-gaps/native-decide=off` flags as settings; an unknown rule or setting is an InputError naming the nearest known one. */
export function ruleFlags(flags: readonly string[], auditors: readonly Auditor[]): Record<string, RuleSetting> {
  const known = ruleIds(auditors);
  const settings: Record<string, RuleSetting> = {};
  for (const flag of flags) {
    const at = flag.lastIndexOf('=');
    const [id, setting] = at < 0 ? [flag, ''] : [flag.slice(0, at).trim(), flag.slice(at + 1).trim()];
    if (!known.includes(id)) throw new InputError(`--rule ${flag}: unknown rule ${id}${didYouMean(id, known)}`);
    if (!(RULE_SETTINGS as readonly string[]).includes(setting)) {
      throw new InputError(`--rule ${flag}: give <rule>=<setting>, the setting one of ${RULE_SETTINGS.join(', ')}`);
    }
    settings[id] = setting as RuleSetting;
  }
  return settings;
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
  const loaded = loadRunConfig(root, options, auditors === AUDITORS ? undefined : auditors);
  const flagged = ruleFlags(options.rule ?? [], auditors);
  const config = ignoring(Object.keys(flagged).length ? { ...loaded, rules: { ...loaded.rules, ...flagged } } : loaded, options.ignore);
  const selected = selectAuditors(auditors, options.only);
  if (options.baseline !== undefined && options.writeBaseline !== undefined) {
    throw new InputError('give --baseline (compare with a baseline) or --write-baseline (write one), not both');
  }
  const configured = config.baseline === undefined ? undefined : resolve(root, config.baseline);
  const baselineFile = options.writeBaseline === undefined ? (options.baseline ?? configured) : undefined;
  // The configuration's baseline is a file of the repository; one given on the command line is the user's.
  const named = options.baseline === undefined ? root : undefined;
  const baseline = baselineFile === undefined ? undefined : { baseline: readBaseline(baselineFile, named), file: baselineFile };
  const signal = options.signal ?? new AbortController().signal;
  const services = createServices(root, config, signal, sources, options.log);
  let project: ProjectMeta;
  let statementOf: StatementOf | undefined;
  let directives: DirectiveScan = { directives: new Map(), invalid: [] };
  try {
    const model = await services.project();
    project = projectMeta(root, model);
    statementOf = statementsOf(model);
    directives = projectDirectives(model);
  } catch (e) {
    project = { root, name: basename(root), error: e instanceof Error ? e.message : String(e) };
  }
  const runs = await runAuditors(selected, services);
  const suppressions = applySuppressions(runs, directives, { knownRules: ruleIds(auditors), config });
  if (suppressions) runs.push(suppressions);
  const failOn = options.failOn ?? config.failOn ?? 'error';
  const statements = statementOf ? { statementOf } : {};
  const report = buildReport(project, runs, failOn, { ...(baseline ? { baseline } : {}), ...statements });
  if (options.writeBaseline === undefined) return report;
  const written = baselineOf(report, statementOf);
  writeBaseline(options.writeBaseline, written);
  return buildReport(project, runs, failOn, { baseline: { baseline: written, file: options.writeBaseline }, ...statements });
}

interface CliOptions {
  only?: string[];
  format: Format;
  output?: string;
  failOn?: Severity;
  config?: string;
  trustRepoConfig?: boolean;
  baseline?: string;
  writeBaseline?: string;
  ignore?: string[];
  rule?: string[];
  verbose?: boolean;
  replCmd?: string;
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

/**
 * The exit status of an audit: 130 interrupted, 3 an auditor failed (its results are missing, so
 * the gate fails closed, whatever the findings), 1 findings at or above the failing severity, 0 clean.
 */
export function exitCodeOf(report: Report, interrupted: boolean): number {
  if (interrupted) return 130;
  if (report.summary.failedAuditors.length > 0) return 3;
  return report.summary.failed ? 1 : 0;
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
    .option('--config <file>', CONFIG_HELP)
    .option('--trust-repo-config', TRUST_HELP)
    .option(
      '--ignore <pattern>',
      "leave out the .lean files this path pattern matches, after the configuration's ignore (repeatable)",
      repeatable,
    )
    .option(
      '--rule <rule=setting>',
      'set one rule: proof-gaps/native-decide=off, or =info, =warning, =error; over the configuration (repeatable)',
      repeatable,
    )
    .option('--baseline <file>', "fail only on findings this baseline does not list (default: the config's baseline)")
    .option('--write-baseline <file>', "write this run's findings as the baseline to accept (the run then passes)")
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
        const text = REPORTERS[opts.format](report, {
          color: wantsColor(opts.format, opts.output),
          pathPrefix: workspacePrefix(report.project.root),
        });
        if (opts.output) {
          writeOutput(opts.output, text);
          process.stderr.write(`leanaudit: ${opts.format} report written to ${opts.output} (${verdict(report)})\n`);
        } else {
          process.stdout.write(text);
        }
        process.exitCode = exitCodeOf(report, controller.signal.aborted);
      } finally {
        process.off('SIGINT', abort);
      }
    });
}
