/** HTML reporter: one self-contained page (inline CSS, no scripts) with the summary and findings. */
import type { Report } from '../core/types.js';
import {
  absentLines,
  baselineNote,
  countBySeverity,
  enableNotes,
  enableText,
  groupByFile,
  listed,
  listedTotals,
  position,
  projectFacts,
  ruleId,
  runNote,
  verdict,
} from './common.js';

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1f2328}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{border:1px solid #d0d7de;padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right}code{font:12px ui-monospace,monospace}
.error{color:#cf222e}.warning{color:#9a6700}.info{color:#0969da}.ok{color:#1a7f37}.skipped{color:#9a6700}
.failed{color:#cf222e;font-weight:600}.passed{color:#1a7f37;font-weight:600}.dim{color:#656d76}`;

/** Escapes text for HTML element content and attribute values. */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Renders the report as a standalone HTML page. */
export function htmlReporter(report: Report): string {
  const { project, tool, summary } = report;
  const out: string[] = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>leanaudit: ${esc(project.name)}</title>`,
    `<style>${CSS}</style></head><body>`,
    `<h1>leanaudit report: ${esc(project.name)}</h1>`,
    `<p class="${summary.failed ? 'failed' : 'passed'}">${esc(verdict(report))} · ${esc(listedTotals(report))}</p>`,
    `<p>${esc(projectFacts(report).join(' · '))}</p>`,
    `<p class="dim"><code>${esc(project.root)}</code></p>`,
  ];
  const note = baselineNote(report);
  if (note !== undefined) {
    out.push(`<p>${esc(note)}</p>`);
    const absent = absentLines(report);
    if (absent.length)
      out.push(`<details><summary>No longer found</summary><ul>${absent.map((line) => `<li>${esc(line)}</li>`).join('')}</ul></details>`);
  }
  if (project.skipped?.length) {
    out.push(`<p class="dim">Skipped: ${project.skipped.map((s) => `<code>${esc(s.path)}</code> (${esc(s.reason)})`).join(', ')}</p>`);
  }
  out.push(
    '<h2>Auditors</h2><table><tr><th>auditor</th><th>status</th><th>errors</th><th>warnings</th><th>info</th><th>metrics / reason</th></tr>',
  );
  for (const run of report.runs) {
    const c = countBySeverity(listed(run.findings));
    out.push(
      `<tr><td><code>${esc(run.auditorId)}</code></td><td class="${run.status}">${run.status}</td>` +
        `<td class="n">${c.error}</td><td class="n">${c.warning}</td><td class="n">${c.info}</td><td>${esc(runNote(run))}</td></tr>`,
    );
  }
  out.push('</table>');
  for (const note of enableNotes(report)) out.push(`<p>${esc(enableText(note))}</p>`);
  const groups = groupByFile(listed(report.runs.flatMap((r) => r.findings)));
  if (groups.length) out.push('<h2>Findings</h2>');
  for (const group of groups) {
    out.push(`<h3>${group.file ? `<code>${esc(group.file)}</code>` : '(no location)'}</h3>`);
    out.push('<table><tr><th>position</th><th>severity</th><th>message</th><th>rule</th></tr>');
    for (const f of group.findings) {
      out.push(
        `<tr><td>${position(f.location)}</td><td class="${f.severity}">${f.severity}</td>` +
          `<td>${esc(f.message)}</td><td><code>${esc(ruleId(f))}</code></td></tr>`,
      );
    }
    out.push('</table>');
  }
  out.push(`<p class="dim">leanaudit ${esc(tool.version)} · report schema ${report.schemaVersion} · ${esc(report.generatedAt)}</p>`);
  out.push('</body></html>');
  return `${out.join('\n')}\n`;
}
