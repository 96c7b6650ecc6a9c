import Mathlib.Algebra.Ring.Parity

/-!
# Chapter 3: Parity

Even and odd natural numbers, first as a pair of mutually recursive tests, then compared with
Mathlib's `Even` and `Odd`.
-/

namespace AlgebraBasics.Parity

mutual
  /-- Definition 3.1 (Even, recursively): `0` is even, and `n + 1` is even when `n` is odd. -/
  def isEven : ℕ → Bool
    | 0 => true
    | n + 1 => isOdd n

  /-- Definition 3.2 (Odd, recursively): `0` is not odd, and `n + 1` is odd when `n` is even. -/
  def isOdd : ℕ → Bool
    | 0 => false
    | n + 1 => isEven n
end

/-- Theorem 3.3: every natural number is even or odd. -/
theorem isEven_or_isOdd (n : ℕ) : isEven n = true ∨ isOdd n = true := by
  induction n with
  | zero => exact Or.inl rfl
  | succ n ih =>
    rcases ih with h | h
    · exact Or.inr (by simp [isOdd, h])
    · exact Or.inl (by simp [isEven, h])

/-- Theorem 3.4: the recursive test agrees with Mathlib's predicate, `isEven n = true ↔ Even n`. -/
theorem isEven_iff_even (n : ℕ) : isEven n = true ↔ Even n := by
  induction n with
  | zero => simp [isEven]
  | succ n ih => sorry

example : isEven 10 = true := by decide

section Closure

variable {m n : ℕ}

/-- Theorem 3.5: the sum of two even numbers is even. -/
theorem even_add_even (hm : Even m) (hn : Even n) : Even (m + n) :=
  hm.add hn

/-- Theorem 3.6: the sum of two odd numbers is even. -/
theorem odd_add_odd (hm : Odd m) (hn : Odd n) : Even (m + n) :=
  hm.add_odd hn

/-- Theorem 3.7: the product of two odd numbers is odd. -/
theorem odd_mul_odd (hm : Odd m) (hn : Odd n) : Odd (m * n) :=
  hm.mul hn

end Closure

end AlgebraBasics.Parity
