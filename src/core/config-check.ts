/**
 * Checks configuration files against the schema (config-schema.ts) and against the trust model:
 * every key known, every value well-formed, and a file the user does not vouch for (the audited
 * repository's own) setting no key that starts a process or chooses where requests and keys go
 * (`userOnly`), and no path leading outside the repository (`repoPath`). Then merges the files.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  type AppliedSettings,
  type Config,
  type ConfigLayer,
  type ConfigRequest,
  configLayers,
  mergeConfig,
  type SettingAdjustment,
  settingValues,
  withSettings,
} from './config.js';
import { InputError } from './errors.js';
import { didYouMean } from './nearest.js';
import { leadsOutside } from './repo-file.js';
import type { JsonSchema } from './types.js';

const validators = new WeakMap<JsonSchema, ValidateFunction>();

function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
    ajv.addKeyword({ keyword: 'userOnly', schemaType: 'string' });
    ajv.addKeyword({ keyword: 'repoPath', schemaType: 'boolean' });
    ajv.addKeyword({ keyword: 'repoIgnored', schemaType: 'string' });
    ajv.addKeyword({ keyword: 'repoMax', schemaType: 'number' });
    ajv.addKeyword({ keyword: 'envFirst', schemaType: 'string' });
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** `/auditors/proof-gaps/severity` -> `auditors.proof-gaps.severity`. */
const dotted = (pointer: string): string =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

const joined = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/** How specific an error is: an unknown key first, a branch of `anyOf` never before the rest. */
const RANK: Record<string, number> = { additionalProperties: 0, required: 1, enum: 2, anyOf: 9, oneOf: 9 };

function describe(error: ErrorObject): string {
  const path = dotted(error.instancePath);
  if (error.keyword === 'additionalProperties') {
    const key = (error.params as { additionalProperty: string }).additionalProperty;
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    return `${joined(path, key)}: unknown key${didYouMean(key, known)}`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return `${path || 'the configuration'}: must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}, not ${JSON.stringify(error.data)}`;
  }
  return `${path || 'the configuration'}: ${error.message ?? 'is invalid'}`;
}

/**
 * Whether an error only says that a value matched no branch of an `anyOf`, or had the type of
 * another branch, while a more telling error about the same value is at hand (`{"paht": …}` for a
 * path or `{path}`: the unknown key, not "must be string").
 */
function overshadowed(error: ErrorObject, all: readonly ErrorObject[]): boolean {
  if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf' && error.keyword !== 'type') return false;
  const here = error.instancePath;
  return all.some(
    (other) =>
      other !== error &&
      !['anyOf', 'oneOf', 'type'].includes(other.keyword) &&
      (other.instancePath === here || other.instancePath.startsWith(`${here}/`)),
  );
}

/** The schema's errors for `config`, the most specific first, one per place, at most three. */
export function schemaErrors(config: unknown, schema: JsonSchema): string[] {
  const validate = validatorOf(schema);
  if (validate(config)) return [];
  const all = validate.errors ?? [];
  const errors = all.filter((error) => !overshadowed(error, all)).sort((a, b) => (RANK[a.keyword] ?? 5) - (RANK[b.keyword] ?? 5));
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const error of errors) {
    const place = error.keyword === 'additionalProperties' ? `${error.instancePath}/${JSON.stringify(error.params)}` : error.instancePath;
    if (seen.has(place)) continue;
    seen.add(place);
    messages.push(describe(error));
  }
  return messages.slice(0, 3);
}

/** A key a file the user does not vouch for may not set, and why. */
export interface Refusal {
  key: string;
  why: string;
}

/** The sub-schema a local `$ref` (`#/$defs/endpoint`) points to. */
function resolveRef(schema: JsonSchema, top: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let target: unknown = top;
  for (const part of ref.slice(2).split('/')) target = (target as Record<string, unknown>)[part];
  return target as JsonSchema;
}

/** Whether `path` is absent (to be written), a regular file or a folder: not a FIFO, socket or device, whose reading may hang. */
function fileOrFolder(path: string): boolean {
  if (!existsSync(path)) return true;
  const stat = statSync(path);
  return stat.isFile() || stat.isDirectory();
}

const jsonType = (value: unknown): string =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value;

function typeMatches(schema: JsonSchema, value: unknown): boolean {
  const type = schema.type;
  if (type === undefined) return true;
  const actual = jsonType(value);
  const types = Array.isArray(type) ? type : [type];
  return types.includes(actual) || (actual === 'number' && types.includes('integer'));
}

/**
 * The keys of `value` (valid against `schema`) that a file the user does not vouch for may not set:
 * those marked `userOnly`, and `repoPath` values leading outside `root`.
 */
export function refusals(value: unknown, schema: JsonSchema, root: string, top: JsonSchema = schema, path = ''): Refusal[] {
  const node = resolveRef(schema, top);
  const found: Refusal[] = [];
  if (typeof node.userOnly === 'string') return [{ key: path, why: node.userOnly }];
  if (node.repoPath === true && typeof value === 'string') {
    if (leadsOutside(root, value)) return [{ key: path, why: `${JSON.stringify(value)} leads outside the repository` }];
    if (!fileOrFolder(resolve(root, value))) return [{ key: path, why: `${JSON.stringify(value)} is not a regular file or folder` }];
  }
  for (const branch of [...((node.anyOf as JsonSchema[]) ?? []), ...((node.oneOf as JsonSchema[]) ?? [])]) {
    const resolved = resolveRef(branch, top);
    if (typeMatches(resolved, value)) found.push(...refusals(value, resolved, root, top, path));
  }
  if (Array.isArray(value) && typeof node.items === 'object') {
    value.forEach((item, i) => found.push(...refusals(item, node.items as JsonSchema, root, top, `${path}[${i}]`)));
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
    for (const [key, child] of Object.entries(value)) {
      const sub =
        properties[key] ?? (typeof node.additionalProperties === 'object' ? (node.additionalProperties as JsonSchema) : undefined);
      if (sub) found.push(...refusals(child, sub, root, top, joined(path, key)));
    }
  }
  return found;
}

const REFUSAL_ADVICE =
  'set them in your own configuration ($XDG_CONFIG_HOME/leanaudit/config.json or ~/.config/leanaudit/config.json, ' +
  'or --config <file> outside the repository) or in the environment, or pass --trust-repo-config if you trust this repository ' +
  '(see docs/security.md)';

/** Checks one configuration file: the schema, then, for a file the user does not vouch for, the keys it may not set. */
export function checkLayer(layer: ConfigLayer, schema: JsonSchema, root: string): void {
  const errors = schemaErrors(layer.config, schema);
  if (errors.length > 0) throw new InputError(`${layer.file}: ${errors.join('; ')}`);
  if (layer.trusted) return;
  const refused = refusals(layer.config, schema, root);
  if (refused.length === 0) return;
  const keys = refused.map((r) => `  ${r.key}: ${r.why}`).join('\n');
  throw new InputError(
    `${layer.file} is the audited repository's own configuration, which may not set these keys:\n${keys}\n${REFUSAL_ADVICE}`,
  );
}

/**
 * The repository's configuration as applied: keys it may set but not as written are adjusted, each
 * adjustment recorded for the report. `repoIgnored` keys are left out, `repoMax` limits lowered to
 * their ceiling, and `envFirst` keys left out when the environment sets their variable.
 */
export function adjustUntrusted(
  value: unknown,
  schema: JsonSchema,
  env: NodeJS.ProcessEnv,
  top: JsonSchema = schema,
  path = '',
  adjustments: SettingAdjustment[] = [],
): { value: unknown; adjustments: SettingAdjustment[] } {
  const node = resolveRef(schema, top);
  if (typeof node.repoIgnored === 'string') {
    adjustments.push({ key: path, set: value, why: `ignored: ${node.repoIgnored}` });
    return { value: undefined, adjustments };
  }
  if (typeof node.envFirst === 'string' && env[node.envFirst] !== undefined) {
    adjustments.push({ key: path, set: value, why: `ignored: ${node.envFirst} is set in the environment, which wins` });
    return { value: undefined, adjustments };
  }
  if (typeof node.repoMax === 'number' && typeof value === 'number' && value > node.repoMax) {
    adjustments.push({
      key: path,
      set: value,
      applied: node.repoMax,
      why: `lowered to ${node.repoMax}: a limit protecting the machine, which a repository may lower but not raise`,
    });
    return { value: node.repoMax, adjustments };
  }
  for (const branch of [...((node.anyOf as JsonSchema[]) ?? []), ...((node.oneOf as JsonSchema[]) ?? [])]) {
    const resolved = resolveRef(branch, top);
    if (typeMatches(resolved, value)) {
      const before = adjustments.length;
      const adjusted = adjustUntrusted(value, resolved, env, top, path, adjustments).value;
      if (adjustments.length > before) return { value: adjusted, adjustments };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { value, adjustments };
  const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const sub = properties[key] ?? (typeof node.additionalProperties === 'object' ? (node.additionalProperties as JsonSchema) : undefined);
    const adjusted = sub ? adjustUntrusted(child, sub, env, top, joined(path, key), adjustments).value : child;
    if (adjusted !== undefined) out[key] = adjusted;
  }
  return { value: out, adjustments };
}

/** How a command asks for its configuration beyond the files: what to leave out. */
export interface LoadOptions {
  /** `--ignore-repo-settings`: the repository's own configuration is not read at all. */
  ignoreRepoSettings?: boolean;
}

/**
 * The checked, merged configuration of a run over `root`: the user's file, then `--config` or the
 * repository's; it carries the settings applied and where each came from (see `appliedSettings`).
 */
export function loadConfig(root: string, schema: JsonSchema, request: ConfigRequest = {}, options: LoadOptions = {}): Config {
  let merged: Config = {};
  const env = request.env ?? process.env;
  const applied: AppliedSettings = { files: [], values: [], adjusted: [] };
  for (const layer of configLayers(root, request)) {
    if (options.ignoreRepoSettings && layer.origin === 'repository') {
      applied.files.push({ file: layer.file, origin: layer.origin, trusted: false, ignored: '--ignore-repo-settings' });
      continue;
    }
    checkLayer(layer, schema, root);
    let config = layer.config;
    if (!layer.trusted) {
      const { value, adjustments } = adjustUntrusted(config, schema, env);
      config = value as Config;
      applied.adjusted.push(...adjustments.map((a) => ({ ...a, file: layer.file })));
    }
    applied.files.push({ file: layer.file, origin: layer.origin, trusted: layer.trusted });
    for (const [key, value] of settingValues(config)) {
      applied.values = applied.values.filter((v) => v.key !== key && !v.key.startsWith(`${key}.`) && !key.startsWith(`${v.key}.`));
      applied.values.push({ key, value, origin: layer.origin, file: layer.file });
    }
    merged = mergeConfig(merged, config);
  }
  return withSettings(merged, applied);
}
