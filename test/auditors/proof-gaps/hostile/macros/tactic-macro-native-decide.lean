macro "compute_it" : tactic => `(tactic| native_decide)

theorem main_claim : (List.range 100).length = 100 := by
  compute_it
