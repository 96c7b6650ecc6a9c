import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPL_DEFAULTS } from '../../src/repl/config.js';
import { enableCommand, replTagFor, resolveLaunch } from '../../src/repl/launch.js';

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
    expect(launch.enable).toContain('git clone --depth 1 --branch v4.19.0 https://github.com/leanprover-community/repl');
    expect(launch.enable).toContain(`LEANAUDIT_REPL_CMD="lake env ${join(root, '..', 'repl-v4.19.0')}/.lake/build/bin/repl"`);
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

describe('enableCommand', () => {
  it("fetches Mathlib's cache before building a project that depends on Mathlib", () => {
    writeFileSync(join(root, 'lakefile.toml'), 'name = "p"\n');
    writeFileSync(join(root, 'lake-manifest.json'), JSON.stringify({ packages: [{ name: 'mathlib' }] }));
    expect(enableCommand(root)).toContain(`(cd ${root} && lake exe cache get && lake build)`);
  });

  it('builds a project without Mathlib with lake build alone', () => {
    writeFileSync(join(root, 'lakefile.lean'), '');
    expect(enableCommand(root)).toContain(`(cd ${root} && lake build)`);
    expect(enableCommand(root)).not.toContain('cache get');
  });

  it('gives one line per Lake package kept in a subfolder, each with the repl of its own Lean release', () => {
    for (const [pkg, version] of [
      ['Book', 'v4.26.0'],
      ['Web', 'v4.25.0'],
    ]) {
      mkdirSync(join(root, pkg!));
      writeFileSync(join(root, pkg!, 'lakefile.lean'), '');
      writeFileSync(join(root, pkg!, 'lean-toolchain'), `leanprover/lean4:${version}\n`);
    }
    const lines = enableCommand(root).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('--branch v4.26.0');
    expect(lines[0]).toContain(`(cd ${join(root, 'Book')} && lake build)`);
    expect(lines[0]).toMatch(/leanaudit audit \S+\/Book$/);
    expect(lines[1]).toContain('--branch v4.25.0');
  });

  it('says which repl commit to check out when the toolchain names no release', () => {
    writeFileSync(join(root, 'lakefile.lean'), '');
    writeFileSync(join(root, 'lean-toolchain'), 'leanprover/lean4:nightly-2025-01-01\n');
    expect(enableCommand(root)).toContain('git checkout <the repl commit for leanprover/lean4:nightly-2025-01-01>');
  });
});
