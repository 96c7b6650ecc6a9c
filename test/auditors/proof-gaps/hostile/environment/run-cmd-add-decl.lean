import Lean
open Lean Elab Command

run_cmd do
  let forged : Declaration := .axiomDecl
    { name := `forgedFalse, levelParams := [], type := mkConst ``False, isUnsafe := false }
  liftCoreM (addDecl forged)

theorem main_claim : False := forgedFalse
