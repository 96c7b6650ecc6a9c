import { describe, expect, it } from 'vitest';
import { REPL_DEFAULTS, replSettings } from '../../src/repl/config.js';

describe('replSettings', () => {
  it('fills defaults and takes the start command from --repl-cmd, then $LEANAUDIT_REPL_CMD, then the config', () => {
    expect(replSettings({}, undefined, {})).toEqual(REPL_DEFAULTS);
    const config = { repl: { command: 'from-config', workers: 3, pickle: true } };
    expect(replSettings(config, undefined, {})).toMatchObject({ command: 'from-config', workers: 3, pickle: true });
    expect(replSettings(config, undefined, { LEANAUDIT_REPL_CMD: 'from-env' }).command).toBe('from-env');
    expect(replSettings(config, 'from-option', { LEANAUDIT_REPL_CMD: 'from-env' }).command).toBe('from-option');
  });

  it('rejects unknown keys and bad values with the key named', () => {
    expect(() => replSettings({ repl: { workrs: 2 } }, undefined, {})).toThrow(/repl\.workrs: unknown key/);
    expect(() => replSettings({ repl: { timeoutMs: -1 } }, undefined, {})).toThrow(/repl\.timeoutMs must be a positive integer/);
    expect(() => replSettings({ repl: { path: '' } }, undefined, {})).toThrow(/repl\.path must be a non-empty string/);
    expect(() => replSettings({ repl: [] }, undefined, {})).toThrow(/repl must be an object/);
  });
});
