/**
 * Renders a report in the chosen format and writes it where the user asked, piece by piece as the
 * reporter gives them (a report of many findings is never one string); shared by `audit` and `report`.
 */
import { appendFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { colorFor } from '../core/color.js';
import { InputError } from '../core/errors.js';
import type { Report } from '../core/types.js';
import { GITHUB_ANNOTATION_LIMIT, verdict } from '../reporters/common.js';
import { inert } from '../reporters/escape.js';
import { entityNamed } from '../reporters/focus.js';
import { type Format, REPORTERS, renderText } from '../reporters/index.js';
import { JOB_SUMMARY_SIZE_LIMIT } from '../reporters/markdown.js';
import { writeOutput } from './write-output.js';

/** Colors only for a terminal report written to standard output, as colorFor decides. */
const wantsColor = (format: Format, output: string | undefined): boolean =>
  format === 'terminal' && output === undefined && colorFor(process.stdout);

/**
 * Where annotations name files from: the git repository's root, as SARIF does, so that both agree
 * for a project in a subfolder; outside git, the GitHub workspace (else the working directory).
 */
function annotationPrefix(project: Report['project']): string {
  if (project.repository) return project.repository.path ?? '';
  return relative(process.env.GITHUB_WORKSPACE ?? process.cwd(), project.root)
    .split(sep)
    .join('/');
}

/** Appends text to a file the user named; an unwritable path is an input error. */
function appendUserFile(file: string, text: string): void {
  try {
    appendFileSync(file, text);
  } catch (e) {
    throw new InputError(`cannot write ${file}: ${(e as Error).message}`);
  }
}

export interface EmitOptions {
  format: Format;
  output?: string | undefined;
  /** The job summary file (`$GITHUB_STEP_SUMMARY`); the github format appends the Markdown report there. */
  stepSummary?: string | undefined;
  /** Base address of the rule pages, for SARIF help links. */
  docsUrl?: string | undefined;
  /** HTML only: one entity (label or Lean name) and its ancestors. */
  focus?: string | undefined;
}

/** `--focus` draws the HTML page only; with another format it is an input error, caught before any work. */
export function checkFocusFormat(format: Format, focus: string | undefined): void {
  if (focus !== undefined && format !== 'html') throw new InputError(`--focus applies to --format html, not ${format}`);
}

/**
 * Writes the report in `format` to `output` (else standard output). With the github format and a
 * job summary file, the Markdown report goes there too, listing every finding GitHub does not
 * annotate past its per-level limit.
 */
export async function emitReport(report: Report, options: EmitOptions): Promise<void> {
  const { format, output, focus } = options;
  checkFocusFormat(format, focus);
  if (focus !== undefined && !entityNamed(report, focus))
    throw new InputError(`--focus ${inert(focus)}: no entity of the report has this label or Lean name`);
  const pieces = REPORTERS[format](report, {
    ...(focus !== undefined ? { focus } : {}),
    color: wantsColor(format, output),
    pathPrefix: annotationPrefix(report.project),
    ...(options.docsUrl ? { docsUrl: options.docsUrl } : {}),
  });
  await writeOutput(pieces, output);
  if (output !== undefined) process.stderr.write(`leanaudit: ${format} report written to ${output} (${inert(verdict(report))})\n`);
  if (format === 'github' && options.stepSummary) {
    // The Markdown report is held under what GitHub takes from a step's summary: one text.
    appendUserFile(
      options.stepSummary,
      renderText(REPORTERS.markdown(report, { annotationLimit: GITHUB_ANNOTATION_LIMIT, sizeLimit: JOB_SUMMARY_SIZE_LIMIT })),
    );
  }
}

/** The `--docs-url` option shared by the commands that render reports. */
export const DOCS_URL_OPTION = [
  '--docs-url <base>',
  "base address of the rule pages SARIF and HTML link each rule to, <base>/<auditor>.md#<rule> (default: no link; the rule's help is embedded in both)",
] as const;

/** The `--focus` option of the commands that render HTML. */
export const FOCUS_OPTION = [
  '--focus <name>',
  'HTML: only this entity (a blueprint label or Lean name) and every entity it depends on, with the findings about them',
] as const;
