/** Source lines around each located finding, so a report can show the code it speaks of. */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { readRepoText } from './repo-file.js';
import type { Finding } from './types.js';

/** Lines shown before and after a finding's line. */
export const EXCERPT_CONTEXT = 3;
/** A longer source line is cut (minified or generated text). */
const LINE_CHARS = 240;
/** Files larger than this are not read for excerpts. */
const FILE_BYTES = 8_000_000;

/**
 * Gives every finding with a location an `excerpt`: its line and EXCERPT_CONTEXT lines on either
 * side. A file that cannot be read, is too large, or (through a symlink) lies outside `root` gets none.
 */
export function attachExcerpts(root: string, findings: readonly Finding[]): void {
  const realRoot = realpathSync(root);
  const files = new Map<string, string[] | undefined>();
  const linesOf = (file: string): string[] | undefined => {
    if (files.has(file)) return files.get(file);
    let lines: string[] | undefined;
    try {
      lines = readRepoText(realRoot, resolve(root, file), FILE_BYTES).split(/\r\n|\r|\n/);
    } catch {
      lines = undefined;
    }
    files.set(file, lines);
    return lines;
  };
  for (const f of findings) {
    if (!f.location) continue;
    const lines = linesOf(f.location.file);
    if (!lines || f.location.line > lines.length) continue;
    const first = Math.max(1, f.location.line - EXCERPT_CONTEXT);
    const last = Math.min(lines.length, (f.location.endLine ?? f.location.line) + EXCERPT_CONTEXT, f.location.line + 2 * EXCERPT_CONTEXT);
    const shown = lines.slice(first - 1, last).map((l) => (l.length > LINE_CHARS ? `${l.slice(0, LINE_CHARS)}…` : l));
    f.excerpt = { startLine: first, lines: shown };
  }
}
