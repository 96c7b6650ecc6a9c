/**
 * Durable on-disk cache of successful LLM answers. One file per key, written to a temporary file
 * and renamed into place, so a `kill -9` leaves either the old state or the new, never half a file.
 *
 * The cache lives in the user's cache folder, outside the audited repository: a repository cannot
 * plant answers there, and nothing is written into it. Writes go only to the folder's real path and
 * never through a symbolic link (a committed `00 -> /home/user/.ssh` entry folder is refused). A
 * repository's own committed answers are read, never written, and only when the user asks
 * (`--repo-cache`); each entry read is checked by the engine before it counts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { READ_LIMITS, readBoundedText } from '../core/repo-file.js';

/** What identifies one answer: the rubric, its version and text, the endpoint, model and sampling, and the rendered prompt. */
export interface CacheKeyParts {
  rubric: string;
  version: number;
  bodyHash: string;
  model: string;
  /** The endpoint's base URL: one model name served by two servers may be two models. */
  baseURL: string;
  temperature: number;
  input: unknown;
}

export interface CacheEntry {
  rubric: string;
  version: number;
  model: string;
  createdAt: string;
  value: unknown;
}

/** Where a cached answer was found: the user's own cache, or the audited repository's committed one. */
export type CacheSource = 'user' | 'repository';

/** sha256 hex of a string. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The cache key of an answer. */
export function cacheKey(parts: CacheKeyParts): string {
  return sha256(JSON.stringify([parts.rubric, parts.version, parts.bodyHash, parts.model, parts.baseURL, parts.temperature, parts.input]));
}

/** The user's cache folder for answers: `$XDG_CACHE_HOME/leanaudit`, else `~/.cache/leanaudit`. */
export function userCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.cache');
  return join(base, 'leanaudit', 'answers');
}

/**
 * Answers of this process when the cache is off, so that one run still asks each question once
 * (roundtrip-judge reads the direct judge's verdicts of the same run for its agreement).
 */
const memory = new Map<string, CacheEntry>();

/** Opens `path` for writing, refusing a symbolic link in its place (O_NOFOLLOW) and, with `fresh`, anything already there. */
function openForWriting(path: string, fresh: boolean): number {
  const { O_WRONLY, O_CREAT, O_TRUNC, O_EXCL, O_NOFOLLOW } = constants;
  return openSync(path, O_WRONLY | O_CREAT | (fresh ? O_EXCL : O_TRUNC) | O_NOFOLLOW, 0o644);
}

/** Writes `text` to `path`, never through a symbolic link. */
function writeNoFollow(path: string, text: string, fresh: boolean): void {
  const fd = openForWriting(path, fresh);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** Reads one entry, treating an unreadable, oversized or non-JSON file as absent. */
function readEntry(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readBoundedText(file, READ_LIMITS.cacheEntry));
  } catch {
    return undefined;
  }
}

export class DiskCache {
  private readonly folders = new Set<string>();
  /** The real path of the writable folder, fixed once: writes never follow a link swapped in later. */
  readonly dir: string | undefined;

  /**
   * `dir` undefined: nothing is stored on disk (cache turned off); answers are kept for this process
   * only. `repoDir`: the audited repository's committed answers, read after the user's own, never written.
   */
  constructor(
    dir: string | undefined,
    readonly repoDir?: string,
  ) {
    if (dir) {
      mkdirSync(dir, { recursive: true });
      this.dir = realpathSync(dir);
      const ignore = join(this.dir, '.gitignore');
      // A cache folder someone keeps inside a checkout stays out of its commits.
      if (!existsSync(ignore) || lstatSync(ignore).isFile()) writeNoFollow(ignore, '*\n', false);
    }
  }

  private file(dir: string, key: string): string {
    return join(dir, key.slice(0, 2), `${key}.json`);
  }

  /**
   * The stored entry as read (not yet checked: see LlmEngine), and where it was found.
   * Synchronous on purpose: entries are small, and thousands of concurrent async opens cost more.
   */
  async get(key: string): Promise<{ entry: unknown; source: CacheSource } | undefined> {
    if (!this.dir) {
      const entry = memory.get(key);
      if (entry) return { entry, source: 'user' };
    } else {
      const entry = readEntry(this.file(this.dir, key));
      if (entry !== undefined) return { entry, source: 'user' };
    }
    if (this.repoDir) {
      const entry = readEntry(this.file(this.repoDir, key));
      if (entry !== undefined) return { entry, source: 'repository' };
    }
    return undefined;
  }

  /** Stores an entry atomically; only successful, validated answers are ever passed here. */
  async put(key: string, entry: CacheEntry): Promise<void> {
    if (!this.dir) {
      memory.set(key, entry);
      return;
    }
    const folder = join(this.dir, key.slice(0, 2));
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      if (!lstatSync(folder).isDirectory()) throw new Error(`${folder} is not a folder (a symbolic link?): not written`);
      this.folders.add(folder);
    }
    const target = this.file(this.dir, key);
    const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeNoFollow(tmp, JSON.stringify(entry), true);
      renameSync(tmp, target);
    } catch (e) {
      if (existsSync(tmp)) unlinkSync(tmp);
      throw e;
    }
  }
}
