import { describe, expect, it } from 'vitest';
import { htmlReporter } from '../../src/reporters/html.js';
import { sampleReport } from './sample-report.js';

describe('html reporter', () => {
  it('renders a standalone page with the summary table and findings', () => {
    const html = htmlReporter(sampleReport());
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toContain('<script');
    expect(html).toContain('<td class="skipped">skipped</td>');
    expect(html).toContain('<h3><code>Foo/B.lean</code></h3>');
    expect(html).toContain('<td>12:3</td><td class="error">error</td><td>sorry in the proof of Foo.bar</td>');
  });

  it('escapes text coming from the audited project', () => {
    const report = sampleReport();
    report.runs[0]!.findings[0]!.message = '<img src=x onerror=alert(1)> & "q"';
    report.project.name = '<b>';
    const html = htmlReporter(report);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;q&#34;');
  });
});
