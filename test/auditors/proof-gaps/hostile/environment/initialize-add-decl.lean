import Lean
open Lean

initialize do
  let _ ← (addDeclWithoutChecking (.axiomDecl
    { name := `atLoad, levelParams := [], type := mkConst ``False, isUnsafe := false }) : CoreM Unit).toIO {} {}

theorem main_claim : 0 = 1 := by
  exact absurd rfl (by simp)
