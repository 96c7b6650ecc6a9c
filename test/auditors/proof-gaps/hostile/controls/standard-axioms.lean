theorem uses_choice (p : Prop) : p ∨ ¬p := Classical.em p

theorem uses_propext (a b : Prop) (h : a ↔ b) : a = b := propext h

#print axioms uses_choice
