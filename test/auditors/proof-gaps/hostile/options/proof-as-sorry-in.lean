set_option debug.proofAsSorry true in
theorem main_claim : 2 + 2 = 5 := by
  decide
