/**
 * One report whose every repository- or model-supplied string is hostile: line breaks that would
 * start a workflow command, terminal escape sequences (colors, clear screen, window title), a bare
 * carriage return, bidirectional overrides, raw HTML, images, links, mentions and issue references.
 * Every format's test feeds it to its reporter (and the HTML to a browser).
 */
import type { Report } from '../../src/core/types.js';
import { sampleReport } from './sample-report.js';

/** A line break followed by what GitHub would read as a command. */
export const INJECTED_COMMAND = '\n::error file=pwned.lean,line=1::injected';
/** Sets the terminal window title, then clears the screen. */
export const TERMINAL_ESCAPES = '\u001b]0;owned\u0007\u001b[2J';
export const HTML_PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
export const MARKDOWN_PAYLOAD = '@octocat ![tracker](https://example.invalid/t.png) [click](https://example.invalid) #12 *bold*';

const hostile = (label: string): string =>
  `${label} | pipe\rbare CR\u202eevil${INJECTED_COMMAND}${TERMINAL_ESCAPES} ${HTML_PAYLOAD} ${MARKDOWN_PAYLOAD}`;

/** The fixture: the sample report with every name, path, reason and message replaced by a hostile one. */
export function hostileReport(): Report {
  const report = sampleReport();
  report.project.name = hostile('project');
  report.project.root = `/repo/${TERMINAL_ESCAPES}`;
  report.project.skipped = [{ path: hostile('skipped-path'), reason: hostile('skip-reason') }];
  report.project.leanToolchain = hostile('toolchain');
  for (const run of report.runs) {
    if (run.reason !== undefined) run.reason = hostile(`reason of ${run.auditorId}`);
    for (const f of run.findings) {
      f.message = hostile(`message of ${f.messageId}`);
      f.entityId = hostile('entity');
      if (f.location) f.location = { ...f.location, file: hostile('file') };
      f.related = [{ location: { file: hostile('related-file'), line: 2 }, message: hostile('related') }];
      f.evidence = { reason: hostile('model reason') };
    }
  }
  report.summary.baseline = {
    file: hostile('baseline'),
    unchanged: 0,
    new: 4,
    absent: 1,
    absentFindings: [
      {
        fingerprint: 'f',
        auditorId: 'proof-gaps',
        messageId: 'axiom',
        severity: 'error',
        file: hostile('absent-file'),
        line: 3,
        message: hostile('absent'),
      },
    ],
  };
  return report;
}

/** Characters no format may let through raw (a line feed aside). */
export const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
