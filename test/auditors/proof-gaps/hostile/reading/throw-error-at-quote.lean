import Lean
open Lean Elab

def check (stx : Syntax) : CoreM Unit := do
  throwErrorAt stx "bad {'"'} here"

theorem main_claim : 1 = 2 := sorry
