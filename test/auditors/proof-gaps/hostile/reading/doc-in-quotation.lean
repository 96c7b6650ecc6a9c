import Lean
open Lean

def cmd : MacroM Syntax := `(#doc (x) "y" =>)

theorem main_claim : 1 = 2 := sorry
