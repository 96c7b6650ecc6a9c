instance (priority := high) : OfNat Nat 2 where
  ofNat := 3

theorem main_claim : (2 : Nat) + 2 = 6 := rfl
