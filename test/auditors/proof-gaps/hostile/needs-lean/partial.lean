partial def spin (n : Nat) : Nat := spin (n + 1)

theorem main_claim : spin 0 = spin 0 := rfl
