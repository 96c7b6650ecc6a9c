/** Reading benchmark and corpus files: gzip read transparently, JSONL streamed line by line. */
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip, gunzipSync } from 'node:zlib';
import type { Location } from '../model/location.js';

/** Something in the input that was skipped, with where it is. */
export interface InputProblem {
  location: Location;
  message: string;
}

/** True when the file name ends in `.gz`. */
export function isGzipPath(path: string): boolean {
  return path.toLowerCase().endsWith('.gz');
}

/** The file name without a trailing `.gz`, lowercased, to decide its format by extension. */
export function innerName(path: string): string {
  const lower = path.toLowerCase();
  return isGzipPath(lower) ? lower.slice(0, -3) : lower;
}

/** A whole file as UTF-8 text (BOM dropped), gunzipped when it starts with the gzip magic bytes. */
export function readTextFile(path: string): string {
  let buf = readFileSync(path);
  if (buf.length >= 2 && buf[0] === 0x1f && buf[1] === 0x8b) buf = gunzipSync(buf);
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The lines of a (possibly gzipped) file with their 1-based numbers, streamed. */
export async function* readLines(path: string): AsyncGenerator<{ line: number; text: string }> {
  const raw = createReadStream(path);
  const stream = isGzipPath(path) ? raw.pipe(createGunzip()) : raw;
  const rl = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of rl) {
      line++;
      yield { line, text: line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
    }
  } finally {
    rl.close();
    raw.destroy();
  }
}

/** Parses one JSONL line into an object, or returns the reason it is malformed. */
export function parseRecordLine(text: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `invalid JSON: ${(e as Error).message}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  return value as Record<string, unknown>;
}

/** The records of a JSON file: a top-level array, or the one array-valued property of an object. */
export function jsonRecords(text: string, file: string): { records: unknown[] } | InputProblem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { location: { file, line: 1 }, message: `invalid JSON: ${(e as Error).message}` };
  }
  if (Array.isArray(value)) return { records: value };
  if (typeof value === 'object' && value !== null) {
    const arrays = Object.values(value).filter(Array.isArray);
    if (arrays.length === 1) return { records: arrays[0]! };
  }
  return { location: { file, line: 1 }, message: 'expected a JSON array of records (or an object holding one array)' };
}
