/-- Explains why `addDecl`, `modifyEnv`, `stop`, `bv_decide`, `#exit` and `sorryAx` are dangerous. -/
def note : String := "set_option debug.byAsSorry true; admitGoal; native := true"

-- run_cmd addDecl; local instance : Add Nat; local notation "True" => False
/- set_option debug.skipKernelTC true -/
def stop_count : Nat := 0

theorem bv_decide_free : stop_count = 0 := rfl
