/** Markdown reporter: the summary and findings as a pull-request comment or a GitHub job summary. */
import type { Finding, Report } from '../core/types.js';
import {
  absentLines,
  baselineNote,
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
  settingsLines,
  statusText,
  unannotated,
  verdict,
} from './common.js';
import { inert, markdownCode, markdownInline, markdownText } from './escape.js';
import type { ReporterOptions } from './types.js';

/** The longest report, in characters: a GitHub comment holds 65,536; the rest is left for the closing lines. */
export const MARKDOWN_SIZE_LIMIT = 65_000;

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
  const settings = settingsLines(report);
  if (settings.length > 0) {
    out.push(
      '<details><summary>Settings applied</summary>',
      '',
      ...settings.map((line) => `- ${markdownText(line.trim())}`),
      '',
      '</details>',
      '',
    );
  }
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
  for (const note of enableNotes(report)) {
    out.push('', `To enable ${note.auditors.map(markdownCode).join(', ')} (${markdownInline(note.reason)}):`, '', ...fenced(note.command));
  }
  return out;
}

/**
 * Renders the report as GitHub-flavoured Markdown, cut by size: findings are listed while the text
 * stays under MARKDOWN_SIZE_LIMIT characters, and the closing line counts those left out.
 */
export function* markdownReporter(report: Report, options: ReporterOptions = {}): Generator<string> {
  const out = head(report, options);
  const footer = ['', `<sub>leanaudit ${report.tool.version} · report schema ${report.schemaVersion}</sub>`];
  // Room kept for the line that counts what was left out.
  const reserve = 200;
  let size = out.join('\n').length + footer.join('\n').length + reserve;
  const findings = groupByFile(listed(report.runs.flatMap((r) => r.findings)));
  const total = findings.reduce((n, g) => n + g.findings.length, 0);
  let shown = 0;
  let full = false;
  for (const group of findings) {
    const heading = [
      '',
      `### ${group.file === undefined ? '(no location)' : markdownCode(group.file)}`,
      '',
      '| position | severity | message | rule |',
      '| --- | --- | --- | --- |',
    ];
    const rows: string[] = [];
    for (const f of group.findings) {
      const row = `| ${position(f.location)} | ${f.severity} | ${messageCell(f)} | ${markdownCode(ruleId(f))} |`;
      const cost = row.length + 1 + (rows.length === 0 ? heading.join('\n').length + 1 : 0);
      if (size + cost > MARKDOWN_SIZE_LIMIT) {
        full = true;
        break;
      }
      size += cost;
      rows.push(row);
    }
    if (rows.length) out.push(...heading, ...rows);
    shown += rows.length;
    if (full) break;
  }
  if (shown < total) {
    out.push(
      '',
      `… and ${total - shown} more finding${total - shown === 1 ? '' : 's'} not shown, to keep this under ${MARKDOWN_SIZE_LIMIT.toLocaleString('en')} characters: see the JSON or HTML report.`,
    );
  }
  out.push(...footer);
  // Under MARKDOWN_SIZE_LIMIT characters: one piece.
  yield `${out.join('\n')}\n`;
}
