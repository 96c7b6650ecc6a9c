import Lean
open Lean

syntax "say! " interpolatedStr(term) : term
macro_rules | `(say! $s) => s.expandInterpolatedStr (← `(String)) (← `(toString))

def msg : String := say! "quote {'"'} here"

theorem main_claim : 1 = 2 := sorry
