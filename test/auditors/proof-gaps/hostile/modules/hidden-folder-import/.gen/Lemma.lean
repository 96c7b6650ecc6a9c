theorem gen_lemma : 1 = 2 := sorry
