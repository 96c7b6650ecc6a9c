/**
 * Reading a file because the audited repository names it (its metadata, a path in its config, a
 * blueprint `\input`): the repository is untrusted input, so the file is read only when its real
 * path lies inside the repository, it is a regular file (not a folder, FIFO or device), and it is
 * no larger than the caller's bound. A symbolic link committed as `lean-toolchain ->
 * /proc/self/environ` is thus refused, never read into a report. A file the user gives (a report, a
 * configuration, a rubric) is read by the same bounded read, without the repository's bound.
 */
import { closeSync, constants, existsSync, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
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
  /** A configuration file (the repository's, the user's, `--config`). */
  config: 1024 * 1024,
  /** A saved report read again (`leanaudit report`, `leanaudit sample`), or a sample labelled by a person. */
  report: 512 * 1024 * 1024,
  /** A rubric, its output schema, or one file of a gold set. */
  llmInput: 16 * 1024 * 1024,
  /** One entry of the LLM cache. */
  cacheEntry: 16 * 1024 * 1024,
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
    /** Why, without the path. */
    readonly detail: string,
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
  return readBoundedFile(real, maxBytes, candidate);
}

/**
 * Opens `path` for reading if it is a regular file, else a RefusedFile (named `shownAs`): opened
 * without blocking, as opening a FIFO no one writes to would block for good, and checked on the
 * descriptor, so nothing swapped in between the check and the open is read.
 */
export function openRegularFile(path: string, shownAs = path): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw refused(shownAs, 'missing');
    // A socket cannot be opened; a folder is refused below.
    if (code === 'ENXIO' || code === 'EISDIR') throw refused(shownAs, 'not-a-file');
    throw e;
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw refused(shownAs, 'not-a-file');
  }
  return fd;
}

/**
 * The bytes of the file at `path` (a file the user gives, or one readRepoFile located), read only when
 * it is a regular file (no FIFO, socket or device such as /dev/zero) of at most `maxBytes` bytes;
 * otherwise a RefusedFile naming it `shownAs`. At most `maxBytes + 1` bytes are ever read, whatever
 * the file system says of its size (files of /proc say 0).
 */
export function readBoundedFile(path: string, maxBytes: number, shownAs = path): Buffer {
  const fd = openRegularFile(path, shownAs);
  try {
    let chunk: Buffer = Buffer.alloc(Math.min(maxBytes + 1, Math.max(fstatSync(fd).size + 1, 64 * 1024)));
    let length = 0;
    for (;;) {
      if (length === chunk.length) chunk = grown(chunk, maxBytes);
      const read = readSync(fd, chunk, length, chunk.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) throw new RefusedFile(shownAs, 'too-large', `larger than ${maxBytes} bytes; not read`);
    }
    return chunk.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** `readBoundedFile` decoded as UTF-8. */
export function readBoundedText(path: string, maxBytes: number, shownAs = path): string {
  return readBoundedFile(path, maxBytes, shownAs).toString('utf8');
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
