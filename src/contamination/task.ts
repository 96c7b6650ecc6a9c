/** Runs one corpus task (a file, a JSON file, a batch of JSONL lines) through a scanner. */
import { statSync } from 'node:fs';
import type { CorpusTask } from './corpus.js';
import { isLeanPath } from './corpus.js';
import type { InputProblem } from './input.js';
import { jsonRecords, parseRecordLine, readTextFile } from './input.js';
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

/** Scans the documents of one task; malformed records are problems, never failures. */
export function runTask(scanner: Scanner, index: ScanIndex, task: CorpusTask): TaskResult {
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
      const text = readTextFile(file);
      result.bytes = statSync(file).size;
      result.documents = 1;
      const hits = scanner.scan(text, 1);
      const lean = isLeanPath(file) ? leanHits(index, text, 1, task.commands) : [];
      if (hasHits(hits, lean)) result.docs.push({ ref: { corpus: task.corpus, file, line: 1 }, hits, lean });
    } else if (task.kind === 'json') {
      const text = readTextFile(file);
      result.bytes = statSync(file).size;
      const parsed = jsonRecords(text, file);
      if ('message' in parsed) result.problems.push(parsed);
      else parsed.records.forEach((r, i) => scanRecord(r, { corpus: task.corpus, file, line: 1, record: i }, task.fields));
    } else {
      for (const { line, text } of task.lines) {
        result.bytes += Buffer.byteLength(text) + 1;
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
