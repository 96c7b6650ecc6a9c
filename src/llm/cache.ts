/**
 * Durable on-disk cache of successful LLM answers. One file per key, written to a temporary file
 * and renamed into place, so a `kill -9` leaves either the old state or the new, never half a file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  /** The reply's token limit: a lower one may cut an answer short. */
  maxTokens?: number;
  /** Which of several samples of the same question (`calibrate --repeat`); absent for the first. */
  sample?: number;
  input: unknown;
}

export interface CacheEntry {
  rubric: string;
  version: number;
  model: string;
  createdAt: string;
  value: unknown;
}

/** sha256 hex of a string. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The cache key of an answer. */
export function cacheKey(parts: CacheKeyParts): string {
  const { rubric, version, bodyHash, model, baseURL, temperature, maxTokens, sample, input } = parts;
  return sha256(
    JSON.stringify([rubric, version, bodyHash, model, baseURL, temperature, maxTokens ?? null, ...(sample ? [sample] : []), input]),
  );
}

/**
 * Answers of this process when the cache is off, so that one run still asks each question once
 * (roundtrip-judge reads the direct judge's verdicts of the same run for its agreement).
 */
const memory = new Map<string, CacheEntry>();

export class DiskCache {
  private readonly folders = new Set<string>();

  /** `dir` undefined: nothing is stored on disk (cache turned off); answers are kept for this process only. */
  constructor(readonly dir: string | undefined) {
    if (dir) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '.gitignore'), '*\n');
    }
  }

  private file(key: string): string {
    return join(this.dir!, key.slice(0, 2), `${key}.json`);
  }

  /**
   * The stored entry, or undefined (also for an unreadable file, which is treated as absent).
   * Synchronous on purpose: entries are small, and thousands of concurrent async opens cost more.
   */
  async get(key: string): Promise<CacheEntry | undefined> {
    if (!this.dir) return memory.get(key);
    const file = this.file(key);
    if (!existsSync(file)) return undefined;
    try {
      return JSON.parse(readBoundedText(file, READ_LIMITS.cacheEntry)) as CacheEntry;
    } catch {
      return undefined;
    }
  }

  /** Stores an entry atomically; only successful, validated answers are ever passed here. */
  async put(key: string, entry: CacheEntry): Promise<void> {
    if (!this.dir) {
      memory.set(key, entry);
      return;
    }
    const target = this.file(key);
    const folder = join(this.dir, key.slice(0, 2));
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify(entry));
      renameSync(tmp, target);
    } catch (e) {
      if (existsSync(tmp)) unlinkSync(tmp);
      throw e;
    }
  }
}
