opaque Secret : Prop

theorem main_claim (h : Secret) : Secret := h
