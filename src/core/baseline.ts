/**
 * Baselines: the findings a project accepts for now (FLT's 60 known sorries), written once with
 * `audit --write-baseline <file>` and committed, so that a CI gate run with `--baseline <file>`
 * fails only on findings that are not in it. Findings are matched by fingerprint (fingerprint.ts),
 * so edits elsewhere keep them known; baseline entries no finding matches any more are reported as
 * absent (fixed), so the baseline can be tightened. The file is JSON, one entry per finding with
 * the rule, place and message beside the fingerprint, sorted by place, so a change to it reads well
 * in a pull request.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { jsonErrorLine } from '../../extractors/text.js';
import { InputError } from './errors.js';
import { FINGERPRINT_SCHEME } from './fingerprint.js';
import type { BaselineEntry, BaselineSummary, Finding, Report } from './types.js';
import { SEVERITIES } from './types.js';

export const BASELINE_SCHEMA_VERSION = 1;

/** A baseline file. */
export interface Baseline {
  schemaVersion: typeof BASELINE_SCHEMA_VERSION;
  fingerprintScheme: string;
  tool: { name: 'leanaudit'; version: string };
  findings: BaselineEntry[];
}

const entryOf = (f: Finding): BaselineEntry => ({
  fingerprint: f.fingerprint!,
  auditorId: f.auditorId,
  messageId: f.messageId,
  severity: f.severity,
  ...(f.location ? { file: f.location.file, line: f.location.line } : {}),
  ...(f.entityId !== undefined ? { entityId: f.entityId } : {}),
  message: f.message,
});

const byPlace = (a: BaselineEntry, b: BaselineEntry): number =>
  (a.file ?? '\uffff').localeCompare(b.file ?? '\uffff') ||
  (a.line ?? 0) - (b.line ?? 0) ||
  a.auditorId.localeCompare(b.auditorId) ||
  a.messageId.localeCompare(b.messageId) ||
  a.fingerprint.localeCompare(b.fingerprint);

/** The baseline that accepts every finding of `report` (whose findings carry fingerprints, see buildReport). */
export function baselineOf(report: Report): Baseline {
  return {
    schemaVersion: BASELINE_SCHEMA_VERSION,
    fingerprintScheme: FINGERPRINT_SCHEME,
    tool: report.tool,
    findings: report.runs.flatMap((run) => run.findings.map(entryOf)).sort(byPlace),
  };
}

/** Writes `baseline` to `file`; an unwritable path is an InputError. */
export function writeBaseline(file: string, baseline: Baseline): void {
  try {
    writeFileSync(file, JSON.stringify(baseline, null, 2) + '\n');
  } catch (e) {
    throw new InputError(`cannot write the baseline ${file}: ${(e as Error).message}`);
  }
}

const isEntry = (value: unknown): value is BaselineEntry => {
  const e = value as Partial<BaselineEntry> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.fingerprint === 'string' &&
    typeof e.auditorId === 'string' &&
    typeof e.messageId === 'string' &&
    typeof e.message === 'string' &&
    SEVERITIES.includes(e.severity as never)
  );
};

/** Reads a baseline file; a missing, malformed or foreign file is an InputError naming the file (and line). */
export function readBaseline(file: string): Baseline {
  if (!existsSync(file)) throw new InputError(`no baseline at ${file}: write one with --write-baseline ${file}`);
  const text = readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}:${jsonErrorLine(text, e as Error)}: the baseline is not valid JSON: ${(e as Error).message}`);
  }
  const b = parsed as Partial<Baseline> | null;
  if (typeof b !== 'object' || b === null || b.schemaVersion !== BASELINE_SCHEMA_VERSION || !Array.isArray(b.findings)) {
    throw new InputError(`${file}: not a leanaudit baseline (expected {"schemaVersion": ${BASELINE_SCHEMA_VERSION}, "findings": [...]})`);
  }
  if (b.fingerprintScheme !== FINGERPRINT_SCHEME) {
    throw new InputError(`${file}: written with fingerprints ${String(b.fingerprintScheme)}, this leanaudit uses ${FINGERPRINT_SCHEME}: write it again with --write-baseline`);
  }
  const bad = b.findings.findIndex((e) => !isEntry(e));
  if (bad >= 0) throw new InputError(`${file}: findings[${bad}] is not a baseline entry (fingerprint, auditorId, messageId, severity, message)`);
  return b as Baseline;
}

/**
 * Marks each finding `new` or `unchanged` against the baseline (in place) and summarizes: a
 * fingerprint listed n times in the baseline covers up to n findings. Only the entries of auditors
 * that ran (`ran`) can be absent: a skipped auditor fixed nothing.
 */
export function compareWithBaseline(findings: readonly Finding[], baseline: Baseline, file: string, ran: ReadonlySet<string>): BaselineSummary {
  const known = new Map<string, BaselineEntry[]>();
  for (const entry of baseline.findings) {
    const same = known.get(entry.fingerprint);
    if (same) same.push(entry);
    else known.set(entry.fingerprint, [entry]);
  }
  let unchanged = 0;
  for (const f of findings) {
    const left = known.get(f.fingerprint!);
    if (left !== undefined && left.length > 0) {
      left.pop();
      f.baselineState = 'unchanged';
      unchanged++;
    } else f.baselineState = 'new';
  }
  const absentFindings = [...known.values()].flat().filter((e) => ran.has(e.auditorId)).sort(byPlace);
  return { file, unchanged, new: findings.length - unchanged, absent: absentFindings.length, absentFindings };
}
