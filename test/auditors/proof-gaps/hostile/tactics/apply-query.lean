theorem main_claim (a b : Nat) (h : a ≤ b) : a < b + 1 := by
  apply?
