/** Every informal-source extractor, the `extract` config section, and extraction with pairing (`auto`: see source-choice.ts). */
import type { Config } from '../src/core/config.js';
import { InputError, SkipAuditor } from '../src/core/errors.js';
import type { EntityEnv } from '../src/core/services.js';
import type { Entity, PairedEntity } from '../src/model/entity.js';
import type { LeanProject } from '../src/model/lean.js';
import { type Coverage, coverage, locateInDependencies, pairEntities } from './pairing.js';
import { chooseSources, EXTRACTORS } from './source-choice.js';
import { EXTRACT_CONFIG_SCHEMA, type ExtractInput, type Extraction, type ExtractOptions, SOURCE_KINDS, type SourceKind } from './types.js';

/**
 * Runs the extractor for `source`, never throwing on bad input (problems are returned), and pairs
 * its entities; `auto` extracts every source present and chooses (see source-choice.ts).
 */
function extractPaired(input: ExtractInput, source: SourceKind | 'auto'): { extraction: Extraction; paired: PairedEntity[] } {
  const pair = (entities: Entity[]) => pairEntities(entities, input.project);
  if (source === 'auto') return chooseSources(input, pair);
  const extraction = EXTRACTORS[source](input);
  return { extraction, paired: pair(extraction.entities) };
}

/** The entities of `source` (`auto`: the sources chosen), never throwing on bad input: problems are returned. */
export function extract(input: ExtractInput, source: SourceKind | 'auto' = input.options.source ?? 'auto'): Extraction {
  return extractPaired(input, source).extraction;
}

const EXTRACT_KEYS = Object.keys(EXTRACT_CONFIG_SCHEMA.properties as object);

/** Reads and validates the `extract` section of the configuration. */
export function extractOptions(config: Config): ExtractOptions {
  const section = config.extract;
  if (section === undefined) return {};
  const bad = (message: string): never => {
    throw new InputError(`config: extract${message}`);
  };
  if (typeof section !== 'object' || section === null || Array.isArray(section)) bad(' must be an object');
  const options = section as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!EXTRACT_KEYS.includes(key)) bad(`.${key} is not a known option`);
  }
  if (options.source !== undefined && !['auto', ...SOURCE_KINDS].includes(options.source as string)) {
    bad(`.source must be one of auto, ${SOURCE_KINDS.join(', ')}`);
  }
  for (const key of ['blueprint', 'verso', 'mapping', 'json']) {
    if (options[key] !== undefined && typeof options[key] !== 'string') bad(`.${key} must be a path relative to the repository`);
  }
  const markdown = options.markdown;
  if (markdown !== undefined && !(Array.isArray(markdown) && markdown.every((m) => typeof m === 'string'))) {
    bad('.markdown must be a list of files or folders');
  }
  return options as ExtractOptions;
}

/** An extraction whose entities are paired with the project's declarations. */
export interface PairedExtraction extends Omit<Extraction, 'entities'> {
  entities: PairedEntity[];
  coverage: Coverage;
  /** Why the Lean project could not be read (then no name resolves). */
  projectError?: string;
}

const runs = new WeakMap<object, Map<string, Promise<PairedExtraction>>>();

/**
 * Extracts (format from `source`, else the config, else `auto`) and pairs with the project's
 * declarations; memoized per `env.project`, so every auditor of one run shares one result.
 */
export function extractAndPair(
  env: Pick<EntityEnv, 'root' | 'config' | 'project'>,
  source?: SourceKind | 'auto',
): Promise<PairedExtraction> {
  const options = extractOptions(env.config);
  const kind = source ?? options.source ?? 'auto';
  const cache = runs.get(env.project) ?? new Map<string, Promise<PairedExtraction>>();
  runs.set(env.project, cache);
  let result = cache.get(kind);
  if (!result) {
    result = (async () => {
      let project: LeanProject | undefined;
      let projectError: string | undefined;
      try {
        project = await env.project();
      } catch (e) {
        projectError = e instanceof Error ? e.message : String(e);
      }
      const { extraction, paired } = extractPaired({ root: env.root, options, ...(project ? { project } : {}) }, kind);
      const entities = project ? locateInDependencies(paired, project.root) : paired;
      return { ...extraction, entities, coverage: coverage(entities), ...(projectError ? { projectError } : {}) };
    })();
    cache.set(kind, result);
  }
  return result;
}

/** The run services' `entities()`: paired entities, or a skip saying no informal source was found. */
export async function loadPairedEntities(env: EntityEnv): Promise<PairedEntity[]> {
  const { entities, source } = await extractAndPair(env);
  if (entities.length === 0) {
    throw new SkipAuditor(`no informal entities found (source: ${source}; see \`leanaudit extract\` and the extract config section)`);
  }
  return entities;
}
