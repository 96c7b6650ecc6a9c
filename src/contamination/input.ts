/**
 * Reading benchmark and corpus files in bounded memory: regular files only (a FIFO, a device or a
 * socket named as input is refused before it is opened, and a file is read up to the size it had
 * when opened, so a growing file ends), gzip recognized by its magic bytes and decompressed as a
 * stream up to a limit, text cut into chunks, lines and JSON records over a size limit reported with
 * their offset and size and skipped without being held.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, gunzipSync } from 'node:zlib';
import { InputError } from '../core/errors.js';
import type { Location } from '../model/location.js';

/** Something in the input that was skipped, with where it is (and, for what was too large, its byte offset and size). */
export interface InputProblem {
  location: Location;
  message: string;
  /** Byte offset in the file (decompressed, for gzip) where the skipped part starts. */
  offset?: number;
  /** Bytes skipped, or, for a decompression stopped at the limit, the compressed size of the file. */
  bytes?: number;
}

/** Size limits of the reader (see ReadLimits in config.ts for the defaults). */
export interface ReadLimits {
  /** Largest JSONL line, JSON array element or whole-file text (a benchmark `.lean` file) read, in bytes. */
  recordBytes: number;
  /** Most bytes decompressed from one gzip file; the rest is skipped. */
  decompressedBytes: number;
  /** Text is scanned in chunks of at most this many bytes, cut after a newline. */
  chunkBytes: number;
}

const MB = 2 ** 20;

/** The reader's limits unless the configuration says otherwise: 32 MiB records, 4 GiB decompressed, 8 MiB chunks. */
export const DEFAULT_READ_LIMITS: ReadLimits = { recordBytes: 32 * MB, decompressedBytes: 4096 * MB, chunkBytes: 8 * MB };

/** True when the file name ends in `.gz`. */
export function isGzipPath(path: string): boolean {
  return path.toLowerCase().endsWith('.gz');
}

/** The file name without a trailing `.gz`, lowercased, to decide its format by extension. */
export function innerName(path: string): string {
  const lower = path.toLowerCase();
  return isGzipPath(lower) ? lower.slice(0, -3) : lower;
}

/** Why `path` cannot be read as input (missing, a folder, a FIFO, a device, a socket), or undefined for a regular file. */
export function notRegularFile(path: string): string | undefined {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return 'no such file';
  }
  if (stat.isFile()) return undefined;
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO (named pipe), not a regular file';
  if (stat.isSocket()) return 'a socket, not a regular file';
  return 'a device, not a regular file';
}

/** Throws an InputError naming `what` unless `path` is a regular file. */
export function requireRegularFile(path: string, what: string): void {
  const why = notRegularFile(path);
  if (why !== undefined) throw new InputError(`${what} ${path} is ${why}`);
}

const READ_SIZE = 1 << 20;

/** The raw bytes of a regular file, up to the size it had when opened, in chunks. */
function* rawChunks(path: string): Generator<Buffer> {
  const why = notRegularFile(path);
  if (why !== undefined) throw new Error(`${path} is ${why}`);
  const fd = openSync(path, 'r');
  try {
    let left = fstatSync(fd).size;
    while (left > 0) {
      const buf = Buffer.allocUnsafe(Math.min(READ_SIZE, left));
      const got = readSync(fd, buf, 0, buf.length, null);
      if (got === 0) break;
      left -= got;
      yield got === buf.length ? buf : buf.subarray(0, got);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The bytes of a file, gunzipped when it starts with the gzip magic bytes, in chunks. Decompression
 * stops once `limits.decompressedBytes` are out: the rest is reported in `problems` and skipped.
 */
export async function* byteChunks(path: string, limits: ReadLimits, problems: InputProblem[]): AsyncGenerator<Buffer> {
  const raw = rawChunks(path);
  const first = raw.next();
  if (first.done) return;
  const head = first.value;
  if (!(head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b)) {
    yield head;
    yield* raw;
    return;
  }
  const gunzip = createGunzip();
  const feed = async (): Promise<void> => {
    try {
      let chunk: Buffer | undefined = head;
      while (chunk !== undefined) {
        if (gunzip.destroyed) return;
        if (!gunzip.write(chunk)) await new Promise<void>((resolve) => gunzip.once('drain', resolve).once('close', resolve));
        const next = raw.next();
        chunk = next.done ? undefined : next.value;
      }
      if (!gunzip.destroyed) gunzip.end();
    } catch (e) {
      gunzip.destroy(e as Error);
    }
  };
  void feed();
  let out = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      if (out + chunk.length > limits.decompressedBytes) {
        const keep = limits.decompressedBytes - out;
        if (keep > 0) yield chunk.subarray(0, keep);
        problems.push({
          location: { file: path, line: 1 },
          message: `decompressed size exceeds the limit of ${limits.decompressedBytes} bytes (contamination.limits.decompressedMb): the rest of the file, from decompressed byte ${limits.decompressedBytes}, is skipped`,
          offset: limits.decompressedBytes,
          bytes: statSync(path).size,
        });
        return;
      }
      out += chunk.length;
      yield chunk;
    }
  } finally {
    gunzip.destroy();
    raw.return(undefined);
  }
}

/**
 * The bytes of one record or line as its chunks come, up to `limit`: past it they are dropped and
 * the record is marked too long. Chunks are fresh buffers, never reused by the reader, so a view of
 * one stays valid.
 */
export class RecordBytes {
  private parts: Buffer[] = [];
  private held = 0;
  tooLong = false;

  constructor(private readonly limit: number) {}

  /** Whether anything of the current record came (bytes, or too many). */
  get started(): boolean {
    return this.held > 0 || this.tooLong;
  }

  hold(piece: Buffer): void {
    if (this.tooLong) return;
    if (this.held + piece.length > this.limit) {
      this.drop();
      this.tooLong = true;
      return;
    }
    this.parts.push(piece);
    this.held += piece.length;
  }

  /** The record's text, and room for the next. */
  take(): string {
    const text = (this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.held)).toString('utf8');
    this.drop();
    return text;
  }

  /** Forgets the record, too long or not. */
  drop(): void {
    this.parts = [];
    this.held = 0;
    this.tooLong = false;
  }
}

/**
 * The lines of a file with their 1-based numbers and byte offsets (BOM dropped, `\r\n` read as a
 * line end). A line longer than `limits.recordBytes` is reported in `problems` (file:line, offset,
 * size) and skipped; its bytes are never held together.
 */
export async function* boundedLines(
  path: string,
  limits: ReadLimits,
  problems: InputProblem[],
): AsyncGenerator<{ line: number; text: string; offset: number }> {
  const record = new RecordBytes(limits.recordBytes);
  let lineStart = 0;
  let offset = 0;
  let line = 1;
  /** Ends the line that ends at byte `end` (its newline excluded). */
  const finish = (end: number): { line: number; text: string; offset: number } | undefined => {
    const at = { line, offset: lineStart };
    line++;
    if (record.tooLong) {
      problems.push({
        location: { file: path, line: at.line },
        message: `line of ${end - lineStart} bytes exceeds the limit of ${limits.recordBytes} bytes (contamination.limits.recordMb): skipped`,
        offset: at.offset,
        bytes: end - lineStart,
      });
      record.drop();
      return undefined;
    }
    let text = record.take();
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (at.line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { ...at, text };
  };
  for await (const chunk of byteChunks(path, limits, problems)) {
    let from = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, from)) {
      record.hold(chunk.subarray(from, nl));
      const end = offset + (nl - from);
      offset = end + 1;
      const done = finish(end);
      lineStart = offset;
      if (done) yield done;
      from = nl + 1;
    }
    if (from < chunk.length) record.hold(Buffer.from(chunk.subarray(from)));
    offset += chunk.length - from;
  }
  if (record.started) {
    const done = finish(offset);
    if (done) yield done;
  }
}

/** Byte index at which a chunk of `buf` may end: after its last newline, else after its last space or tab, else all of it. */
function cutPoint(buf: Buffer): number {
  const nl = buf.lastIndexOf(10);
  if (nl >= 0) return nl + 1;
  const space = Math.max(buf.lastIndexOf(32), buf.lastIndexOf(9));
  return space >= 0 ? space + 1 : buf.length;
}

/**
 * The text of a file (UTF-8, BOM dropped) in chunks of at most `limits.chunkBytes`, each cut after a
 * newline (else after a blank, else anywhere between characters), with the line each starts on. A
 * file smaller than a chunk is one chunk. `cut` may move a cut earlier (Lean text is cut where a
 * command starts).
 */
export async function* textChunks(
  path: string,
  limits: ReadLimits,
  problems: InputProblem[],
  cut: (buf: Buffer) => number = cutPoint,
): AsyncGenerator<{ text: string; line: number }> {
  const decoder = new StringDecoder('utf8');
  let pending: Buffer[] = [];
  let held = 0;
  let line = 1;
  let first = true;
  const emit = (bytes: Buffer): { text: string; line: number } => {
    let text = decoder.write(bytes);
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    const at = line;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) line++;
    return { text, line: at };
  };
  for await (const chunk of byteChunks(path, limits, problems)) {
    pending.push(chunk);
    held += chunk.length;
    while (held >= limits.chunkBytes) {
      const buf = Buffer.concat(pending, held);
      const window = buf.subarray(0, limits.chunkBytes);
      const end = Math.max(1, Math.min(cut(window), window.length));
      yield emit(buf.subarray(0, end));
      pending = [buf.subarray(end)];
      held = buf.length - end;
    }
  }
  const none = first;
  const tail = emit(Buffer.concat(pending, held));
  tail.text += decoder.end();
  if (tail.text !== '' || none) yield tail;
}

/**
 * The whole text of a regular file (gunzipped when it starts with the gzip magic bytes, BOM dropped)
 * when it holds at most `maxBytes` bytes, compressed or not; throws an Error saying why otherwise.
 */
export function readTextUpTo(path: string, maxBytes: number): string {
  const why = notRegularFile(path);
  if (why !== undefined) throw new Error(`${path} is ${why}`);
  const tooLarge = (): Error => new Error(`${path} holds more than ${maxBytes} bytes (contamination.limits.recordMb): skipped`);
  if (statSync(path).size > maxBytes) throw tooLarge();
  let buf = readFileSync(path);
  if (buf.length >= 2 && buf[0] === 0x1f && buf[1] === 0x8b) {
    try {
      buf = gunzipSync(buf, { maxOutputLength: maxBytes });
    } catch (e) {
      throw (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? tooLarge() : e;
    }
  }
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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
