import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPL_DEFAULTS } from '../../src/repl/config.js';
import { replTagFor, resolveLaunch } from '../../src/repl/launch.js';

let root: string;
let bin: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'leanaudit-launch-'));
  bin = join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(join(root, 'lean-toolchain'), 'leanprover/lean4:v4.19.0\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const fakeLake = () => {
  writeFileSync(join(bin, 'lake'), '#!/bin/sh\n');
  chmodSync(join(bin, 'lake'), 0o755);
};

describe('resolveLaunch', () => {
  it('uses a whole start command as given, without needing lake', () => {
    const launch = resolveLaunch(root, { ...REPL_DEFAULTS, command: 'node standin.mjs' }, { PATH: '' });
    expect(launch).toMatchObject({ ok: true, spec: { shell: 'node standin.mjs', cwd: root } });
  });

  it('without lake, says so and gives the command that enables the REPL for this toolchain', () => {
    const launch = resolveLaunch(root, REPL_DEFAULTS, { PATH: bin });
    expect(launch.ok).toBe(false);
    if (launch.ok) return;
    expect(launch.reason).toMatch(/no `lake` on PATH/);
    expect(launch.enable).toContain('git clone --branch v4.19.0 https://github.com/leanprover-community/repl');
    expect(launch.enable).toContain(`LEANAUDIT_REPL_CMD="lake env ${join(root, '..', 'repl')}/.lake/build/bin/repl"`);
  });

  it('needs a built project, then a repl binary, and starts it with lake env', () => {
    fakeLake();
    const env = { PATH: bin };
    expect(resolveLaunch(root, REPL_DEFAULTS, env)).toMatchObject({ ok: false, reason: expect.stringMatching(/not built/) });
    mkdirSync(join(root, '.lake/build/lib/lean'), { recursive: true });
    expect(resolveLaunch(root, REPL_DEFAULTS, env)).toMatchObject({ ok: false, reason: expect.stringMatching(/no REPL binary/) });
    writeFileSync(join(root, 'repl'), '');
    expect(resolveLaunch(root, { ...REPL_DEFAULTS, path: 'repl' }, env)).toMatchObject({
      ok: true,
      spec: { file: join(bin, 'lake'), args: ['env', join(root, 'repl')] },
    });
  });

  it('never starts `lake exe repl` because of what the repository ships: only when the user allows it (--lean, repl.lake)', () => {
    fakeLake();
    const env = { PATH: bin };
    mkdirSync(join(root, '.lake/build/lib/lean'), { recursive: true });
    writeFileSync(join(root, 'lake-manifest.json'), JSON.stringify({ packages: [{ name: 'repl' }] }));
    expect(resolveLaunch(root, REPL_DEFAULTS, env)).toMatchObject({ ok: false, reason: expect.stringMatching(/pass --lean/) });
    expect(resolveLaunch(root, { ...REPL_DEFAULTS, lake: true }, env)).toMatchObject({ ok: true, spec: { args: ['exe', 'repl'] } });
  });

  it('runs the REPL inside bubblewrap when bwrap is on PATH: the repository writable, nothing else, no network', () => {
    writeFileSync(join(bin, 'bwrap'), '#!/bin/sh\n');
    chmodSync(join(bin, 'bwrap'), 0o755);
    const launch = resolveLaunch(root, { ...REPL_DEFAULTS, command: 'lake env repl' }, { PATH: bin });
    if (!launch.ok) throw new Error(launch.reason);
    expect(launch.spec.file).toBe(join(bin, 'bwrap'));
    const args = launch.spec.args!.join(' ');
    expect(args).toContain(`--ro-bind / / --bind ${root} ${root}`);
    expect(args).toContain('--unshare-all --die-with-parent');
    expect(launch.spec.args!.slice(-3)).toEqual(['/bin/sh', '-c', 'lake env repl']);
    expect(launch.describe).toBe('lake env repl (sandboxed by bwrap)');
    const unconfined = resolveLaunch(root, { ...REPL_DEFAULTS, command: 'lake env repl', sandbox: false }, { PATH: bin });
    expect(unconfined).toMatchObject({ ok: true, spec: { shell: 'lake env repl' } });
  });

  it('reads the repl tag from lean-toolchain', () => {
    writeFileSync(join(root, 'lean-toolchain'), 'leanprover/lean4:v4.33.0-rc2');
    expect(replTagFor(root)).toBe('v4.33.0-rc2');
  });
});
