/**
 * The JSON Schema of `leanaudit.config.json`, put together from its owners: the core keys here, one
 * section per subsystem (`llm`, `repl`, `contamination`, `extract`, each exporting its own), and per
 * auditor its `meta.options` and its rules. `npm run docs` writes it to schemas/config.schema.json
 * for editors (`"$schema"`); every command validates against the same object.
 *
 * Keywords of our own annotate keys for the trust check (config-check.ts): `userOnly` (why a
 * repository's own configuration may not set the key: it starts a process, or chooses where
 * requests and keys go), `repoPath` (a path that must stay inside the repository when the
 * repository's configuration names it), `repoIgnored` (why the repository's value is left out),
 * `repoMax` (a limit protecting the machine, which the repository may lower but not raise) and
 * `envFirst` (the environment variable that wins over the repository's value).
 */
import { SEVERITIES } from '../model/location.js';
import { AUDITOR_TIMEOUT_MS, RULE_SETTINGS } from './config.js';
import type { AuditorMeta, JsonSchema } from './types.js';

/** A path relative to the repository, kept inside it when the repository's own configuration names it. */
export const REPO_PATH: JsonSchema = { type: 'string', minLength: 1, repoPath: true };

/** What the schema is made of. */
export interface SchemaParts {
  /** Every auditor: its section under `auditors` and its rules under `rules`. */
  auditors: readonly AuditorMeta[];
  /** Rules the core reports under an id of its own (inline suppression), configurable under `rules` only. */
  coreRules?: readonly AuditorMeta[];
  /** Subsystem sections by top-level key: `llm`, `repl`, `contamination`, `extract`. */
  sections: Record<string, JsonSchema>;
}

const NO_OPTIONS: JsonSchema = { type: 'object', additionalProperties: false, description: 'this auditor takes no options' };

function auditorSection(meta: AuditorMeta): JsonSchema {
  return {
    type: 'object',
    description: meta.description,
    additionalProperties: false,
    properties: {
      enabled: { type: 'boolean', description: 'false reports the auditor as skipped ("disabled in the configuration")' },
      severity: {
        enum: [...SEVERITIES].reverse(),
        description: "the severity of every rule of this auditor that `rules` does not set (default: each rule's own)",
      },
      allowFailure: {
        type: 'boolean',
        description:
          'true: when this auditor fails (throws, times out) the run does not exit with 3 for it; the report still says it failed',
      },
      timeoutMs: {
        type: 'integer',
        minimum: 1,
        repoMax: AUDITOR_TIMEOUT_MS,
        description: `wall-clock limit of the auditor, in milliseconds: past it the auditor is stopped and its run is an error (exit 3); default ${AUDITOR_TIMEOUT_MS} (one hour), which a repository's own configuration may lower but not raise`,
      },
      options: meta.options ?? NO_OPTIONS,
    },
  };
}

/** The whole configuration schema. */
export function buildConfigSchema({ auditors, coreRules = [], sections }: SchemaParts): JsonSchema {
  const rules = Object.fromEntries(
    [...auditors, ...coreRules].flatMap((meta) =>
      Object.entries(meta.rules).map(([messageId, rule]) => [
        `${meta.id}/${messageId}`,
        { enum: RULE_SETTINGS, description: `${rule.docs?.what ?? rule.message} (default: ${rule.severity})` },
      ]),
    ),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'leanaudit configuration (leanaudit.config.json)',
    description: 'Every key is optional. See docs/configuration.md; what a repository may set in its own file, docs/security.md.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'this schema, for editors' },
      failOn: { enum: [...SEVERITIES].reverse(), description: 'the lowest severity that makes the run exit with 1 (default: error)' },
      baseline: { ...REPO_PATH, description: 'a baseline file, relative to the repository, that `audit` compares the findings with' },
      ignore: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        description: 'path patterns (relative to the repository) of .lean files to leave out of the project',
      },
      rules: {
        type: 'object',
        additionalProperties: false,
        description: 'rule id (<auditor>/<messageId>) -> off, info, warning or error',
        properties: rules,
      },
      auditors: {
        type: 'object',
        additionalProperties: false,
        description: 'per auditor: enabled, severity, allowFailure, options',
        properties: Object.fromEntries(auditors.map((meta) => [meta.id, auditorSection(meta)])),
      },
      ...sections,
    },
  };
}
