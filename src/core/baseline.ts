/**
 * Baselines: the findings a project accepts for now (FLT's 60 known sorries), written once with
 * `audit --write-baseline <file>` and committed, so that a CI gate run with `--baseline <file>`
 * fails only on findings that are not in it. Findings are matched by fingerprint (fingerprint.ts),
 * so edits elsewhere keep them known, and then a finding about an entity (a declaration, a
 * blueprint label) by that entity in whatever file, so moving a file keeps its findings known;
 * baseline entries no finding matches any more are reported as absent (fixed), so the baseline can
 * be tightened. The file is JSON, one entry per finding with the rule, place and message beside
 * the fingerprint, sorted by place, so a change to it reads well in a pull request.
 */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import type { LeanDecl } from '../model/lean.js';
import { SEVERITIES } from '../model/location.js';
import { InputError } from './errors.js';
import { entityAcrossFiles, FINGERPRINT_SCHEME } from './fingerprint.js';
import { jsonErrorLine } from './json.js';
import { READ_LIMITS, RefusedFile, readBoundedText, readRepoText } from './repo-file.js';
import type { BaselineEntry, BaselineSummary, Finding, Report } from './types.js';

export const BASELINE_SCHEMA_VERSION = 1;

/** A baseline file. */
export interface Baseline {
  schemaVersion: typeof BASELINE_SCHEMA_VERSION;
  fingerprintScheme: string;
  tool: { name: 'leanaudit'; version: string };
  findings: BaselineEntry[];
}

/** The statement hash of a project declaration by its full name (kind, binders and type), or undefined for any other entity. */
export type StatementOf = (entityId: string) => string | undefined;

/** The statements of a project's declarations: kind and header with its blanks collapsed, hashed (the map by name is made on the first question). */
export const statementsOf =
  (project: { readonly decls: ReadonlyMap<string, Pick<LeanDecl, 'kind' | 'header'>> }): StatementOf =>
  (entityId) => {
    const decl = project.decls.get(entityId);
    return (
      decl &&
      createHash('sha256')
        .update(`${decl.kind} ${decl.header.replace(/\s+/g, ' ')}`)
        .digest('hex')
        .slice(0, 16)
    );
  };

const NO_STATEMENTS: StatementOf = () => undefined;

const entryOf = (f: Finding, statementOf: StatementOf): BaselineEntry => {
  const statement = f.entityId === undefined ? undefined : statementOf(f.entityId);
  return {
    fingerprint: f.fingerprint!,
    auditorId: f.auditorId,
    messageId: f.messageId,
    severity: f.severity,
    ...(f.location ? { file: f.location.file, line: f.location.line } : {}),
    ...(f.entityId !== undefined ? { entityId: f.entityId } : {}),
    ...(statement !== undefined ? { statement } : {}),
    message: f.message,
  };
};

const byPlace = (a: BaselineEntry, b: BaselineEntry): number =>
  (a.file ?? '\uffff').localeCompare(b.file ?? '\uffff') ||
  (a.line ?? 0) - (b.line ?? 0) ||
  a.auditorId.localeCompare(b.auditorId) ||
  a.messageId.localeCompare(b.messageId) ||
  a.fingerprint.localeCompare(b.fingerprint);

/** The baseline that accepts every finding of `report` (whose findings carry fingerprints, see buildReport). */
export function baselineOf(report: Report, statementOf: StatementOf = NO_STATEMENTS): Baseline {
  return {
    schemaVersion: BASELINE_SCHEMA_VERSION,
    fingerprintScheme: FINGERPRINT_SCHEME,
    tool: report.tool,
    findings: report.runs.flatMap((run) => run.findings.map((f) => entryOf(f, statementOf))).sort(byPlace),
  };
}

/** Writes `baseline` to `file`; an unwritable path is an InputError. */
export function writeBaseline(file: string, baseline: Baseline): void {
  try {
    writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
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

/**
 * Reads a baseline file; a missing, malformed or foreign file is an InputError naming the file (and
 * line). With `root`, the file is one the repository names (its configuration's `baseline`): read
 * only inside the repository, a regular file of bounded size.
 */
export function readBaseline(file: string, root?: string): Baseline {
  if (!existsSync(file)) throw new InputError(`no baseline at ${file}: write one with --write-baseline ${file}`);
  let text: string;
  try {
    text = root === undefined ? readBoundedText(file, READ_LIMITS.baseline) : readRepoText(root, file, READ_LIMITS.baseline);
  } catch (e) {
    throw new InputError(`baseline ${e instanceof RefusedFile ? e.message : `${file}: ${(e as Error).message}`}`);
  }
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
    throw new InputError(
      `${file}: written with fingerprints ${String(b.fingerprintScheme)}, this leanaudit uses ${FINGERPRINT_SCHEME}: write it again with --write-baseline`,
    );
  }
  const bad = b.findings.findIndex((e) => !isEntry(e));
  if (bad >= 0)
    throw new InputError(`${file}: findings[${bad}] is not a baseline entry (fingerprint, auditorId, messageId, severity, message)`);
  return b as Baseline;
}

/** Groups entries by a key; entries without one are left out. */
function groupBy(entries: readonly BaselineEntry[], keyOf: (e: BaselineEntry) => string | undefined): Map<string, BaselineEntry[]> {
  const groups = new Map<string, BaselineEntry[]>();
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key === undefined) continue;
    const same = groups.get(key);
    if (same) same.push(entry);
    else groups.set(key, [entry]);
  }
  return groups;
}

/** What a finding is about, in whatever file: its rule and entity, anonymous declarations by kind (none without an entity). */
const entityKey = (e: Pick<Finding, 'auditorId' | 'messageId' | 'entityId'>): string | undefined =>
  e.entityId === undefined ? undefined : [e.auditorId, e.messageId, entityAcrossFiles(e.entityId)].join('\u0000');

/** A finding's rule and the statement of its declaration. */
const statementKey = (e: Pick<Finding, 'auditorId' | 'messageId'>, statement: string): string =>
  [e.auditorId, e.messageId, statement].join('\u0000');

/**
 * Marks each finding `new` or `unchanged` against the baseline (in place) and summarizes. A
 * fingerprint listed n times in the baseline covers up to n findings; a finding no fingerprint
 * covers is then matched by its rule and entity with an entry left over from another file (its
 * file moved or renamed: the fingerprint holds the file, the entity does not); and a finding about
 * a declaration, by its rule and its declaration's statement, with an entry left over whose
 * declaration is gone (renamed: `theorem foo : P := sorry` became `theorem bar : P := sorry`).
 * Only the entries of auditors that ran (`ran`) can be absent: a skipped auditor fixed nothing.
 */
export function compareWithBaseline(
  findings: readonly Finding[],
  baseline: Baseline,
  file: string,
  ran: ReadonlySet<string>,
  statementOf: StatementOf = NO_STATEMENTS,
): BaselineSummary {
  const left = new Set(baseline.findings);
  const byFingerprint = groupBy(baseline.findings, (e) => e.fingerprint);
  const unmatched: Finding[] = [];
  for (const f of findings) {
    const entry = byFingerprint.get(f.fingerprint!)?.pop();
    if (entry === undefined) unmatched.push(f);
    else {
      left.delete(entry);
      f.baselineState = 'unchanged';
    }
  }
  const byEntity = groupBy([...left], entityKey);
  const renamed: Finding[] = [];
  for (const f of unmatched) {
    const key = entityKey(f);
    const candidates = key === undefined ? undefined : byEntity.get(key);
    // In its own file a finding the fingerprints missed is another one (a new `sorry` where another was fixed).
    const at = candidates?.findIndex((e) => e.file !== f.location?.file) ?? -1;
    const entry = at < 0 ? undefined : candidates!.splice(at, 1)[0];
    if (entry === undefined) renamed.push(f);
    else {
      left.delete(entry);
      f.baselineState = 'unchanged';
    }
  }
  // An entry whose declaration still exists (by its name) is about that declaration, never a renamed one.
  const byStatement = groupBy([...left], (e) =>
    e.statement === undefined || statementOf(e.entityId!) !== undefined ? undefined : statementKey(e, e.statement),
  );
  let fresh = 0;
  for (const f of renamed) {
    const statement = f.entityId === undefined ? undefined : statementOf(f.entityId);
    const entry = statement === undefined ? undefined : byStatement.get(statementKey(f, statement))?.shift();
    if (entry === undefined) fresh++;
    else left.delete(entry);
    f.baselineState = entry === undefined ? 'new' : 'unchanged';
  }
  const absentFindings = [...left].filter((e) => ran.has(e.auditorId)).sort(byPlace);
  return { file, unchanged: findings.length - fresh, new: fresh, absent: absentFindings.length, absentFindings };
}
