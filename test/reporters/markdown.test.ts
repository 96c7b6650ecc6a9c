import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { listed, position } from '../../src/reporters/common.js';
import { renderText } from '../../src/reporters/index.js';
import { JOB_SUMMARY_SIZE_LIMIT, MARKDOWN_SIZE_LIMIT, markdownReporter as markdownReporterPieces } from '../../src/reporters/markdown.js';
import { hostileReport, RAW_CONTROL } from './hostile-report.js';
import { ENABLE, reportWithoutLean, sampleReport } from './sample-report.js';

/** The markdown report as one text. */
const markdownReporter = (...args: Parameters<typeof markdownReporterPieces>): string => renderText(markdownReporterPieces(...args));

/** The HTML GitHub would render, raw HTML passed through as GitHub passes its safe subset. */
const render = (markdown: string): string =>
  micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true });

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

  it('shows related locations under the message', () => {
    const html = render(markdownReporter(sampleReport()));
    expect(html).toContain('↳ <code>Foo/B.lean:1</code> used here');
  });

  const many = (n: number, severity: Finding['severity'], messageId = 'sorry-in-proof'): Finding[] =>
    Array.from({ length: n }, (_, i) => ({
      auditorId: 'proof-gaps',
      messageId,
      severity,
      message: `gap ${i} ${'long message '.repeat(5)}`,
      location: { file: `Big${i % 7}.lean`, line: i + 1 },
    }));
  const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
  const rows = (text: string, severity: string): number =>
    text.split('\n').filter((l) => new RegExp(`^\\| \\d+ \\| ${severity} \\| gap `).test(l)).length;

  it('cuts a long report by size, errors first, and counts by rule exactly what it left out', () => {
    const report = sampleReport();
    report.runs[0]!.findings = [...many(40, 'warning', 'axiom'), ...many(3000, 'error')];
    const text = markdownReporter(report);
    expect(bytes(text)).toBeLessThanOrEqual(MARKDOWN_SIZE_LIMIT);
    expect(bytes(text)).toBeGreaterThan(MARKDOWN_SIZE_LIMIT - 2000);
    const shown = rows(text, 'error');
    expect(shown).toBeGreaterThan(100);
    expect(rows(text, 'warning')).toBe(0);
    const others = listed(report.runs.slice(1).flatMap((r) => r.findings));
    expect(others.map((f) => f.severity)).toEqual(['info']);
    expect(text).toContain(
      `Not listed one by one, to keep this under 65,000 bytes: ${3000 - shown} errors, 40 warnings and 1 info finding, counted by rule below`,
    );
    expect(text).toContain(`| error | \`proof-gaps/sorry-in-proof\` | ${3000 - shown} |`);
    expect(text).toContain('| warning | `proof-gaps/axiom` | 40 |');
    expect(markdownReporter(sampleReport())).not.toContain('Not listed');
  });

  it('keeps every error and warning, and counts the info findings by rule when they do not all fit', () => {
    const report = sampleReport();
    const before = listed(report.runs.flatMap((r) => r.findings));
    report.runs[0]!.findings.push(...many(120, 'warning', 'axiom'), ...many(3000, 'info', 'unknown-marker'));
    const text = markdownReporter(report);
    expect(bytes(text)).toBeLessThanOrEqual(MARKDOWN_SIZE_LIMIT);
    expect(rows(text, 'warning')).toBe(120);
    expect(rows(text, 'info')).toBe(0);
    const serious = before.filter((f) => f.severity !== 'info');
    expect(serious.length).toBeGreaterThan(0);
    for (const f of serious) expect(text).toContain(`| ${position(f.location)} | ${f.severity} |`);
    expect(text).toMatch(/info findings \(every error and warning is listed above\), counted by rule below/);
    expect(text).toContain('| info | `proof-gaps/unknown-marker` | 3000 |');
  });

  it('as a job summary, lists every finding up to what GitHub takes from a step', () => {
    const report = sampleReport();
    report.runs[0]!.findings = many(3000, 'error');
    const text = markdownReporter(report, { sizeLimit: JOB_SUMMARY_SIZE_LIMIT });
    expect(rows(text, 'error')).toBe(3000);
    expect(bytes(text)).toBeLessThanOrEqual(JOB_SUMMARY_SIZE_LIMIT);
  });

  it('as a job summary, says which findings GitHub left unannotated', () => {
    const report = sampleReport();
    expect(markdownReporter(report, { annotationLimit: 1 })).toContain(
      'GitHub annotates the first 1 findings of each level in a step: 1 error are listed here only.',
    );
    expect(markdownReporter(report, { annotationLimit: 10 })).not.toContain('GitHub annotates');
  });
});

describe('hostile names', () => {
  const markdown = markdownReporter(hostileReport());
  const html = render(markdown);

  it('lets no raw HTML, image, link or emphasis through, and no control character', () => {
    expect(markdown).not.toMatch(RAW_CONTROL);
    expect(html).not.toMatch(/<(img|script)\b/);
    expect(html).not.toContain('<em>bold</em>');
    expect(html).toContain('*bold*');
    // GFM links a bare URL to itself, as it would in any comment; no link hides its target.
    for (const [, href, text] of html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)) expect(text).toBe(href);
    expect(html.match(/<a\b/g)).toHaveLength(html.match(/<a href="([^"]*)">\1<\/a>/g)!.length);
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;');
    expect(html).toContain('![tracker](https://example.invalid/t.png)');
  });

  it('breaks mentions and issue references, which GitHub would link after rendering', () => {
    // Code spans are never linked; everywhere else the mention is broken.
    expect(html.replace(/<code>[^<]*<\/code>/g, '')).not.toMatch(/@octocat|#12/);
    expect(html).toContain('@\u200boctocat');
    expect(html).toContain('#\u200b12');
  });

  it('keeps every table row to its columns: a bare carriage return or a line feed ends no row', () => {
    const rows = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => (m[1]!.match(/<t[dh]\b/g) ?? []).length);
    expect(new Set(rows)).toEqual(new Set([6, 4]));
    // Two findings tables (a file and no location): their headers and four findings.
    expect(rows.filter((n) => n === 4)).toHaveLength(2 + 4);
  });

  it('gives the command that enables the Lean-backed auditors once', () => {
    const text = markdownReporter(reportWithoutLean());
    expect(text).toContain(`To enable \`mathlib-overlap\`, \`axiom-usage\` (no \`lake\` on PATH):\n\n\`\`\`sh\n${ENABLE}\n\`\`\``);
    expect(text.split(ENABLE).length - 1).toBe(1);
    const odd = reportWithoutLean();
    for (const run of odd.runs) if (run.enable) run.enable = 'cd /tmp/```x && lake build';
    expect(markdownReporter(odd)).toContain('\n````sh\ncd /tmp/```x && lake build\n````');
  });
});
