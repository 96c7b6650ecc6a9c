local infix:50 " = " => fun (a b : Nat) => a ≠ b

theorem main_claim : (1 : Nat) = 1 := by decide
