import Lake
open Lake DSL

package test

@[default_target]
lean_lib Test where
  weakLeanArgs := #["-D", "debug.proofAsSorry=true"]
