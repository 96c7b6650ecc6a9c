import Mathlib.GroupTheory.OrderOfElement
import Mathlib.GroupTheory.Solvable
import AlgebraBasics.Groups.Basic

/-!
# Chapter 2: The order of an element

The order of `g` is the least positive `n` with `g ^ n = 1` (`orderOf g` in Mathlib).
-/

namespace AlgebraBasics.Order

variable {G : Type*} [Group G]

/-- Theorem 2.1 (Order divides exponent): if `g ^ n = 1`, then the order of `g` divides `n`. -/
theorem orderOf_dvd_of_pow_eq_one' {g : G} {n : ℕ} (h : g ^ n = 1) : orderOf g ∣ n :=
  orderOf_dvd_of_pow_eq_one h

/-- Theorem 2.2 (Lagrange, for elements): in a finite group, the order of every element
divides the order of the group. -/
theorem orderOf_dvd_card' [Fintype G] (g : G) : orderOf g ∣ Fintype.card G := by
  sorry

/-- Corollary 2.3: in a finite group `G`, every element satisfies `g ^ |G| = 1`. -/
theorem pow_card_eq_one' [Fintype G] (g : G) : g ^ Fintype.card G = 1 := by
  obtain ⟨k, hk⟩ := orderOf_dvd_card' g
  rw [hk, pow_mul, pow_orderOf_eq_one, one_pow]

/-- Theorem 2.4 (Inverse has the same order): `g⁻¹` and `g` have the same order. -/
theorem orderOf_inv' (g : G) : orderOf g⁻¹ = orderOf g :=
  orderOf_inv g

/-- Theorem 2.5 (Feit–Thompson): every finite group of odd order is solvable.
Assumed without proof: the proof is far beyond the scope of these notes. -/
axiom feit_thompson {H : Type*} [Group H] [Fintype H] (h : Odd (Fintype.card H)) : IsSolvable H

end AlgebraBasics.Order
