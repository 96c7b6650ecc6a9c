import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeOutput } from '../../src/commands/write-output.js';
import { InputError } from '../../src/core/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeOutput', () => {
  it('writes the pieces as they come, the file holding exactly their text', async () => {
    let made = 0;
    const pieces = function* (): Generator<string> {
      for (let i = 0; i < 200_000; i++) {
        made++;
        yield `line ${i}\n`;
      }
    };
    const file = join(dir, 'out.jsonl');
    await writeOutput(pieces(), file);
    expect(made).toBe(200_000);
    expect(readFileSync(file, 'utf8')).toBe([...pieces()].join(''));
  });

  it('makes an unwritable path an input error naming it', async () => {
    const file = join(dir, 'missing', 'out.json');
    await expect(writeOutput(['x'], file)).rejects.toThrow(InputError);
    await expect(writeOutput(['x'], file)).rejects.toThrow(`cannot write ${file}`);
  });
});
