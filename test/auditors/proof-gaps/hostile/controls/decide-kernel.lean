theorem small : 2 + 2 = 4 := by
  decide +kernel
