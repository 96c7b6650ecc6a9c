import { describe, expect, it } from 'vitest';
import { FAMILIES, type FamilyInput, frameOutput } from '../../../bench/fuzz/families.js';
import { ScopeRecords, scanRecords } from '../../../src/commands/scan.js';
import { linkReferences } from '../../../src/lean/resolve/references.js';
import { proofGapsOf } from '../../../src/lean/syntax/gaps.js';
import { NameTable } from '../../../src/lean/syntax/names.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import { growthRatio, LOOSELY_LINEAR } from '../../helpers/growth.js';

/** The scanner's steps on a family's input: lexing and parsing, references, proof gaps and the `scan` records; or the REPL framing. */
function scanSteps(input: FamilyInput): number {
  if ('replOutput' in input) return frameOutput(input.replOutput);
  const names = new NameTable();
  const files = Object.entries(input.files).map(([path, text]) => ({ text, file: parseLean(text, path, { names }) }));
  linkReferences(files.map((f) => f.file));
  const scopes = new ScopeRecords();
  let size = 0;
  for (const { text, file } of files) {
    size += proofGapsOf(file, text).length;
    for (const decl of file.decls) for (const record of scanRecords(file, decl, scopes)) size += JSON.stringify(record).length;
  }
  return size;
}

// The pathological families of `npm run fuzz`, each at an eighth of its size there: the bench prints the whole audit path's growth, these assert the scanner's loosely.
describe('pathological families', () => {
  for (const family of FAMILIES) {
    it(`${family.id}: 8 times the input takes less than ${LOOSELY_LINEAR} times the time (${family.what})`, () => {
      const n = Math.max(1, Math.floor(family.base / 8));
      expect(growthRatio((m) => family.make(m), scanSteps, n, 3)).toBeLessThan(LOOSELY_LINEAR);
    });
  }
});
