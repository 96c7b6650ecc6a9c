import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/reporters/index.js';
import { jsonReporter as jsonReporterPieces } from '../../src/reporters/json.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';
import { hostileReport, INJECTED_COMMAND, RAW_CONTROL } from './hostile-report.js';
import { sampleReport } from './sample-report.js';

/** The json report as one text. */
const jsonReporter = (...args: Parameters<typeof jsonReporterPieces>): string => renderText(jsonReporterPieces(...args));

describe('json reporter', () => {
  it('round-trips the report and the output satisfies the schema', () => {
    const text = jsonReporter(sampleReport());
    expect(JSON.parse(text)).toEqual(sampleReport());
    expect(reportSchemaErrors(JSON.parse(text))).toEqual([]);
  });
});

describe('hostile names', () => {
  it('keeps every string as data: JSON escapes controls and the report reads back equal', () => {
    const report = hostileReport();
    const text = jsonReporter(report);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).not.toContain(INJECTED_COMMAND);
    expect(JSON.parse(text)).toEqual(report);
  });
});
