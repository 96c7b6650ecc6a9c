/**
 * Splitting one audit over N machines: `audit --shard i/N`. A file (for the auditors that work file
 * by file) or an entity (for those that work entity by entity, the judges) belongs to the shard its
 * name hashes to, so adding a file or an entity moves nothing else; auditors that cannot split run
 * whole in shard 1. `leanaudit merge` makes one report of the N (see commands/merge.ts).
 */
import { createHash } from 'node:crypto';
import { InputError } from './errors.js';

/** This run's part of the audit: shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Parses `i/N` (1 <= i <= N); anything else is an InputError. */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new InputError(`--shard ${text}: expected i/N with 1 <= i <= N, e.g. 2/4`);
  return { index, count };
}

/** The shard (1-based) a file path or an entity id belongs to among `count`. */
export function shardOf(key: string, count: number): number {
  return (createHash('sha256').update(key).digest().readUInt32BE(0) % count) + 1;
}

/** Whether this run does the work for `key`: always without a shard. */
export function owns(shard: Shard | undefined, key: string): boolean {
  return shard === undefined || shard.count === 1 || shardOf(key, shard.count) === shard.index;
}

/** Every metric summed over the parts (counts; rates are computed again by the auditor's merge). */
export function sumMetrics(parts: Record<string, number>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of parts) for (const [name, value] of Object.entries(part)) out[name] = (out[name] ?? 0) + value;
  return out;
}
