/** Builds the schema-versioned Report from auditor runs. */

import type { Severity } from '../model/location.js';
import { SEVERITIES } from '../model/location.js';
import { type Baseline, compareWithBaseline, type StatementOf } from './baseline.js';
import { fingerprints } from './fingerprint.js';
import { toolVersion } from './paths.js';
import type { Shard } from './shard.js';
import type { AuditorRun, EntityView, ProjectMeta, Report, ReportSettings, RunStatus } from './types.js';
import { REPORT_SCHEMA_VERSION } from './types.js';

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** True when `a` is at least as severe as `b`. */
export function atLeast(a: Severity, b: Severity): boolean {
  return RANK[a] >= RANK[b];
}

export interface BuildOptions {
  now?: Date;
  /** The baseline to compare the findings with, the file it came from, and whose it is. */
  baseline?: { baseline: Baseline; file: string; origin?: 'repository' | 'user' };
  /** The configuration applied and the inline directives (see ReportSettings). */
  settings?: ReportSettings;
  /** The statements of the project's declarations, by which the baseline knows a renamed declaration's findings. */
  statementOf?: StatementOf;
  /** What decides the findings, hashed (see Report.configHash). */
  configHash?: string;
  /** This report's shard of a sharded audit. */
  shard?: Shard;
  /** The informal entities the audit read. */
  entities?: EntityView[];
}

/**
 * Assembles the report and gives every finding its fingerprint; `failed` is true when a finding
 * is at or above `failOn` (with a baseline: a finding the baseline does not list), and
 * `failedAuditors` lists the runs that failed without `allowFailure`.
 */
export function buildReport(project: ProjectMeta, runs: AuditorRun[], failOn: Severity, options: BuildOptions = {}): Report {
  const all = runs.flatMap((run) => run.findings);
  fingerprints(all).forEach((fingerprint, i) => {
    all[i]!.fingerprint = fingerprint;
  });
  const ran = new Set(runs.filter((run) => run.status === 'ok').map((run) => run.auditorId));
  const compared = options.baseline
    ? compareWithBaseline(all, options.baseline.baseline, options.baseline.file, ran, options.statementOf)
    : undefined;
  const baseline = compared && options.baseline?.origin ? { ...compared, origin: options.baseline.origin } : compared;
  const findings = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  const auditors: Record<RunStatus, number> = { ok: 0, skipped: 0, error: 0 };
  for (const run of runs) auditors[run.status] += 1;
  for (const f of all) findings[f.severity] += 1;
  let omitted = 0;
  // Findings omitted from the listing are counted, and fail the run at or above failOn: past the cap no baseline can vouch for them.
  let omittedFail = false;
  for (const run of runs) {
    for (const { severity, count } of Object.values(run.omitted ?? {})) {
      findings[severity] += count;
      omitted += count;
      omittedFail ||= atLeast(severity, failOn);
    }
  }
  const failed = omittedFail || all.some((f) => f.baselineState !== 'unchanged' && atLeast(f.severity, failOn));
  const failedAuditors = runs.filter((run) => run.status === 'error' && !run.failureAllowed).map((run) => run.auditorId);
  const suppressed = runs.reduce((sum, run) => sum + (run.suppressed ?? 0), 0);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'leanaudit', version: toolVersion() },
    generatedAt: (options.now ?? new Date()).toISOString(),
    project,
    ...(options.configHash !== undefined ? { configHash: options.configHash } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
    runs,
    ...(options.entities ? { entities: options.entities } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
    summary: { findings, auditors, failOn, failed, failedAuditors, suppressed, omitted, ...(baseline ? { baseline } : {}) },
  };
}
