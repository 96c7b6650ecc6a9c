import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { extractSummary, registerExtractCommand, runExtract } from '../../src/commands/extract.js';
import { InputError } from '../../src/core/errors.js';
import type { PairedEntity } from '../../src/model/entity.js';

const here = dirname(fileURLToPath(import.meta.url));
const docs = resolve(here, '../extractors/fixtures/lean-docs');

describe('leanaudit extract', () => {
  const out = mkdtempSync(join(tmpdir(), 'leanaudit-extract-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('detects the source, pairs and summarises', async () => {
    const result = await runExtract(docs);
    expect(result.source).toBe('docstring');
    expect(result.coverage).toMatchObject({ entities: 4, withLeanNames: 4, found: 4, proofComplete: 4 });
    expect(extractSummary(result)).toBe(
      'extract: source docstring, 2 file(s), 4 entities\n' +
        '  with Lean names 4, all names found 4 (100.0%), proof-complete 4\n' +
        '  Lean names 5, found 5, declared in dependencies 0; problems 0\n' +
        '  source chosen: docstring (2 file(s), 4 entities, 5 declarations paired)\n',
    );
  });

  it('leaves out the files --ignore matches', async () => {
    const all = await runExtract(docs);
    const file = all.entities[0]!.location!.file;
    const result = await runExtract(docs, { ignore: [file] });
    expect(result.entities.some((e) => e.location?.file === file)).toBe(false);
    expect(result.entities.length).toBeLessThan(all.entities.length);
  });

  it('writes one JSON record per entity with the documented fields', async () => {
    const program = new Command().exitOverride();
    registerExtractCommand(program);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await program.parseAsync(['extract', docs, '--source', 'docstring', '-o', join(out, 'x.jsonl')], { from: 'user' });
    } finally {
      stderr.mockRestore();
    }
    const records = readFileSync(join(out, 'x.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as PairedEntity);
    expect(records).toHaveLength(4);
    const first = records[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'context',
        'decls',
        'flags',
        'id',
        'kind',
        'leanNames',
        'location',
        'origin',
        'parts',
        'selfConsistency',
        'statement',
        'title',
        'unresolved',
        'uses',
      ].sort(),
    );
    expect(Object.keys(first.decls[0]!).sort()).toEqual(
      ['doc', 'fullName', 'hasSorry', 'header', 'kind', 'leanName', 'location', 'role', 'variables'].sort(),
    );
  });

  it('refuses a missing repository and an unknown source', async () => {
    await expect(runExtract(join(out, 'nope'))).rejects.toBeInstanceOf(InputError);
    const program = new Command().exitOverride().configureOutput({ writeErr: () => undefined });
    registerExtractCommand(program);
    await expect(program.parseAsync(['extract', docs, '--source', 'pdf'], { from: 'user' })).rejects.toThrow(/pdf/);
  });
});
