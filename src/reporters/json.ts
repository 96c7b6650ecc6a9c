/** JSON reporter: the Report itself, as described by schemas/report.schema.json. */
import type { Report } from '../core/types.js';
import { jsonChunks } from './json-stream.js';

/** The report as indented JSON, in pieces. */
export function* jsonReporter(report: Report): Generator<string> {
  yield* jsonChunks(report);
  yield '\n';
}
