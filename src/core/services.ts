/** Builds the RunServices for one repository: the shared, lazily computed resources of a run. */

import type { PairedEntity } from '../model/entity.js';
import type { LeanProject } from '../model/lean.js';
import type { Config } from './config.js';
import { SkipAuditor } from './errors.js';
import type { RunServices } from './runner.js';
import type { CompileStatus, GroundedConstant, Need, RunEvent } from './types.js';

/** Parses the Lean project at `root`. */
export type ProjectLoader = (
  root: string,
  options: { signal: AbortSignal; ignore?: readonly string[]; onProgress?: (done: number, total: number) => void; within?: string },
) => Promise<LeanProject>;

/** What an entity source sees: the repository, its configuration and the parsed project. */
export interface EntityEnv {
  root: string;
  config: Config;
  signal: AbortSignal;
  project(): Promise<LeanProject>;
}

/** Extracts the informal entities of a repository and pairs them with Lean declarations. */
export type EntityLoader = (env: EntityEnv) => Promise<PairedEntity[]>;

/** Why a need cannot be met in this run, or undefined when it can. */
export type NeedCheck = (env: EntityEnv) => Promise<string | undefined>;

/** Compile status of each entity's formal statement, by entity id; an entity left out is unknown. */
export type StatementChecker = (env: EntityEnv, entities: PairedEntity[]) => Promise<Map<string, CompileStatus>>;

/** Looks constants up outside the project's source model (dependency sources, the REPL). */
export type ConstantLookup = (env: EntityEnv, names: string[]) => Promise<Map<string, GroundedConstant>>;

/** Where the services get their data; tests substitute their own. */
export interface ServiceSources {
  loadProject: ProjectLoader;
  loadEntities?: EntityLoader;
  checkStatements?: StatementChecker;
  lookupConstants?: ConstantLookup;
  /** Availability checks per need; a need without a check is left to the auditor (`ctx.skip`). */
  needChecks?: Partial<Record<Need, NeedCheck>>;
}

export const NO_EXTRACTOR = 'no informal source extractor available';

/** Caches the first call's promise, including a rejection, so every auditor sees the same outcome. */
export function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= compute());
}

/** The RunServices of one run over `root`; `project()`, `entities()` and need checks are memoized. */
export function createServices(
  root: string,
  config: Config,
  signal: AbortSignal,
  sources: ServiceSources,
  log?: (message: string) => void,
  onEvent?: (event: RunEvent) => void,
): RunServices {
  const onProgress = onEvent ? (done: number, total: number) => onEvent({ kind: 'scan', done, total }) : undefined;
  const project = once(() =>
    sources.loadProject(root, { signal, ...(config.ignore ? { ignore: config.ignore } : {}), ...(onProgress ? { onProgress } : {}) }),
  );
  const env: EntityEnv = { root, config, signal, project };
  const { loadEntities } = sources;
  const entities = loadEntities ? once(() => loadEntities(env)) : () => Promise.reject(new SkipAuditor(NO_EXTRACTOR));
  const checks: Partial<Record<Need, NeedCheck>> = {
    'lean-project': async () => undefined,
    entities: async () => (loadEntities ? undefined : NO_EXTRACTOR),
    ...sources.needChecks,
  };
  const answers = new Map<Need, () => Promise<string | undefined>>();
  const unavailable = (need: Need): Promise<string | undefined> => {
    let answer = answers.get(need);
    if (!answer) {
      const check = checks[need];
      answer = once(() => (check ? check(env) : Promise.resolve(undefined)));
      answers.set(need, answer);
    }
    return answer();
  };
  const { checkStatements, lookupConstants } = sources;
  const compileStatus = once(async () => {
    if (!checkStatements) return new Map<string, CompileStatus>();
    const paired = await entities().catch((): PairedEntity[] => []);
    return checkStatements(env, paired);
  });
  const groundConstants = lookupConstants ? memoizedLookup((names) => lookupConstants(env, names)) : undefined;
  return {
    root,
    config,
    signal,
    project,
    entities,
    compileStatus,
    ...(groundConstants ? { groundConstants } : {}),
    unavailable,
    ...(log ? { log } : {}),
    ...(onEvent ? { onEvent } : {}),
  };
}

/** Each name looked up once per run, however many auditors and entities ask for it, and whatever the batches. */
function memoizedLookup(
  lookup: (names: string[]) => Promise<Map<string, GroundedConstant>>,
): (names: string[]) => Promise<Map<string, GroundedConstant>> {
  const known = new Map<string, Promise<GroundedConstant | undefined>>();
  return async (names) => {
    const fresh = [...new Set(names)].filter((n) => !known.has(n));
    if (fresh.length > 0) {
      const batch = lookup(fresh).catch(() => new Map<string, GroundedConstant>());
      for (const name of fresh)
        known.set(
          name,
          batch.then((found) => found.get(name)),
        );
    }
    const out = new Map<string, GroundedConstant>();
    for (const name of new Set(names)) {
      const found = await known.get(name);
      if (found) out.set(name, found);
    }
    return out;
  };
}
