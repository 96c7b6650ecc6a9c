import Mathlib.Data.Int.GCD

/-!
# Chapter 1: Divisibility

A formalization of chapter 1 of the notes in `textbook/chapter1.md`.
-/

namespace NumberTheory

variable {a b c : ℤ}

/-- Definition 1.1 (Divisibility): `a ∣ b` when `b = a * k` for some integer `k`. -/
def Divides (a b : ℤ) : Prop := ∃ k, b = a * k

/-- Theorem 1.2: divisibility is transitive. -/
theorem divides_trans (h₁ : Divides a b) (h₂ : Divides b c) : Divides a c := by
  obtain ⟨k, rfl⟩ := h₁
  obtain ⟨m, rfl⟩ := h₂
  exact ⟨k * m, by ring⟩

/-- Lemma 1.3: a divisor of two numbers divides their sum. -/
theorem divides_add (h₁ : Divides a b) (h₂ : Divides a c) : Divides a (b + c) := by
  obtain ⟨k, rfl⟩ := h₁
  obtain ⟨m, rfl⟩ := h₂
  exact ⟨k + m, by ring⟩

/-- Division with remainder, stated for a positive divisor only. -/
theorem div_rem (a b : ℤ) (hb : 0 < b) : ∃ q r, a = b * q + r ∧ 0 ≤ r ∧ r < b :=
  ⟨a / b, a % b, (Int.ediv_add_emod a b).symm, Int.emod_nonneg a hb.ne', Int.emod_lt_of_pos a hb⟩

end NumberTheory
