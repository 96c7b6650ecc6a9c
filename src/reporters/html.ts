/**
 * HTML reporter: one self-contained page (inline style and script, no network: a Content Security
 * Policy forbids every load). A header with the project, its commit, toolchain, Mathlib revision and
 * the verdict; each auditor with its metrics; the findings in a table to filter (severity, auditor,
 * rule, file, text) and sort, each with its source lines, related locations and links to the source;
 * a page per informal entity (its text beside its Lean statements, pairing, the judges' verdicts and
 * reasons); the dependency graph as SVG to pan, zoom and search. Findings come by severity, errors
 * first. With `focus`, one entity and its ancestors only, and the findings about them. Everything
 * from the repository or a model is escaped.
 */
import { sourceLink } from '../core/source-url.js';
import type { AuditorRun, EntityView, Finding, Report, TheoremTrust } from '../core/types.js';
import type { Location } from '../model/location.js';
import {
  absentLines,
  allFindings,
  baselineNote,
  CLAIM_HEADERS,
  claimCells,
  claimStatistics,
  countBySeverity,
  enableNotes,
  enableText,
  gateFailed,
  listed,
  listedTotals,
  position,
  projectFacts,
  ruleId,
  SEVERITY_ORDER,
  statusText,
  verdict,
} from './common.js';
import { findingsByEntity, pairingStatus, proofStatus, verdicts } from './entities.js';
import { escapeHtml as esc } from './escape.js';
import { type Focus, focusOn, inFocus } from './focus.js';
import { CSS, SCRIPT } from './html-assets.js';
import { dependencyGraphSvg } from './html-graph.js';
import { GRAPH_SCRIPT } from './html-graph-script.js';
import { RULES_SCRIPT, ruleHref, rulesSection } from './html-rules.js';
import { trustByName, trustHtml } from './trust.js';
import type { ReporterOptions } from './types.js';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

/** The fragment of an entity's page. */
const entityHref = (id: string): string => `#${encodeURIComponent(`entity:${id}`)}`;

/** `file:line:col`, a link to the source when the report has a source URL. */
function placeLink(report: Report, location: Location): string {
  const text = `<code>${esc(location.file)}:${position(location)}</code>`;
  const href = sourceLink(report.project, location);
  return href ? `<a class="src-link" href="${esc(href)}" target="_blank" rel="noopener noreferrer">${text}</a>` : text;
}

/** What the page shows: every finding and entity, or those of a focus. */
interface Shown {
  findings: Finding[];
  entities: EntityView[];
  focus?: Focus;
}

function header(report: Report, shown: Shown): string[] {
  const { project } = report;
  const repo = project.repository;
  const facts: [string, string][] = [];
  if (repo?.commit) {
    const sha = `<code>${esc(repo.commit.slice(0, 12))}</code>`;
    const onWeb = repo.url && /^https:\/\/(github|gitlab)\.com\//.test(repo.url);
    facts.push(['commit', onWeb ? `<a href="${esc(`${repo.url}/commit/${repo.commit}`)}">${sha}</a>` : sha]);
  }
  if (repo?.url) facts.push(['repository', `${esc(repo.url)}${repo.path ? ` · <code>${esc(repo.path)}</code>` : ''}`]);
  if (project.leanToolchain) facts.push(['toolchain', `<code>${esc(project.leanToolchain)}</code>`]);
  if (project.mathlibRev) facts.push(['Mathlib', `<code>${esc(project.mathlibRev)}</code>`]);
  const size = projectFacts({ ...report, project: { ...project, leanToolchain: undefined, mathlibRev: undefined } as typeof project });
  if (size.length) facts.push(['project', esc(size.join(' · '))]);
  facts.push(['folder', `<code>${esc(project.root)}</code>`]);
  if (project.error) facts.push(['error', `<span class="error">${esc(project.error)}</span>`]);
  const out = [
    '<header>',
    `<h1>leanaudit report: ${esc(project.name)}</h1>`,
    `<p id="verdict" class="${gateFailed(report) ? 'failed' : 'passed'}">${esc(verdict(report))} · ${esc(listedTotals(report))}</p>`,
    `<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`,
  ];
  const note = baselineNote(report);
  if (note !== undefined) {
    out.push(`<p>${esc(note)}</p>`);
    const absent = absentLines(report);
    if (absent.length)
      out.push(`<details><summary>No longer found</summary><ul>${absent.map((line) => `<li>${esc(line)}</li>`).join('')}</ul></details>`);
  }
  if (project.skipped?.length) {
    out.push(
      `<details class="dim"><summary>Left out of the scan (${project.skipped.length})</summary><ul>${project.skipped.map((s) => `<li><code>${esc(s.path)}</code>: ${esc(s.reason)}</li>`).join('')}</ul></details>`,
    );
  }
  if (shown.focus) {
    const { root, ids } = shown.focus;
    out.push(
      `<p id="focus">Focused on <a href="${esc(entityHref(root.id))}">${esc(root.id)}</a> and the ${ids.size - 1} entities it depends on: ` +
        `${shown.findings.length} of ${listed(allFindings(report)).length} findings shown, those about them or in their Lean declarations.</p>`,
    );
  }
  const links = [
    ['#auditors', 'Auditors'],
    ['#findings', `Findings (${shown.findings.length})`],
  ];
  if (shown.findings.length) links.push(['#rules', 'Rules']);
  if (shown.entities.length) links.push(['#entities', `Entities (${shown.entities.length})`], ['#graph', 'Dependency graph']);
  out.push(`<nav>${links.map(([href, text]) => `<a href="${href}">${text}</a>`).join('')}</nav>`, '</header>');
  return out;
}

/** A run's metrics: the key ones in a table, the per-file breakdowns folded. */
function metricsTable(run: AuditorRun): string {
  const entries = Object.entries(run.metrics);
  if (entries.length === 0) return '';
  const fmt = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(3));
  const row = ([k, v]: [string, number]): string => `<tr><td><code>${esc(k)}</code></td><td class="n">${fmt(v)}</td></tr>`;
  const main = entries.filter(([k]) => !k.includes(':'));
  const breakdown = entries.filter(([k]) => k.includes(':'));
  const folded = breakdown.length
    ? `<details><summary>${breakdown.length} breakdowns</summary><table>${breakdown.map(row).join('')}</table></details>`
    : '';
  return `<table class="metrics"><tr><th>metric</th><th>value</th></tr>${main.map(row).join('')}</table>${folded}`;
}

function auditors(report: Report): string[] {
  const out = [
    '<section id="auditors"><h2>Auditors</h2>',
    '<table><tr><th>auditor</th><th>status</th><th>errors</th><th>warnings</th><th>info</th><th>time</th></tr>',
  ];
  for (const run of report.runs) {
    const c = countBySeverity(listed(run.findings));
    out.push(
      `<tr><td><a href="#auditor-${esc(run.auditorId)}"><code>${esc(run.auditorId)}</code></a></td><td class="${run.status}">${esc(statusText(run))}</td>` +
        `<td class="n">${c.error}</td><td class="n">${c.warning}</td><td class="n">${c.info}</td><td class="n">${(run.durationMs / 1000).toFixed(1)} s</td></tr>`,
    );
  }
  out.push('</table>');
  for (const run of report.runs) {
    out.push(
      `<details class="auditor" id="auditor-${esc(run.auditorId)}"${run.status === 'ok' ? '' : ' open'}><summary><code>${esc(run.auditorId)}</code> <span class="${run.status}">${run.status}</span>${run.meta ? ` <span class="dim">${esc(run.meta.description)}</span>` : ''}</summary>`,
      run.reason ? `<p class="${run.status}">${esc(run.reason)}</p>` : '',
      metricsTable(run),
      '</details>',
    );
  }
  const claims = claimStatistics(report);
  if (claims.length > 0) {
    out.push('<h3>Blueprint progress</h3><table><tr>', ...CLAIM_HEADERS.map((h) => `<th>${esc(h)}</th>`), '</tr>');
    for (const row of claims)
      out.push(
        `<tr>${claimCells(row)
          .map((cell, i) => `<td${i > 1 ? ' class="n"' : ''}>${esc(cell)}</td>`)
          .join('')}</tr>`,
      );
    out.push('</table>');
  }
  for (const note of enableNotes(report)) out.push(`<p>${esc(enableText(note))}</p>`);
  out.push('</section>');
  return out;
}

/** The source lines of a finding, its own lines highlighted. */
function excerptBlock(f: Finding): string {
  if (!f.excerpt || !f.location) return '';
  const last = f.location.endLine ?? f.location.line;
  const lines = f.excerpt.lines.map((text, i) => {
    const n = f.excerpt!.startLine + i;
    const own = n >= f.location!.line && n <= last;
    return `<span class="${own ? 'hl' : 'cx'}"><span class="ln">${n}</span>${esc(text.replace(/\t/g, '  '))}</span>`;
  });
  return `<details class="src"><summary>source</summary><pre><code>${lines.join('\n')}</code></pre></details>`;
}

function findingRow(report: Report, f: Finding, index: number, entities: Set<string>): string {
  const rank = SEVERITY_ORDER.indexOf(f.severity);
  const related = f.related?.length
    ? `<ul class="related">${f.related.map((r) => `<li>${placeLink(report, r.location)} ${esc(r.message)}</li>`).join('')}</ul>`
    : '';
  const entity =
    f.entityId !== undefined
      ? ` <span class="dim">·</span> ${entities.has(f.entityId) ? `<a href="${esc(entityHref(f.entityId))}">${esc(f.entityId)}</a>` : `<code>${esc(f.entityId)}</code>`}`
      : '';
  const data = [
    ['index', String(index)],
    ['severity', f.severity],
    ['rank', String(rank)],
    ['auditor', f.auditorId],
    ['rule', ruleId(f)],
    ['file', f.location?.file ?? ''],
    ['line', f.location ? String(f.location.line) : ''],
    ['message', f.message],
  ]
    .map(([k, v]) => `data-${k}="${esc(v!)}"`)
    .join(' ');
  return (
    `<tr class="finding" ${data}><td class="${f.severity}">${f.severity}</td><td><a href="${esc(ruleHref(ruleId(f)))}" title="what the rule checks"><code>${esc(ruleId(f))}</code></a></td>` +
    `<td>${f.location ? placeLink(report, f.location) : '<span class="dim">(no location)</span>'}</td>` +
    `<td>${esc(f.message)}${entity}${related}${excerptBlock(f)}</td></tr>`
  );
}

/** A select of the distinct values of a field, for the filters. */
function select(name: string, label: string, values: string[]): string {
  const options = [...new Set(values)].sort().map((v) => `<option value="${esc(v)}">${esc(v)}</option>`);
  return `<label>${label}<select name="${name}"><option value="">all</option>${options.join('')}</select></label>`;
}

/** The findings section, its lines a piece each (a row per finding). */
function* findings(report: Report, shown: Finding[]): Generator<string> {
  const entities = new Set((report.entities ?? []).map((e) => e.id));
  yield `<section id="findings"><h2>Findings</h2>`;
  if (shown.length === 0) {
    yield '<p>No finding to show.</p></section>';
    return;
  }
  const out = [
    '<form id="filters" class="filters">',
    select(
      'severity',
      'severity',
      shown.map((f) => f.severity),
    ),
    select(
      'auditor',
      'auditor',
      shown.map((f) => f.auditorId),
    ),
    select('rule', 'rule', shown.map(ruleId)),
    '<label>file<input name="file" type="search" placeholder="path contains"></label>',
    '<label>text<input name="text" type="search" placeholder="message, source or related"></label>',
    `<span class="dim">showing <span id="shown">${shown.length}</span> of ${shown.length}</span>`,
    '</form>',
    '<table id="findings-table"><thead><tr><th data-sort="rank">severity</th><th data-sort="rule">rule</th><th data-sort="file">place</th><th data-sort="message">message</th></tr></thead><tbody>',
  ];
  yield* out;
  for (let i = 0; i < shown.length; i++) yield findingRow(report, shown[i]!, i, entities);
  yield '</tbody></table></section>';
}

function entityList(list: EntityView[], byEntity: Map<string, Finding[]>): string[] {
  if (list.length === 0) return [];
  const out = [
    '<section id="entities"><h2>Entities</h2>',
    '<table><thead><tr><th>entity</th><th>kind</th><th>pairing</th><th>proof</th><th>verdicts</th><th>findings</th></tr></thead><tbody>',
  ];
  for (const e of list) {
    const found = byEntity.get(e.id) ?? [];
    const words = verdicts(found).map((v) => `${esc(v.verdict)} <span class="dim">(${esc(v.auditorId)})</span>`);
    out.push(
      `<tr><td><a href="${esc(entityHref(e.id))}">${esc(e.id)}</a>${e.title ? ` <span class="dim">${esc(e.title)}</span>` : ''}</td><td>${esc(e.kind)}</td>` +
        `<td>${pairingStatus(e)}</td><td>${proofStatus(e)}</td><td>${words.join('<br>')}</td><td class="n">${found.length}</td></tr>`,
    );
  }
  out.push('</tbody></table></section>');
  return out;
}

function graph(report: Report, focus: Focus | undefined): string[] {
  if (!report.entities?.length) return [];
  const svg = dependencyGraphSvg(report, entityHref, focus?.ids);
  if (svg === '') return ['<section id="graph"><h2>Dependency graph</h2><p>No dependency between the entities.</p></section>'];
  return [
    '<section id="graph"><h2>Dependency graph</h2>',
    '<p class="legend"><span>fill: <b>green</b> proved (no <code>sorry</code>) · <b>white</b> with a <code>sorry</code> · <b>grey</b> not formalized</span>' +
      '<span>outline: green Faithful · amber Stronger · red Different · purple self-consistency only · grey not judged</span>' +
      '<span>arrows (to the entity that depends): solid reflected in Lean · red dashed not reflected · amber dashed not reflected, proof not written · thin grey not checked</span></p>',
    '<div class="graph-tools"><input id="graph-search" type="search" placeholder="find a node: label or Lean name" aria-label="find a node">' +
      '<button type="button" data-graph="in" title="zoom in">+</button><button type="button" data-graph="out" title="zoom out">−</button>' +
      '<button type="button" data-graph="fit">fit</button> <span id="graph-found" class="dim"></span>' +
      '<span class="dim">drag to pan, wheel to zoom</span></div>',
    `<div class="graph-wrap" id="graph-wrap">${svg}</div></section>`,
  ];
}

/** The page of one entity: its text beside its Lean statements, its pairing, the judges' words and its findings. */
function entityPage(
  report: Report,
  e: EntityView,
  byEntity: Map<string, Finding[]>,
  usedBy: Map<string, string[]>,
  trust: ReadonlyMap<string, TheoremTrust>,
): string {
  const found = byEntity.get(e.id) ?? [];
  const lean = e.decls.length
    ? e.decls
        .map(
          (d) =>
            `<p><code>${esc(d.kind)} ${esc(d.fullName)}</code>${d.location ? ` · ${placeLink(report, d.location)}` : ''}${d.hasSorry ? ' <span class="badge error">sorry</span>' : ''}</p><pre class="lean">${esc(`${d.kind} ${d.fullName} ${d.header}`, { newlines: true })}</pre>${trustHtml(trust.get(d.fullName))}`,
        )
        .join('')
    : '<p class="dim">No Lean declaration paired.</p>';
  const judged = verdicts(found);
  const verdictList = judged.length
    ? `<ul>${judged.map((v) => `<li><b>${esc(v.verdict)}</b> <span class="dim">${esc(v.auditorId)}${v.model ? `, ${esc(v.model)}` : ''}</span>${v.reason ? `: ${esc(v.reason)}` : ''}</li>`).join('')}</ul>`
    : '<p class="dim">Not judged in this audit.</p>';
  const links = (ids: string[]): string =>
    ids.length ? ids.map((id) => `<a href="${esc(entityHref(id))}">${esc(id)}</a>`).join(', ') : '<span class="dim">none</span>';
  return [
    `<section class="entity-page" id="${esc(`entity:${e.id}`)}">`,
    '<p><a href="#entities">← all entities</a> · <a href="#graph">graph</a></p>',
    `<h2>${esc(e.kind)} ${esc(e.id)}${e.title ? ` — ${esc(e.title)}` : ''}</h2>`,
    `<p>pairing: <b>${pairingStatus(e)}</b> · proof: <b>${proofStatus(e)}</b>${e.status ? ` · status in the source: ${esc(e.status)}` : ''}${e.selfConsistency ? ' · <span class="badge">self-consistency: the only text is the docstring</span>' : ''}</p>`,
    e.unresolved.length
      ? `<p class="warning">Lean names that resolve to no declaration, or to several: ${e.unresolved.map((n) => `<code>${esc(n)}</code>`).join(', ')}</p>`
      : '',
    '<div class="pair">',
    `<div><h3>Informal (${esc(e.origin)})</h3>${e.location ? `<p>${placeLink(report, e.location)}</p>` : ''}<pre class="informal">${esc(e.statement, { newlines: true })}</pre></div>`,
    `<div><h3>Lean</h3>${lean}</div>`,
    '</div>',
    `<h3>Judges</h3>${verdictList}`,
    `<p>uses: ${links(e.uses)}</p><p>used by: ${links(usedBy.get(e.id) ?? [])}</p>`,
    found.length
      ? `<h3>Findings</h3><ul>${found.map((f) => `<li><span class="${f.severity}">${f.severity}</span> <code>${esc(ruleId(f))}</code> ${f.location ? placeLink(report, f.location) : ''} ${esc(f.message)}</li>`).join('')}</ul>`
      : '',
    '</section>',
  ].join('\n');
}

/** The findings listed, errors first, and the entities: all of them, or those of the focus (`options.focus`, a label or Lean name). */
function shownOf(report: Report, focusName: string | undefined): Shown {
  const rank = (f: Finding): number => SEVERITY_ORDER.indexOf(f.severity);
  const all = listed(allFindings(report))
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f);
  const focus = focusName === undefined ? undefined : focusOn(report, focusName);
  if (!focus) return { findings: all, entities: report.entities ?? [] };
  return { findings: all.filter(inFocus(report, focus)), entities: (report.entities ?? []).filter((e) => focus.ids.has(e.id)), focus };
}

/** Renders the report as a standalone HTML page, a line (a finding's row, an entity's page) at a time. */
export function* htmlReporter(report: Report, options: ReporterOptions = {}): Generator<string> {
  const { project, tool } = report;
  const shown = shownOf(report, options.focus);
  const byEntity = findingsByEntity(report);
  const usedBy = new Map<string, string[]>();
  const trust = trustByName(report);
  for (const e of report.entities ?? []) for (const u of e.uses) usedBy.set(u, [...(usedBy.get(u) ?? []), e.id]);
  const lines = function* (): Generator<string> {
    yield* [
      '<!doctype html>',
      '<html lang="en"><head><meta charset="utf-8">',
      `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>leanaudit: ${esc(project.name)}</title>`,
      `<style>${CSS}</style></head><body>`,
      ...header(report, shown),
      '<main>',
      ...auditors(report),
    ];
    yield* findings(report, shown.findings);
    yield* [
      ...rulesSection(report, shown.findings, options.docsUrl),
      ...entityList(shown.entities, byEntity),
      ...graph(report, shown.focus),
      '</main>',
    ];
    for (const e of shown.entities) yield entityPage(report, e, byEntity, usedBy, trust);
    yield* [
      `<footer>leanaudit ${esc(tool.version)} · report schema ${report.schemaVersion} · ${esc(report.generatedAt)}</footer>`,
      `<script>${SCRIPT}\n${GRAPH_SCRIPT}\n${RULES_SCRIPT}</script>`,
      '</body></html>',
    ];
  };
  // The lines joined by line breaks, as one text would be.
  for (const line of lines()) yield `${line}\n`;
}
