/** Runs one corpus task (a file, a batch of JSONL lines or JSON records) through a scanner, reading files as streams. */
import { statSync } from 'node:fs';
import type { CorpusTask } from './corpus.js';
import { isLeanPath } from './corpus.js';
import type { InputProblem, ReadLimits } from './input.js';
import { parseRecordLine, textChunks } from './input.js';
import { parseElement } from './json-stream.js';
import type { LeanDeclHit } from './lean-scan.js';
import { leanHits } from './lean-scan.js';
import type { Scanner, TextHits } from './scan.js';
import type { ScanIndex } from './scan-index.js';

/** Where a corpus document is: its file and line (a JSONL record's line), and its corpus. */
export interface DocRef {
  corpus: string;
  file: string;
  line: number;
  /** Index of the record in a JSON array file. */
  record?: number;
}

/** The hits of one document that had any. */
export interface DocResult {
  ref: DocRef;
  hits: TextHits;
  lean: LeanDeclHit[];
}

/** What a task reports back: documents with hits, skipped input, and how much was read. */
export interface TaskResult {
  corpus: string;
  /** The file the task read. */
  path: string;
  docs: DocResult[];
  problems: InputProblem[];
  bytes: number;
  documents: number;
}

/** The text of a record: the named fields, else every top-level string field, one per line. */
export function recordText(record: Record<string, unknown>, fields?: string[]): string {
  const keys = fields ?? Object.keys(record);
  const parts: string[] = [];
  for (const k of keys) {
    const v = record[k];
    if (typeof v === 'string') parts.push(v);
  }
  return parts.join('\n');
}

const hasHits = (h: TextHits, lean: LeanDeclHit[]): boolean => h.exact.length + h.grams.length + h.names.length + lean.length > 0;

function pinLines(h: TextHits, line: number): TextHits {
  for (const list of [h.exact, h.grams, h.names]) for (let i = 1; i < list.length; i += 2) list[i] = line;
  return h;
}

/**
 * Where a chunk of Lean text may end: before its last line that starts a command at column 0 (a
 * letter, `@[`, `/-`), so that a declaration is parsed whole; else after its last newline.
 */
export function leanCutPoint(buf: Buffer): number {
  for (let nl = buf.lastIndexOf(10, buf.length - 2); nl > 0; nl = buf.lastIndexOf(10, nl - 1)) {
    const c = buf[nl + 1]!;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 64 || c === 47) return nl + 1;
  }
  const nl = buf.lastIndexOf(10);
  return nl >= 0 ? nl + 1 : buf.length;
}

/** Scans the documents of one task; malformed or oversized records are problems, never failures. */
export async function runTask(scanner: Scanner, index: ScanIndex, task: CorpusTask, limits: ReadLimits): Promise<TaskResult> {
  const result: TaskResult = { corpus: task.corpus, path: task.path, docs: [], problems: [], bytes: 0, documents: 0 };
  const file = task.path;
  const scanRecord = (record: unknown, ref: DocRef, fields?: string[]): void => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      result.problems.push({ location: { file, line: ref.line }, message: 'not a JSON object' });
      return;
    }
    result.documents++;
    const text = recordText(record as Record<string, unknown>, fields);
    const hits = pinLines(scanner.scan(text, ref.line), ref.line);
    const lean = leanHits(index, text).map((h) => ({ ...h, line: ref.line }));
    if (hasHits(hits, lean)) result.docs.push({ ref, hits, lean });
  };
  try {
    if (task.kind === 'file') {
      result.bytes = statSync(file).size;
      result.documents = 1;
      const lean: LeanDeclHit[] = [];
      const isLean = isLeanPath(file);
      scanner.begin(1);
      for await (const chunk of textChunks(file, limits, result.problems, isLean ? leanCutPoint : undefined)) {
        scanner.feed(chunk.text);
        if (isLean) lean.push(...leanHits(index, chunk.text, chunk.line, task.commands));
      }
      const hits = scanner.finish();
      if (hasHits(hits, lean)) result.docs.push({ ref: { corpus: task.corpus, file, line: 1 }, hits, lean });
    } else {
      result.problems.push(...(task.problems ?? []));
      for (const { line, text, record: index, offset } of task.lines) {
        result.bytes += Buffer.byteLength(text) + 1;
        if (index !== undefined) {
          const r = parseElement({ index, offset: offset ?? 0, text });
          if ('error' in r)
            result.problems.push({ location: { file, line: 1 }, message: `record #${r.index}: ${r.error}`, offset: r.offset });
          else scanRecord(r.value, { corpus: task.corpus, file, line: 1, record: r.index }, task.fields);
          continue;
        }
        if (text.trim() === '') continue;
        const record = parseRecordLine(text);
        if (typeof record === 'string') result.problems.push({ location: { file, line }, message: record });
        else scanRecord(record, { corpus: task.corpus, file, line }, task.fields);
      }
    }
  } catch (e) {
    result.problems.push({ location: { file, line: 1 }, message: `unreadable: ${(e as Error).message}` });
  }
  return result;
}
