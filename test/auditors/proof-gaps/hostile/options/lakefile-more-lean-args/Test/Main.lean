theorem main_claim : 1 = 2 := cast rfl rfl
