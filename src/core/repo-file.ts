/**
 * Reading a file because the audited repository names it (its metadata, a path in its config, a
 * blueprint `\input`): the repository is untrusted input, so the file is read only when its real
 * path lies inside the repository, it is a regular file (not a folder, FIFO or device), and it is
 * no larger than the caller's bound. A symbolic link committed as `lean-toolchain ->
 * /proc/self/environ` is thus refused, never read into a report.
 */
import { closeSync, existsSync, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { isInside } from './paths.js';

/** Why a path named by the repository is not read. */
export type RefusedReason = 'missing' | 'outside' | 'not-a-file' | 'too-large';

/** Where a candidate path leads: an existing file (or folder) inside the repository, or why not. */
export type Located = { file: string } | { reason: 'missing' | 'outside' };

/** The largest file of each kind read because the repository names it, in bytes. */
export const READ_LIMITS = {
  /** `lean-toolchain` holds one line such as `leanprover/lean4:v4.21.0`. */
  toolchain: 4 * 1024,
  /** `lakefile.toml`, `lakefile.lean`, `lake-manifest.json`. */
  lake: 4 * 1024 * 1024,
  /** An informal source: a blueprint chapter, a Markdown textbook, a status or mapping JSON file. */
  document: 16 * 1024 * 1024,
  /** A baseline file (one entry per accepted finding). */
  baseline: 64 * 1024 * 1024,
} as const;

/**
 * Resolves `candidate` (relative to `root`, or absolute) to a real file (or folder) inside `root`,
 * refusing paths and symbolic links that leave it.
 */
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

/** A file the repository names that is not read, with the reason in words. */
export class RefusedFile extends Error {
  override name = 'RefusedFile';
  constructor(
    readonly path: string,
    readonly reason: RefusedReason,
    detail: string,
  ) {
    super(`${path}: ${detail}`);
  }
}

const DETAIL: Record<Exclude<RefusedReason, 'too-large'>, string> = {
  missing: 'no such file',
  outside: 'leads outside the repository (a symbolic link or a path out of it); not read',
  'not-a-file': 'not a regular file (a folder, FIFO, socket or device); not read',
};

const refused = (path: string, reason: Exclude<RefusedReason, 'too-large'>): RefusedFile => new RefusedFile(path, reason, DETAIL[reason]);

/**
 * The bytes of `candidate`, a file the repository at `root` names, read only when its real path is
 * inside `root`, it is a regular file and it holds at most `maxBytes` bytes; otherwise a RefusedFile
 * naming the path as given and why. At most `maxBytes + 1` bytes are ever read, whatever the file
 * system says of its size (files of /proc say 0).
 */
export function readRepoFile(root: string, candidate: string, maxBytes: number): Buffer {
  const full = resolve(root, candidate);
  if (!isInside(resolve(root), full)) throw refused(candidate, 'outside');
  let real: string;
  try {
    real = realpathSync(full);
  } catch {
    throw refused(candidate, 'missing');
  }
  if (!isInside(realpathSync(root), real)) throw refused(candidate, 'outside');
  if (!statSync(real).isFile()) throw refused(candidate, 'not-a-file');
  const fd = openSync(real, 'r');
  try {
    if (!fstatSync(fd).isFile()) throw refused(candidate, 'not-a-file');
    let chunk: Buffer = Buffer.alloc(Math.min(maxBytes + 1, Math.max(fstatSync(fd).size + 1, 64 * 1024)));
    let length = 0;
    for (;;) {
      if (length === chunk.length) chunk = grown(chunk, maxBytes);
      const read = readSync(fd, chunk, length, chunk.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) throw new RefusedFile(candidate, 'too-large', `larger than ${maxBytes} bytes; not read`);
    }
    return chunk.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** `full` copied into a buffer twice as large, at most `maxBytes + 1` bytes. */
function grown(full: Buffer, maxBytes: number): Buffer {
  const larger = Buffer.alloc(Math.min(maxBytes + 1, full.length * 2));
  full.copy(larger);
  return larger;
}

/** `readRepoFile` decoded as UTF-8. */
export function readRepoText(root: string, candidate: string, maxBytes: number): string {
  return readRepoFile(root, candidate, maxBytes).toString('utf8');
}

/**
 * `readRepoText` for a file the repository may or may not have (its `lean-toolchain`): undefined
 * when there is nothing at that path, a RefusedFile when something is there that must not be read.
 */
export function readRepoTextIfPresent(root: string, candidate: string, maxBytes: number): string | undefined {
  try {
    return readRepoText(root, candidate, maxBytes);
  } catch (e) {
    if (e instanceof RefusedFile && e.reason === 'missing') return undefined;
    throw e;
  }
}

/**
 * Whether `candidate` (relative to `root`, or absolute) leads outside the repository: lexically, or
 * through a symbolic link on the way to it. A path that does not exist yet is judged by its nearest
 * existing folder, where it would be created.
 */
export function leadsOutside(root: string, candidate: string): boolean {
  const full = resolve(root, candidate);
  if (!isInside(resolve(root), full)) return true;
  let existing = full;
  while (!existsSync(existing)) existing = dirname(existing);
  return !isInside(realpathSync(root), realpathSync(existing));
}
