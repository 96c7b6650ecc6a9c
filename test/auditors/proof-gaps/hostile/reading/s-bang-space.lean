def msg : String := s! "quote {'"'} here"

theorem main_claim : 1 = 2 := sorry
