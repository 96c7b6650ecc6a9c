/** JSON reporter: the Report itself, as described by schemas/report.schema.json. */
import type { Report } from '../core/types.js';

/** The report as indented JSON. */
export function jsonReporter(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
