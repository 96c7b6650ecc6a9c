/**
 * The records of a JSON file, streamed: the elements of its top-level array, or of the one
 * array-valued property of its top-level object. A byte-level splitter finds each element's extent
 * and only then hands its bytes to `JSON.parse`: an element over the record limit is skipped before
 * it is held (the npm streaming parsers build each value whole first), and parsing stays native.
 */
import type { InputProblem, ReadLimits } from './input.js';
import { byteChunks, RecordBytes } from './input.js';

/** One element of the records array: its index, its byte offset, and its value or why it could not be parsed. */
export type JsonRecord = { index: number; offset: number } & ({ value: unknown } | { error: string });

/** One element of the records array as written, not yet parsed: its index, byte offset and text. */
export interface JsonElement {
  index: number;
  offset: number;
  text: string;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const isOpen = (c: number): boolean => c === 123 || c === 91;
const isClose = (c: number): boolean => c === 125 || c === 93;
const isBlank = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** Where the run of plain string bytes from `i` ends: at the next quote or backslash, or the chunk's end (found natively). */
function stringRun(chunk: Buffer, i: number): number {
  const quote = chunk.indexOf(QUOTE, i);
  const end = quote < 0 ? chunk.length : quote;
  const backslash = chunk.subarray(i, end).indexOf(BACKSLASH);
  return backslash < 0 ? end : i + backslash;
}

/** How many arrays are values of the top-level object's properties (0 when the file holds no top-level object). */
async function topLevelArrays(path: string, limits: ReadLimits): Promise<number> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let arrays = 0;
  for await (const chunk of byteChunks(path, limits, [])) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        else i = stringRun(chunk, i) - 1;
      } else if (c === QUOTE) inString = true;
      else if (isOpen(c)) {
        if (depth === 1 && c === 91) arrays++;
        depth++;
      } else if (isClose(c)) depth--;
    }
  }
  return arrays;
}

/**
 * The records of the JSON file at `path`, in order. Problems (no records array, an element over
 * `limits.recordBytes`, a file that ends inside the array) go to `problems`; a malformed element is
 * yielded with its error and the elements after it are still read.
 */
export async function* jsonRecords(path: string, limits: ReadLimits, problems: InputProblem[]): AsyncGenerator<JsonRecord> {
  for await (const element of jsonElements(path, limits, problems)) yield parseElement(element);
}

/** The value of an element, or why it could not be parsed. */
export function parseElement({ index, offset, text }: JsonElement): JsonRecord {
  try {
    return { index, offset, value: JSON.parse(text) };
  } catch (e) {
    return { index, offset, error: `invalid JSON: ${(e as Error).message}` };
  }
}

/**
 * The elements of the records array of the JSON file at `path`, in order, unparsed, so that the
 * parse can happen where the record is scanned; problems as for `jsonRecords`.
 */
export async function* jsonElements(path: string, limits: ReadLimits, problems: InputProblem[]): AsyncGenerator<JsonElement> {
  const problem = (message: string, extra: Partial<InputProblem> = {}): void => {
    problems.push({ location: { file: path, line: 1 }, message, ...extra });
  };
  /** Depth at which records start (1: a top-level array; 2: an array property of a top-level object); 0 until known. */
  let recordDepth = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Inside the records array (an object may hold other properties beside it). */
  let inRecords = false;
  let offset = 0;
  let index = 0;
  /** The element being read: where it started, its bytes so far, whether it outgrew the limit. */
  let start = -1;
  const record = new RecordBytes(limits.recordBytes);
  let scalar = false;
  let sawTop = false;
  let closed = false;

  const finishElement = (end: number): JsonElement | undefined => {
    const at = { index: index++, offset: start };
    const size = end - start;
    start = -1;
    if (record.tooLong) {
      record.drop();
      problem(
        `record #${at.index} of ${size} bytes exceeds the limit of ${limits.recordBytes} bytes (contamination.limits.recordMb): skipped`,
        {
          offset: at.offset,
          bytes: size,
        },
      );
      return undefined;
    }
    return { ...at, text: record.take() };
  };

  for await (const chunk of byteChunks(path, limits, problems)) {
    let from = start >= 0 ? 0 : -1;
    for (let i = 0; i < chunk.length && !closed; i++) {
      const c = chunk[i]!;
      if (!sawTop) {
        if (isBlank(c) || (offset + i < 3 && (c === 0xef || c === 0xbb || c === 0xbf))) continue;
        sawTop = true;
        if (c === 91) recordDepth = 1;
        else if (c === 123) {
          const arrays = await topLevelArrays(path, limits);
          if (arrays !== 1) {
            problem('expected a JSON array of records (or an object holding one array)');
            return;
          }
          recordDepth = 2;
        } else {
          problem('expected a JSON array of records (or an object holding one array)');
          return;
        }
      }
      if (start >= 0 && scalar && !inString && (c === COMMA || isClose(c) || isBlank(c))) {
        record.hold(chunk.subarray(from, i));
        const done = finishElement(offset + i);
        from = -1;
        if (done) yield done;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        else i = stringRun(chunk, i) - 1;
        continue;
      }
      const atRecords = inRecords && depth === recordDepth;
      if (atRecords && start < 0 && !isBlank(c) && c !== COMMA && !isClose(c)) {
        start = offset + i;
        from = i;
        scalar = !isOpen(c);
      }
      if (c === QUOTE) inString = true;
      else if (isOpen(c)) {
        depth++;
        if (depth === recordDepth && c === 91) inRecords = true;
      } else if (isClose(c)) {
        depth--;
        if (start >= 0 && !scalar && depth === recordDepth) {
          record.hold(chunk.subarray(from, i + 1));
          const done = finishElement(offset + i + 1);
          from = -1;
          if (done) yield done;
        } else if (inRecords && depth === recordDepth - 1) {
          inRecords = false;
          if (recordDepth === 1) closed = true;
        }
      }
    }
    if (start >= 0) record.hold(chunk.subarray(from));
    offset += chunk.length;
  }
  if (!sawTop) problem('expected a JSON array of records (or an object holding one array)');
  else if (depth > 0) problem(`the JSON ends at byte ${offset}, inside its records array: the records read so far are kept`, { offset });
}
