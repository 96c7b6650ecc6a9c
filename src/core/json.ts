/** JSON helpers: line numbers for errors that point into a file, and content hashes of values whatever their key order. */
import { createHash } from 'node:crypto';
import { firstAtOrAfter } from './sorted.js';

/** 1-based line number of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  return lineIndex(text)(offset);
}

/** A lookup of 1-based line numbers by offset in `text`, for many lookups (binary search over line starts). */
export function lineIndex(text: string): (offset: number) => number {
  const newlines: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines.push(i);
  return (offset) => firstAtOrAfter(newlines, offset) + 1;
}

/** The 1-based line a `JSON.parse` error points at, from its position or from the excerpt V8 quotes. */
export function jsonErrorLine(text: string, error: Error): number {
  const position = /at position (\d+)/.exec(error.message);
  if (position) return lineAt(text, Number(position[1]));
  const quoted = /^Unexpected token '(.+?)', (?:\.\.\.)?"([\s\S]*?)(?:\.\.\.)?" is not valid JSON$/.exec(error.message);
  if (!quoted) return 1;
  const [, token, excerpt] = quoted;
  const at = text.indexOf(excerpt!);
  return at === -1 ? 1 : lineAt(text, at + Math.max(0, excerpt!.indexOf(token!)));
}

/** The value with every object's keys in sorted order, so that equal values stringify alike. */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortedKeys(record[key])]),
  );
}

/** sha256 (first 16 hex digits) of a value's JSON with sorted keys: the same for equal values, whatever their key order. */
export function contentHash(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(sortedKeys(value)))
    .digest('hex')
    .slice(0, 16);
}
