set_option debug.byAsSorry true

theorem main_claim : 2 + 2 = 5 := by
  decide
