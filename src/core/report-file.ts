/** Reads a JSON report written by `audit --format json`, checked against the shipped report schema. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { InputError } from './errors.js';
import { packageRoot } from './paths.js';
import { READ_LIMITS, RefusedFile, readBoundedText } from './repo-file.js';
import { REPORT_SCHEMA_VERSION, type Report } from './types.js';

let validator: ReturnType<Ajv2020['compile']> | undefined;

/** The compiled report schema (schemas/report.schema.json), made once. */
function validate(): ReturnType<Ajv2020['compile']> {
  if (validator) return validator;
  const schema = JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'report.schema.json'), 'utf8')) as object;
  const ajv = new Ajv2020({ allErrors: false, strict: false });
  ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
  validator = ajv.compile(schema);
  return validator;
}

/** The report in `file`; an unreadable file, bad JSON, another schema version or a schema violation is an InputError. */
export function readReport(file: string): Report {
  let text: string;
  try {
    text = readBoundedText(file, READ_LIMITS.report);
  } catch (e) {
    throw new InputError(`cannot read report ${file}: ${e instanceof RefusedFile ? e.detail : (e as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}: not a JSON report: ${(e as Error).message}`);
  }
  const version = (value as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== REPORT_SCHEMA_VERSION) {
    throw new InputError(`${file}: report schema ${String(version)}, this leanaudit reads schema ${REPORT_SCHEMA_VERSION}: audit again`);
  }
  const check = validate();
  if (!check(value)) {
    const first = check.errors?.[0];
    throw new InputError(`${file}: not a leanaudit report: ${first?.instancePath || '/'} ${first?.message ?? ''}`);
  }
  return value as Report;
}
