import Hidden.Proof

theorem main_claim : 1 = 2 := Hidden.fake
