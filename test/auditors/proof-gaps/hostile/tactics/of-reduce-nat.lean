theorem main_claim : 10 * 10 = 100 :=
  Lean.ofReduceNat (10 * 10) 100 rfl
