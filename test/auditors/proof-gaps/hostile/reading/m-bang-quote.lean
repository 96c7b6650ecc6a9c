import Lean
open Lean

def msg : MessageData := m!"quote {'"'} here"

theorem main_claim : 1 = 2 := sorry
