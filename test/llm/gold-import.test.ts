import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importLabelled, parseFieldMap } from '../../src/llm/gold-import.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-gold-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two records in ProofNetVerif's published fields (our own statements, not the set's). */
const PROOFNETVERIF = [
  {
    id: 'Demo|exercise_1',
    nl_statement: 'Every natural number is at least zero.',
    lean4_src_header: 'import Mathlib',
    lean4_formalization: 'theorem exercise_1 (n : ℕ) : 0 ≤ n := by sorry',
    lean4_prediction: 'theorem exercise_1 (n : ℕ) : 0 ≤ n := by sorry',
    correct: true,
  },
  {
    id: 'Demo|exercise_2',
    nl_statement: 'Every natural number is at least zero.',
    lean4_src_header: 'import Mathlib',
    lean4_formalization: 'theorem exercise_2 (n : ℕ) : 0 ≤ n := by sorry',
    lean4_prediction: 'theorem exercise_2 (n : ℕ) (h : 0 < n) : 0 ≤ n := by sorry',
    correct: false,
  },
];

describe('importLabelled', () => {
  it('reads ProofNetVerif records (JSON Lines) as pairs: correct → Faithful, not → Different', () => {
    const file = join(dir, 'pnv.jsonl');
    writeFileSync(file, PROOFNETVERIF.map((r) => JSON.stringify(r)).join('\n'));
    const pairs = importLabelled(file, 'proofnetverif');
    expect(pairs.map((p) => [p.id, p.expected, p.lean[0]])).toEqual([
      ['Demo|exercise_1#0', 'Faithful', PROOFNETVERIF[0]!.lean4_prediction],
      ['Demo|exercise_2#1', 'Different', PROOFNETVERIF[1]!.lean4_prediction],
    ]);
  });

  it('reads another set through the fields the user names, and refuses a label it cannot read', () => {
    const file = join(dir, 'other.json');
    writeFileSync(file, JSON.stringify([{ q: 'Two is prime.', code: 'theorem t : Nat.Prime 2 := by decide', verdict: 'consistent' }]));
    expect(importLabelled(file, 'jsonl', parseFieldMap('informal=q,lean=code,label=verdict'))[0]).toMatchObject({ expected: 'Faithful' });
    writeFileSync(file, JSON.stringify([{ q: 'x', code: 'theorem t : True := trivial', verdict: 'maybe' }]));
    expect(() => importLabelled(file, 'jsonl', parseFieldMap('informal=q,lean=code,label=verdict'))).toThrow(
      'neither a true nor a false label',
    );
    expect(() => parseFieldMap('informal=q')).toThrow('--map needs lean=<field>');
    expect(() => importLabelled(file, 'jsonl')).toThrow('--format jsonl needs --map');
  });
});
