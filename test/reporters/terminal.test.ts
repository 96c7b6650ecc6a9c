import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/reporters/index.js';
import { terminalReporter as terminalReporterPieces } from '../../src/reporters/terminal.js';
import { hostileReport, RAW_CONTROL } from './hostile-report.js';
import { ENABLE, reportWithoutLean, sampleReport } from './sample-report.js';

/** The terminal report as one text. */
const terminalReporter = (...args: Parameters<typeof terminalReporterPieces>): string => renderText(terminalReporterPieces(...args));

describe('terminal reporter', () => {
  it('prints the summary table and the findings grouped by file', () => {
    expect(terminalReporter(sampleReport())).toMatchSnapshot();
  });

  it('has no escape codes without color, and colors with it', () => {
    expect(terminalReporter(sampleReport())).not.toContain('\u001b[');
    const colored = terminalReporter(sampleReport(), { color: true });
    expect(colored).toContain('\u001b[31merror');
    expect(colored.replace(/\u001b\[\d+m/g, '')).toBe(terminalReporter(sampleReport()));
  });

  it('lists findings of a file by position with file:line:col, 1-based columns', () => {
    const lines = terminalReporter(sampleReport()).split('\n');
    const b = lines.filter((l) => l.startsWith('  Foo/B.lean:'));
    expect(b.map((l) => l.trim().split(/\s+/)[0])).toEqual(['Foo/B.lean:4:5', 'Foo/B.lean:12:3']);
  });

  it('states skipped and failed auditors with their reason', () => {
    const text = terminalReporter(sampleReport());
    expect(text).toMatch(/direct-judge\s+skipped.*needs llm: no endpoint configured/);
    expect(text).toMatch(/crossfile-reuse\s+error.*graph too large/);
    expect(text).toContain('FAILED: incomplete, an auditor failed: crossfile-reuse (graph too large); and findings at or above error');
    expect(terminalReporter(sampleReport()).endsWith('\n')).toBe(true);
  });
});

describe('the command that enables skipped auditors', () => {
  it('is printed once for all the auditors it enables', () => {
    const enable = ENABLE;
    const text = terminalReporter(reportWithoutLean());
    expect(text).toMatch(/mathlib-overlap\s+skipped.*no `lake` on PATH\n/);
    expect(text.split(enable).length - 1).toBe(1);
    expect(text).toContain(`to enable mathlib-overlap, axiom-usage (no \`lake\` on PATH): ${enable}`);
  });
});

describe('long reasons', () => {
  it('are cut in the table and printed in full below it', () => {
    const report = sampleReport();
    const reason = `no lake on PATH. To enable: ${'x'.repeat(120)} && leanaudit audit /repo`;
    report.runs[1]!.reason = reason;
    const lines = terminalReporter(report).split('\n');
    const row = lines.find((l) => l.startsWith('direct-judge'))!;
    expect(row).toContain('no lake on PATH. To enable: xxx');
    expect(row.endsWith('… (below)')).toBe(true);
    expect(lines).toContain(`direct-judge skipped: ${reason}`);
  });
});

describe('hostile names', () => {
  it('prints names, paths, reasons and messages inert: no control sequence, no line a CI would read as a command', () => {
    for (const color of [false, true]) {
      const text = terminalReporter(hostileReport(), { color });
      const uncolored = text.replace(/\u001b\[\d+m/g, '');
      expect(uncolored).not.toMatch(RAW_CONTROL);
      expect(text.split('\n').filter((line) => line.startsWith('::'))).toEqual([]);
      expect(uncolored).toContain('\\n::error file=pwned.lean,line=1::injected\\x1b]0;owned\\x07\\x1b[2J');
      expect(uncolored).toContain('pipe\\rbare CR\\u202eevil');
    }
  });
});

describe('many findings', () => {
  // Found by npm run fuzz: the column widths of one file's rows were a Math.max(...rows), past the call stack at 128k rows.
  it('lists 150,000 findings of one file without overflowing the call stack', () => {
    const report = sampleReport();
    const one = report.runs[0]!.findings[0]!;
    report.runs[0]!.findings = Array.from({ length: 150_000 }, (_, i) => ({
      ...one,
      location: { file: 'Big.lean', line: i + 1, column: 2 },
    }));
    const text = terminalReporter(report);
    expect(text).toContain('  Big.lean:150000:3  error');
  });
});
