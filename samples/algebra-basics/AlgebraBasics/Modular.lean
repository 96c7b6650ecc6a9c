import Mathlib.FieldTheory.Finite.Basic

/-!
# Chapter 5: Modular arithmetic

Computations in `ZMod n`: Fermat's little theorem, Wilson's theorem and squares modulo 4 and 8.
-/

namespace AlgebraBasics.Modular

open Nat

/-- Theorem 5.1 (Fermat's little theorem): for a prime `p` and `a ≢ 0 (mod p)`,
`a ^ (p - 1) ≡ 1 (mod p)`. -/
theorem fermat_little {p : ℕ} [Fact p.Prime] {a : ZMod p} (ha : a ≠ 0) : a ^ (p - 1) = 1 :=
  ZMod.pow_card_sub_one_eq_one ha

/-- Theorem 5.2 (Wilson): for every prime `p`, `(p - 1)! ≡ -1 (mod p)`. -/
theorem wilson {p : ℕ} [Fact p.Prime] : ((p - 1)! : ZMod p) = -1 := by
  sorry

/-- Theorem 5.3: every square is `0` or `1` modulo `4`. -/
theorem sq_zmod_four (x : ZMod 4) : x ^ 2 = 0 ∨ x ^ 2 = 1 := by
  fin_cases x <;> decide

/-- Theorem 5.4: the square of an odd residue modulo `8` is `1`. -/
theorem odd_sq_zmod_eight (x : ZMod 8) (hx : x ∈ ({1, 3, 5, 7} : Finset (ZMod 8))) :
    x ^ 2 = 1 := by
  revert x
  native_decide

/-- Definition 5.5: the note printed next to results whose proof is still pending. -/
def pendingNote (name : String) : String :=
  s!"{name}: proof pending (contains sorry), see the Chapter 5 exercises"

end AlgebraBasics.Modular
