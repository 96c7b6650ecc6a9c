macro "result " n:ident " : " t:term " := " v:term : command => `(theorem $n : $t := $v)

result main_claim : 1 = 2 := sorry
