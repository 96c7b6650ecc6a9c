set_option debug.terminalTacticsAsSorry true

theorem main_claim (n : Nat) : n < 0 := by
  omega
