/** Validates reports against the shipped schemas/report.schema.json (the validator `leanaudit merge` uses). */
import { reportSchemaErrors as validate } from '../../src/core/report-schema.js';

/** The schema violations of `report`, one line each; empty when it is valid. */
export function reportSchemaErrors(report: unknown): string[] {
  return validate(report, Number.POSITIVE_INFINITY);
}
