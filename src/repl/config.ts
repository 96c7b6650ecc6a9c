/** The `repl` section of the configuration: how to start the Lean REPL and the limits it runs under. */
import { availableParallelism } from 'node:os';
import type { Config } from '../core/config.js';
import { InputError } from '../core/errors.js';
import type { JsonSchema } from '../core/types.js';

export interface ReplSettings {
  /** The whole start command, run by the shell in the project root (replaces `lake env <path>`). */
  command?: string;
  /** Path of a built `repl` binary, started as `lake env <path>` (relative to the project root). */
  path?: string;
  /** REPL processes run side by side. */
  workers: number;
  /** Wall-clock limit of one request (a probe, a declaration), in milliseconds. */
  timeoutMs: number;
  /** Wall-clock limit of the import of a file's header, in milliseconds. */
  importTimeoutMs: number;
  /** `set_option maxHeartbeats` for each `exact?` probe. */
  maxHeartbeats: number;
  /** Resident memory of one REPL process tree above which it is killed and restarted. */
  memoryLimitMb: number;
  /** Largest response accepted, in MB of text. */
  maxOutputMb: number;
  /** Pickle each header environment once and unpickle it in the other workers. */
  pickle: boolean;
  /**
   * The user allows `lake exe repl` in a project whose manifest names the repl (`--lean`, or
   * `repl.lake` in the user's own configuration): Lake then runs the repository's lakefile, its code.
   */
  lake?: boolean;
  /** Run the REPL inside bubblewrap when `bwrap` is on PATH (default); `false` only from the user's own configuration. */
  sandbox?: boolean;
}

export const REPL_DEFAULTS: ReplSettings = {
  workers: Math.max(1, availableParallelism()),
  timeoutMs: 60_000,
  importTimeoutMs: 600_000,
  maxHeartbeats: 200_000,
  memoryLimitMb: 8192,
  maxOutputMb: 64,
  pickle: false,
};

/** The environment variable that replaces the REPL start command. */
export const REPL_CMD_ENV = 'LEANAUDIT_REPL_CMD';

const NUMBERS = ['workers', 'timeoutMs', 'importTimeoutMs', 'maxHeartbeats', 'memoryLimitMb', 'maxOutputMb'] as const;

const STARTS_A_PROCESS = 'starts a process';

/** The schema of the `repl` section (schemas/config.schema.json); `replSettings` applies the same rules. */
export const REPL_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'how to start the Lean REPL and the limits it runs under (docs/repl.md)',
  properties: {
    command: {
      type: 'string',
      pattern: '\\S',
      userOnly: STARTS_A_PROCESS,
      description: `the whole start command, run by the shell in the project root (or $${REPL_CMD_ENV}, or --repl-cmd)`,
    },
    path: {
      type: 'string',
      pattern: '\\S',
      userOnly: STARTS_A_PROCESS,
      description: 'path of a built repl binary, started as `lake env <path>`',
    },
    pickle: { type: 'boolean', description: 'pickle each header environment once and unpickle it in the other workers' },
    lake: {
      type: 'boolean',
      userOnly: "runs the repository's lakefile",
      description:
        "start the REPL as `lake exe repl` when the project's manifest names the repl; Lake runs the repository's lakefile, its code (--lean)",
    },
    sandbox: {
      type: 'boolean',
      userOnly: 'lets the repository’s code run unconfined',
      description:
        'run the REPL inside bubblewrap (bwrap) when it is on PATH: no network, writes only inside the repository (default true)',
    },
    ...Object.fromEntries(NUMBERS.map((key) => [key, { type: 'integer', minimum: 1 }])),
  },
};

/**
 * Validated settings: the `repl` config section over the defaults; the start command comes from
 * `override` (the `--repl-cmd` option), else $LEANAUDIT_REPL_CMD, else `repl.command`.
 */
export function replSettings(config: Config, override?: string, env: NodeJS.ProcessEnv = process.env): ReplSettings {
  const raw = config.repl ?? {};
  const fail = (message: string): never => {
    throw new InputError(`config: repl.${message}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError('config: repl must be an object');
  const section = raw as Record<string, unknown>;
  const known = new Set<string>(Object.keys(REPL_CONFIG_SCHEMA.properties as object));
  for (const key of Object.keys(section)) if (!known.has(key)) fail(`${key}: unknown key (known: ${[...known].join(', ')})`);
  const settings: ReplSettings = { ...REPL_DEFAULTS };
  for (const key of NUMBERS) {
    const value = section[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) fail(`${key} must be a positive integer`);
    settings[key] = value as number;
  }
  for (const key of ['command', 'path'] as const) {
    const value = section[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') fail(`${key} must be a non-empty string`);
    settings[key] = value as string;
  }
  for (const key of ['pickle', 'lake', 'sandbox'] as const) {
    if (section[key] === undefined) continue;
    if (typeof section[key] !== 'boolean') fail(`${key} must be true or false`);
    settings[key] = section[key] as boolean;
  }
  const command = override ?? env[REPL_CMD_ENV] ?? settings.command;
  if (command !== undefined && command.trim() !== '') settings.command = command;
  return settings;
}
