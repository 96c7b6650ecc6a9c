/** `leanaudit audit <repo>`: runs the auditors over a repository (or one shard of it) and renders one report. */

import { existsSync, statSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import { type Command, Option } from 'commander';
import { AUDITORS } from '../auditors/index.js';
import { type Baseline, baselineOf, readBaseline, type StatementOf, statementsOf, writeBaseline } from '../core/baseline.js';
import { ignoring, RULE_SETTINGS, type RuleSetting, repeatable } from '../core/config.js';
import { entityView } from '../core/entity-view.js';
import { InputError } from '../core/errors.js';
import { attachExcerpts } from '../core/excerpts.js';
import { repositoryOf } from '../core/git.js';
import { contentHash } from '../core/json.js';
import { didYouMean } from '../core/nearest.js';
import { toolVersion } from '../core/paths.js';
import { buildReport } from '../core/report.js';
import { runAuditors } from '../core/runner.js';
import { createServices, type ServiceSources } from '../core/services.js';
import { owns, parseShard, type Shard } from '../core/shard.js';
import { detectSourceUrl } from '../core/source-url.js';
import { applySuppressions, type DirectiveScan, SUPPRESSION_META, Suppressor } from '../core/suppressions.js';
import type { Auditor, BaselineEntry, ProjectMeta, Report } from '../core/types.js';
import { projectDirectives } from '../lean/directives.js';
import { enclosingLakeProject } from '../lean/workspace/lakefile.js';
import type { LeanProject } from '../model/lean.js';
import type { Location, Severity } from '../model/location.js';
import { SEVERITIES } from '../model/location.js';
import { REPL_CMD_ENV } from '../repl/config.js';
import { FORMATS, type Format } from '../reporters/index.js';
import {
  CONFIG_HELP,
  type ConfigFlags,
  IGNORE_REPO_SETTINGS_HELP,
  LEAN_HELP,
  loadRunConfig,
  REPO_CACHE_HELP,
  TRUST_HELP,
} from './config.js';
import { checkFocusFormat, DOCS_URL_OPTION, emitReport, FOCUS_OPTION } from './output.js';
import { type ProgressSink, progressSink } from './progress.js';
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
  /** Address of a source line, `{path}` (from the repository root) and `{line}` filled in; default: detected from the git remote. */
  sourceUrl?: string;
  /** `--rule <id>=<severity>` settings, over the configuration's `rules`. */
  rule?: string[];
  /** Run only this shard of the audit (see core/shard.ts). */
  shard?: Shard;
  signal?: AbortSignal;
  log?: (message: string) => void;
  /** Hears the run as it goes: the progress line and --verbose's phases. */
  progress?: ProgressSink;
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

/** Why a folder with no `.lean` file to read cannot be audited: a run over nothing must not pass. */
function nothingToAudit(repo: string, model: LeanProject): string {
  const left = model.skipped.map((s) => `${s.path} (${s.reason})`);
  return `no .lean file to audit in ${repo}${left.length ? `; left out: ${left.slice(0, 5).join('; ')}${left.length > 5 ? `; and ${left.length - 5} more` : ''}` : ''}`;
}

/** The project's repository and source URL template: `sourceUrl` when given, else one detected from the git remote. */
function sourceFacts(root: string, sourceUrl: string | undefined): Pick<ProjectMeta, 'repository' | 'sourceUrl'> {
  const repository = repositoryOf(root);
  const url = sourceUrl ?? (repository ? detectSourceUrl(repository) : undefined);
  return { ...(repository ? { repository } : {}), ...(url ? { sourceUrl: url } : {}) };
}

/** sha256 (16 hex digits) of what decides an audit's findings, so that `merge` can refuse parts of different audits. */
export function auditConfigHash(config: unknown, auditors: readonly Auditor[], failOn: string): string {
  const what = { tool: toolVersion(), config, auditors: auditors.map((a) => a.meta.id), failOn };
  return contentHash(what);
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
  const given = resolve(repo);
  if (!existsSync(given)) throw new InputError(`no such repository: ${repo}`);
  if (!statSync(given).isDirectory()) throw new InputError(`not a directory: ${repo}`);
  // A subfolder of a Lake project is audited as that project (its lakefile, toolchain and module names), reading the subfolder's files only.
  const outer = enclosingLakeProject(given);
  const root = outer ?? given;
  const scope = outer === undefined ? undefined : relative(outer, given).split(sep).join('/');
  const loaded = loadRunConfig(root, options, auditors === AUDITORS ? undefined : auditors);
  const flagged = ruleFlags(options.rule ?? [], auditors);
  const config = ignoring(Object.keys(flagged).length ? { ...loaded, rules: { ...loaded.rules, ...flagged } } : loaded, options.ignore);
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
  // The configuration's baseline is a file of the repository; one given on the command line is the user's.
  const named = options.baseline === undefined ? root : undefined;
  const baseline = baselineFile === undefined ? undefined : { baseline: readBaseline(baselineFile, named), file: baselineFile };
  if (options.sourceUrl !== undefined && !options.sourceUrl.includes('{path}')) {
    throw new InputError(`--source-url needs a {path} placeholder (and usually {line}): ${options.sourceUrl}`);
  }
  const signal = options.signal ?? new AbortController().signal;
  const progress = options.progress;
  const scoped: ServiceSources =
    scope === undefined ? sources : { ...sources, loadProject: (at, load) => sources.loadProject(at, { ...load, within: scope }) };
  const created = createServices(root, config, signal, scoped, options.log, progress ? (e) => progress.event(e) : undefined);
  let entitiesAsked = false;
  let suppressor: Suppressor | undefined;
  const services = {
    ...created,
    ...(options.shard ? { shard: options.shard } : {}),
    entities: () => {
      entitiesAsked = true;
      return created.entities();
    },
    suppresses: (rule: string, location: Location) => suppressor?.suppresses(rule, location) ?? false,
  };
  let project: ProjectMeta;
  let statementOf: StatementOf | undefined;
  let model: LeanProject | undefined;
  let directives: DirectiveScan = { directives: new Map(), invalid: [] };
  const scanStarted = performance.now();
  try {
    model = await services.project();
    progress?.phase('read the Lean project', performance.now() - scanStarted, `${model.files.length} files`);
    project = { ...projectMeta(root, model), ...(scope === undefined ? {} : { scope }) };
    statementOf = statementsOf(model);
    directives = projectDirectives(model);
    suppressor = new Suppressor(directives);
  } catch (e) {
    project = { root, name: basename(root), error: e instanceof Error ? e.message : String(e) };
  }
  if (model && model.files.length === 0) throw new InputError(nothingToAudit(repo, model));
  const auditStarted = performance.now();
  const runs = await runAuditors(selected, services);
  progress?.phase(
    'ran the auditors',
    performance.now() - auditStarted,
    `${runs.filter((r) => r.status === 'ok').length} of ${runs.length} ran`,
  );
  const reportStarted = performance.now();
  const partial =
    options.shard && options.shard.count > 1 ? new Set(selected.filter((a) => a.meta.shard).map((a) => a.meta.id)) : undefined;
  const suppressions = applySuppressions(
    runs,
    directives,
    { knownRules: ruleIds(auditors), config, ...(partial ? { partial } : {}) },
    suppressor,
  );
  if (suppressions) runs.push(suppressions);
  Object.assign(project, sourceFacts(root, options.sourceUrl));
  attachExcerpts(
    root,
    runs.flatMap((run) => run.findings),
  );
  const entities = entitiesAsked
    ? await created.entities().then(
        (all) => all.map(entityView),
        () => undefined,
      )
    : undefined;
  const failOn = options.failOn ?? config.failOn ?? 'error';
  const statements = {
    ...(statementOf ? { statementOf } : {}),
    ...(entities ? { entities } : {}),
    configHash: auditConfigHash(config, selected, failOn),
    ...(options.shard ? { shard: options.shard } : {}),
  };
  const shardOwn = baseline && { ...baseline, baseline: shardBaseline(baseline.baseline, options.shard, selected) };
  const report = buildReport(project, runs, failOn, { ...(shardOwn ? { baseline: shardOwn } : {}), ...statements });
  progress?.phase('built the report', performance.now() - reportStarted);
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
  ignoreRepoSettings?: boolean;
  repoCache?: boolean | string;
  lean?: boolean;
  baseline?: string;
  writeBaseline?: string;
  ignore?: string[];
  rule?: string[];
  verbose?: boolean;
  replCmd?: string;
  sourceUrl?: string;
  docsUrl?: string;
  focus?: string;
  progress?: boolean;
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
    .option('--ignore-repo-settings', IGNORE_REPO_SETTINGS_HELP)
    .option('--repo-cache [folder]', REPO_CACHE_HELP)
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
    .option(
      '--source-url <template>',
      'address of a source line for the links of the HTML report: {path} (from the repository root) and {line} filled in (default: detected from a GitHub or GitLab origin remote and the commit checked out)',
    )
    .option(...DOCS_URL_OPTION)
    .option(...FOCUS_OPTION)
    .option(
      '--shard <i/N>',
      'run only shard i of N of the audit (files and entities split by hash; merge the N reports with leanaudit merge)',
      parseShard,
    )
    .option('--verbose', "print each phase with its time, and the auditors' progress messages, on standard error")
    .option('--progress', 'draw the live progress line on standard error even when it is not a terminal')
    .option('--lean', LEAN_HELP)
    .option('--repl-cmd <cmd>', `the whole command that starts the Lean REPL (the same as $${REPL_CMD_ENV})`)
    .action(async (repo: string, opts: CliOptions) => {
      checkFocusFormat(opts.format, opts.focus);
      if (opts.replCmd) process.env[REPL_CMD_ENV] = opts.replCmd;
      const controller = new AbortController();
      const abort = (): void => controller.abort(new Error('interrupted'));
      process.once('SIGINT', abort);
      const { progress: forceProgress, focus, ...rest } = opts;
      const sink = progressSink(process.stderr, {
        animated: forceProgress === true || process.stderr.isTTY === true,
        verbose: opts.verbose === true,
        auditors: selectAuditors(AUDITORS, opts.only).length,
      });
      try {
        const log = opts.verbose ? (m: string) => process.stderr.write(`${m}\n`) : undefined;
        const report = await runAudit(repo, { ...rest, signal: controller.signal, progress: sink, ...(log ? { log } : {}) });
        sink.done();
        await emitReport(report, {
          format: opts.format,
          output: opts.output,
          stepSummary: process.env.GITHUB_STEP_SUMMARY,
          docsUrl: opts.docsUrl,
          focus,
        });
        process.exitCode = exitCodeOf(report, controller.signal.aborted);
      } finally {
        sink.done();
        process.off('SIGINT', abort);
      }
    });
}
