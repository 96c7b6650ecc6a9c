/**
 * Project discovery: every `.lean` file under a repository's root, without dependencies, build
 * outputs and hidden folders, and what was left out and why.
 */
import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isInside } from '../../core/paths.js';

/** Folder names never scanned, with the reason recorded in `skipped`. */
const SKIP_DIRS: Record<string, string> = {
  '.lake': 'Lake build outputs and dependency checkouts',
  'lake-packages': 'dependency checkouts (old Lake layout)',
  build: 'build outputs',
  node_modules: 'JavaScript dependencies',
};

const HIDDEN = 'hidden folder (scratch, editor or VCS data)';

export interface Discovery {
  files: string[];
  skipped: { path: string; reason: string }[];
}

/** Why a folder of this name is not scanned, or undefined when it is. */
const skipReason = (name: string): string | undefined => SKIP_DIRS[name] ?? (name.startsWith('.') ? HIDDEN : undefined);

/** The message of a folder readdir could not read, as Node words it. */
const unreadable = (message: string): string => `unreadable folder: ${message}`;

/** A symbolic link at `rel`: a `.lean` file it leads to inside the repository is kept; anything else is said in `skipped`. */
function placeLink(realRoot: string, rel: string, found: Discovery): void {
  let real: string;
  try {
    real = realpathSync(join(realRoot, rel));
  } catch {
    found.skipped.push({ path: rel, reason: 'broken symbolic link' });
    return;
  }
  if (!isInside(realRoot, real)) {
    found.skipped.push({ path: rel, reason: 'symbolic link leading outside the repository (not followed)' });
    return;
  }
  const stat = statSync(real);
  if (stat.isDirectory())
    found.skipped.push({ path: rel, reason: 'symbolic link to a folder inside the repository (scanned at its real place)' });
  else if (!rel.endsWith('.lean')) return;
  else if (stat.isFile()) found.files.push(rel);
  else found.skipped.push({ path: rel, reason: NOT_A_FILE });
}

/** Why a `.lean` name that is a FIFO, socket or device (or a link to one) is not read: opening it could block, reading it never end. */
const NOT_A_FILE = 'not a regular file (a FIFO, socket or device): not read';

/** The folders under realRoot walked with readdirSync. */
function walk(realRoot: string): Discovery {
  const found: Discovery = { files: [], skipped: [] };
  const visit = (dir: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(realRoot, dir), { withFileTypes: true });
    } catch (e) {
      found.skipped.push({ path: dir || '.', reason: unreadable((e as Error).message) });
      return;
    }
    for (const entry of entries) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) placeLink(realRoot, rel, found);
      else if (entry.isDirectory()) {
        const reason = skipReason(entry.name);
        if (reason) found.skipped.push({ path: rel, reason });
        else visit(rel);
      } else if (entry.name.endsWith('.lean')) {
        if (entry.isFile()) found.files.push(rel);
        else found.skipped.push({ path: rel, reason: NOT_A_FILE });
      }
    }
  };
  visit('');
  return found;
}

/** Every `.lean` file under root (relative paths, sorted), and what was left out. */
export function discoverLeanFiles(root: string): Discovery {
  const realRoot = realpathSync(root);
  const found = walk(realRoot);
  // The default order is by UTF-16 code units, as `<`, and takes a third less time than a comparison function for the bench tree's 12,882 paths.
  found.files.sort();
  found.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return found;
}
