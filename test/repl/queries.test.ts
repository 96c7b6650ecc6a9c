import { describe, expect, it } from 'vitest';
import { printAxiomsQuery, renderQuery } from '../../src/repl/queries.js';

describe('queries', () => {
  it('renders the exact? probe and the verification with the tactic indented under `by`', () => {
    expect(renderQuery('exact-probe', { maxHeartbeats: 1000, prefix: '', probeName: 'p', signature: ' (n : Nat) : n = n' })).toBe(
      'set_option maxHeartbeats 1000 in\ntheorem p (n : Nat) : n = n := by\n  exact?',
    );
    expect(renderQuery('exact-verify', { prefix: 'open Nat in\n', probeName: 'p', signature: ' : True', tactic: 'exact\n  trivial' })).toBe(
      'open Nat in\ntheorem p : True := by\n  exact\n    trivial\n\n#print axioms p',
    );
  });

  it('batches #print axioms and refuses a template with a missing value', () => {
    expect(printAxiomsQuery(['A.b', 'c'])).toBe('#print axioms A.b\n#print axioms c');
    expect(() => renderQuery('exact-probe', { probeName: 'p' })).toThrow(/no value for \{\{maxHeartbeats\}\}/);
  });
});
