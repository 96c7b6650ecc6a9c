/**
 * Decides how to start the Lean REPL for a project, or why it cannot be started and the exact
 * command a user would run to make it possible.
 */
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { lakePackages, readManifest, readToolchain } from '../lean/workspace/packages.js';
import { REPL_CMD_ENV, type ReplSettings } from './config.js';
import type { ReplCommandSpec } from './process.js';

export type ReplLaunch = { ok: true; spec: ReplCommandSpec; describe: string } | { ok: false; reason: string; enable: string };

/** The executable `name` on $PATH, if any. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/** The repl tag matching the project's toolchain (the repl repository tags one per Lean release). */
export function replTagFor(root: string): string | undefined {
  const toolchain = readToolchain(root).value;
  return toolchain === undefined ? undefined : /:(v\d+\.\d+\.\d+(?:-rc\d+)?)$/.exec(toolchain)?.[1];
}

/** Folders where Lake puts a built project's .olean files, newest layout first. */
export const BUILD_DIRS = ['.lake/build/lib/lean', '.lake/build/lib', 'build/lib'];

/** The project's build output folder, if it has been built. */
export function buildDir(root: string): string | undefined {
  return BUILD_DIRS.map((d) => join(root, d)).find((d) => existsSync(d));
}

function dependsOnRepl(root: string): boolean {
  const packages = readManifest(root)?.value?.packages;
  return Array.isArray(packages) && packages.some((p: { name?: unknown } | null) => p?.name === 'repl' || p?.name === 'REPL');
}

const quote = (path: string): string => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);

/** Whether the project depends on Mathlib (or is Mathlib): its build must fetch Mathlib's cache first, else it rebuilds Mathlib for hours. */
function usesMathlib(root: string): boolean {
  return (
    (readManifest(root)?.value as { name?: unknown } | undefined)?.name === 'mathlib' ||
    lakePackages(root).some((p) => p.name === 'mathlib')
  );
}

const hasLakefile = (dir: string): boolean => LAKEFILES.some((f) => existsSync(join(dir, f)));
const LAKEFILES = ['lakefile.lean', 'lakefile.toml'];

/** The Lake packages of a repository: the root when it has a lakefile, else its immediate subfolders that have one. */
export function packageFolders(root: string): string[] {
  if (hasLakefile(root)) return [root];
  let entries: string[] = [];
  try {
    entries = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => join(root, e.name));
  } catch {}
  return entries.filter(hasLakefile).sort();
}

/** The commands that build a repl pinned to the package's Lean release, the package itself (Mathlib's cache first), and audit it. */
function packageCommand(pkg: string): string {
  const tag = replTagFor(pkg);
  const repl = quote(resolve(pkg, '..', tag ? `repl-${tag}` : 'repl'));
  const clone = tag
    ? `git clone --depth 1 --branch ${tag} https://github.com/leanprover-community/repl ${repl}`
    : `git clone https://github.com/leanprover-community/repl ${repl} && (cd ${repl} && git checkout <the repl commit for ${readToolchain(pkg).value ?? 'the toolchain in lean-toolchain'}>)`;
  const build = usesMathlib(pkg) ? 'lake exe cache get && lake build' : 'lake build';
  return (
    `${clone} && (cd ${repl} && lake build) && (cd ${quote(pkg)} && ${build}) && ` +
    `${REPL_CMD_ENV}="lake env ${repl}/.lake/build/bin/repl" leanaudit audit ${quote(pkg)}`
  );
}

/**
 * The shell commands that build a repl matching the project's Lean release beside it and point
 * leanaudit at it: one line per Lake package when the repository keeps its packages in subfolders.
 */
export function enableCommand(root: string): string {
  const packages = packageFolders(root);
  return (packages.length > 0 ? packages : [root]).map(packageCommand).join('\n');
}

/**
 * `spec` run inside bubblewrap when `bwrap` is on PATH and the user did not turn the sandbox off:
 * the whole file system read-only but the repository and a private /tmp, no network, no other
 * process visible, and the REPL killed with leanaudit. Without bwrap, `spec` as it is.
 */
export function sandboxed(
  root: string,
  launch: { spec: ReplCommandSpec; describe: string },
  settings: ReplSettings,
  env: NodeJS.ProcessEnv,
): { spec: ReplCommandSpec; describe: string } {
  const bwrap = settings.sandbox === false ? undefined : onPath('bwrap', env);
  if (bwrap === undefined) return launch;
  const real = resolve(root);
  const confine = ['--ro-bind', '/', '/', '--bind', real, real, '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  const isolate = ['--unshare-all', '--die-with-parent', '--new-session', '--chdir', real, '--'];
  const { spec } = launch;
  const command = spec.shell !== undefined ? ['/bin/sh', '-c', spec.shell] : [spec.file!, ...(spec.args ?? [])];
  return {
    spec: { file: bwrap, args: [...confine, ...isolate, ...command], cwd: spec.cwd, ...(spec.env ? { env: spec.env } : {}) },
    describe: `${launch.describe} (sandboxed by bwrap)`,
  };
}

/** How to start the REPL in `root` with these settings, or why not; sandboxed when bubblewrap is there. */
export function resolveLaunch(root: string, settings: ReplSettings, env: NodeJS.ProcessEnv = process.env): ReplLaunch {
  const launch = unconfinedLaunch(root, settings, env);
  return launch.ok ? { ok: true, ...sandboxed(root, launch, settings, env) } : launch;
}

function unconfinedLaunch(root: string, settings: ReplSettings, env: NodeJS.ProcessEnv): ReplLaunch {
  if (settings.command !== undefined) {
    return { ok: true, spec: { shell: settings.command, cwd: root, env }, describe: settings.command };
  }
  const enable = enableCommand(root);
  const lake = onPath('lake', env);
  if (!lake)
    return {
      ok: false,
      reason: 'no `lake` on PATH: the Lean toolchain is not installed',
      enable: `curl https://elan.lean-lang.org/elan-init.sh -sSf | sh && ${enable}`,
    };
  if (!buildDir(root)) return { ok: false, reason: `the project is not built (none of ${BUILD_DIRS.join(', ')} exists)`, enable };
  if (settings.path !== undefined) {
    const binary = isAbsolute(settings.path) ? settings.path : resolve(root, settings.path);
    if (!existsSync(binary)) return { ok: false, reason: `repl.path ${binary} does not exist`, enable };
    return { ok: true, spec: { file: lake, args: ['env', binary], cwd: root, env }, describe: `lake env ${binary}` };
  }
  if (dependsOnRepl(root) && settings.lake === true)
    return { ok: true, spec: { file: lake, args: ['exe', 'repl'], cwd: root, env }, describe: 'lake exe repl' };
  if (dependsOnRepl(root)) {
    return {
      ok: false,
      reason:
        "the project's manifest names the repl, but `lake exe repl` runs the repository's lakefile (its code): pass --lean, or set repl.lake in your own configuration, to allow it",
      enable,
    };
  }
  return { ok: false, reason: `no REPL binary: set repl.path, repl.command or $${REPL_CMD_ENV}`, enable };
}
