/** Reading files of the audited repository without ever leaving it. */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { isInside } from '../src/core/paths.js';

export { isInside };

/** Where a candidate path leads: an existing file (or folder) inside the repository, or why not. */
export type Located = { file: string } | { reason: 'missing' | 'outside' };

/** Resolves `candidate` to a real file (or folder) inside `root`, refusing paths (or symlinks) that leave it. */
export function locateInside(root: string, candidate: string, want: 'file' | 'folder' = 'file'): Located {
  const full = resolve(root, candidate);
  if (!isInside(resolve(root), full)) return { reason: 'outside' };
  if (!existsSync(full)) return { reason: 'missing' };
  const real = realpathSync(full);
  if (!isInside(realpathSync(root), real)) return { reason: 'outside' };
  const stat = statSync(real);
  return (want === 'file' ? stat.isFile() : stat.isDirectory()) ? { file: real } : { reason: 'missing' };
}

/** `path` relative to `root`, with `/` separators. */
export function repoRelative(root: string, path: string): string {
  return relative(realpathSync(root), path).split(sep).join('/');
}
