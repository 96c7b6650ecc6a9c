import Mathlib.Tactic

/-!
# Chapter 4: Gaussian integers

A hand-built model of `ℤ[i]`, the complex numbers `a + b i` with integer parts, used to practise
structures, instances and classes before meeting Mathlib's `GaussianInt`.
-/

namespace AlgebraBasics

/-- Definition 4.1 (Gaussian integer): a complex number `a + b i` with `a b : ℤ`. -/
@[ext]
structure GaussInt where
  re : ℤ
  im : ℤ
  deriving DecidableEq, Repr

namespace GaussInt

instance : Zero GaussInt := ⟨⟨0, 0⟩⟩
instance : One GaussInt := ⟨⟨1, 0⟩⟩
instance : Add GaussInt := ⟨fun z w => ⟨z.re + w.re, z.im + w.im⟩⟩
instance : Neg GaussInt := ⟨fun z => ⟨-z.re, -z.im⟩⟩

/-- Definition 4.2 (Product): `(a + b i)(c + d i) = (ac - bd) + (ad + bc) i`. -/
instance : Mul GaussInt := ⟨fun z w => ⟨z.re * w.re - z.im * w.im, z.re * w.im + z.im * w.re⟩⟩

@[simp] theorem zero_re : (0 : GaussInt).re = 0 := rfl
@[simp] theorem zero_im : (0 : GaussInt).im = 0 := rfl
@[simp] theorem one_re : (1 : GaussInt).re = 1 := rfl
@[simp] theorem one_im : (1 : GaussInt).im = 0 := rfl
@[simp] theorem add_re (z w : GaussInt) : (z + w).re = z.re + w.re := rfl
@[simp] theorem add_im (z w : GaussInt) : (z + w).im = z.im + w.im := rfl
@[simp] theorem neg_re (z : GaussInt) : (-z).re = -z.re := rfl
@[simp] theorem neg_im (z : GaussInt) : (-z).im = -z.im := rfl
@[simp] theorem mul_re (z w : GaussInt) : (z * w).re = z.re * w.re - z.im * w.im := rfl
@[simp] theorem mul_im (z w : GaussInt) : (z * w).im = z.re * w.im + z.im * w.re := rfl

/-- Theorem 4.3 (Commutative monoid): multiplication of Gaussian integers is associative and
commutative, with identity `1`. -/
instance : CommMonoid GaussInt where
  mul_assoc a b c := by ext <;> simp <;> ring
  one_mul a := by ext <;> simp
  mul_one a := by ext <;> simp
  mul_comm a b := by ext <;> simp <;> ring

/-- Definition 4.4 (Norm): `N(a + b i) = a² + b²`. -/
def norm (z : GaussInt) : ℤ := z.re ^ 2 + z.im ^ 2

/-- Theorem 4.5 (Multiplicativity of the norm): `N(z w) = N(z) N(w)`. -/
theorem norm_mul (z w : GaussInt) : norm (z * w) = norm z * norm w := by
  simp only [norm, mul_re, mul_im]
  ring

/-- Theorem 4.6: the norm is non-negative, and it is zero only at `0`. -/
theorem norm_nonneg (z : GaussInt) : 0 ≤ norm z := by
  unfold norm
  positivity

/-- Definition 4.7 (Rounded quotient): the Gaussian integer nearest to `z / w`. -/
def divRound (z w : GaussInt) : GaussInt := sorry

/-- Theorem 4.8 (Division with remainder): for `w ≠ 0`, the remainder `z - q w` with
`q = divRound z w` has norm smaller than `N(w)`. -/
theorem norm_sub_divRound_lt (z w : GaussInt) (hw : w ≠ 0) :
    norm (z + -(divRound z w * w)) < norm w := by
  sorry

end GaussInt

/-- Definition 4.9 (Euclidean norm): a size function into `ℕ` admitting division with a
remainder of smaller size. -/
class EuclideanNorm (α : Type*) [Mul α] [Add α] where
  size : α → ℕ
  div_rem : ∀ a b : α, size b ≠ 0 → ∃ q r : α, a = q * b + r ∧ size r < size b

/-- Theorem 4.10: the norm makes the Gaussian integers a Euclidean domain. -/
instance : EuclideanNorm GaussInt where
  size z := (GaussInt.norm z).toNat
  div_rem := by
    sorry

end AlgebraBasics
