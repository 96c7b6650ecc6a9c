/**
 * GitHub Actions reporter: one workflow command per finding (`::error file=…,line=…::message`),
 * which GitHub shows as an annotation on the pull request's diff, without code scanning. Errors come
 * first, since GitHub shows only the first annotations of each level per step (the findings past that
 * are counted in a closing line, and listed in the job summary the audit command writes); info
 * findings become notices. Auditors that were skipped or failed become notices and warnings; the last line is the
 * verdict. With a baseline only new findings are annotated.
 */
import type { Finding, Report } from '../core/types.js';
import type { Severity } from '../model/location.js';
import {
  allFindings,
  baselineNote,
  enableNotes,
  enableText,
  GITHUB_ANNOTATION_LIMIT,
  groupByFile,
  listed,
  listedTotals,
  ruleId,
  SEVERITY_ORDER,
  unannotated,
  verdict,
} from './common.js';
import { inert } from './escape.js';
import type { ReporterOptions } from './types.js';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** Escapes a workflow command's message (`%`, CR, LF as GitHub decodes them; other controls made visible). */
function escapeData(text: string): string {
  return inert(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** Escapes a workflow command's property value (also `:` and `,`). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The `file=…,line=…,col=…` properties of a finding (columns are 1-based there), with its rule as the title. */
function properties(finding: Finding, pathPrefix: string): string {
  const props: string[] = [];
  const at = finding.location;
  if (at) {
    props.push(`file=${escapeProperty(pathPrefix + at.file)}`, `line=${at.line}`);
    const oneLine = at.endLine === undefined || at.endLine === at.line;
    if (!oneLine) props.push(`endLine=${at.endLine}`);
    // GitHub takes columns only for an annotation on one line.
    if (oneLine && at.column !== undefined) props.push(`col=${at.column + 1}`);
    if (oneLine && at.endColumn !== undefined) props.push(`endColumn=${at.endColumn + 1}`);
  }
  props.push(`title=${escapeProperty(ruleId(finding))}`);
  return props.join(',');
}

/** Renders the report as GitHub Actions workflow commands; `pathPrefix` leads from the repository's root to the audited project. */
export function* githubReporter(report: Report, options: ReporterOptions = {}): Generator<string> {
  const prefix = options.pathPrefix ? `${options.pathPrefix.replace(/\/?$/, '/')}` : '';
  const findings = groupByFile(listed(allFindings(report))).flatMap((group) => group.findings);
  for (const severity of SEVERITY_ORDER) {
    for (const finding of findings) {
      if (finding.severity === severity) yield `::${LEVEL[severity]} ${properties(finding, prefix)}::${escapeData(finding.message)}\n`;
    }
  }
  const lines: string[] = [];
  for (const run of report.runs) {
    if (run.status === 'ok') continue;
    const level = run.status === 'error' ? (run.failureAllowed ? 'warning' : 'error') : 'notice';
    lines.push(`::${level} title=${escapeProperty(`leanaudit ${run.auditorId} ${run.status}`)}::${escapeData(run.reason ?? '')}`);
  }
  for (const note of enableNotes(report))
    lines.push(`::notice title=${escapeProperty('leanaudit to enable')}::${escapeData(enableText(note))}`);
  const lost = unannotated(report, GITHUB_ANNOTATION_LIMIT);
  if (lost.length)
    lines.push(
      `GitHub annotates the first ${GITHUB_ANNOTATION_LIMIT} findings of each level in a step: ${lost.join(', ')} are not annotated; the job summary lists every error and warning (info too when they fit, else counted by rule)`,
    );
  const note = baselineNote(report);
  if (note !== undefined) lines.push(inert(note));
  lines.push(inert(`leanaudit ${report.tool.version}: ${report.project.name}: ${verdict(report)} · ${listedTotals(report)}`));
  yield `${lines.join('\n')}\n`;
}
