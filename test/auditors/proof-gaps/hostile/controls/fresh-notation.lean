def twice (n : Nat) : Nat := 2 * n

local notation "𝔇" n => twice n

scoped notation "MyTrue" => False

theorem fine : 𝔇 2 = 4 := rfl
