local notation a " ≈ " b => a - b = 2

theorem main_claim : (5 : Nat) ≈ 3 := rfl
