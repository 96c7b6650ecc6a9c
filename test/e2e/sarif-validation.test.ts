import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderText } from '../../src/reporters/index.js';
import { sarifReporter as sarifReporterPieces } from '../../src/reporters/sarif.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { githubLimitProblems, multitoolValidate, sarifSchemaErrors } from '../helpers/sarif-validation.js';
import { hostileReport } from '../reporters/hostile-report.js';
import { leanaudit } from './cli.js';

/** The sarif report as one text. */
const sarifReporter = (...args: Parameters<typeof sarifReporterPieces>): string => renderText(sarifReporterPieces(...args));

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-sarif-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const sampleSarif = join(tmp, 'sample.sarif');
const audit = leanaudit('audit', SAMPLE, '--format', 'sarif', '-o', sampleSarif);
const hostileSarif = join(tmp, 'hostile.sarif');
writeFileSync(hostileSarif, sarifReporter(hostileReport()));

describe.each([
  ['the sample audited by the CLI', sampleSarif],
  ['the hostile-names report', hostileSarif],
])('SARIF of %s', (_name, file) => {
  const log = JSON.parse(readFileSync(file, 'utf8'));

  it('is valid against the SARIF 2.1.0 schema', () => {
    expect(audit.status).toBe(1);
    expect(sarifSchemaErrors(log)).toEqual([]);
  });

  it('stays within the limits GitHub code scanning documents for an upload', () => {
    expect(githubLimitProblems(log)).toEqual([]);
  });

  it("passes the SARIF multitool's validation with its GitHub ingestion rules", () => {
    const { results, output } = multitoolValidate(file);
    expect(results, output).toEqual([]);
  }, 120_000);
});
