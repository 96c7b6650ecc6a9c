/** Line numbers in text, for errors that point into a file (JSON parse errors, extractor problems). */
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
