theorem main_claim : (List.range 50).sum = 1225 := by
  decide (config := { native := true })
