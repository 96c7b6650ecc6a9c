theorem main_claim : (List.range 100).length = 100 := by
  have h : (List.range 100).length = 100 := by native_decide
  exact h
