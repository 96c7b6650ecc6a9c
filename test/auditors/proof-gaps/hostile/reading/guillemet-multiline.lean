def «a name
across lines» : Nat := 1

theorem main_claim : 1 = 2 := sorry
