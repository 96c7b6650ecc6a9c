/** Terminal reporter: a summary table per auditor, then findings grouped by file. */
import { createColors } from 'picocolors';
import type { AuditorRun, Report } from '../core/types.js';
import type { Severity } from '../model/location.js';
import {
  absentLines,
  baselineNote,
  CLAIM_HEADERS,
  claimCells,
  claimStatistics,
  countBySeverity,
  enableNotes,
  enableText,
  gateFailed,
  groupByFile,
  listed,
  listedTotals,
  position,
  projectFacts,
  ruleId,
  runNote,
  statusText,
  verdict,
} from './common.js';
import { inert } from './escape.js';
import type { ReporterOptions } from './types.js';

type Style = 'red' | 'yellow' | 'blue' | 'green' | 'dim' | 'bold' | 'underline';
type Paint = (style: Style, text: string) => string;

const SEVERITY_STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'blue' };
const STATUS_STYLE: Record<AuditorRun['status'], Style> = { ok: 'green', skipped: 'yellow', error: 'red' };

/** Pads every column of `rows` to its widest cell, painting cells after padding. */
function table(rows: string[][], paintCell: (row: number, col: number, padded: string) => string): string[] {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  return rows.map((r, i) =>
    r
      .map((cell, col) => {
        const last = col === r.length - 1;
        const padded = last ? cell : col >= 2 && col <= 4 ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!);
        return paintCell(i, col, padded);
      })
      .join('  ')
      .trimEnd(),
  );
}

/** Reasons longer than this are cut in the table and printed in full below it. */
const REASON_WIDTH = 80;

const cut = (text: string): string => (text.length > REASON_WIDTH ? `${text.slice(0, REASON_WIDTH - 1)}… (below)` : text);

function summaryTable(report: Report, paint: Paint): string[] {
  if (report.runs.length === 0) return [paint('dim', 'no auditor ran')];
  const header = ['auditor', 'status', 'error', 'warning', 'info', 'metrics / reason'];
  const rows = report.runs.map((run) => {
    const c = countBySeverity(listed(run.findings));
    const note = run.status === 'ok' ? runNote(run) : cut(inert(runNote(run)));
    return [inert(run.auditorId), statusText(run), String(c.error), String(c.warning), String(c.info), inert(note)];
  });
  return table([header, ...rows], (row, col, text) => {
    if (row === 0) return paint('bold', text);
    const run = report.runs[row - 1]!;
    if (col === 1) return paint(STATUS_STYLE[run.status], text);
    if (col === 5 && run.status !== 'ok') return paint(STATUS_STYLE[run.status], text);
    return text;
  });
}

/** The findings' lines, each a piece ending in a line break: for each file a blank line, the file, its findings. */
function* findingLines(report: Report, paint: Paint): Generator<string> {
  for (const group of groupByFile(listed(report.runs.flatMap((r) => r.findings)))) {
    yield `\n${paint('underline', group.file === undefined ? '(no location)' : inert(group.file))}\n`;
    const rows = group.findings.map((f) => [group.file ? `${inert(group.file)}:${position(f.location)}` : '-', f.severity]);
    // A loop, not Math.max(...): a spread of a hundred thousand rows overflows the call stack.
    const widths = [0, 1].map((col) => rows.reduce((widest, r) => Math.max(widest, r[col]!.length), 0));
    for (let i = 0; i < group.findings.length; i++) {
      const f = group.findings[i]!;
      const [where, severity] = rows[i]!;
      const sev = paint(SEVERITY_STYLE[f.severity], severity!.padEnd(widths[1]!));
      let piece = `  ${where!.padEnd(widths[0]!)}  ${sev}  ${inert(f.message)}  ${paint('dim', inert(ruleId(f)))}\n`;
      for (const r of f.related ?? [])
        piece += `${paint('dim', `      ↳ ${inert(r.location.file)}:${position(r.location)}  ${inert(r.message)}`)}\n`;
      yield piece;
    }
  }
}

/** Renders the report for a terminal; ANSI colors only when `options.color` is set. */
export function* terminalReporter(report: Report, options: ReporterOptions = {}): Generator<string> {
  const colors = createColors(options.color === true);
  const paint: Paint = (style, text) => colors[style](text);
  const { project, tool } = report;
  const lines = [`${paint('bold', `leanaudit ${tool.version}: ${inert(project.name)}`)}  ${paint('dim', inert(project.root))}`];
  const facts = projectFacts(report);
  if (facts.length) lines.push(inert(facts.join(' · ')));
  for (const s of project.skipped ?? []) lines.push(paint('dim', `skipped ${inert(s.path)}: ${inert(s.reason)}`));
  lines.push('', ...summaryTable(report, paint));
  for (const run of report.runs.filter((r) => r.status !== 'ok' && (r.reason ?? '').length > REASON_WIDTH)) {
    lines.push('', `${paint(STATUS_STYLE[run.status], `${inert(run.auditorId)} ${run.status}:`)} ${inert(run.reason ?? '')}`);
  }
  const claims = claimStatistics(report);
  if (claims.length > 0) {
    lines.push('', paint('bold', 'blueprint progress'), `  ${CLAIM_HEADERS.join(' · ')}`);
    for (const row of claims) lines.push(`  ${inert(claimCells(row).join(' · '))}`);
  }
  for (const note of enableNotes(report)) lines.push('', paint('yellow', inert(enableText(note))));
  yield `${lines.join('\n')}\n`;
  for (const piece of findingLines(report, paint)) yield piece;
  lines.length = 0;
  lines.push('');
  const note = baselineNote(report);
  if (note !== undefined) {
    lines.push(paint('dim', inert(note)));
    for (const line of absentLines(report)) lines.push(paint('dim', `  no longer found: ${inert(line)}`));
  }
  const status = paint(gateFailed(report) ? 'red' : 'green', inert(verdict(report)));
  lines.push(`${listedTotals(report)} · ${status}`);
  yield `${lines.join('\n')}\n`;
}
