import AlgebraBasics.Modular

-- Scratch work, not part of the library.
theorem wilson_five : ((4 : ℕ).factorial : ZMod 5) = -1 := by
  sorry
