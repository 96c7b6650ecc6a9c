/**
 * Where a real run gets its data: the Lean project loader, the informal-source extractors, and an
 * availability check per need that a subsystem provides (`meta.needs`). A check answers why the need
 * cannot be met in this run, or undefined when it can; the runner then reports every auditor needing
 * it as skipped with that reason. A need without a check is left to the auditor (`ctx.skip`).
 */
import { loadPairedEntities } from '../../extractors/index.js';
import type { ServiceSources } from '../core/services.js';
import { loadProject } from '../lean/project.js';
import { llmUnavailable } from '../llm/engine.js';

/** The sources of a real run. */
export const DEFAULT_SOURCES: ServiceSources = { loadProject, loadEntities: loadPairedEntities, needChecks: { llm: llmUnavailable } };
