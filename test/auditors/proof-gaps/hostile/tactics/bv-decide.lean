import Std.Tactic.BVDecide

theorem main_claim (x : BitVec 8) : x + 0 = x := by
  bv_decide
