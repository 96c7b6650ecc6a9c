/** User configuration: `leanaudit.config.json` in the audited repository, or `--config <file>`. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Severity } from '../model/location.js';
import { SEVERITIES } from '../model/location.js';
import { InputError } from './errors.js';

export interface AuditorConfig {
  enabled?: boolean;
  severity?: Severity;
  options?: Record<string, unknown>;
}

/**
 * The whole configuration. Each subsystem owns and validates its own section
 * (`llm`, `repl`, `contamination`, `extract`, ...).
 */
export interface Config {
  failOn?: Severity;
  /** Baseline file `audit` compares the findings with, relative to the repository (see baseline.ts). */
  baseline?: string;
  /** Path patterns of `.lean` files to leave out of the project (see glob.ts): a test library, an experimental folder. */
  ignore?: string[];
  auditors?: Record<string, AuditorConfig>;
  [section: string]: unknown;
}

export const CONFIG_FILE = 'leanaudit.config.json';

/** Reads the config file named, else the one in `root`, else an empty config. */
export function loadConfig(root: string, explicit?: string): Config {
  const file = explicit ?? join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    if (explicit) throw new InputError(`config file not found: ${explicit}`);
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError(`${file}: invalid JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InputError(`${file}: the configuration must be a JSON object`);
  }
  return parsed as Config;
}

/** The configuration with more `ignore` patterns after its own (a command's `--ignore` flags). */
export const ignoring = (config: Config, patterns: readonly string[] | undefined): Config =>
  patterns === undefined || patterns.length === 0 ? config : { ...config, ignore: [...(config.ignore ?? []), ...patterns] };

/** A command-line flag that may be given several times: its values in order. */
export const repeatable = (value: string, previous: string[] = []): string[] => [...previous, value];

/** The section of the config an auditor reads, or an empty object. */
export function auditorConfig(config: Config, id: string): AuditorConfig {
  return config.auditors?.[id] ?? {};
}

const SEVERITY_NAMES: readonly string[] = SEVERITIES;

/**
 * Checks the sections the core owns (`failOn`, `baseline`, `ignore`, `auditors`) against the known auditor ids;
 * throws an InputError naming the file and the offending key.
 */
export function validateCoreConfig(config: Config, knownAuditors: readonly string[], source = CONFIG_FILE): void {
  const fail = (message: string): never => {
    throw new InputError(`${source}: ${message}`);
  };
  if (config.failOn !== undefined && !SEVERITY_NAMES.includes(config.failOn)) {
    fail(`failOn must be one of ${SEVERITY_NAMES.join(', ')}, not ${JSON.stringify(config.failOn)}`);
  }
  if (config.baseline !== undefined && (typeof config.baseline !== 'string' || config.baseline === '')) {
    fail('baseline must be a file path relative to the repository');
  }
  if (config.ignore !== undefined && (!Array.isArray(config.ignore) || config.ignore.some((p) => typeof p !== 'string' || p === ''))) {
    fail('ignore must be a list of path patterns relative to the repository (such as "AesopTest/**")');
  }
  if (config.auditors === undefined) return;
  if (typeof config.auditors !== 'object' || config.auditors === null || Array.isArray(config.auditors)) {
    fail('auditors must be an object keyed by auditor id');
  }
  for (const [id, section] of Object.entries(config.auditors)) {
    const where = `auditors.${id}`;
    if (!knownAuditors.includes(id)) fail(`${where}: unknown auditor (known: ${knownAuditors.join(', ') || 'none'})`);
    if (typeof section !== 'object' || section === null || Array.isArray(section)) fail(`${where} must be an object`);
    if (section.enabled !== undefined && typeof section.enabled !== 'boolean') fail(`${where}.enabled must be true or false`);
    if (section.severity !== undefined && !SEVERITY_NAMES.includes(section.severity)) {
      fail(`${where}.severity must be one of ${SEVERITY_NAMES.join(', ')}`);
    }
    const { options } = section;
    if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
      fail(`${where}.options must be an object`);
    }
  }
}
