import * as statementTraps from '../../src/auditors/statement-traps/index.js';
import { testAuditor } from '../helpers/auditor-tester.js';

testAuditor(statementTraps, {
  valid: [{ code: 'theorem t (n : ℕ) (h : 0 < n) : n - 1 < n := by omega\n' }, { code: 'def d (n : ℕ) : ℕ := n - 1\n' }],
  invalid: [
    {
      code: 'import Mathlib\n\ntheorem t (n : ℕ)\n    (x : ℝ) : ((n - 1 : ℕ) : ℝ) = x := by\n  sorry\n',
      findings: [{ messageId: 'cast-after-operation', line: 4, column: 18, severity: 'info', message: /t: `n - 1`: the cast comes after/ }],
    },
    {
      code: 'theorem u (x y : ℝ) : x / y * y = x := by sorry\n',
      findings: [{ messageId: 'division-by-zero', line: 1, message: /Lean takes `x \/ y` to be 0 when y = 0/ }],
    },
  ],
});
