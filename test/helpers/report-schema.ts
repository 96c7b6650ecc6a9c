/** Validates reports against the shipped schemas/report.schema.json with ajv (draft 2020-12). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { packageRoot } from '../../src/core/paths.js';

const schema = JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'report.schema.json'), 'utf8')) as object;
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
ajv.addFormat(
  'date-time',
  (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s) && !Number.isNaN(Date.parse(s)),
);
const validate = ajv.compile(schema);

/** The schema violations of `report`, one line each; empty when it is valid. */
export function reportSchemaErrors(report: unknown): string[] {
  if (validate(report)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
