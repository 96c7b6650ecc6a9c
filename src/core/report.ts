/** Builds the schema-versioned Report from auditor runs. */
import type { AuditorRun, ProjectMeta, Report, RunStatus, Severity } from './types.js';
import { REPORT_SCHEMA_VERSION, SEVERITIES } from './types.js';
import { toolVersion } from './paths.js';

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** True when `a` is at least as severe as `b`. */
export function atLeast(a: Severity, b: Severity): boolean {
  return RANK[a] >= RANK[b];
}

/** Assembles the report; `failed` is true when a finding is at or above `failOn`. */
export function buildReport(project: ProjectMeta, runs: AuditorRun[], failOn: Severity, now = new Date()): Report {
  const findings = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  const auditors: Record<RunStatus, number> = { ok: 0, skipped: 0, error: 0 };
  let failed = false;
  for (const run of runs) {
    auditors[run.status] += 1;
    for (const f of run.findings) {
      findings[f.severity] += 1;
      if (atLeast(f.severity, failOn)) failed = true;
    }
  }
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'leanaudit', version: toolVersion() },
    generatedAt: now.toISOString(),
    project,
    runs,
    summary: { findings, auditors, failOn, failed },
  };
}
