/**
 * Corpus enumeration: folders of Lean, text, Markdown and LaTeX files, JSONL/JSON datasets, gzip
 * included. Yields scan tasks; JSONL files are streamed here in batches of lines, text and JSON files
 * are streamed by the worker that scans them, so memory stays bounded whatever the input.
 */
import { readdirSync, type Stats, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { ProjectCommand } from '../lean/syntax/commands.js';
import type { InputProblem, ReadLimits } from './input.js';
import { boundedLines, innerName, notRegularFile } from './input.js';
import { jsonElements } from './json-stream.js';
import { projectCommandsOf } from './lean-canon.js';

/** Extensions of text files read from corpus folders (a file named directly is read whatever its name). */
export const TEXT_EXTENSIONS = ['.lean', '.md', '.markdown', '.tex', '.txt', '.rst', '.org', '.mdx', '.bib'];
const DATA_EXTENSIONS = ['.jsonl', '.ndjson', '.json'];
const SKIPPED_DIRS = new Set(['.git', '.lake', 'lake-packages', 'node_modules', '.hg', '.svn']);

/** One unit of scanning work, small enough to hand to a worker. */
export type CorpusTask =
  | { kind: 'file'; corpus: string; path: string; commands?: ProjectCommand[] }
  | {
      kind: 'records';
      corpus: string;
      path: string;
      /** JSONL lines, or elements of a JSON array (`record`: the element's index, `offset`: its byte offset). */
      lines: { line: number; text: string; record?: number; offset?: number }[];
      fields?: string[];
      /** Lines skipped while these were read (over the record limit). */
      problems?: InputProblem[];
    };

/** Whether a file holds Lean source (its text also goes to the Lean-aware channel). */
export function isLeanPath(path: string): boolean {
  return innerName(path).endsWith('.lean');
}

function kindOf(path: string): 'text' | 'jsonl' | 'json' | undefined {
  const name = innerName(path);
  if (name.endsWith('.json')) return 'json';
  if (DATA_EXTENSIONS.some((e) => name.endsWith(e))) return 'jsonl';
  if (TEXT_EXTENSIONS.some((e) => name.endsWith(e))) return 'text';
  return undefined;
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(path, out);
    } else if (entry.isFile() && kindOf(path) !== undefined) out.push(path);
  }
}

/** The files of one corpus path: the file itself, or the known files under a folder, sorted; anything else is an InputError. */
export function corpusFiles(path: string): string[] {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    throw new InputError(`corpus not found: ${path}`);
  }
  if (!stat.isDirectory()) {
    const why = notRegularFile(path);
    if (why !== undefined) throw new InputError(`corpus ${path} is ${why}: name a folder or a regular file`);
    return [path];
  }
  const out: string[] = [];
  walk(path, out);
  return out;
}

async function* mapAsync<T, U>(items: AsyncIterable<T>, f: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield f(item);
}

/** Characters of JSONL or JSON text per records task. */
const BATCH_CHARS = 1 << 20;

/**
 * The scan tasks of the given corpora, in order; JSONL lines are read as they are needed. A
 * corpus's `.lean` files carry the declaration commands the corpus defines (see `projectCommandsOf`).
 */
export async function* corpusTasks(corpora: string[], limits: ReadLimits, fields?: string[]): AsyncGenerator<CorpusTask> {
  for (const corpus of corpora) {
    const paths = corpusFiles(corpus);
    const commands = projectCommandsOf(paths.filter(isLeanPath), limits);
    for (const path of paths) {
      const kind = kindOf(path) ?? 'text';
      if (kind === 'text') {
        yield { kind: 'file', corpus, path, ...(commands.length > 0 && isLeanPath(path) ? { commands } : {}) };
        continue;
      }
      let lines: { line: number; text: string; record?: number; offset?: number }[] = [];
      let chars = 0;
      const skipped: InputProblem[] = [];
      const batch = (): CorpusTask => {
        const problems = skipped.splice(0);
        const task: CorpusTask = {
          kind: 'records',
          corpus,
          path,
          lines,
          ...(fields ? { fields } : {}),
          ...(problems.length ? { problems } : {}),
        };
        lines = [];
        chars = 0;
        return task;
      };
      // A JSON array is split here as JSONL is, so that its records spread over the workers too.
      const records =
        kind === 'json'
          ? mapAsync(jsonElements(path, limits, skipped), ({ index, offset, text }) => ({ line: 1, text, record: index, offset }))
          : boundedLines(path, limits, skipped);
      for await (const record of records) {
        lines.push(record);
        chars += record.text.length;
        if (chars >= BATCH_CHARS) yield batch();
      }
      if (lines.length > 0 || skipped.length > 0) yield batch();
    }
  }
}
