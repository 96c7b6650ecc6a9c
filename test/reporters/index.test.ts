import { describe, expect, it } from 'vitest';
import { FORMATS, REPORTERS, renderText } from '../../src/reporters/index.js';
import { sampleReport } from './sample-report.js';

describe('reporter registry', () => {
  it('offers every documented format, each rendering the whole report as text', () => {
    expect(FORMATS).toEqual(['terminal', 'json', 'markdown', 'html', 'sarif', 'github']);
    for (const format of FORMATS) {
      const text = renderText(REPORTERS[format](sampleReport()));
      expect(text.endsWith('\n'), format).toBe(true);
      expect(text, format).toContain('Foo.bar');
    }
  });

  it('gives a report of many findings in pieces that do not grow with it, the whole never one string', () => {
    const report = sampleReport();
    const one = report.runs[0]!.findings[0]!;
    report.runs[0]!.findings = Array.from({ length: 30_000 }, (_, i) => ({
      ...one,
      message: `sorry number ${i}`,
      location: { file: `F${i % 3}.lean`, line: i + 1 },
    }));
    for (const format of FORMATS) {
      let longest = 0;
      let total = 0;
      for (const piece of REPORTERS[format](report)) {
        longest = Math.max(longest, piece.length);
        total += piece.length;
      }
      // The Markdown report is cut under 65,000 characters: it is one piece.
      expect(longest, format).toBeLessThan(format === 'markdown' ? 70_000 : 20_000);
      if (format !== 'markdown') expect(total, format).toBeGreaterThan(1_000_000);
    }
  });
});
