/** Locations of the files shipped with the package (rubrics, queries, schemas), and containment of paths. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when `path` lies inside `root` (both absolute). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

let cached: string | undefined;

/** The folder holding leanaudit's package.json, whether run from src/ or dist/. */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('leanaudit: cannot locate its package.json');
    dir = parent;
  }
  cached = dir;
  return dir;
}

/** leanaudit's own version, from its package.json. */
export function toolVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
