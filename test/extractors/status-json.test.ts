import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extractStatusJson } from '../../extractors/status-json.js';

const root = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/json-basic');

describe('status-json', () => {
  it('reads a JSON array, maps status to flags and reports bad records with their line', () => {
    const result = extractStatusJson({ root, options: {} });
    expect(result.files).toEqual(['leanaudit.entities.json']);
    expect(result.entities.map((e) => [e.id, e.kind, e.leanNames, e.flags, e.location.line])).toEqual([
      ['thm:one', 'theorem', ['Sample.one_unique'], { leanok: true, proofLeanok: true }, 2],
      ['def:group', 'definition', ['Sample.Group', 'Sample.Group.mk'], { leanok: true }, 10],
      ['todo', 'theorem', [], {}, 26],
    ]);
    expect(result.entities[0]).toMatchObject({ title: 'Uniqueness of the identity', status: 'proved', origin: 'json' });
    expect(result.problems.map((p) => [p.messageId, p.location.line])).toEqual([
      ['invalid-record', 18],
      ['duplicate-id', 22],
    ]);
    expect(result.problems[0]!.message).toContain("must have required property 'statement'");
  });

  it('reads JSON Lines, keeping the good lines when others are malformed', () => {
    const result = extractStatusJson({ root, options: { json: 'entities.jsonl' } });
    expect(result.entities.map((e) => [e.id, e.kind, e.flags])).toEqual([
      ['a', 'theorem', { leanok: true, proofLeanok: true, mathlibok: true }],
      ['d', 'definition', {}],
    ]);
    expect(result.problems.map((p) => [p.messageId, p.location.line])).toEqual([
      ['invalid-record', 2],
      ['malformed-json', 3],
    ]);
  });

  describe('documents that are not lists of records', () => {
    const dir = mkdtempSync(join(tmpdir(), 'leanaudit-json-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reports malformed JSON with its line and a wrong shape at line 1', () => {
      writeFileSync(join(dir, 'leanaudit.entities.json'), '{"entities": [\n  {"id": "x",\n   "statement": }\n]}');
      const broken = extractStatusJson({ root: dir, options: {} });
      expect(broken.entities).toEqual([]);
      expect(broken.problems.map((p) => [p.messageId, p.location.line])).toEqual([['malformed-json', 3]]);
      writeFileSync(join(dir, 'leanaudit.entities.json'), '{"records": []}');
      expect(extractStatusJson({ root: dir, options: {} }).problems.map((p) => p.messageId)).toEqual(['invalid-document']);
    });

    it('accepts {"entities": [...]} with element lines', () => {
      writeFileSync(
        join(dir, 'leanaudit.entities.json'),
        '{"entities": [\n {"id": "x", "statement": "s", "leanNames": ["A", "B"]},\n\n {"id": "y", "statement": "t"}\n]}',
      );
      const result = extractStatusJson({ root: dir, options: {} });
      expect(result.entities.map((e) => [e.id, e.location.line])).toEqual([
        ['x', 2],
        ['y', 4],
      ]);
    });

    it('refuses a file outside the repository', () => {
      const result = extractStatusJson({ root: dir, options: { json: '../../etc/passwd' } });
      expect(result.problems.map((p) => p.messageId)).toEqual(['no-file']);
    });
  });
});
