import Lake
open Lake DSL

package test

@[default_target]
lean_lib Main where
  roots := #[.mkSimple "Main", `Hidden.Proof]
