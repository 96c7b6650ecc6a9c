/**
 * The configuration of a command: the schema put together from every subsystem's section and every
 * auditor's options and rules, and the files read, checked (schema and trust) and merged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXTRACT_CONFIG_SCHEMA } from '../../extractors/types.js';
import { CONTAMINATION_CONFIG_SCHEMA } from '../contamination/config.js';
import type { Config, ConfigRequest } from '../core/config.js';
import { loadConfig } from '../core/config-check.js';
import { buildConfigSchema } from '../core/config-schema.js';
import { packageRoot } from '../core/paths.js';
import { SUPPRESSION_META } from '../core/suppressions.js';
import type { Auditor, JsonSchema } from '../core/types.js';
import { LLM_CONFIG_SCHEMA } from '../llm/config.js';
import { REPL_CONFIG_SCHEMA } from '../repl/config.js';

/** The top-level sections each subsystem owns, with their schemas: a new section is one line here. */
export const CONFIG_SECTIONS: Record<string, JsonSchema> = {
  llm: LLM_CONFIG_SCHEMA,
  repl: REPL_CONFIG_SCHEMA,
  contamination: CONTAMINATION_CONFIG_SCHEMA,
  extract: EXTRACT_CONFIG_SCHEMA,
};

const schemas = new WeakMap<readonly Auditor[], JsonSchema>();

/** The configuration schema for these auditors (schemas/config.schema.json is the one for every auditor). */
export function configSchemaFor(auditors: readonly Auditor[]): JsonSchema {
  let schema = schemas.get(auditors);
  if (!schema) {
    schema = buildConfigSchema({ auditors: auditors.map((a) => a.meta), coreRules: [SUPPRESSION_META], sections: CONFIG_SECTIONS });
    schemas.set(auditors, schema);
  }
  return schema;
}

/** The flags every command that reads a configuration takes. */
export interface ConfigFlags {
  /** `--config <file>` */
  config?: string;
  /** `--trust-repo-config` */
  trustRepoConfig?: boolean;
  /** Where $XDG_CONFIG_HOME and $HOME are read (tests give their own). */
  env?: NodeJS.ProcessEnv;
  /** `--ignore-repo-settings`: the repository's own configuration is not read. */
  ignoreRepoSettings?: boolean;
  /** `--repo-cache [folder]`: also read the answers the repository committed (see llm/cache.ts). */
  repoCache?: boolean | string;
  /** `--lean`: the user allows `lake exe repl`, which runs the repository's lakefile (repl.lake). */
  lean?: boolean;
}

let shipped: JsonSchema | undefined;

/**
 * The schema of every auditor as `npm run docs` wrote it (a test holds it equal to `configSchemaFor`
 * of every auditor): read from the package, so that a command checks its configuration without
 * loading the auditors and what they import.
 */
function shippedSchema(): JsonSchema {
  shipped ??= JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'config.schema.json'), 'utf8')) as JsonSchema;
  return shipped;
}

/**
 * The checked configuration of a command run over `root` (see core/config.ts for the files and
 * their trust), against the schema of `auditors` when given, else that of every auditor.
 */
export function loadRunConfig(root: string, flags: ConfigFlags = {}, auditors?: readonly Auditor[]): Config {
  const request: ConfigRequest = {
    ...(flags.config !== undefined ? { explicit: flags.config } : {}),
    ...(flags.trustRepoConfig ? { trustRepoConfig: true } : {}),
    ...(flags.env ? { env: flags.env } : {}),
  };
  const config = loadConfig(root, auditors ? configSchemaFor(auditors) : shippedSchema(), request, {
    ...(flags.ignoreRepoSettings ? { ignoreRepoSettings: true } : {}),
  });
  if (flags.repoCache !== undefined) Object.assign(config, { llm: { ...(config.llm as object | undefined), repoCache: flags.repoCache } });
  if (flags.lean) Object.assign(config, { repl: { ...(config.repl as object | undefined), lake: true } });
  return config;
}

export const LEAN_HELP =
  "allow starting the Lean REPL as `lake exe repl` in a project whose manifest names the repl: Lake runs the repository's lakefile, its code (sandboxed by bubblewrap when bwrap is on PATH; docs/security.md)";

export const IGNORE_REPO_SETTINGS_HELP =
  "do not read the repository's own leanaudit.config.json (its rules, severities, ignores and baseline): audit it as an outsider";
export const REPO_CACHE_HELP =
  "also take the LLM answers the repository committed (in its .leanaudit-cache, or this folder of it) as verdicts, marked as the repository's own";

export const CONFIG_HELP = 'configuration file (default: <repo>/leanaudit.config.json, over your own ~/.config/leanaudit/config.json)';
export const TRUST_HELP =
  "honour every key of the repository's own configuration, also those that start a process or choose where requests and API keys go (docs/security.md)";
