theorem Hidden.fake : 1 = 2 := sorry
