/**
 * The reference files generated from the source: a page per auditor (docs/auditors/<id>.md), their
 * index, and the configuration schema (schemas/config.schema.json). `npm run docs` writes them; a
 * test fails when a committed file differs from what the source says.
 */
import { AUDITORS } from '../auditors/index.js';
import { AUDITOR_DOCS_DIR, auditorIndex, auditorPage } from '../core/rule-docs.js';
import { SUPPRESSION_META } from '../core/suppressions.js';
import type { AuditorMeta } from '../core/types.js';
import { configSchemaFor } from './config.js';

/** What the page of the core's pseudo-auditor says it is. */
export const SUPPRESSIONS_NOTE =
  'Not an auditor: the core reports these rules about the inline `leanaudit-disable` directives of the Lean files it read (see [configuration](../configuration.md#inline-suppression)). They appear in a report only when the project has a directive.';

/** Every page: the auditors in the order `audit` runs them, then the core's pseudo-auditor. */
export const DOCUMENTED: readonly AuditorMeta[] = [...AUDITORS.map((a) => a.meta), SUPPRESSION_META];

/** The page of an auditor id (or of `suppressions`), as `npm run docs` writes it. */
export function pageOf(meta: AuditorMeta): string {
  return auditorPage(meta, meta === SUPPRESSION_META ? SUPPRESSIONS_NOTE : undefined);
}

/** Path (relative to the package root) -> content of every generated file. */
export function generatedFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const meta of DOCUMENTED) files.set(`${AUDITOR_DOCS_DIR}/${meta.id}.md`, pageOf(meta));
  files.set(`${AUDITOR_DOCS_DIR}/README.md`, auditorIndex(DOCUMENTED));
  files.set('schemas/config.schema.json', `${JSON.stringify(configSchemaFor(AUDITORS), null, 2)}\n`);
  return files;
}
