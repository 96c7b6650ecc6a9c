/**
 * `npm run screenshot`: audits samples/algebra-basics into an HTML report and saves what Chromium
 * shows of it as docs/images/report.png (the overview) and docs/images/report-entity.png (an
 * entity's page), so the pictures in the docs follow the code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from '../src/core/paths.js';
import { launchChromium } from './browser.js';

const root = packageRoot();
const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-screenshot-'));
const html = join(tmp, 'report.html');
const audit = spawnSync(
  process.execPath,
  [
    join(root, 'bin', 'leanaudit.js'),
    'audit',
    'samples/algebra-basics',
    '--format',
    'html',
    '-o',
    html,
    '--source-url',
    'https://github.com/leanaudit/leanaudit/blob/main/{path}#L{line}',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } },
);
if (audit.status !== 0 && audit.status !== 1) throw new Error(`the audit failed with exit ${audit.status}`);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(pathToFileURL(html).href);
  await page.screenshot({ path: join(root, 'docs', 'images', 'report.png') });
  await page.goto(`${pathToFileURL(html).href}#${encodeURIComponent('entity:thm:lagrange-elements')}`);
  await page.screenshot({ path: join(root, 'docs', 'images', 'report-entity.png') });
  await page.goto(`${pathToFileURL(html).href}#graph`);
  await page.locator('#graph').screenshot({ path: join(root, 'docs', 'images', 'report-graph.png') });
} finally {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
}
process.stdout.write('docs/images/report.png, report-entity.png and report-graph.png written\n');
