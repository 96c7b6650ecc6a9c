import { describe, expect, it } from 'vitest';
import { htmlReporter as htmlReporterPieces } from '../../src/reporters/html.js';
import { renderText } from '../../src/reporters/index.js';
import { hostileReport, RAW_CONTROL } from './hostile-report.js';
import { richReport } from './rich-report.js';

/** The html report as one text. */
const htmlReporter = (...args: Parameters<typeof htmlReporterPieces>): string => renderText(htmlReporterPieces(...args));

describe('html reporter', () => {
  const html = htmlReporter(richReport());

  it('is one page that loads nothing: a policy forbids every fetch, and no tag points outside', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(html).not.toMatch(/<(link|img|iframe)\b|\bsrc=/);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('heads the page with the project, its commit, toolchain, Mathlib revision and the verdict', () => {
    expect(html).toContain('<h1>leanaudit report: foo</h1>');
    expect(html).toContain(
      '<a href="https://github.com/o/r/commit/cccccccccccccccccccccccccccccccccccccccc"><code>cccccccccccc</code></a>',
    );
    expect(html).toContain('<code>leanprover/lean4:v4.28.0</code>');
    expect(html).toContain('<code>8f9d9cff6bd728b17a24e163c9402775d9e6a365</code>');
    expect(html).toContain(
      '<p id="verdict" class="failed">FAILED: incomplete, an auditor failed: crossfile-reuse (graph too large); and findings at or above error',
    );
  });

  it('links each place to the source line, from the repository root', () => {
    expect(html).toContain('href="https://github.com/o/r/blob/ccc/lean/Foo/B.lean#L12"');
    expect(html).toContain('href="https://github.com/o/r/blob/ccc/lean/Foo/B.lean#L1"');
  });

  it('shows the source lines of a finding, its own line marked, and its related locations', () => {
    expect(html).toContain('<span class="hl"><span class="ln">12</span>  sorry</span>');
    expect(html).toMatch(/<ul class="related"><li><a class="src-link"[^>]*><code>Foo\/B\.lean:1<\/code><\/a> used here<\/li><\/ul>/);
  });

  it('gives each entity a page with its text, its Lean statement, its pairing and the judges', () => {
    const page = html.slice(html.indexOf('<section class="entity-page" id="entity:thm:bar">'));
    expect(page).toContain('<pre class="informal">Bar holds, by the base case.</pre>');
    expect(page).toContain('<pre class="lean">theorem Foo.bar (n : Nat) : n = n</pre>');
    expect(page).toContain('pairing: <b>paired</b> · proof: <b>sorry</b>');
    expect(page).toContain(
      '<li><b>Different</b> <span class="dim">direct-judge, gpt-test</span>: the Lean statement drops a hypothesis</li>',
    );
    expect(html).toContain('<a href="#entity%3Athm%3Abar">thm:bar</a>');
  });

  it('draws the dependency graph: a node per entity, the edge by how the Lean code reflects it', () => {
    expect(html).toContain('data-entity="lem:base"');
    expect(html).toMatch(/<a class="node p-sorry v-different" href="#entity%3Athm%3Abar"/);
    expect(html).toMatch(/<path class="edge e-unreflected-unproved" data-from="lem:base" data-to="thm:bar"/);
  });

  it('lists the findings by severity, errors first', () => {
    const severities = [...html.matchAll(/<tr class="finding" data-index="\d+" data-severity="(\w+)"/g)].map((m) => m[1]);
    expect(severities.length).toBeGreaterThan(2);
    const rank = (s: string | undefined) => ['error', 'warning', 'info'].indexOf(s!);
    expect(severities.map(rank)).toEqual([...severities.map(rank)].sort((a, b) => a - b));
  });

  it('gives the graph its tools: search, zoom and fit', () => {
    expect(html).toContain('<input id="graph-search" type="search"');
    expect(html).toMatch(/data-graph="fit"/);
    expect(html).toContain('data-lean="Foo.bar"');
  });

  it("embeds each rule's help, the findings linking to it, and links a page only under --docs-url", () => {
    expect(html).toMatch(
      /<a href="#rule%3Aproof-gaps%2Fsorry-in-proof" title="what the rule checks"><code>proof-gaps\/sorry-in-proof<\/code><\/a>/,
    );
    const help = html.slice(html.indexOf('<details class="rule" id="rule:proof-gaps/sorry-in-proof">'));
    expect(help).toMatch(
      /^<details class="rule" id="rule:proof-gaps\/sorry-in-proof"><summary>.*<\/summary><p>[^<]+<\/p><p><b>Why it matters:<\/b>/,
    );
    expect(html).not.toContain('rule page');
    const linked = htmlReporter(richReport(), { docsUrl: 'https://docs.example/rules' });
    expect(linked).toContain(
      '<a href="https://docs.example/rules/proof-gaps.md#sorry-in-proof" target="_blank" rel="noopener noreferrer">rule page</a>',
    );
  });

  it('with a focus, shows that entity and its ancestors only, and says what it left out', () => {
    const report = richReport();
    const focused = htmlReporter(report, { focus: 'lem:base' });
    expect(focused).toContain('<p id="focus">Focused on <a href="#entity%3Alem%3Abase">lem:base</a> and the 0 entities it depends on:');
    expect(focused).toContain('id="entity:lem:base"');
    expect(focused).not.toContain('id="entity:thm:bar"');
    expect(focused).not.toContain('<svg');
    const bar = htmlReporter(report, { focus: 'Foo.bar' });
    expect(bar).toContain('id="entity:lem:base"');
    expect(bar).toMatch(/data-from="lem:base" data-to="thm:bar"/);
  });
});

describe('hostile names', () => {
  it('escapes every name, path, reason and message: no tag, attribute or control character of theirs', () => {
    const html = htmlReporter(hostileReport());
    expect(html).not.toMatch(RAW_CONTROL);
    expect(html).not.toMatch(/<img|<script>window|onerror="/);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain('&#60;img src=x onerror=&#34;window.__pwned=1&#34;&#62;');
    expect(html).toContain('\\x1b]0;owned\\x07');
  });
});
