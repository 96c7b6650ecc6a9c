/** User configuration: `leanaudit.config.json` in the audited repository, or `--config <file>`. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Severity } from './types.js';
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

/** The section of the config an auditor reads, or an empty object. */
export function auditorConfig(config: Config, id: string): AuditorConfig {
  return config.auditors?.[id] ?? {};
}
