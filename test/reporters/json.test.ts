import { describe, expect, it } from 'vitest';
import { jsonReporter } from '../../src/reporters/json.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';
import { sampleReport } from './sample-report.js';

describe('json reporter', () => {
  it('round-trips the report and the output satisfies the schema', () => {
    const text = jsonReporter(sampleReport());
    expect(JSON.parse(text)).toEqual(sampleReport());
    expect(reportSchemaErrors(JSON.parse(text))).toEqual([]);
  });
});
