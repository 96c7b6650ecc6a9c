/**
 * The Lake packages a project depends on, as `lake-manifest.json` pins them, and where their
 * sources are checked out: `<packagesDir>/<name>` (`.lake/packages`, `lake-packages` before Lake
 * 5) for git packages, `dir` for path packages, below an optional `subDir`. Both manifest layouts
 * are read: entries as objects with `type`, and the older `{"git": {…}}`/`{"path": {…}}` wrappers.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { isInside } from '../../core/paths.js';
import { READ_LIMITS, RefusedFile, readRepoTextIfPresent } from '../../core/repo-file.js';

export interface LakePackage {
  name: string;
  /** Where its sources are, relative to the project root, with `/` separators. */
  dir: string;
  /** The pinned git revision (git packages). */
  rev?: string;
  /** The folder exists inside the repository, so its sources can be read. */
  present: boolean;
  /** Why an existing folder is not read. */
  reason?: string;
}

interface ManifestEntry {
  name?: unknown;
  type?: unknown;
  dir?: unknown;
  subDir?: unknown;
  rev?: unknown;
}

export interface Manifest {
  packagesDir?: unknown;
  packages?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A git revision or tag as a manifest pins it; anything else is not recorded (it would be echoed into reports). */
const REVISION = /^[\w./+-]{1,100}$/;

/** A toolchain as `lean-toolchain` names it (`leanprover/lean4:v4.21.0`, `stable`). */
const TOOLCHAIN = /^[\w./+:-]{1,100}$/;

/** What a metadata file of the project's root holds, or why it was not read; never its text beyond what it should hold. */
export type Metadata<T> = { value?: T; problem?: string };

/**
 * The toolchain `lean-toolchain` names. A file that leads outside the repository, is not a regular
 * file, is too large, or holds anything but a toolchain name is a problem, and nothing of it is kept.
 */
export function readToolchain(root: string): Metadata<string> {
  let text: string | undefined;
  try {
    text = readRepoTextIfPresent(root, 'lean-toolchain', READ_LIMITS.toolchain);
  } catch (e) {
    if (e instanceof RefusedFile) return { problem: e.message };
    throw e;
  }
  if (text === undefined) return {};
  const toolchain = text.trim();
  return TOOLCHAIN.test(toolchain)
    ? { value: toolchain }
    : { problem: 'lean-toolchain: does not name a toolchain (such as leanprover/lean4:v4.21.0); not recorded' };
}

/** The parsed `lake-manifest.json`, or why it could not be read (undefined: there is none). */
export function readManifest(root: string): Metadata<Manifest> | undefined {
  let text: string | undefined;
  try {
    text = readRepoTextIfPresent(root, 'lake-manifest.json', READ_LIMITS.lake);
  } catch (e) {
    if (e instanceof RefusedFile) return { problem: e.message };
    throw e;
  }
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null
      ? { value: value as Manifest }
      : { problem: 'lake-manifest.json: not a JSON object' };
  } catch {
    // Not JSON.parse's message, which quotes the text: the file's content stays out of the report.
    return { problem: 'lake-manifest.json: not valid JSON' };
  }
}

/** The manifest's entries, unwrapped from the older `{"git": {…}}` form; undefined without a readable manifest. */
function manifestEntries(root: string): { packagesDir?: string; entries: (ManifestEntry & { kind: string })[] } | undefined {
  const manifest = readManifest(root)?.value;
  if (manifest === undefined) return undefined;
  if (!Array.isArray(manifest.packages)) return { entries: [] };
  const entries = manifest.packages.flatMap((raw: unknown) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const wrapped = raw as Record<string, unknown>;
    for (const kind of ['git', 'path']) {
      const inner = wrapped[kind];
      if (typeof inner === 'object' && inner !== null) return [{ ...(inner as ManifestEntry), kind }];
    }
    return [{ ...(raw as ManifestEntry), kind: text(wrapped.type) ?? 'git' }];
  });
  const packagesDir = text(manifest.packagesDir);
  return { ...(packagesDir ? { packagesDir } : {}), entries };
}

/** The Mathlib revision pinned in `lake-manifest.json`, if any. */
export function mathlibRevision(root: string): string | undefined {
  const rev = text(manifestEntries(root)?.entries.find((p) => p.name === 'mathlib')?.rev);
  return rev !== undefined && REVISION.test(rev) ? rev : undefined;
}

/** The packages `lake-manifest.json` lists, in its order, and whether their sources are checked out. */
export function lakePackages(root: string): LakePackage[] {
  const manifest = manifestEntries(root);
  if (!manifest) return [];
  const realRoot = realpathSync(root);
  const defaultDir =
    manifest.packagesDir ??
    (existsSync(join(root, 'lake-packages')) && !existsSync(join(root, '.lake')) ? 'lake-packages' : '.lake/packages');
  const packages: LakePackage[] = [];
  for (const entry of manifest.entries) {
    const name = text(entry.name);
    if (name === undefined) continue;
    const base = entry.kind === 'path' ? (text(entry.dir) ?? '.') : `${defaultDir}/${name}`;
    const subDir = text(entry.subDir);
    const absolute = join(realRoot, base, subDir ?? '');
    const dir = relative(realRoot, absolute).split(sep).join('/') || '.';
    const rev = text(entry.rev);
    const exists = existsSync(absolute) && statSync(absolute).isDirectory();
    const reason = exists && !isInside(realRoot, realpathSync(absolute)) ? 'outside the repository (not read)' : undefined;
    packages.push({ name, dir, ...(rev ? { rev } : {}), present: exists && reason === undefined, ...(reason ? { reason } : {}) });
  }
  return packages;
}

/**
 * The Lean sources (`Init`, `Std`, `Lean`, …) of the toolchain `lean-toolchain` pins, where elan
 * installed it: `$ELAN_HOME/toolchains/<owner>--<repo>---<version>/src/lean` (`~/.elan` by
 * default); undefined when the file names no toolchain or it is not installed.
 */
export function toolchainSources(root: string): string | undefined {
  const toolchain = readToolchain(root).value;
  if (toolchain === undefined || !/^[\w.-]+\/[\w.-]+:[\w.+-]+$/.test(toolchain)) return undefined;
  const elanHome = process.env.ELAN_HOME || join(homedir(), '.elan');
  const dir = join(elanHome, 'toolchains', toolchain.replace('/', '--').replace(':', '---'), 'src', 'lean');
  return existsSync(join(dir, 'Init')) ? dir : undefined;
}
