import Lean
open Lean Elab Tactic Meta

theorem main_claim : False := by
  run_tac do
    let forged : Declaration := .axiomDecl
      { name := `tacForged, levelParams := [], type := mkConst ``False, isUnsafe := false }
    addDecl forged
    (← getMainGoal).assign (mkConst `tacForged)
