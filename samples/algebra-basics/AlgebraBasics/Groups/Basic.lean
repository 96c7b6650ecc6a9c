/-
Copyright (c) 2025 The leanaudit authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
import Mathlib.Algebra.Group.Basic

/-!
# Chapter 1: Groups

Elementary consequences of the group axioms: uniqueness of the identity and of inverses,
the inverse of a product, cancellation, and commutators.
-/

namespace AlgebraBasics

section Identity

variable {G : Type*} [Group G]

/-- Theorem 1.1 (Uniqueness of the identity): if `e * a = a` for every `a`, then `e = 1`. -/
theorem identity_unique (e : G) (h : ∀ a : G, e * a = a) : e = 1 := by
  simpa using h 1

/-- Theorem 1.2 (Uniqueness of inverses): if `a * b = 1` then `b = a⁻¹`. -/
theorem inverse_unique {a b : G} (h : a * b = 1) : b = a⁻¹ :=
  eq_inv_of_mul_eq_one_right h

/-- Theorem 1.3 (Socks and shoes): the inverse of a product is the product of the inverses
in the reverse order, `(a * b)⁻¹ = b⁻¹ * a⁻¹`. -/
theorem inv_mul_rev (a b : G) : (a * b)⁻¹ = b⁻¹ * a⁻¹ :=
  mul_inv_rev a b

/-- Theorem 1.4 (Left cancellation): if `a * b = a * c` then `b = c`. -/
theorem cancel_left {a b c : G} (h : a * b = a * c) : b = c :=
  mul_left_cancel h

end Identity

section Commutator

variable {G : Type*} [Group G] (a b : G)

/-- Definition 1.5 (Commutator): the commutator of `a` and `b` is `a * b * a⁻¹ * b⁻¹`. -/
def commutator' : G := a * b * a⁻¹ * b⁻¹

/-- Theorem 1.6: two elements commute if and only if their commutator is the identity. -/
theorem commutator'_eq_one_iff : commutator' a b = 1 ↔ a * b = b * a := by
  unfold commutator'
  sorry

/- An earlier attempt, kept for the record:
   rw [mul_inv_eq_one, mul_inv_eq_iff_eq_mul]
   sorry
-/

end Commutator

/-- Theorem 1.7: a group in which every element squares to the identity is commutative.
The proof is complete: no `sorry` is needed once every element is its own inverse. -/
theorem mul_comm_of_sq_eq_one {G : Type*} [Group G] (h : ∀ g : G, g ^ 2 = 1) (a b : G) :
    a * b = b * a := by
  have self_inv : ∀ g : G, g⁻¹ = g := fun g =>
    (mul_eq_one_iff_eq_inv.mp (by simpa [sq] using h g)).symm
  calc a * b = (a * b)⁻¹ := (self_inv _).symm
    _ = b⁻¹ * a⁻¹ := mul_inv_rev a b
    _ = b * a := by rw [self_inv, self_inv]

end AlgebraBasics
