import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { InputProblem, ReadLimits } from '../../src/contamination/input.js';
import { type JsonRecord, jsonRecords } from '../../src/contamination/json-stream.js';

const dir = mkdtempSync(join(tmpdir(), 'contam-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Small read chunks would need a huge file: the splitter is tested across the 1 MB read boundary by the record sizes below. */
const limits: ReadLimits = { recordBytes: 2_000_000, decompressedBytes: 1e9, chunkBytes: 1 << 20 };

async function records(content: string | Buffer, lim = limits): Promise<{ records: JsonRecord[]; problems: InputProblem[] }> {
  const path = join(dir, `f-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, content);
  const problems: InputProblem[] = [];
  const out: JsonRecord[] = [];
  for await (const r of jsonRecords(path, lim, problems)) out.push(r);
  return { records: out, problems: problems.map((p) => ({ ...p, location: { ...p.location, file: 'F' } })) };
}
const values = (rs: JsonRecord[]): unknown[] => rs.map((r) => ('value' in r ? r.value : r.error));

describe('jsonRecords', () => {
  it('streams the elements of a top-level array, as JSON.parse would read them', async () => {
    const data = [{ a: 'x, ]} "quoted" \\ back' }, [1, [2]], 'str]ing', 12.5, null, true, { nested: { deep: [{}] } }];
    const { records: rs, problems } = await records(`\ufeff  ${JSON.stringify(data, null, 1)}\n`);
    expect(values(rs)).toEqual(data);
    expect(rs.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(problems).toEqual([]);
  });

  it('gives each record its byte offset, across the 1 MB read boundary', async () => {
    const big = { text: 'é'.repeat(400_000) };
    const text = JSON.stringify([big, big, { small: 1 }]);
    const { records: rs } = await records(text);
    expect(values(rs)).toEqual([big, big, { small: 1 }]);
    expect(rs.map((r) => r.offset)).toEqual([
      1,
      1 + Buffer.byteLength(JSON.stringify(big)) + 1,
      text.length - 0 - Buffer.byteLength('{"small":1}]') + (Buffer.byteLength(text) - text.length),
    ]);
  });

  it('reads the one array property of a top-level object, and refuses an object with two', async () => {
    expect(values((await records('{"version": 2, "meta": {"x": [1]}, "data": [{"a": 1}, {"a": 2}], "n": 3}')).records)).toEqual([
      { a: 1 },
      { a: 2 },
    ]);
    const two = await records('{"a": [1], "b": [2]}');
    expect(two.records).toEqual([]);
    expect(two.problems).toEqual([
      { location: { file: 'F', line: 1 }, message: 'expected a JSON array of records (or an object holding one array)' },
    ]);
  });

  it('skips a record over the limit with its offset and size, and reads the others', async () => {
    const { records: rs, problems } = await records(JSON.stringify([{ a: 1 }, { t: 'x'.repeat(500) }, { b: 2 }]), {
      ...limits,
      recordBytes: 100,
    });
    expect(values(rs)).toEqual([{ a: 1 }, { b: 2 }]);
    expect(rs.map((r) => r.index)).toEqual([0, 2]);
    expect(problems).toEqual([
      {
        location: { file: 'F', line: 1 },
        message: expect.stringMatching(/^record #1 of 508 bytes exceeds the limit of 100 bytes/),
        offset: 9,
        bytes: 508,
      },
    ]);
  });

  it('yields a malformed element with its error and goes on; says where a truncated file ends', async () => {
    const { records: rs, problems } = await records('[{"a": 1}, {"b": oops}, {"c": 3}, {"d"');
    expect(values(rs)).toEqual([{ a: 1 }, expect.stringMatching(/^invalid JSON/), { c: 3 }]);
    expect(problems).toEqual([
      { location: { file: 'F', line: 1 }, message: expect.stringMatching(/ends at byte 38, inside its records array/), offset: 38 },
    ]);
  });

  it('reads gzip, and refuses what is not an array', async () => {
    expect(values((await records(gzipSync('[{"z": 1}]'))).records)).toEqual([{ z: 1 }]);
    expect((await records('"just a string"')).problems[0]!.message).toMatch(/expected a JSON array/);
    expect((await records('')).problems[0]!.message).toMatch(/expected a JSON array/);
  });
});
