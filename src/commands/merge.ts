/**
 * `leanaudit merge <reports…>`: the N reports of `audit --shard i/N` (JSON) made into the report one
 * run would have made: each split auditor's findings put together, its metrics recomputed by its
 * own merge (counts summed, rates from their sums) and its summary findings made anew; the other
 * auditors taken from shard 1, which ran them whole; fingerprints, baseline comparison and every
 * output format as for one run. Reports of different projects, commits or configurations, or a
 * missing shard, are refused.
 */
import { existsSync } from 'node:fs';
import { type Command, Option } from 'commander';
import { AUDITORS } from '../auditors/index.js';
import { baselineOf, readBaseline, writeBaseline } from '../core/baseline.js';
import { InputError } from '../core/errors.js';
import { jsonErrorLine } from '../core/json.js';
import { READ_LIMITS, RefusedFile, readBoundedText } from '../core/repo-file.js';
import { buildReport } from '../core/report.js';
import { reportSchemaErrors } from '../core/report-schema.js';
import { formatMessage } from '../core/runner.js';
import { sumMetrics } from '../core/shard.js';
import { SUPPRESSION_META } from '../core/suppressions.js';
import type { Auditor, AuditorRun, Finding, Report, ShardMerge } from '../core/types.js';
import type { Severity } from '../model/location.js';
import { SEVERITIES } from '../model/location.js';
import { FORMATS, type Format } from '../reporters/index.js';
import { exitCodeOf } from './audit.js';
import { DOCS_URL_OPTION, emitReport } from './output.js';

/** Reads and validates one shard's JSON report. */
export function readShardReport(file: string): Report {
  if (!existsSync(file)) throw new InputError(`no report at ${file}`);
  let text: string;
  try {
    // Bounded, and only a regular file: a FIFO given as a report would wait for a writer for good.
    text = readBoundedText(file, READ_LIMITS.report);
  } catch (e) {
    throw new InputError(e instanceof RefusedFile ? e.message : `${file}: ${(e as Error).message}`);
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch (e) {
    throw new InputError(
      `${file}:${jsonErrorLine(text, e as Error)}: not JSON (merge reads reports written with --format json): ${(e as Error).message}`,
    );
  }
  const errors = reportSchemaErrors(report);
  if (errors.length > 0) throw new InputError(`${file}: not a leanaudit report of this version: ${errors.join('; ')}`);
  return report as Report;
}

/** The parts ordered by shard index; an InputError when they are not the N shards of one audit. */
function checkParts(parts: { file: string; report: Report }[]): Report[] {
  const first = parts[0]!;
  for (const { file, report } of parts) {
    if (!report.shard) throw new InputError(`${file} is not a shard's report (run audit --shard i/N)`);
    const differs = (what: string, a: unknown, b: unknown): void => {
      if (a !== b) throw new InputError(`${file} and ${first.file} are parts of different audits: ${what} ${String(b)} vs ${String(a)}`);
    };
    differs('project', first.report.project.name, report.project.name);
    differs('commit', first.report.project.repository?.commit, report.project.repository?.commit);
    differs('leanaudit version', first.report.tool.version, report.tool.version);
    differs('configuration', first.report.configHash, report.configHash);
    differs('shard count', first.report.shard?.count, report.shard.count);
  }
  const count = first.report.shard!.count;
  const byIndex = new Map<number, string>();
  for (const { file, report } of parts) {
    const seen = byIndex.get(report.shard!.index);
    if (seen) throw new InputError(`${file} and ${seen} are both shard ${report.shard!.index}/${count}`);
    byIndex.set(report.shard!.index, file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    throw new InputError(`shard ${missing.map((i) => `${i}/${count}`).join(', ')} missing: merge needs all ${count} reports`);
  return [...parts].sort((a, b) => a.report.shard!.index - b.report.shard!.index).map((p) => p.report);
}

/** A finding as the shard wrote it, without what the merged report computes again. */
const fresh = ({ fingerprint: _f, baselineState: _b, ...f }: Finding): Finding => f;

const byPlace = (a: Finding, b: Finding): number =>
  (a.location?.file ?? '').localeCompare(b.location?.file ?? '') || (a.location?.line ?? 0) - (b.location?.line ?? 0);

/**
 * The core's `suppressions` run merges as a split auditor's: each shard suppressed the findings it
 * held; unused directives are only called so where the auditor ran whole (shard 1), and unreadable
 * ones are the same in every shard.
 */
const SUPPRESSIONS: Auditor = {
  meta: { ...SUPPRESSION_META, shard: 'file' },
  run: async () => undefined,
  merge: {
    metrics: (parts) => ({ ...sumMetrics(parts), directives: Math.max(...parts.map((p) => p.directives ?? 0)) }),
    once: ['invalid-directive', 'unused-directive'],
  } satisfies ShardMerge,
};

/** One auditor's run from its shards' runs. */
function mergeRun(auditor: Auditor | undefined, runs: AuditorRun[]): AuditorRun {
  const [first] = runs as [AuditorRun];
  if (!auditor?.meta.shard || !auditor.merge) return { ...first, findings: first.findings.map(fresh) };
  const errors = runs.filter((r) => r.status === 'error');
  const ok = runs.filter((r) => r.status === 'ok');
  const status: AuditorRun['status'] = errors.length > 0 ? 'error' : ok.length > 0 ? 'ok' : 'skipped';
  const reason =
    status === 'error' ? [...new Set(errors.map((r) => r.reason))].join('; ') : status === 'skipped' ? first.reason : undefined;
  const summaries = new Set(auditor.merge.summaries?.rules ?? []);
  const once = new Set(auditor.merge.once ?? []);
  const alike = runs.find((r) => r.findings.some((f) => once.has(f.messageId)))?.findings.filter((f) => once.has(f.messageId)) ?? [];
  const findings = runs
    .flatMap((r) => r.findings)
    .filter((f) => !summaries.has(f.messageId) && !once.has(f.messageId))
    .map(fresh)
    .sort(byPlace);
  findings.push(...alike.map(fresh));
  const metrics = status === 'ok' ? auditor.merge.metrics(ok.map((r) => r.metrics)) : {};
  if (status === 'ok' && auditor.merge.summaries) {
    const severityOf = (rule: string): Severity =>
      runs.flatMap((r) => r.findings).find((f) => f.messageId === rule)?.severity ?? auditor.meta.rules[rule]!.severity;
    for (const { data, message, ...input } of auditor.merge.summaries.findings(metrics)) {
      const rule = auditor.meta.rules[input.messageId]!;
      findings.push({
        auditorId: auditor.meta.id,
        severity: severityOf(input.messageId),
        message: message ?? formatMessage(rule.message, data),
        ...input,
      });
    }
  }
  return {
    auditorId: first.auditorId,
    status,
    ...(reason !== undefined ? { reason } : {}),
    findings,
    metrics,
    durationMs: runs.reduce((n, r) => n + r.durationMs, 0),
    ...(first.meta ? { meta: first.meta } : {}),
    ...(runs.some((r) => r.suppressed) ? { suppressed: runs.reduce((n, r) => n + (r.suppressed ?? 0), 0) } : {}),
    ...(errors.some((r) => r.failureAllowed) ? { failureAllowed: true as const } : {}),
  };
}

export interface MergeOptions {
  failOn?: Severity;
  /** Baseline to compare the merged findings with; default: the one the shards were compared with, when it exists. */
  baseline?: string;
  writeBaseline?: string;
  auditors?: readonly Auditor[];
}

/** The merged report of the shard reports in `files`. */
export function mergeReports(files: string[], options: MergeOptions = {}): Report {
  if (files.length === 0) throw new InputError('merge needs the JSON reports of every shard');
  const parts = checkParts(files.map((file) => ({ file, report: readShardReport(file) })));
  const [first] = parts as [Report];
  const registry = [...(options.auditors ?? AUDITORS), SUPPRESSIONS];
  const runs = first.runs.map((run) => {
    const all = parts.map((p) => p.runs.find((r) => r.auditorId === run.auditorId));
    if (all.some((r) => r === undefined)) throw new InputError(`auditor ${run.auditorId} is missing from a shard's report`);
    return mergeRun(
      registry.find((a) => a.meta.id === run.auditorId),
      all as AuditorRun[],
    );
  });
  const failOn = options.failOn ?? first.summary.failOn;
  // Every shard reads every entity: the first one's views are the run's.
  const configHash = {
    ...(first.configHash !== undefined ? { configHash: first.configHash } : {}),
    ...(first.entities ? { entities: first.entities } : {}),
  };
  if (options.baseline !== undefined && options.writeBaseline !== undefined) {
    throw new InputError('give --baseline (compare with a baseline) or --write-baseline (write one), not both');
  }
  // A path written inside a report is data, not the user's word: the shards' baseline is read only when given again.
  const shardBaseline = first.summary.baseline;
  if (shardBaseline && options.baseline === undefined && options.writeBaseline === undefined) {
    throw new InputError(
      `the shards were compared with a baseline (${shardBaseline.file}): merge reads no path from inside a report, give it again with --baseline <file>`,
    );
  }
  const baselineFile = options.writeBaseline === undefined ? options.baseline : undefined;
  const baseline = baselineFile === undefined ? {} : { baseline: { baseline: readBaseline(baselineFile), file: baselineFile } };
  const report = buildReport(first.project, runs, failOn, { ...baseline, ...configHash });
  if (options.writeBaseline === undefined) return report;
  const written = baselineOf(report);
  writeBaseline(options.writeBaseline, written);
  return buildReport(first.project, runs, failOn, { baseline: { baseline: written, file: options.writeBaseline }, ...configHash });
}

interface CliOptions {
  format: Format;
  output?: string;
  docsUrl?: string;
  failOn?: Severity;
  baseline?: string;
  writeBaseline?: string;
}

/** Adds the `merge` subcommand. */
export function registerMergeCommand(program: Command): void {
  program
    .command('merge')
    .description('merge the JSON reports of audit --shard 1/N … N/N into the report of one run')
    .argument('<reports...>', 'the JSON report of every shard (audit --shard i/N --format json -o …)')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('terminal'))
    .option('-o, --output <file>', 'write the report to this file instead of standard output')
    .addOption(
      new Option('--fail-on <severity>', "exit 1 when a finding is at or above this severity (default: the shards')").choices(SEVERITIES),
    )
    .option('--baseline <file>', 'fail only on findings this baseline does not list (needed when the shards were given one)')
    .option('--write-baseline <file>', 'write the merged findings as the baseline to accept')
    .option(...DOCS_URL_OPTION)
    .action((reports: string[], opts: CliOptions) => {
      const report = mergeReports(reports, opts);
      emitReport(report, { format: opts.format, output: opts.output, stepSummary: process.env.GITHUB_STEP_SUMMARY, docsUrl: opts.docsUrl });
      process.exitCode = exitCodeOf(report, false);
    });
}
