/** Views of a Report shared by the reporters: findings by file, counts, locations, metrics. */
import { MAX_FINDINGS_PER_RULE } from '../core/runner.js';
import type { AuditorRun, Finding, Report } from '../core/types.js';
import type { Location, Severity } from '../model/location.js';

/** Severities from the most to the least severe. */
export const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];

/** The number of findings of each severity in one run. */
export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

/** Every finding of the report, in auditor order. */
export function allFindings(report: Report): Finding[] {
  return report.runs.flatMap((run) => run.findings);
}

/** The findings a listing shows: all of them, or with a baseline only those it does not list. */
export function listed(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.baselineState !== 'unchanged');
}

/** Baseline entries a listing shows before pointing to the JSON report. */
export const ABSENT_LIMIT = 20;

/** What the report says of its baseline, or undefined without one. */
export function baselineNote(report: Report): string | undefined {
  const b = report.summary.baseline;
  if (!b) return undefined;
  const parts = [`${b.unchanged} known finding${b.unchanged === 1 ? '' : 's'} not listed`, `${b.new} new`];
  if (b.absent > 0)
    parts.push(`${b.absent} no longer found (fixed, or its declaration renamed and restated): write the baseline again to tighten it`);
  return `baseline ${b.file}: ${parts.join(', ')}`;
}

/** The baseline entries no finding matches any more, as `file:line  rule  message` lines (at most ABSENT_LIMIT). */
export function absentLines(report: Report): string[] {
  const absent = report.summary.baseline?.absentFindings ?? [];
  const lines = absent
    .slice(0, ABSENT_LIMIT)
    .map((e) => `${e.file ? `${e.file}:${e.line ?? ''}` : '-'}  ${e.auditorId}/${e.messageId}  ${e.message}`);
  if (absent.length > ABSENT_LIMIT)
    lines.push(`… and ${absent.length - ABSENT_LIMIT} more (summary.baseline.absentFindings in the JSON report)`);
  return lines;
}

/** A file's findings sorted by position; `file` is undefined for findings without a location. */
export interface FileGroup {
  file: string | undefined;
  findings: Finding[];
}

const byPosition = (a: Finding, b: Finding): number =>
  (a.location?.line ?? 0) - (b.location?.line ?? 0) || (a.location?.column ?? 0) - (b.location?.column ?? 0);

/** Findings grouped by file (files sorted by path), the ones without a location last. */
export function groupByFile(findings: readonly Finding[]): FileGroup[] {
  const groups = new Map<string | undefined, Finding[]>();
  for (const f of findings) {
    const key = f.location?.file;
    const list = groups.get(key) ?? [];
    list.push(f);
    groups.set(key, list);
  }
  const files = [...groups.keys()].filter((k): k is string => k !== undefined).sort();
  const ordered: FileGroup[] = files.map((file) => ({ file, findings: groups.get(file)!.sort(byPosition) }));
  const loose = groups.get(undefined);
  if (loose) ordered.push({ file: undefined, findings: loose });
  return ordered;
}

/** `line:col` with a 1-based column as editors show it, or `line`, or `-` without a location. */
export function position(location: Location | undefined): string {
  if (!location) return '-';
  return location.column === undefined ? `${location.line}` : `${location.line}:${location.column + 1}`;
}

/** The rule a finding belongs to: `auditorId/messageId`. */
export function ruleId(finding: Finding): string {
  return `${finding.auditorId}/${finding.messageId}`;
}

/** Key metrics shown in summary tables before the rest is cut (the JSON report has them all). */
export const KEY_METRIC_LIMIT = 8;

/**
 * A run's key metrics as `name=value` pairs, in the order the auditor recorded them: zeros and
 * breakdowns (names with a `:`, such as `file:A.lean:sorry`) are left to the JSON report.
 */
export function metricsText(run: AuditorRun): string {
  const key = Object.entries(run.metrics).filter(([name, value]) => value !== 0 && !name.includes(':'));
  const shown = key.slice(0, KEY_METRIC_LIMIT).map(([name, value]) => `${name}=${Number.isInteger(value) ? value : value.toFixed(3)}`);
  if (key.length > KEY_METRIC_LIMIT) shown.push(`(+${key.length - KEY_METRIC_LIMIT} more)`);
  return shown.join(' ');
}

/** A run's status as the summary tables show it: an error whose failure is allowed says so. */
export function statusText(run: AuditorRun): string {
  return run.failureAllowed ? 'error (allowed)' : run.status;
}

/** Whether the run fails its gate: an auditor failed, or findings at or above the failing severity. */
export const gateFailed = (report: Report): boolean => report.summary.failed || report.summary.failedAuditors.length > 0;

/** What the summary table says of a run: its key metrics when it ran, else why it did not. */
export function runNote(run: AuditorRun): string {
  return run.status === 'ok' ? metricsText(run) : (run.reason ?? '');
}

/** The commands that would enable skipped auditors, each once with the auditors it enables and why they were skipped. */
export function enableNotes(report: Report): { auditors: string[]; reason: string; command: string }[] {
  const notes = new Map<string, { auditors: string[]; reason: string; command: string }>();
  for (const run of report.runs) {
    if (run.status !== 'skipped' || run.enable === undefined) continue;
    const note = notes.get(run.enable) ?? { auditors: [], reason: run.reason ?? '', command: run.enable };
    note.auditors.push(run.auditorId);
    notes.set(run.enable, note);
  }
  return [...notes.values()];
}

/** "to enable a, b (why): command". */
export const enableText = (note: { auditors: string[]; reason: string; command: string }): string =>
  `to enable ${note.auditors.join(', ')} (${note.reason}): ${note.command}`;

/** A byte count in B, kB or MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** One line of project facts: toolchain, Mathlib revision, files, bytes, declarations. */
export function projectFacts(report: Report): string[] {
  const p = report.project;
  const facts: string[] = [];
  if (p.scope) facts.push(`${p.scope}/ of the Lake project`);
  if (p.leanToolchain) facts.push(`Lean ${p.leanToolchain}`);
  if (p.mathlibRev) facts.push(`Mathlib ${p.mathlibRev.slice(0, 12)}`);
  if (p.files !== undefined) facts.push(`${p.files} files`);
  if (p.bytes !== undefined) facts.push(formatBytes(p.bytes));
  if (p.declarations !== undefined) facts.push(`${p.declarations} declarations`);
  return facts;
}

/** "3 errors, 1 warning, 0 info". */
export function severityTotals(counts: Record<Severity, number>): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info`;
}

/** The first line of a failed run's reason, at most REASON_LIMIT characters. */
const REASON_LIMIT = 160;
const shortReason = (reason: string | undefined): string => {
  const line = (reason ?? 'no reason given').split('\n')[0]!;
  return line.length > REASON_LIMIT ? `${line.slice(0, REASON_LIMIT - 1)}…` : line;
};

/**
 * The closing verdict: the auditors that failed and why (the run is incomplete: exit 3), else
 * whether it fails at the configured severity (with a baseline: its new findings).
 */
export function verdict(report: Report): string {
  const { failOn, failed, baseline, failedAuditors } = report.summary;
  const findings = baseline
    ? failed
      ? `FAILED: new findings at or above ${failOn}`
      : `passed: no new finding at or above ${failOn}`
    : failed
      ? `FAILED: findings at or above ${failOn}`
      : `passed: nothing at or above ${failOn}`;
  if (failedAuditors.length === 0) return findings;
  const why = failedAuditors.map((id) => `${id} (${shortReason(report.runs.find((run) => run.auditorId === id)?.reason)})`);
  const rest = failed ? `; and ${findings.slice('FAILED: '.length)}` : '';
  return `FAILED: incomplete, ${failedAuditors.length === 1 ? 'an auditor' : 'auditors'} failed: ${why.join(', ')}${rest}`;
}

/** The totals a listing ends with: every finding's, or with a baseline the new ones'; and what the listing leaves out. */
export function listedTotals(report: Report): string {
  const { suppressed, omitted } = report.summary;
  const totals = report.summary.baseline
    ? `new: ${severityTotals(countBySeverity(listed(allFindings(report))))}`
    : severityTotals(report.summary.findings);
  const notes: string[] = [];
  if (suppressed > 0) notes.push(`${suppressed} suppressed inline`);
  if (omitted > 0) notes.push(omittedText(report));
  return notes.length > 0 ? `${totals} (${notes.join('; ')})` : totals;
}

/** "12 findings counted, not listed: …", naming the rules whose findings past the cap are counted only (every one counts in the totals). */
export function omittedText(report: Report): string {
  const rules = report.runs.flatMap((run) =>
    Object.entries(run.omitted ?? {}).map(([messageId, { count }]) => `${run.auditorId}/${messageId} ${count}`),
  );
  const n = report.summary.omitted;
  return `${n} finding${n === 1 ? '' : 's'} counted, not listed, past the first ${MAX_FINDINGS_PER_RULE.toLocaleString('en')} of a rule: ${rules.join(', ')}`;
}

/** Annotations of each level GitHub shows for one step; later ones are dropped. */
export const GITHUB_ANNOTATION_LIMIT = 10;

const LEVEL_NAMES: Record<Severity, [string, string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['notice', 'notices'],
};

/** What GitHub would not annotate past `limit` per level, as `25 warnings` phrases (empty when nothing is lost). */
export function unannotated(report: Report, limit: number): string[] {
  const counts = countBySeverity(listed(allFindings(report)));
  return SEVERITY_ORDER.filter((s) => counts[s] > limit).map((s) => {
    const n = counts[s] - limit;
    return `${n} ${LEVEL_NAMES[s][n === 1 ? 0 : 1]}`;
  });
}

/** One row of the blueprint's progress: a kind of entity, in all or in one chapter. */
export interface ClaimRow {
  chapter?: string;
  kind: string;
  entities: number;
  stated: number;
  proved: number;
  fullyProved: number;
}

/** The informal source's progress per kind, then per chapter and kind, from proof-gaps' `kind:…` and `chapter:…` metrics. */
export function claimStatistics(report: Report): ClaimRow[] {
  const metrics = report.runs.find((run) => run.auditorId === 'proof-gaps')?.metrics ?? {};
  const rows = new Map<string, ClaimRow>();
  for (const [name, value] of Object.entries(metrics)) {
    const match = /^(?:kind:|chapter:(.*):)([^:]+):(entities|stated|proved|fully-proved)$/.exec(name);
    if (match === null) continue;
    const [, chapter, kind, stat] = match as unknown as [string, string | undefined, string, string];
    const key = `${chapter ?? ''}\0${kind}`;
    let row = rows.get(key);
    if (row === undefined)
      rows.set(key, (row = { ...(chapter !== undefined ? { chapter } : {}), kind, entities: 0, stated: 0, proved: 0, fullyProved: 0 }));
    row[stat === 'fully-proved' ? 'fullyProved' : (stat as 'entities' | 'stated' | 'proved')] = value;
  }
  return [...rows.values()].sort((a, b) => (a.chapter === undefined ? 0 : 1) - (b.chapter === undefined ? 0 : 1));
}

/** A row's cells: chapter (or `all`), kind, entities, and each count with its share of the entities. */
export function claimCells(row: ClaimRow): string[] {
  const share = (n: number): string => `${n} (${row.entities === 0 ? 0 : Math.round((100 * n) / row.entities)}%)`;
  return [row.chapter ?? 'all', row.kind, String(row.entities), share(row.stated), share(row.proved), share(row.fullyProved)];
}

export const CLAIM_HEADERS = ['chapter', 'kind', 'entities', 'stated', 'proved', 'fully proved'];
