import Mathlib.Data.Nat.Prime.Basic

/-!
# Chapter 2: Primes
-/

namespace NumberTheory

/-- Theorem 2.1 (Euclid's lemma): a prime dividing a product divides one of the factors. -/
theorem euclid {p a b : ℕ} (hp : p.Prime) (h : p ∣ a * b) : p ∣ a ∨ p ∣ b :=
  hp.dvd_mul.mp h

/-- Every natural number at least 2 has a prime factor. -/
theorem exists_prime_factor (n : ℕ) (hn : 2 ≤ n) : ∃ p, p.Prime ∧ p ∣ n := by
  sorry

theorem infinitely_many_primes (n : ℕ) : ∃ p, n ≤ p ∧ p.Prime :=
  Nat.exists_infinite_primes n

end NumberTheory
