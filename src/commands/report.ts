/** `leanaudit report <report.json>`: renders a saved JSON report in another format, without auditing again. */
import { type Command, Option } from 'commander';
import { readReport } from '../core/report-file.js';
import { FORMATS, type Format } from '../reporters/index.js';
import { checkFocusFormat, DOCS_URL_OPTION, emitReport, FOCUS_OPTION } from './output.js';

interface ReportCliOptions {
  format: Format;
  output?: string;
  docsUrl?: string;
  focus?: string;
}

/** Adds the `report` subcommand. */
export function registerReportCommand(program: Command): void {
  program
    .command('report')
    .description('render a JSON report (audit --format json) in another format; exits 1 when the report failed, as the audit did')
    .argument('<report>', 'the JSON report file')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('terminal'))
    .option('-o, --output <file>', 'write the rendered report to this file instead of standard output')
    .option(...DOCS_URL_OPTION)
    .option(...FOCUS_OPTION)
    .action(async (file: string, opts: ReportCliOptions) => {
      checkFocusFormat(opts.format, opts.focus);
      const report = readReport(file);
      await emitReport(report, {
        format: opts.format,
        output: opts.output,
        stepSummary: process.env.GITHUB_STEP_SUMMARY,
        docsUrl: opts.docsUrl,
        focus: opts.focus,
      });
      process.exitCode = report.summary.failed ? 1 : 0;
    });
}
