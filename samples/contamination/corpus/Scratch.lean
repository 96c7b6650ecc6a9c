import Mathlib

/-- Consecutive Fibonacci numbers are coprime. -/
theorem fib_coprime_succ (m : Nat) : Nat.gcd (Nat.fib m) (Nat.fib (m + 1)) = 1 := by
  simpa using Nat.coprime_fib_succ m

-- an unrelated lemma
theorem two_mul_le (k : ℕ) : k ≤ 2 * k := by omega
