import { describe, expect, it } from 'vitest';
import { mayHoldStatement } from '../../src/contamination/lean-scan.js';

describe('mayHoldStatement', () => {
  it('passes Lean statements, on a line of their own or after a doc comment', () => {
    expect(mayHoldStatement('theorem foo (n : Nat) : n = n')).toBe(true);
    expect(mayHoldStatement('/-- doc -/ theorem foo : 1 = 1 := rfl')).toBe(true);
    expect(mayHoldStatement('import Mathlib\n  lemma bar : True')).toBe(true);
  });

  it('passes a statement made with a command the corpus defines', () => {
    expect(mayHoldStatement('problem imo : 1 = 1', [{ word: 'problem', kind: 'theorem' }])).toBe(true);
  });

  it('skips prose that only names a theorem or lemma', () => {
    expect(mayHoldStatement('By the lemma above, every prime p > 2 is odd; this proves the theorem.')).toBe(false);
    expect(mayHoldStatement('no statement word here := x')).toBe(false);
  });
});
