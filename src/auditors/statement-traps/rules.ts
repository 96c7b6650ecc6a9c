/** The statement-traps rules: one per trap, each with a real example from a public benchmark or project. */
import type { AuditorMeta } from '../../core/types.js';

export const meta: AuditorMeta = {
  id: 'statement-traps',
  description:
    'Statements that compile but may say something else: truncated ℕ subtraction, rounding division, x / 0 = 0, sqrt/log out of domain, contradictory or restated hypotheses',
  rules: {
    'nat-subtraction': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: 'A subtraction the elaborator reads in ℕ (every operand a natural number, no cast before it) whose operands no hypothesis bounds.',
        why: 'In ℕ, `a - b` is 0 whenever `a < b`; where the source means the integer difference, the statement says something else for the small values, and may even be false or trivial there.',
        example:
          'theorem putnam_1966_a3 (x : ℕ → ℝ) (hx1 : 0 < x 1 ∧ x 1 < 1) (hxi : ∀ n ≥ 1, x (n + 1) = x n * (1 - x n)) :\n    Tendsto (fun n : ℕ => n * x n) atTop (𝓝 1)  -- `1 - x n` is in ℝ: not reported\ntheorem t (n : ℕ) : ∑ k ∈ Finset.range n, (k - 1) = …  -- `k - 1` is 0 for k = 0: reported',
      },
    },
    'cast-after-operation': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: 'A subtraction or division done in ℕ or ℤ and only then cast to a larger type: `(↑(n - 1) : ℝ)`, `((a / b : ℕ) : ℚ)`.',
        why: 'The cast does not undo the truncation or the rounding; the source almost always means the operation in the larger type, `(↑n - 1 : ℝ)`.',
        example: 'theorem t (n : ℕ) : (↑(n - 1) : ℝ) / n < 1  -- for n = 0 the numerator is 0, not -1',
      },
    },
    'nat-division': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: 'A division the elaborator reads in ℕ, with no hypothesis saying the divisor divides the dividend.',
        why: '`a / b` in ℕ rounds down and is 0 for `b = 0`; where the source divides exactly, the statement claims something about the rounded quotient.',
        example: 'theorem mathd_numbertheory_x (a b : ℕ) (h : a / b = 3) : a = 3 * b  -- a = 7, b = 2 satisfies h',
      },
    },
    'int-division': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: 'A division the elaborator reads in ℤ, with no hypothesis saying the divisor divides the dividend.',
        why: '`a / b` in ℤ rounds (towards −∞ for positive divisors) and is 0 for `b = 0`; where the source divides exactly, the statement says something else.',
        example: 'theorem t (a : ℤ) : a / 2 * 2 = a  -- false for odd a, though "a/2 · 2 = a" reads true',
      },
    },
    'division-by-zero': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: 'A division or inverse in a field (ℚ, ℝ, ℂ) whose denominator no hypothesis keeps away from 0 and whose form does not (a non-zero numeral, `exp`, a positive sum).',
        why: 'Lean defines `x / 0 = 0` and `0⁻¹ = 0`; at the degenerate value the statement claims something about 0 that the source, where the quotient is undefined, never claims.',
        example: 'theorem t (x y : ℝ) (h : x / y = 2) : x = 2 * y  -- x = 1, y = 0 satisfies h',
      },
    },
    'sqrt-log-domain': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: '`Real.sqrt`, `√`, `Real.log` or `Real.logb` of an argument that no hypothesis keeps in the domain and whose form is not non-negative.',
        why: '`Real.sqrt x = 0` for negative x and `Real.log x = Real.log |x|`; a statement about them at such an argument is about a junk value.',
        example: 'theorem t (x : ℝ) : Real.log x ≤ x - 1  -- true in Lean for x ≤ 0 only through the junk value',
      },
    },
    'contradictory-hypotheses': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: 'Hypotheses that cannot all hold, as the text shows: a false comparison of numerals, `a < a`, `a < b` with `b < a`, `P` with `¬P`, one variable given two numeral values.',
        why: 'A statement with contradictory hypotheses is vacuous: it is proved by deriving `False` and says nothing about the source.',
        example: 'theorem t (x : ℝ) (h₀ : 0 < x) (h₁ : x < 0) : x = 1',
      },
    },
    'restated-hypothesis': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: 'A conclusion that is, token for token, one of the hypotheses.',
        why: 'The statement proves itself (`exact h`); the claim the source makes has been moved into the hypotheses.',
        example: 'theorem t (x : ℝ) (h₀ : x ^ 2 = 4) (h₁ : 0 < x) : x ^ 2 = 4',
      },
    },
    'trivial-conclusion': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: 'A theorem whose conclusion is `True`.',
        why: 'It claims nothing; a placeholder for a statement not yet written, or a statement lost in formalization.',
        example: 'theorem main_result : True := trivial',
      },
    },
    'unused-variable': {
      message: '{{name}}: `{{term}}`: {{why}}',
      severity: 'info',
      docs: {
        what: 'A number (ℕ, ℤ, ℚ, ℝ, ℂ) the header binds and neither a hypothesis nor the conclusion mentions.',
        why: 'The source used it for something; a statement that never mentions it has lost a condition or a part of the claim.',
        example: 'theorem t (x y : ℝ) (h : x + 1 = 2) : x = 1  -- y: the source said x + y = 2',
      },
    },
  },
  needs: ['lean-project'],
};
