/** Lean texts for the differential tests of the native scanner: the samples' files, and a seeded random source. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A seeded pseudo-random number generator (mulberry32): the same numbers in [0, 1) for the same seed. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The texts of the `.lean` files under `dir`. */
export function leanFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return leanFiles(path);
    return entry.endsWith('.lean') ? [readFileSync(path, 'utf8')] : [];
  });
}
