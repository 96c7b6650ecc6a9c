/** Markdown reporter: the summary and findings as a pull-request comment. */
import type { Report } from '../core/types.js';
import {
  absentLines,
  baselineNote,
  countBySeverity,
  enableNotes,
  groupByFile,
  listed,
  listedTotals,
  position,
  projectFacts,
  ruleId,
  runNote,
  verdict,
} from './common.js';

/** Findings listed before the comment is cut short (GitHub comments hold 65,536 characters). */
export const MARKDOWN_FINDING_LIMIT = 300;

/** Makes text safe inside a table cell: no pipes, no line breaks. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Wraps text in a code span that survives backticks inside it. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${fence.length > 1 ? ' ' : ''}${text}${fence.length > 1 ? ' ' : ''}${fence}`;
}

/** Renders the report as GitHub-flavoured Markdown. */
export function markdownReporter(report: Report): string {
  const { project, tool, summary } = report;
  const out: string[] = [`## leanaudit report: ${project.name}`, ''];
  const facts = projectFacts(report);
  out.push(`${summary.failed ? '❌' : '✅'} **${verdict(report)}** · ${listedTotals(report)}`, '');
  const note = baselineNote(report);
  if (note !== undefined) {
    out.push(note, '');
    const absent = absentLines(report);
    if (absent.length)
      out.push('<details><summary>No longer found</summary>', '', ...absent.map((line) => `- ${cell(line)}`), '', '</details>', '');
  }
  if (facts.length) out.push(facts.join(' · '), '');
  if (project.skipped?.length) {
    out.push(`Skipped: ${project.skipped.map((s) => `${code(s.path)} (${s.reason})`).join(', ')}`, '');
  }
  out.push('| auditor | status | errors | warnings | info | metrics / reason |', '| --- | --- | ---: | ---: | ---: | --- |');
  for (const run of report.runs) {
    const c = countBySeverity(listed(run.findings));
    out.push(`| ${code(run.auditorId)} | ${run.status} | ${c.error} | ${c.warning} | ${c.info} | ${cell(runNote(run))} |`);
  }
  for (const note of enableNotes(report)) {
    out.push('', `To enable ${note.auditors.map(code).join(', ')} (${note.reason}):`, '', '```sh', note.command, '```');
  }
  let budget = MARKDOWN_FINDING_LIMIT;
  let omitted = 0;
  for (const group of groupByFile(listed(report.runs.flatMap((r) => r.findings)))) {
    const shown = group.findings.slice(0, Math.max(budget, 0));
    omitted += group.findings.length - shown.length;
    budget -= shown.length;
    if (shown.length === 0) continue;
    out.push('', `### ${group.file ? code(group.file) : '(no location)'}`, '');
    out.push('| position | severity | message | rule |', '| --- | --- | --- | --- |');
    for (const f of shown) {
      out.push(`| ${position(f.location)} | ${f.severity} | ${cell(f.message)} | ${code(ruleId(f))} |`);
    }
  }
  if (omitted > 0) out.push('', `… and ${omitted} more findings: see the JSON report (\`--format json\`).`);
  out.push('', `<sub>leanaudit ${tool.version} · report schema ${report.schemaVersion}</sub>`);
  return `${out.join('\n')}\n`;
}
