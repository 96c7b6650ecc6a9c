structure Pt where
  x : Nat
  y : Nat

instance : Add Pt where
  add a b := ⟨a.x + b.x, a.y + b.y⟩

instance : OfNat Pt 0 := ⟨⟨0, 0⟩⟩

theorem fine (p : Pt) : (p + 0).x = p.x := by
  show p.x + 0 = p.x
  rfl
