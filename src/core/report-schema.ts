/** Validates a report against the shipped schemas/report.schema.json (ajv, draft 2020-12). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { packageRoot } from './paths.js';

let validate: ValidateFunction | undefined;

/** The schema violations of `report`, one line each (at most `max`); empty when it is valid. */
export function reportSchemaErrors(report: unknown, max = 5): string[] {
  if (!validate) {
    const schema = JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'report.schema.json'), 'utf8')) as object;
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    ajv.addFormat(
      'date-time',
      (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s) && !Number.isNaN(Date.parse(s)),
    );
    validate = ajv.compile(schema);
  }
  if (validate(report)) return [];
  return (validate.errors ?? []).slice(0, max).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
