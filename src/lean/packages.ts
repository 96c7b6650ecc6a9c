/**
 * The Lake packages a project depends on, as `lake-manifest.json` pins them, and where their
 * sources are checked out: `<packagesDir>/<name>` (`.lake/packages`, `lake-packages` before Lake
 * 5) for git packages, `dir` for path packages, below an optional `subDir`. Both manifest layouts
 * are read: entries as objects with `type`, and the older `{"git": {…}}`/`{"path": {…}}` wrappers.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { isInside } from '../core/paths.js';

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

interface Manifest {
  packagesDir?: unknown;
  packages?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The manifest's entries, unwrapped from the older `{"git": {…}}` form; undefined without a readable manifest. */
function manifestEntries(root: string): { packagesDir?: string; entries: (ManifestEntry & { kind: string })[] } | undefined {
  const file = join(root, 'lake-manifest.json');
  if (!existsSync(file)) return undefined;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
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
  return text(manifestEntries(root)?.entries.find((p) => p.name === 'mathlib')?.rev);
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
  const file = join(root, 'lean-toolchain');
  if (!existsSync(file)) return undefined;
  const toolchain = readFileSync(file, 'utf8').trim();
  if (!/^[\w.-]+\/[\w.-]+:[\w.+-]+$/.test(toolchain)) return undefined;
  const elanHome = process.env.ELAN_HOME || join(homedir(), '.elan');
  const dir = join(elanHome, 'toolchains', toolchain.replace('/', '--').replace(':', '---'), 'src', 'lean');
  return existsSync(join(dir, 'Init')) ? dir : undefined;
}
