import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSource } from '../../../src/lean/workspace/source.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readSource', () => {
  it('reads a file under the root however the root is written: with or without a final separator, or empty for the working folder', () => {
    mkdirSync(join(dir, 'A'));
    const text = 'theorem t : 1 = 1 := rfl -- ℕ\n';
    writeFileSync(join(dir, 'A', 'B.lean'), text);
    const expected = { text, bytes: Buffer.byteLength(text) };
    expect(readSource(dir, 'A/B.lean')).toEqual(expected);
    expect(readSource(dir + sep, 'A/B.lean')).toEqual(expected);
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(readSource('', 'A/B.lean')).toEqual(expected);
    } finally {
      process.chdir(cwd);
    }
  });

  it('refuses a FIFO or a device unopened: an unreadable file, never a wait or an endless read', () => {
    execFileSync('mkfifo', [join(dir, 'Pipe.lean')]);
    const pipe = readSource(dir, 'Pipe.lean');
    expect(pipe).toEqual({
      bytes: 0,
      problem: {
        messageId: 'unreadable-file',
        message: 'not a regular file (a folder, FIFO, socket or device); not read',
        location: { file: 'Pipe.lean', line: 1 },
      },
    });
    expect(readSource('/dev', 'zero').problem?.message).toBe('not a regular file (a folder, FIFO, socket or device); not read');
  });

  it('reports a missing file as unreadable, with its path as given', () => {
    const read = readSource(dir, 'A/Missing.lean');
    expect(read.text).toBeUndefined();
    expect(read.problem).toMatchObject({ messageId: 'unreadable-file', location: { file: 'A/Missing.lean', line: 1 } });
  });
});
