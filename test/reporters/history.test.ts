import { describe, expect, it } from 'vitest';
import type { History } from '../../src/model/history.js';
import { historyCsv, historyHtml, historyMarkdown } from '../../src/reporters/history.js';

const HISTORY: History = {
  schemaVersion: 1,
  range: 'HEAD~2..HEAD',
  records: [
    { commit: 'a'.repeat(40), time: '2026-01-01T00:00:00.000Z', subject: 'start, "quoted"', metrics: { sorry: 3, axiom: 1 } },
    { commit: 'b'.repeat(40), time: '2026-01-02T00:00:00.000Z', subject: '<b>bold</b>', metrics: { sorry: 1, axiom: 1, declarations: 5 } },
  ],
};

describe('history reporters', () => {
  it('writes a CSV row per commit, a column per measure, fields quoted where needed', () => {
    expect([...historyCsv(HISTORY)].join('')).toBe(
      [
        'commit,time,subject,sorry,axiom,declarations',
        `${'a'.repeat(40)},2026-01-01T00:00:00.000Z,"start, ""quoted""",3,1,0`,
        `${'b'.repeat(40)},2026-01-02T00:00:00.000Z,<b>bold</b>,1,1,5`,
        '',
      ].join('\n'),
    );
  });

  it('writes the base → head table with the change of each measure', () => {
    const md = [...historyMarkdown(HISTORY)].join('');
    expect(md).toContain('| sorry | 3 | 1 | -2 |');
    expect(md).toContain('| axiom | 1 | 1 | 0 |');
    expect(md).toContain('| declarations | 0 | 5 | +5 |');
    expect(md).toContain('(2 commits)');
  });

  it('draws an SVG chart per measure, with no script and the subjects escaped', () => {
    const html = [...historyHtml(HISTORY)].join('');
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).not.toContain('<script');
    expect(html).toContain('<polyline points=');
    expect(html).not.toContain('<b>bold');
  });
});
