axiom hidden : False

class Provable (p : Prop) where
  proof : p

instance : Provable False := ⟨hidden⟩

theorem main_claim : False := Provable.proof
