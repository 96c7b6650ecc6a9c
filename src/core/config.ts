/**
 * Configuration: where it is read from and whom it is trusted for. The audited repository is
 * untrusted input, so its own `leanaudit.config.json` is data: it may choose auditors, rules,
 * ignores, thresholds, sources and baselines, but not what runs, where requests and keys go, nor
 * where files are read or written outside it (config-check.ts refuses those keys). The user's own
 * configuration (`$XDG_CONFIG_HOME/leanaudit/config.json`, a `--config` file outside the
 * repository) and the environment are trusted. See docs/security.md.
 */
import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { Severity } from '../model/location.js';
import { InputError } from './errors.js';
import { checkPatterns } from './glob.js';
import { isInside } from './paths.js';
import { READ_LIMITS, RefusedFile, readBoundedText } from './repo-file.js';

/** A rule's setting: a severity, or `off` to drop its findings. */
export type RuleSetting = Severity | 'off';

export const RULE_SETTINGS: readonly RuleSetting[] = ['off', 'info', 'warning', 'error'];

export interface AuditorConfig {
  enabled?: boolean;
  /** The severity of every rule of the auditor that `rules` does not set. */
  severity?: Severity;
  /** When the auditor fails (throws, times out), the run does not exit with 3 for it. */
  allowFailure?: boolean;
  /** Wall-clock limit of the auditor's run, in milliseconds: past it the run is an error. */
  timeoutMs?: number;
  options?: Record<string, unknown>;
}

/**
 * The whole configuration. Each subsystem owns and validates its own section (`llm`, `repl`,
 * `contamination`, `extract`, ...); schemas/config.schema.json describes them all.
 */
export interface Config {
  failOn?: Severity;
  /** Baseline file `audit` compares the findings with, relative to the repository (see baseline.ts). */
  baseline?: string;
  /** Path patterns of `.lean` files to leave out of the project (see glob.ts): a test library, an experimental folder. */
  ignore?: string[];
  /** Rule id (`<auditor>/<messageId>`) -> its severity, or `off`. */
  rules?: Record<string, RuleSetting>;
  auditors?: Record<string, AuditorConfig>;
  [section: string]: unknown;
}

export const CONFIG_FILE = 'leanaudit.config.json';

/** The default wall-clock limit of one auditor (`auditors.<id>.timeoutMs`): an hour. */
export const AUDITOR_TIMEOUT_MS = 3_600_000;

/** Where a configuration file came from. */
export type ConfigOrigin = 'user' | 'repository' | 'given';

/** One configuration file as read, and whether its keys that run, send or write are honoured. */
export interface ConfigLayer {
  file: string;
  origin: ConfigOrigin;
  trusted: boolean;
  config: Config;
}

/** How a command asks for its configuration. */
export interface ConfigRequest {
  /** `--config <file>`: replaces the repository's own file; trusted when it lies outside the repository. */
  explicit?: string;
  /** `--trust-repo-config`: the repository's own configuration may set every key. */
  trustRepoConfig?: boolean;
  /** Where $XDG_CONFIG_HOME and $HOME are read (default: the process's environment). */
  env?: NodeJS.ProcessEnv;
}

/** The user's own configuration file: `$XDG_CONFIG_HOME/leanaudit/config.json`, else `~/.config/leanaudit/config.json`. */
export function userConfigFile(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.config');
  return join(base, 'leanaudit', 'config.json');
}

/** Reads one configuration file: a JSON object, else an InputError naming the file. */
export function readConfigFile(file: string): Config {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readBoundedText(file, READ_LIMITS.config));
  } catch (e) {
    if (e instanceof RefusedFile) throw new InputError(e.message);
    throw new InputError(`${file}: ${(e as NodeJS.ErrnoException).code ? (e as Error).message : `invalid JSON: ${(e as Error).message}`}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InputError(`${file}: the configuration must be a JSON object`);
  }
  return parsed as Config;
}

/** Whether `file` lies inside the repository at `root` (by real paths, so a link in or out counts where it leads). */
function inRepository(root: string, file: string): boolean {
  const real = (path: string): string => (existsSync(path) ? realpathSync(path) : resolve(path));
  return isInside(real(root), real(file));
}

/**
 * The configuration files of a run over `root`, lowest precedence first: the user's own file, then
 * `--config <file>` or else the repository's `leanaudit.config.json`.
 */
export function configLayers(root: string, request: ConfigRequest = {}): ConfigLayer[] {
  const layers: ConfigLayer[] = [];
  const user = userConfigFile(request.env);
  if (existsSync(user)) layers.push({ file: user, origin: 'user', trusted: true, config: readConfigFile(user) });
  const { explicit } = request;
  if (explicit !== undefined && !existsSync(explicit)) throw new InputError(`config file not found: ${explicit}`);
  const file = explicit ?? join(root, CONFIG_FILE);
  if (!existsSync(file)) return layers;
  const origin: ConfigOrigin = explicit !== undefined && !inRepository(root, explicit) ? 'given' : 'repository';
  layers.push({ file, origin, trusted: origin === 'given' || request.trustRepoConfig === true, config: readConfigFile(file) });
  return layers;
}

/** One setting of the repository's configuration not applied as written: left out, or lowered to a limit. */
export interface SettingAdjustment {
  key: string;
  set: unknown;
  /** The value applied instead; absent when the key was left out. */
  applied?: unknown;
  why: string;
  file?: string;
}

/** The configuration a run applied: its files, each setting with the file it came from, and what was adjusted. */
export interface AppliedSettings {
  files: { file: string; origin: ConfigOrigin; trusted: boolean; ignored?: string }[];
  values: { key: string; value: unknown; origin: ConfigOrigin; file: string }[];
  adjusted: SettingAdjustment[];
}

const SETTINGS = Symbol('applied settings');

/** `config` carrying the record of its settings, hidden (no hash, JSON dump or copy of the configuration sees it). */
export function withSettings(config: Config, applied: AppliedSettings): Config {
  return Object.defineProperty(config, SETTINGS, { value: applied, enumerable: false });
}

/** The record of the settings a loaded configuration applied; undefined for one built in code. */
export function appliedSettings(config: Config): AppliedSettings | undefined {
  return (config as { [SETTINGS]?: AppliedSettings })[SETTINGS];
}

/** The leaves of a configuration by dotted key (a list is one leaf). */
export function settingValues(config: Config, prefix = ''): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(config)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (isPlainObject(value) && Object.keys(value).length > 0) out.push(...settingValues(value as Config, path));
    else out.push([path, value]);
  }
  return out;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over` laid over `base`: objects merge key by key, anything else (a list, a string) replaces. */
export function mergeConfig(base: Config, over: Config): Config {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key];
    merged[key] = isPlainObject(below) && isPlainObject(value) ? mergeConfig(below, value) : value;
  }
  return merged as Config;
}

/**
 * The configuration with more `ignore` patterns after its own (a command's `--ignore` flags); a
 * pattern that cannot be used (see glob.ts) is an InputError.
 */
export function ignoring(config: Config, patterns: readonly string[] | undefined): Config {
  const all = [...(config.ignore ?? []), ...(patterns ?? [])];
  checkPatterns(all);
  return patterns === undefined || patterns.length === 0 ? config : { ...config, ignore: all };
}

/** A command-line flag that may be given several times: its values in order. */
export const repeatable = (value: string, previous: string[] = []): string[] => [...previous, value];

/** The section of the config an auditor reads, or an empty object. */
export function auditorConfig(config: Config, id: string): AuditorConfig {
  return config.auditors?.[id] ?? {};
}
