/**
 * Writing text given in pieces (a report, JSON Lines) to a file or standard output as the pieces
 * come, waiting for the stream to drain: what is written is never one string. Loads no reporter,
 * for the commands that write JSON Lines.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { InputError } from '../core/errors.js';

/** Pieces are gathered up to this many characters before each write: a write per finding would cost more than the rendering. */
const WRITE_CHARS = 1 << 16;

/** Writes `pieces` to `out` as they come, waiting for it to drain; rejects with the stream's error. */
async function writePieces(out: Writable, pieces: Iterable<string>): Promise<void> {
  let pending: string[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (out.errored) throw out.errored;
    const text = pending.join('');
    pending = [];
    size = 0;
    // `once` rejects with the stream's error should one come first.
    if (!out.write(text)) await once(out, 'drain');
  };
  for (const piece of pieces) {
    pending.push(piece);
    size += piece.length;
    if (size >= WRITE_CHARS) await flush();
  }
  if (size > 0) await flush();
}

/**
 * Writes `pieces` to the file the user named (created or replaced), else to standard output; an
 * unwritable path is an input error, and a reader of standard output that went away (`… | head`)
 * ends the writing quietly, as Unix tools do.
 */
export async function writeOutput(pieces: Iterable<string>, file: string | undefined): Promise<void> {
  if (file === undefined) {
    try {
      await writePieces(process.stdout, pieces);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EPIPE') throw e;
    }
    return;
  }
  const out = createWriteStream(file);
  try {
    await once(out, 'open');
    await writePieces(out, pieces);
    out.end();
    await once(out, 'finish');
  } catch (e) {
    out.destroy();
    throw new InputError(`cannot write ${file}: ${(e as Error).message}`);
  }
}
