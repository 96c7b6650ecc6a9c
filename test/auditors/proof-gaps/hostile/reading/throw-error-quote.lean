import Lean
open Lean Meta

def check (e : Expr) : MetaM Unit := do
  throwError "expected {'"'} around {e}"

theorem main_claim : 1 = 2 := sorry
