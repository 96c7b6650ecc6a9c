/**
 * A project's history (`leanaudit history`) as CSV (a row per commit, a column per measure), a
 * Markdown table of each measure at the base and the head with the change (for a pull request's or
 * a job's summary), and an HTML page with a trend chart per measure in SVG, readable without
 * JavaScript.
 */
import type { History, HistoryRecord } from '../model/history.js';
import { escapeHtml, markdownText } from './escape.js';

/** Every measure named in some record, in the order first met. */
function measures(history: History): string[] {
  const names = new Set<string>();
  for (const record of history.records) for (const name of Object.keys(record.metrics)) names.add(name);
  return [...names];
}

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** One row per commit: hash, date, subject, then each measure (0 where a record lacks it). */
export function* historyCsv(history: History): Iterable<string> {
  const names = measures(history);
  yield `${['commit', 'time', 'subject', ...names].map(csvField).join(',')}\n`;
  for (const record of history.records) {
    yield `${[record.commit, record.time, record.subject, ...names.map((n) => String(record.metrics[n] ?? 0))].map(csvField).join(',')}\n`;
  }
}

const signed = (n: number): string => (n > 0 ? `+${n}` : n === 0 ? '0' : String(n));

/** The measures at the first and the last commit, with the change: the base → head table of a summary. */
export function* historyMarkdown(history: History): Iterable<string> {
  const base = history.records[0];
  const head = history.records[history.records.length - 1];
  if (base === undefined || head === undefined) {
    yield `No commits in ${markdownText(history.range)}.\n`;
    return;
  }
  const short = (r: HistoryRecord): string => `\`${r.commit.slice(0, 12)}\``;
  yield `### leanaudit history: ${short(base)} → ${short(head)} (${history.records.length} commits)\n\n`;
  yield `| measure | ${short(base)} | ${short(head)} | change |\n| --- | ---: | ---: | ---: |\n`;
  for (const name of measures(history)) {
    const [from, to] = [base.metrics[name] ?? 0, head.metrics[name] ?? 0];
    yield `| ${markdownText(name)} | ${from} | ${to} | ${signed(to - from)} |\n`;
  }
}

const CHART = { width: 640, height: 120, pad: 4 };

/** A line chart of one measure over the commits, each point titled with its commit and value. */
function chart(name: string, records: HistoryRecord[]): string {
  const values = records.map((r) => r.metrics[name] ?? 0);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const { width, height, pad } = CHART;
  const x = (i: number): number => pad + (records.length === 1 ? 0 : (i * (width - 2 * pad)) / (records.length - 1));
  const y = (v: number): number => height - pad - (max === min ? 0 : ((v - min) * (height - 2 * pad)) / (max - min));
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const dots = values
    .map(
      (v, i) =>
        `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2"><title>${escapeHtml(`${records[i]!.commit.slice(0, 12)} ${records[i]!.time.slice(0, 10)}: ${v}`)}</title></circle>`,
    )
    .join('');
  return (
    `<section><h2>${escapeHtml(name)}</h2><p>${values[0]} → ${values[values.length - 1]} (min ${min}, max ${max})</p>` +
    `<svg class="trend" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(name)} over ${records.length} commits">` +
    `<polyline points="${points}"/>${dots}</svg></section>`
  );
}

const STYLE =
  'body{font:14px system-ui,sans-serif;margin:2rem;color:#1f2328}svg.trend{border:1px solid #d0d7de;border-radius:6px}' +
  'svg.trend polyline{fill:none;stroke:#0969da;stroke-width:1.5}svg.trend circle{fill:#0969da}h2{font-size:1rem;margin:1.5rem 0 .2rem}';

/** A page with a trend chart per measure, SVG only. */
export function* historyHtml(history: History): Iterable<string> {
  const { records } = history;
  yield `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>leanaudit history</title><style>${STYLE}</style></head><body>`;
  yield `<h1>leanaudit history: ${records.length} commits of ${escapeHtml(history.range)}</h1>`;
  if (records.length > 0) {
    yield `<p>${escapeHtml(records[0]!.commit)} (${escapeHtml(records[0]!.time)}) → ${escapeHtml(records[records.length - 1]!.commit)} (${escapeHtml(records[records.length - 1]!.time)})</p>`;
    for (const name of measures(history)) yield chart(name, records);
  }
  yield '</body></html>\n';
}
