theorem main_claim [h : Fact False] : 1 = 2 := h.out.elim
