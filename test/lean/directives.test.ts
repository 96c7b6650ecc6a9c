import { describe, expect, it } from 'vitest';
import type { DirectiveScan } from '../../src/core/suppressions.js';
import { scanDirectives } from '../../src/lean/directives.js';

const scan = (text: string): DirectiveScan => {
  const result: DirectiveScan = { directives: new Map(), invalid: [] };
  scanDirectives(text, 'A.lean', result);
  return result;
};

describe('scanDirectives', () => {
  it('reads both kinds, several rules, and the reason after the colon', () => {
    const { directives, invalid } = scan(
      [
        '-- leanaudit-disable proof-gaps/axiom: the axiom is the point of the file',
        'axiom choice : True',
        'theorem t : True := by',
        '  -- leanaudit-disable-next-line proof-gaps/sorry-in-proof, proof-gaps/search-tactic: left to the reader',
        '  sorry',
        'def x := 1 --leanaudit-disable-next-line pairing/no-lean-name',
      ].join('\n'),
    );
    expect(invalid).toEqual([]);
    expect(directives.get('A.lean')).toEqual([
      {
        kind: 'file',
        rules: ['proof-gaps/axiom'],
        reason: 'the axiom is the point of the file',
        location: { file: 'A.lean', line: 1, column: 0 },
      },
      {
        kind: 'next-line',
        rules: ['proof-gaps/sorry-in-proof', 'proof-gaps/search-tactic'],
        reason: 'left to the reader',
        location: { file: 'A.lean', line: 4, column: 2 },
      },
      { kind: 'next-line', rules: ['pairing/no-lean-name'], location: { file: 'A.lean', line: 6, column: 11 } },
    ]);
  });

  it('reads no directive in a string, a block comment or a docstring, nor a longer word', () => {
    const { directives, invalid } = scan(
      [
        'def s := "-- leanaudit-disable proof-gaps/axiom: x"',
        '/- -- leanaudit-disable proof-gaps/axiom: x -/',
        '/-- -- leanaudit-disable-next-line proof-gaps/axiom -/',
        '-- leanaudit-disabled proof-gaps/axiom',
      ].join('\n'),
    );
    expect(directives.size).toBe(0);
    expect(invalid).toEqual([]);
  });

  it('says what is wrong with a directive it cannot read', () => {
    const { invalid } = scan('-- leanaudit-disable-next-line\n-- leanaudit-disable proof-gaps/axiom because it is needed\n');
    expect(invalid).toEqual([
      {
        location: { file: 'A.lean', line: 1, column: 0 },
        message: '`leanaudit-disable-next-line` names no rule: write `-- leanaudit-disable-next-line <auditor>/<rule>[, …]: reason`',
      },
      {
        location: { file: 'A.lean', line: 2, column: 0 },
        message:
          '`leanaudit-disable` has "because", "it", "is", "needed", not a rule id: write `-- leanaudit-disable <auditor>/<rule>[, …]: reason`',
      },
    ]);
  });
});
