/**
 * Everything leanaudit does with a project's source, run on one fuzzed project, and the invariants
 * its results must keep: no exception, no `parse-failed` (the scanner admitting a bug), no auditor
 * ending in error; every token and declaration range inside the text and in order; the same
 * declarations for a file parsed alone as inside its project.
 */

import { loadPairedEntities } from '../../extractors/index.js';
import { runAudit } from '../../src/commands/audit.js';
import { ScopeRecords, scanRecords } from '../../src/commands/scan.js';
import type { ServiceSources } from '../../src/core/services.js';
import { loadProject, readLeanSource } from '../../src/lean/project.js';
import { proofGapsOf } from '../../src/lean/syntax/gaps.js';
import { lex } from '../../src/lean/syntax/lexer.js';
import { parseLean } from '../../src/lean/syntax/parser.js';
import type { LeanDecl, LeanFile } from '../../src/model/lean.js';
import { FORMATS, REPORTERS, renderText } from '../../src/reporters/index.js';
import { PLANTED_COMMAND, PLANTED_MARKUP } from './mutations.js';

/** The auditors that read source and need neither an LLM nor Lean. */
export const SOURCE_AUDITORS = ['proof-gaps', 'lean-source', 'pairing', 'crossfile-reuse'];

/** The run's sources without an LLM: a fuzzed project never reaches a network. */
const SOURCES: ServiceSources = {
  loadProject,
  loadEntities: loadPairedEntities,
  needChecks: { llm: async () => 'no LLM while fuzzing' },
};

/** What one run of the audit path gave. */
export interface PathOutcome {
  /** Invariants broken, each a sentence naming the file and what. Empty: the input passed. */
  violations: string[];
  declarations: number;
  findings: number;
  /** Characters of `scan` output and of every report format. */
  outputChars: number;
}

/** Offsets of each line's start in `text`. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The tokens of `text` in order, each inside the text, its text its slice, its line and column its offset's. */
function tokenViolations(path: string, text: string, starts: number[]): string[] {
  const out: string[] = [];
  let last = 0;
  let line = 0;
  for (const token of lex(text, path).tokens) {
    if (token.start < last || token.end < token.start || token.end > text.length) {
      out.push(
        `${path}: token ${JSON.stringify(token.text.slice(0, 40))} at [${token.start}, ${token.end}) out of order or outside the text`,
      );
      break;
    }
    last = token.end;
    while (line + 1 < starts.length && starts[line + 1]! <= token.start) line++;
    if (token.line !== line + 1 || token.column !== token.start - starts[line]!) {
      out.push(
        `${path}: token at offset ${token.start} says ${token.line}:${token.column}, the text ${line + 1}:${token.start - starts[line]!}`,
      );
      break;
    }
    if (token.kind !== 'ident' && token.kind !== 'keyword' && text.slice(token.start, token.end) !== token.text) {
      out.push(`${path}: token at offset ${token.start} is not its text`);
      break;
    }
  }
  return out;
}

/** Each declaration's ranges nested and inside the text, its header and body their slices, the declarations in order. */
export function declViolations(path: string, text: string, decls: readonly LeanDecl[], lines: number): string[] {
  const out: string[] = [];
  let last = 0;
  for (const d of decls) {
    const { range, headerRange, bodyRange } = d;
    const inside =
      last <= range.start &&
      range.start <= headerRange.start &&
      headerRange.start <= headerRange.end &&
      headerRange.end <= range.end &&
      range.end <= text.length &&
      (bodyRange === undefined || (headerRange.end <= bodyRange.start && bodyRange.start <= bodyRange.end && bodyRange.end <= range.end));
    if (!inside)
      out.push(`${path}: ${d.fullName} has ranges out of order or outside the text: ${JSON.stringify({ range, headerRange, bodyRange })}`);
    else if (d.header !== text.slice(headerRange.start, headerRange.end).trim())
      out.push(`${path}: ${d.fullName}'s header is not its range`);
    else if (bodyRange !== undefined && d.body !== text.slice(bodyRange.start, bodyRange.end))
      out.push(`${path}: ${d.fullName}'s body is not its range`);
    const { line, endLine } = d.location;
    if (line < 1 || (endLine ?? line) < line || (endLine ?? line) > lines)
      out.push(`${path}: ${d.fullName} at lines ${line}-${endLine} of ${lines}`);
    if (out.length > 0) break;
    last = range.end;
  }
  return out;
}

/**
 * What in a report's text is not inert for its medium (see src/reporters/escape.ts), after names
 * the hostile-names mutation plants: JSON that does not parse, markup or a raw control character that
 * came through, a line of the GitHub format that a planted name made a workflow command.
 */
export function inertViolation(format: string, text: string): string | undefined {
  if (format === 'json' || format === 'sarif') {
    try {
      JSON.parse(text);
    } catch (e) {
      return `not JSON: ${(e as Error).message}`;
    }
  }
  if (format === 'html' && text.includes(PLANTED_MARKUP)) return 'a planted <script> came through';
  if (format === 'github' && text.split('\n').some((line) => line.startsWith(PLANTED_COMMAND))) return 'a planted workflow command';
  // No format writes a raw escape or bidirectional override: terminals, browsers and editors act on them.
  if (format !== 'html' && /[\u001b\u202e]/.test(text)) return 'a raw control or bidirectional character';
  return undefined;
}

/** A declaration without what depends on the other files of its project. */
const ownPart = (d: LeanDecl): unknown => ({ ...d, references: undefined, headerReferences: undefined });

/** The invariants of one parsed file against its text; `alone`: compare with the file parsed on its own. */
function fileViolations(file: LeanFile, text: string, alone: boolean): string[] {
  const out = file.problems.filter((p) => p.messageId === 'parse-failed').map((p) => `${file.path}: parse-failed: ${p.message}`);
  const starts = lineStarts(text);
  out.push(...tokenViolations(file.path, text, starts), ...declViolations(file.path, text, file.decls, starts.length));
  for (const gap of proofGapsOf(file, text)) {
    if (gap.line < 1 || gap.line > starts.length) out.push(`${file.path}: ${gap.kind} gap at line ${gap.line} of ${starts.length}`);
  }
  if (alone) {
    const single = parseLean(text, file.path, { module: file.module });
    const inProject = JSON.stringify(file.decls.map(ownPart));
    if (JSON.stringify(single.decls.map(ownPart)) !== inProject)
      out.push(`${file.path}: declarations differ when the file is parsed alone`);
  }
  return out;
}

/** What auditPath checks besides leanaudit's own failures. */
export interface PathChecks {
  /** Check the invariants of every file's tokens, declarations and gaps (off to time leanaudit alone). */
  invariants: boolean;
  /** Files also parsed on their own, whose declarations must be the same as in the project. */
  alone?: readonly string[];
}

/**
 * Runs the audit path over the project at `dir`: load and parse, the `scan` records, the source
 * auditors and the report in every format; with the invariants of every file checked, if asked.
 */
export async function auditPath(dir: string, checks: PathChecks = { invariants: true }): Promise<PathOutcome> {
  const violations: string[] = [];
  const project = await loadProject(dir);
  let declarations = 0;
  let outputChars = 0;
  const scopes = new ScopeRecords();
  for (const file of project.files) {
    declarations += file.decls.length;
    const text = checks.invariants ? readLeanSource(project, file) : undefined;
    if (text !== undefined) violations.push(...fileViolations(file, text, checks.alone?.includes(file.path) ?? false));
    for (const decl of file.decls) for (const record of scanRecords(file, decl, scopes)) outputChars += JSON.stringify(record).length + 1;
  }
  const report = await runAudit(dir, { only: SOURCE_AUDITORS }, SOURCES);
  for (const run of report.runs) if (run.status === 'error') violations.push(`auditor ${run.auditorId} failed: ${run.reason}`);
  for (const format of FORMATS) {
    try {
      const text = renderText(REPORTERS[format](report, {}));
      outputChars += text.length;
      const inert = inertViolation(format, text);
      if (inert !== undefined) violations.push(`the ${format} report: ${inert}`);
    } catch (e) {
      violations.push(`the ${format} report failed: ${(e as Error).stack ?? e}`);
    }
  }
  const findings = report.runs.reduce((sum, run) => sum + run.findings.length, 0);
  return { violations, declarations, findings, outputChars };
}
