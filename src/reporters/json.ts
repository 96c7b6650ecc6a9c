/** JSON reporter: the Report itself, as described by schemas/report.schema.json. */
import type { Report } from '../core/types.js';
import { inertJson } from './escape.js';

/** The report as indented JSON. */
export function jsonReporter(report: Report): string {
  return `${inertJson(report)}\n`;
}
