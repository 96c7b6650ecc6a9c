/**
 * Reading one `.lean` file of a project: the bytes (into a reused buffer, at most MAX_FILE_BYTES),
 * their UTF-8 decoding, and the problem that makes a file unreadable as Lean source (too large,
 * binary, invalid UTF-8, unreadable). Never throws.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, readSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import { openRegularFile, RefusedFile } from '../../core/repo-file.js';
import type { LeanFile, SourceProblem } from '../../model/lean.js';

/** Files larger than this are not read (a `.lean` file this large is not hand-written source). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

const tooLarge = (file: string, size: number): SourceProblem => ({
  messageId: 'file-too-large',
  message: `file of ${size} bytes is over the ${MAX_FILE_BYTES}-byte limit; not scanned`,
  location: { file, line: 1, column: 0 },
});

/** The text of a `.lean` file's bytes, or the problem that makes it unreadable as Lean source. */
export function decodeLeanSource(bytes: Buffer, file: string): { text?: string; problem?: SourceProblem } {
  const at = (line: number, messageId: string, message: string): SourceProblem => ({
    messageId,
    message,
    location: { file, line, column: 0 },
  });
  if (bytes.length > MAX_FILE_BYTES) return { problem: tooLarge(file, bytes.length) };
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    return { problem: at(lineOfByte(bytes, nul), 'binary-file', 'binary content (a NUL byte): not Lean source; not scanned') };
  }
  const text = bytes.toString('utf8');
  if (isUtf8(bytes)) return { text };
  const bad = text.indexOf('\ufffd');
  const line = bad < 0 ? 1 : countLines(text, bad);
  return { text, problem: at(line, 'invalid-utf8', 'invalid UTF-8: the bad bytes are read as U+FFFD and the scan goes on') };
}

function lineOfByte(bytes: Buffer, offset: number): number {
  let line = 1;
  for (let i = bytes.indexOf(10); i >= 0 && i < offset; i = bytes.indexOf(10, i + 1)) line++;
  return line;
}

function countLines(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** A read buffer kept from file to file, so loading a project does not allocate one per file. */
let spareBytes = Buffer.allocUnsafe(1 << 20);

/** A file's bytes (at most MAX_FILE_BYTES + 1 of them), read into the shared buffer: valid until the next call; a RefusedFile if it is no regular file. */
function readReused(path: string, shownAs: string): Buffer {
  const fd = openRegularFile(path, shownAs);
  try {
    let length = 0;
    for (;;) {
      if (length === spareBytes.length) {
        const grown = Buffer.allocUnsafe(spareBytes.length * 2);
        spareBytes.copy(grown, 0, 0, length);
        spareBytes = grown;
      }
      const got = readSync(fd, spareBytes, length, Math.min(spareBytes.length, MAX_FILE_BYTES + 1) - length, null);
      if (got === 0 || length + got > MAX_FILE_BYTES) return spareBytes.subarray(0, length + got);
      length += got;
    }
  } finally {
    closeSync(fd);
  }
}

/** A project file's text as read and decoded, its UTF-8 size, and the problem reading it raised (no text: it cannot be scanned). */
export interface SourceRead {
  text?: string;
  bytes: number;
  problem?: SourceProblem;
}

/** The path of `path`, relative to `root` as discovery gives it: joined without `join`'s normalizing, which allocates a few strings for each of thousands of files. */
const under = (root: string, path: string): string => (root === '' || root.endsWith(sep) ? root + path : root + sep + path);

/** Reads and decodes one `.lean` file of the project; never throws. */
export function readSource(root: string, path: string): SourceRead {
  try {
    const full = under(root, path);
    const bytes = readReused(full, path);
    if (bytes.length > MAX_FILE_BYTES) {
      const size = statSync(full).size;
      return { bytes: size, problem: tooLarge(path, size) };
    }
    return { bytes: bytes.length, ...decodeLeanSource(bytes, path) };
  } catch (e) {
    // A FIFO, socket or device (a `.lean` name linked to one) is refused unopened: reading one would block, or never end.
    const message = e instanceof RefusedFile ? e.detail : (e as Error).message;
    return { bytes: 0, problem: { messageId: 'unreadable-file', message, location: { file: path, line: 1 } } };
  }
}

/** The model of a file that could not be read as Lean source. */
export const unreadFile = (path: string, module: string, read: SourceRead): LeanFile => ({
  path,
  module,
  bytes: read.bytes,
  imports: [],
  decls: [],
  problems: [read.problem!],
});
