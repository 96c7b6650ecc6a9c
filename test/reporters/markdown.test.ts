import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { MARKDOWN_FINDING_LIMIT, markdownReporter } from '../../src/reporters/markdown.js';
import { ENABLE, reportWithoutLean, sampleReport } from './sample-report.js';

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

  it('gives the command that enables the Lean-backed auditors once', () => {
    const text = markdownReporter(reportWithoutLean());
    expect(text).toContain(`To enable \`mathlib-overlap\`, \`axiom-usage\` (no \`lake\` on PATH):\n\n\`\`\`sh\n${ENABLE}\n\`\`\``);
    expect(text.split(ENABLE).length - 1).toBe(1);
  });
});
