import Lake
open Lake DSL

package test where
  moreLeanArgs := #["-Ddebug.skipKernelTC=true"]

@[default_target]
lean_lib Test
