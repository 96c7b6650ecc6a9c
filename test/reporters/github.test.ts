import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { githubReporter as githubReporterPieces } from '../../src/reporters/github.js';
import { renderText } from '../../src/reporters/index.js';
import { hostileReport, INJECTED_COMMAND, RAW_CONTROL } from './hostile-report.js';
import { ENABLE, reportWithoutLean, sampleReport } from './sample-report.js';

/** The github report as one text. */
const githubReporter = (...args: Parameters<typeof githubReporterPieces>): string => renderText(githubReporterPieces(...args));

describe('github reporter', () => {
  it('writes one workflow command per finding, errors first, then the auditors that did not run and the verdict', () => {
    expect(githubReporter(sampleReport()).split('\n')).toEqual([
      '::error file=Foo/B.lean,line=4,col=5,title=proof-gaps/sorry-in-proof::sorry in the proof of Foo.baz',
      '::error file=Foo/B.lean,line=12,col=3,endColumn=8,title=proof-gaps/sorry-in-proof::sorry in the proof of Foo.bar',
      '::warning file=Foo/A.lean,line=3,col=1,title=proof-gaps/axiom::axiom Foo.choice | with a pipe',
      '::notice title=crossfile-reuse/unused::lemma Foo.aux is never used',
      '::notice title=leanaudit direct-judge skipped::needs llm: no endpoint configured',
      '::error title=leanaudit crossfile-reuse error::graph too large',
      'leanaudit 0.0.0-test: foo: FAILED: incomplete, an auditor failed: crossfile-reuse (graph too large); and findings at or above error · 2 errors, 1 warning, 1 info',
      '',
    ]);
  });

  it('leads paths from the workspace to the project, escapes what GitHub would read as syntax, and gives no columns across lines', () => {
    const report = sampleReport();
    const finding = report.runs[0]!.findings[0]!;
    finding.message = 'line one\nline two: 100% sure, really';
    finding.location = { file: 'Foo/a,b:c.lean', line: 12, column: 2, endLine: 14, endColumn: 7 };
    const first = githubReporter(report, { pathPrefix: 'lean/' })
      .split('\n')
      .find((l) => l.includes('line one'));
    expect(first).toBe(
      '::error file=lean/Foo/a%2Cb%3Ac.lean,line=12,endLine=14,title=proof-gaps/sorry-in-proof::line one%0Aline two: 100%25 sure, really',
    );
    expect(githubReporter(report, { pathPrefix: 'lean' })).toContain('file=lean/Foo/B.lean,line=4');
  });

  it('with a baseline annotates only the new findings and says how many known ones it left out', () => {
    const report: Report = sampleReport();
    for (const f of report.runs.flatMap((r) => r.findings)) f.baselineState = f.message.includes('Foo.baz') ? 'new' : 'unchanged';
    report.summary.baseline = { file: 'leanaudit-baseline.json', unchanged: 3, new: 1, absent: 0, absentFindings: [] };
    const lines = githubReporter(report).split('\n');
    expect(lines.filter((l) => /^::(error|warning|notice) file=/.test(l))).toEqual([
      '::error file=Foo/B.lean,line=4,col=5,title=proof-gaps/sorry-in-proof::sorry in the proof of Foo.baz',
    ]);
    expect(lines).toContain('baseline leanaudit-baseline.json: 3 known findings not listed, 1 new');
  });

  it('gives the command that enables the Lean-backed auditors in one notice', () => {
    const notices = githubReporter(reportWithoutLean())
      .split('\n')
      .filter((line) => line.includes(ENABLE));
    expect(notices).toEqual([
      `::notice title=leanaudit to enable::to enable mathlib-overlap, axiom-usage (no \`lake\` on PATH): ${ENABLE}`,
    ]);
  });
});

describe('hostile names', () => {
  it('keeps every name inside its own workflow command, and plain lines plain', () => {
    const text = githubReporter(hostileReport());
    expect(text).not.toMatch(RAW_CONTROL);
    const lines = text.trimEnd().split('\n');
    const commands = lines.filter((l) => l.startsWith('::'));
    // One command per finding, per related-free auditor notice; nothing else begins with `::`.
    expect(commands).toHaveLength(4 + 2);
    for (const command of commands) expect(command).toMatch(/^::(error|warning|notice) [^:]*::/);
    expect(commands.filter((c) => c.startsWith('::error file=pwned.lean'))).toEqual([]);
    expect(lines.filter((l) => !l.startsWith('::')).map((l) => l.split(' ')[0])).toEqual(['baseline', 'leanaudit']);
    expect(text).toContain(`%0A::error file=pwned.lean,line=1::injected`);
    expect(text).not.toContain(INJECTED_COMMAND);
  });
});
