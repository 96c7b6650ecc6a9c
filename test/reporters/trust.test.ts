import { describe, expect, it } from 'vitest';
import type { Report, TheoremTrust } from '../../src/core/types.js';
import { htmlReporter } from '../../src/reporters/html.js';
import { renderText } from '../../src/reporters/index.js';
import { jsonReporter } from '../../src/reporters/json.js';
import { sarifReporter } from '../../src/reporters/sarif.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';
import { richReport } from './rich-report.js';

const rated: TheoremTrust = {
  name: 'Foo.base',
  location: { file: 'Foo/A.lean', line: 1 },
  level: 'source',
  rungs: [
    { rung: 'source', reached: true, why: 'no gap in its proof nor in the declarations it reaches' },
    { rung: 'axioms', reached: false, why: 'Lean was not run', check: { kind: 'print-axioms', command: '#print axioms Foo.base' } },
    {
      rung: 'kernel',
      reached: false,
      why: 'the kernel replay was not run',
      check: { kind: 'leanchecker', command: 'lake env leanchecker Foo.A' },
    },
    { rung: 'challenge', reached: false, why: 'no comparator challenge states it' },
  ],
};

/** The rich sample report with one theorem rated, the declaration of its first entity, and a finding on it. */
function ratedReport(): Report {
  const report = richReport();
  report.runs[0]!.trust = [rated];
  report.runs[0]!.findings[0]!.entityId = 'Foo.base';
  return report;
}

describe('trust levels in the reports', () => {
  it('JSON: the records stand in their run, valid against the report schema', () => {
    const json = JSON.parse(renderText(jsonReporter(ratedReport())));
    expect(json.runs[0].trust).toEqual([rated]);
    expect(reportSchemaErrors(json)).toEqual([]);
  });

  it('HTML: the entity page gives its declaration’s level and what stopped it', () => {
    const html = renderText(htmlReporter(ratedReport()));
    expect(html).toContain(
      '<p class="trust">trust: <b>source read</b> <span class="dim">· stopped at axioms listed by Lean: Lean was not run (check: #print axioms Foo.base)</span></p>',
    );
  });

  it('SARIF: every record in the run’s properties, and the level on the results about the theorem', () => {
    const log = JSON.parse(renderText(sarifReporter(ratedReport())));
    expect(log.runs[0].properties.trust).toEqual([rated]);
    const about = log.runs[0].results.filter((r: { properties: { entityId?: string } }) => r.properties.entityId === 'Foo.base');
    expect(about.length).toBeGreaterThan(0);
    for (const r of about) expect(r.properties.trustLevel).toBe('source');
  });
});
