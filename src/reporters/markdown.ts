/** Markdown reporter: the summary and findings as a pull-request comment or a GitHub job summary. */
import type { Finding, Report } from '../core/types.js';
import {
  absentLines,
  baselineNote,
  CLAIM_HEADERS,
  claimCells,
  claimStatistics,
  countBySeverity,
  enableNotes,
  gateFailed,
  groupByFile,
  listed,
  listedTotals,
  position,
  projectFacts,
  ruleId,
  runNote,
  SEVERITY_ORDER,
  statusText,
  unannotated,
  verdict,
} from './common.js';
import { inert, markdownCode, markdownInline, markdownText } from './escape.js';
import type { ReporterOptions } from './types.js';

/** The longest report by default, in bytes: a GitHub comment holds 65,536 characters; the rest is left for the closing lines. */
export const MARKDOWN_SIZE_LIMIT = 65_000;

/** The longest job summary, in bytes: GitHub takes up to 1 MiB from a step's $GITHUB_STEP_SUMMARY. */
export const JOB_SUMMARY_SIZE_LIMIT = 1_000_000;

/** Related locations shown under a finding before the rest are counted. */
const RELATED_SHOWN = 5;

/** The message cell of a finding: its message, then its related locations. */
function messageCell(f: Finding): string {
  const related = f.related ?? [];
  const shown = related
    .slice(0, RELATED_SHOWN)
    .map((r) => `↳ ${markdownCode(`${r.location.file}:${position(r.location)}`)} ${markdownInline(r.message)}`);
  if (related.length > RELATED_SHOWN) shown.push(`↳ … ${related.length - RELATED_SHOWN} more`);
  return [markdownInline(f.message), ...shown].join('<br>');
}

/** A shell command as a fenced code block: one line, controls made visible, the fence longer than any run of backticks in it. */
function fenced(command: string): string[] {
  const body = inert(command.replace(/\r\n?|\n|\u2028|\u2029/g, ' '));
  const fence = '`'.repeat(Math.max(3, ...[...body.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return [`${fence}sh`, body, fence];
}

/** The lines before the findings: verdict, baseline, project facts, skipped paths and the auditors' table. */
function head(report: Report, options: ReporterOptions): string[] {
  const { project } = report;
  const out: string[] = [`## leanaudit report: ${markdownText(project.name)}`, ''];
  out.push(`${gateFailed(report) ? '❌' : '✅'} **${markdownText(verdict(report))}** · ${listedTotals(report)}`, '');
  const note = baselineNote(report);
  if (note !== undefined) {
    out.push(markdownText(note), '');
    const absent = absentLines(report);
    if (absent.length)
      out.push('<details><summary>No longer found</summary>', '', ...absent.map((line) => `- ${markdownText(line)}`), '', '</details>', '');
  }
  if (options.annotationLimit !== undefined) {
    const left = unannotated(report, options.annotationLimit);
    if (left.length) {
      out.push(
        `GitHub annotates the first ${options.annotationLimit} findings of each level in a step: ${left.join(', ')} are listed here only.`,
        '',
      );
    }
  }
  const facts = projectFacts(report);
  if (facts.length) out.push(markdownText(facts.join(' · ')), '');
  if (project.skipped?.length) {
    out.push(`Skipped: ${project.skipped.map((s) => `${markdownCode(s.path)} (${markdownText(s.reason)})`).join(', ')}`, '');
  }
  out.push('| auditor | status | errors | warnings | info | metrics / reason |', '| --- | --- | ---: | ---: | ---: | --- |');
  for (const run of report.runs) {
    const c = countBySeverity(listed(run.findings));
    out.push(
      `| ${markdownCode(run.auditorId)} | ${statusText(run)} | ${c.error} | ${c.warning} | ${c.info} | ${markdownInline(runNote(run))} |`,
    );
  }
  const claims = claimStatistics(report);
  if (claims.length > 0) {
    out.push('', '**Blueprint progress** (fully proved: no declaration resting on a gap)', '');
    out.push(`| ${CLAIM_HEADERS.join(' | ')} |`, '| --- | --- | ---: | ---: | ---: | ---: |');
    for (const row of claims) out.push(`| ${claimCells(row).map(markdownText).join(' | ')} |`);
  }
  for (const note of enableNotes(report)) {
    out.push('', `To enable ${note.auditors.map(markdownCode).join(', ')} (${markdownInline(note.reason)}):`, '', ...fenced(note.command));
  }
  return out;
}

/** The size the limits count: UTF-8 bytes, never fewer than the characters a comment counts. */
const sizeOf = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The heading and column titles of a file's table. */
const tableHead = (file: string | undefined): string[] => [
  '',
  `### ${file === undefined ? '(no location)' : markdownCode(file)}`,
  '',
  '| position | severity | message | rule |',
  '| --- | --- | --- | --- |',
];

const tableRow = (f: Finding): string => `| ${position(f.location)} | ${f.severity} | ${messageCell(f)} | ${markdownCode(ruleId(f))} |`;

/** The tables of findings, a table per file, in the order of groupByFile. */
function findingTables(findings: readonly Finding[]): string[] {
  return groupByFile(findings).flatMap((group) => [...tableHead(group.file), ...group.findings.map(tableRow)]);
}

/** What was not listed one by one, counted by rule and severity. */
function leftOutTable(findings: readonly Finding[]): string[] {
  const counts = new Map<string, { severity: Finding['severity']; rule: string; n: number }>();
  for (const f of findings) {
    const key = `${f.severity}\u0000${ruleId(f)}`;
    const entry = counts.get(key) ?? { severity: f.severity, rule: ruleId(f), n: 0 };
    entry.n += 1;
    counts.set(key, entry);
  }
  const rows = [...counts.values()].sort(
    (a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) || b.n - a.n || a.rule.localeCompare(b.rule),
  );
  return [
    '',
    '| severity | rule | not listed |',
    '| --- | --- | ---: |',
    ...rows.map((r) => `| ${r.severity} | ${markdownCode(r.rule)} | ${r.n} |`),
  ];
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Counts by severity of findings, e.g. `3 warnings and 1,200 info findings`. */
function severityCounts(findings: readonly Finding[]): string {
  const c = countBySeverity(findings);
  const parts = [
    c.error ? plural(c.error, 'error') : '',
    c.warning ? plural(c.warning, 'warning') : '',
    c.info ? `${c.info} info finding${c.info === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/**
 * The findings to list one by one under `room` bytes: all when they fit; else every error and
 * warning, the info findings only counted; else errors, then warnings, as many as fit.
 */
function choose(findings: readonly Finding[], room: number): Finding[] {
  if (sizeOf(findingTables(findings).join('\n')) + sizeOf(leftOutTable([]).join('\n')) <= room) return [...findings];
  const serious = findings.filter((f) => f.severity !== 'info');
  const infoTable = sizeOf(leftOutTable(findings.filter((f) => f.severity === 'info')).join('\n'));
  if (sizeOf(findingTables(serious).join('\n')) + infoTable <= room) return serious;
  // Errors before warnings; the table of what is left out is bounded by the rules, kept at its largest.
  const ranked = SEVERITY_ORDER.flatMap((s) => serious.filter((f) => f.severity === s));
  const budget = room - sizeOf(leftOutTable(findings).join('\n'));
  const files = new Set<string | undefined>();
  let size = 0;
  let kept = 0;
  for (const f of ranked) {
    const file = f.location?.file;
    size += sizeOf(tableRow(f)) + 1 + (files.has(file) ? 0 : sizeOf(tableHead(file).join('\n')) + 1);
    if (size > budget) break;
    files.add(file);
    kept += 1;
  }
  return ranked.slice(0, kept);
}

/**
 * Renders the report as GitHub-flavoured Markdown under a size (`options.sizeLimit`, else what a
 * comment holds): every finding when they fit; else every error and warning, with the info findings
 * counted by rule; else as many errors, then warnings, as fit. A closing line and table say exactly
 * what was not listed.
 */
export function* markdownReporter(report: Report, options: ReporterOptions = {}): Generator<string> {
  const limit = options.sizeLimit ?? MARKDOWN_SIZE_LIMIT;
  const out = head(report, options);
  const footer = ['', `<sub>leanaudit ${report.tool.version} · report schema ${report.schemaVersion}</sub>`];
  // Room kept for the line that says what was left out.
  const reserve = 400;
  const findings = listed(report.runs.flatMap((r) => r.findings));
  const room = limit - sizeOf(out.join('\n')) - sizeOf(footer.join('\n')) - reserve;
  const shown = choose(findings, room);
  out.push(...findingTables(shown));
  if (shown.length < findings.length) {
    const kept = new Set(shown);
    const left = findings.filter((f) => !kept.has(f));
    const onlyInfo = left.every((f) => f.severity === 'info');
    out.push(
      '',
      `Not listed one by one, to keep this under ${limit.toLocaleString('en')} bytes: ${severityCounts(left)}` +
        `${onlyInfo ? ' (every error and warning is listed above)' : ''}, counted by rule below; the JSON and HTML reports list them all.`,
      ...leftOutTable(left),
    );
  }
  out.push(...footer);
  // Under the size limit: one piece.
  yield `${out.join('\n')}\n`;
}
