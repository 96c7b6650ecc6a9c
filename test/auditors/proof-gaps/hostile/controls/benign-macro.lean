macro "arith" : tactic => `(tactic| omega)

macro_rules | `(tactic| trivial) => `(tactic| omega)

theorem fine (n : Nat) : n + 0 = n := by
  arith
