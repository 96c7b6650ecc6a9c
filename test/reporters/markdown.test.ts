import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { MARKDOWN_FINDING_LIMIT, markdownReporter } from '../../src/reporters/markdown.js';
import { sampleReport } from './sample-report.js';

describe('markdown reporter', () => {
  it('renders the summary and a table per file', () => {
    expect(markdownReporter(sampleReport())).toMatchSnapshot();
  });

  it('escapes pipes so table rows keep their columns', () => {
    const row = markdownReporter(sampleReport())
      .split('\n')
      .find((l) => l.includes('Foo.choice'))!;
    expect(row).toContain('Foo.choice \\| with a pipe');
    expect(row.split(/(?<!\\)\|/)).toHaveLength(6);
  });

  it('cuts long finding lists short and says how many were left out', () => {
    const report = sampleReport();
    const many: Finding[] = Array.from({ length: MARKDOWN_FINDING_LIMIT + 25 }, (_, i) => ({
      auditorId: 'proof-gaps',
      messageId: 'sorry-in-proof',
      severity: 'error',
      message: `gap ${i}`,
      location: { file: 'Big.lean', line: i + 1 },
    }));
    report.runs[0]!.findings = many;
    const text = markdownReporter(report);
    expect(text).toContain('| 300 | error | gap 299 |');
    expect(text).not.toContain('gap 300 ');
    expect(text).toContain('… and 26 more findings');
  });
});
