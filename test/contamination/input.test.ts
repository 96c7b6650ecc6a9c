import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { InputProblem, ReadLimits } from '../../src/contamination/input.js';
import { boundedLines, byteChunks, notRegularFile, readTextUpTo, textChunks } from '../../src/contamination/input.js';

const dir = mkdtempSync(join(tmpdir(), 'contam-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const limits: ReadLimits = { recordBytes: 100, decompressedBytes: 10_000, chunkBytes: 64 };
const file = (name: string, content: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
async function all<T>(gen: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
}

describe('regular files only', () => {
  it('names what a path is when it is not a regular file, without opening it', () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(notRegularFile(fifo)).toMatch(/FIFO/);
    expect(notRegularFile('/dev/zero')).toMatch(/device/);
    expect(notRegularFile(dir)).toBe('a folder');
    expect(notRegularFile(join(dir, 'missing'))).toBe('no such file');
    expect(notRegularFile(file('plain.txt', 'x'))).toBeUndefined();
  });
});

describe('boundedLines', () => {
  it('yields lines with numbers and byte offsets, skips a line over the limit with its offset and size', async () => {
    const long = 'z'.repeat(250);
    const path = file('lines.jsonl', `\ufefffirst\r\n${long}\nthird é\nlast`);
    const problems: InputProblem[] = [];
    const lines = await all(boundedLines(path, limits, problems));
    expect(lines).toEqual([
      { line: 1, text: 'first', offset: 0 },
      { line: 3, text: 'third é', offset: 3 + 7 + 251 },
      { line: 4, text: 'last', offset: 3 + 7 + 251 + 9 },
    ]);
    expect(problems).toEqual([
      {
        location: { file: path, line: 2 },
        message: expect.stringMatching(/line of 250 bytes exceeds the limit of 100 bytes/),
        offset: 10,
        bytes: 250,
      },
    ]);
  });

  it('reads gzip by its magic bytes, whatever the name', async () => {
    const path = file('lines.data', gzipSync('a\nb\n'));
    expect((await all(boundedLines(path, limits, []))).map((l) => l.text)).toEqual(['a', 'b']);
  });
});

describe('byteChunks', () => {
  it('stops decompressing a gzip bomb at the limit and says where', async () => {
    const path = file('bomb.txt.gz', gzipSync(Buffer.alloc(1_000_000)));
    const problems: InputProblem[] = [];
    const out = Buffer.concat(await all(byteChunks(path, limits, problems)));
    expect(out.length).toBe(10_000);
    expect(problems).toEqual([
      {
        location: { file: path, line: 1 },
        message: expect.stringMatching(/decompressed size exceeds the limit of 10000 bytes .* from decompressed byte 10000, is skipped/),
        offset: 10_000,
        bytes: expect.any(Number),
      },
    ]);
  });
});

describe('textChunks', () => {
  it('cuts text after a newline, counts the line each chunk starts on, and keeps multibyte characters whole', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1} ∀ é`);
    const path = file('text.txt', lines.join('\n'));
    const chunks = await all(textChunks(path, limits, []));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => c.text).join('')).toBe(lines.join('\n'));
    for (const c of chunks) expect(c.text.startsWith(`line ${c.line} `)).toBe(true);
    for (const c of chunks.slice(0, -1)) expect(c.text.endsWith('\n')).toBe(true);
  });

  it('cuts a line longer than a chunk after a blank, else between characters', async () => {
    const path = file('one-line.txt', `${'word '.repeat(40)}${'∀'.repeat(40)}`);
    const chunks = await all(textChunks(path, limits, []));
    expect(chunks.map((c) => c.text).join('')).toBe(`${'word '.repeat(40)}${'∀'.repeat(40)}`);
    expect(chunks.every((c) => Buffer.byteLength(c.text) <= 64)).toBe(true);
    expect(chunks[0]!.text.endsWith(' ')).toBe(true);
  });

  it('yields one empty chunk for an empty file', async () => {
    expect(await all(textChunks(file('empty.txt', ''), limits, []))).toEqual([{ text: '', line: 1 }]);
  });
});

describe('readTextUpTo', () => {
  it('reads a small file whole and refuses a larger one, compressed or not', () => {
    expect(readTextUpTo(file('small.lean', '\ufefftheorem t : True := trivial'), 100)).toBe('theorem t : True := trivial');
    expect(() => readTextUpTo(file('big.lean', 'x'.repeat(200)), 100)).toThrow(/holds more than 100 bytes/);
    expect(() => readTextUpTo(file('big.lean.gz', gzipSync('x'.repeat(200))), 100)).toThrow(/holds more than 100 bytes/);
    expect(() => readTextUpTo('/dev/zero', 100)).toThrow(/device/);
  });
});
