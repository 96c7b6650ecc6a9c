/**
 * Where a real run gets its data: the Lean project loader, the informal-source extractors, the
 * compile status of the entities' statements and the library constants (both through the Lean REPL
 * when one can run), and an availability check per need that a subsystem provides (`meta.needs`). A
 * check answers why the need cannot be met in this run, or undefined when it can; the runner then
 * reports every auditor needing it as skipped with that reason. A need without a check is left to
 * the auditor (`ctx.skip`).
 */
import { loadPairedEntities } from '../../extractors/index.js';
import type { ConstantLookup, ServiceSources } from '../core/services.js';
import { loadProject } from '../lean/project.js';
import { lookupLibraryConstants } from '../lean/resolve/library-constants.js';
import { llmUnavailable } from '../llm/engine.js';
import { checkConstants } from '../repl/constant-check.js';
import { checkEntityStatements } from '../repl/entity-statements.js';

/** Library constants from the dependencies' sources, then through the REPL for the names they do not give. */
const lookupConstants: ConstantLookup = async (env, names) => {
  const found = lookupLibraryConstants(env.root, names);
  const rest = names.filter((n) => !found.has(n));
  if (rest.length > 0) for (const [name, constant] of await checkConstants(env, rest)) found.set(name, constant);
  return found;
};

/** The sources of a real run. */
export const DEFAULT_SOURCES: ServiceSources = {
  loadProject,
  loadEntities: loadPairedEntities,
  checkStatements: checkEntityStatements,
  lookupConstants,
  needChecks: { llm: llmUnavailable },
};
