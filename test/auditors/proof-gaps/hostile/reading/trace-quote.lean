import Lean
open Lean Meta

def step : MetaM Unit := do
  trace[Meta.debug] "seen {'"'}"

theorem main_claim : 1 = 2 := sorry
