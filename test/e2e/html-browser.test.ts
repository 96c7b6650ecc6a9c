/**
 * The HTML report in a real browser (Debian's Chromium through playwright-core): the filters
 * filter, sorting sorts, links point at the right lines, the graph has the entities' nodes and
 * leads to their pages, long names wrap, nothing is fetched, and hostile names stay text. CI
 * installs Chromium (.ci/run) and must run these; elsewhere they are left out when it is absent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumInstalled, launchChromium } from '../../scripts/browser.js';
import type { Report } from '../../src/core/types.js';
import { htmlReporter as htmlReporterPieces } from '../../src/reporters/html.js';
import { renderText } from '../../src/reporters/index.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { hostileReport } from '../reporters/hostile-report.js';
import { leanaudit } from './cli.js';

/** The html report as one text. */
const htmlReporter = (...args: Parameters<typeof htmlReporterPieces>): string => renderText(htmlReporterPieces(...args));

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-html-'));
const browserNeeded = chromiumInstalled() || process.env.CI !== undefined;
if (!browserNeeded)
  process.stderr.write('leanaudit tests: no Chromium at /usr/bin/chromium ($CHROMIUM_PATH): the HTML report browser tests are left out\n');

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SOURCE_URL = 'https://example.invalid/blob/abc/{path}#L{line}';

describe.runIf(browserNeeded)('the HTML report of the sample in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let report: Report;
  const requests: string[] = [];
  let pageUrl: string;

  beforeAll(async () => {
    const html = join(tmp, 'sample.html');
    expect(leanaudit('audit', SAMPLE, '--format', 'html', '-o', html, '--source-url', SOURCE_URL).status).toBe(1);
    report = JSON.parse(leanaudit('audit', SAMPLE, '--format', 'json', '--source-url', SOURCE_URL).stdout) as Report;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on('request', (r) => requests.push(r.url()));
    pageUrl = pathToFileURL(html).href;
    await page.goto(pageUrl);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  const visibleRows = () => page.locator('#findings-table tbody tr:not([hidden])');
  const allListed = () => report.runs.flatMap((r) => r.findings);

  it('fetches nothing but the page itself', () => {
    expect(requests).toEqual([pageUrl]);
  });

  it('filters by severity, auditor, rule, file and text, and counts what it shows', async () => {
    const form = page.locator('#filters');
    const warnings = allListed().filter((f) => f.severity === 'warning');
    await form.locator('select[name=severity]').selectOption('warning');
    expect(await visibleRows().count()).toBe(warnings.length);
    expect(new Set(await visibleRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-severity'))))).toEqual(
      new Set(['warning']),
    );
    expect(await page.locator('#shown').textContent()).toBe(String(warnings.length));
    await form.locator('select[name=severity]').selectOption('');
    await form.locator('select[name=auditor]').selectOption('proof-gaps');
    expect(await visibleRows().count()).toBe(report.runs[0]!.findings.length);
    await form.locator('select[name=rule]').selectOption('proof-gaps/axiom');
    expect(await visibleRows().count()).toBe(1);
    await form.locator('select[name=rule]').selectOption('');
    await form.locator('input[name=file]').fill('Modular');
    expect(await visibleRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file')))).toEqual([
      'AlgebraBasics/Modular.lean',
      'AlgebraBasics/Modular.lean',
    ]);
    await form.locator('input[name=file]').fill('');
    await form.locator('select[name=auditor]').selectOption('');
    await form.locator('input[name=text]').fill('divRound');
    const texts = await visibleRows().allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(t).toContain('divRound');
    await form.locator('input[name=text]').fill('');
    expect(await visibleRows().count()).toBe(allListed().length);
  });

  it('sorts by a column, and back the other way', async () => {
    const files = () => visibleRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file') ?? ''));
    await page.locator('th[data-sort=file]').click();
    const ascending = await files();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
    await page.locator('th[data-sort=file]').click();
    expect(await files()).toEqual([...ascending].reverse());
    await page.locator('th[data-sort=rank]').click();
    const ranks = await visibleRows().evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-rank'))));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('links every located finding to its file and line, from the repository root', async () => {
    const links = await page
      .locator('#findings-table tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [
          r.getAttribute('data-file'),
          r.getAttribute('data-line'),
          r.querySelector('td:nth-child(3) a')?.getAttribute('href'),
        ]),
      );
    const located = links.filter(([file]) => file !== '');
    expect(located.length).toBeGreaterThan(10);
    for (const [file, line, href] of located) expect(href).toBe(`https://example.invalid/blob/abc/samples/algebra-basics/${file}#L${line}`);
    const divRound = await page.locator('tr[data-message*="divRound"] td:nth-child(3) a').first().getAttribute('href');
    expect(divRound).toBe('https://example.invalid/blob/abc/samples/algebra-basics/AlgebraBasics/GaussianIntegers.lean#L62');
  });

  it('shows the source lines of a finding when asked, its own line marked', async () => {
    const row = page.locator('tr[data-message*="divRound"]').first();
    await row.locator('details.src summary').click();
    expect(await row.locator('.hl').textContent()).toBe('62def divRound (z w : GaussInt) : GaussInt := sorry');
    expect(await row.locator('pre .ln').count()).toBe(7);
  });

  it('draws a node for every entity a dependency joins, and each leads to that entity’s page', async () => {
    const dependencies = report.runs.flatMap((r) => r.dependencies ?? []);
    const expected = new Set(dependencies.flatMap((d) => [d.from, d.to]));
    const nodes = await page.locator('svg.graph a.node').evaluateAll((as) => as.map((a) => a.getAttribute('data-entity')));
    expect(new Set(nodes)).toEqual(expected);
    expect(await page.locator('svg.graph path.edge').count()).toBe(dependencies.length);
    await page.locator('svg.graph a.node[data-entity="thm:lagrange-elements"]').click();
    const entityPage = page.locator('section.entity-page:target');
    await expect.poll(() => entityPage.count()).toBe(1);
    expect(await entityPage.locator('h2').textContent()).toContain('thm:lagrange-elements');
    expect(await page.locator('main').isVisible()).toBe(false);
    expect(await entityPage.locator('pre.informal').textContent()).toContain('order of every element divides');
    expect(await entityPage.locator('pre.lean').first().textContent()).toContain('orderOf');
    await page.locator('section.entity-page:target a[href="#entities"]').click();
    expect(await page.locator('main').isVisible()).toBe(true);
  });

  it('lists errors first', async () => {
    const ranks = await page
      .locator('#findings-table tbody tr')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-rank'))));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('zooms, fits, pans and finds a node by its label or Lean name', async () => {
    await page.goto(pageUrl);
    await page.locator('#graph').scrollIntoViewIfNeeded();
    const view = async () => ((await page.locator('#graph-svg').getAttribute('viewBox')) ?? '').split(' ').map(Number);
    const fitted = await view();
    await page.locator('[data-graph=in]').click();
    const zoomed = await view();
    expect(zoomed[2]).toBeCloseTo(fitted[2]! / 1.5, 0);
    const box = (await page.locator('#graph-wrap').boundingBox())!;
    await page.mouse.move(box.x + 200, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 260, box.y + 230, { steps: 4 });
    await page.mouse.up();
    const panned = await view();
    expect(panned[0]).toBeLessThan(zoomed[0]!);
    expect(panned[1]).toBeLessThan(zoomed[1]!);
    expect(page.url()).toBe(pageUrl);
    await page.locator('[data-graph=fit]').click();
    expect(await view()).toEqual(fitted);
    await page.locator('#graph-search').fill('orderOf_dvd');
    expect(await page.locator('svg.graph a.node.match').count()).toBeGreaterThan(0);
    await page.locator('#graph-search').press('Enter');
    expect(await page.locator('#graph-found').textContent()).toMatch(/^1 of \d+$/);
    const current = page.locator('svg.graph a.node.current');
    expect(await current.count()).toBe(1);
    const b = await current.evaluate((node) => {
      const { x, y, width, height } = (node as unknown as { getBBox(): { x: number; y: number; width: number; height: number } }).getBBox();
      return { x, y, width, height };
    });
    const [x, y, w, h] = await view();
    expect(x! + w! / 2).toBeCloseTo(b.x + b.width / 2, 0);
    expect(y! + h! / 2).toBeCloseTo(b.y + b.height / 2, 0);
  });
});

describe.runIf(browserNeeded)('hostile and long names in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('runs none of their markup: no dialog, no script of theirs, the text shown as written', async () => {
    const file = join(tmp, 'hostile.html');
    writeFileSync(file, htmlReporter(hostileReport()));
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(pathToFileURL(file).href);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('h1').textContent()).toContain('<img src=x onerror="window.__pwned=1">');
  });

  it('wraps long names instead of widening the page', async () => {
    const report = hostileReport();
    const long = `Mathlib.${'VeryLongNamespaceComponent.'.repeat(12)}theorem_with_a_name_that_goes_on_and_on`;
    report.project.name = long;
    for (const f of report.runs.flatMap((r) => r.findings)) {
      f.message = `sorry in the proof of ${long}`;
      if (f.location) f.location.file = `${long.replaceAll('.', '/')}.lean`;
    }
    const file = join(tmp, 'long.html');
    writeFileSync(file, htmlReporter(report));
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.goto(pathToFileURL(file).href);
    const widths = (await page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]')) as number[];
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  });
});
