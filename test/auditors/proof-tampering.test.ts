import * as proofTampering from '../../src/auditors/proof-tampering/index.js';
import { testAuditor } from '../helpers/auditor-tester.js';

// The families on the hostile corpus are in proof-gaps/hostile.test.ts; here, each rule's shape and the honest code it must leave alone.
testAuditor(proofTampering, {
  valid: [
    {
      name: 'batteries: an attribute handler registered by initialize calls modifyEnv',
      code: 'initialize registerBuiltinAttribute {\n  add := fun decl _ _ => do\n    modifyEnv (ext.addEntry · decl)\n}\n',
    },
    {
      name: 'batteries: stop as a variable after (',
      code: 'theorem t (stop : Nat) : stop = stop := by\n  apply congrArg id (stop - 0) <;> rfl\n',
    },
    { name: 'aesop: a global infix overloading a core symbol', code: 'inductive Mem (a : α) : List α → Prop\ninfix:50 " ∈ " => Mem\n' },
    { name: 'warn.sorry false with no sorry to silence (pfr)', code: 'set_option warn.sorry false\ntheorem t : 1 = 1 := rfl\n' },
    { name: 'an elaborator defining a command calls addDecl', code: 'elab "mk_thm" : command => do\n  addDecl decl\n' },
    { name: 'a partial program no theorem is about', code: 'partial def loop (n : Nat) : Nat := loop n\n' },
    { name: 'a #exit with nothing after it', code: 'theorem t : 1 = 1 := rfl\n#exit\n' },
    { name: 'a macro writing native_decide, never used', code: 'macro "compute_it" : tactic => `(tactic| native_decide)\n' },
  ],
  invalid: [
    {
      code: 'open Lean in\n#eval modifyEnv fun env => env\n',
      findings: [{ messageId: 'environment-change', line: 2, severity: 'error' }],
    },
    {
      name: 'a theorem using the constant run_cmd added, with the chain',
      code: 'run_cmd do\n  let d : Declaration := .axiomDecl { name := `forged, levelParams := [], type := mkConst ``False, isUnsafe := false }\n  liftCoreM (addDecl d)\n\ntheorem t : False := forged\n',
      findings: [
        { messageId: 'environment-change', line: 3 },
        {
          messageId: 'uses-added-constant',
          line: 5,
          message: 't uses `forged`, a constant added by the code at Test/Main.lean:3: it rests on what the kernel may never have checked',
        },
      ],
    },
    {
      code: 'def f : CoreM Unit := do\n  addDeclWithoutChecking d\n',
      findings: [{ messageId: 'environment-change', line: 2, message: /an elaborator/ }],
    },
    {
      code: 'set_option debug.«proofAsSorry» true in\ntheorem t : 1 = 1 := rfl\n',
      findings: [
        {
          messageId: 'proof-checking-option',
          line: 1,
          message: '`debug.proofAsSorry true` set here: Lean accepts proofs it did not check',
        },
      ],
    },
    {
      name: 'lakefile leanOptions',
      code: 'theorem t : 1 = 1 := rfl\n',
      files: {
        'lakefile.toml':
          'name = "Test"\ndefaultTargets = ["Test"]\nleanOptions = { debug.terminalTacticsAsSorry = true }\n\n[[lean_lib]]\nname = "Test"\n',
      },
      findings: [{ messageId: 'proof-checking-option', file: 'lakefile.toml', line: 3 }],
    },
    {
      code: 'set_option warn.sorry false\ntheorem t : 1 = 2 := sorry\n',
      findings: [{ messageId: 'sorry-warning-off', line: 1, severity: 'warning', message: /the `sorry` of 1 file\(s\)/ }],
    },
    {
      code: 'theorem t : 1 = 2 := by\n  stop\n  rfl\n',
      findings: [{ messageId: 'stop-tactic', line: 2 }],
    },
    {
      code: 'theorem a : 1 = 1 := rfl\n#exit\ntheorem b : 1 = 2 := sorry\nlemma c : 1 = 2 := sorry\n',
      findings: [
        {
          messageId: 'exit-hides-declarations',
          line: 2,
          message: '`#exit` ends the file for Lean: 2 declarations after it (first `b`) neither checked nor counted',
        },
      ],
    },
    {
      code: 'theorem t : 10 = 10 := by\n  decide (config := { native := true })\n',
      findings: [{ messageId: 'native-evaluation', line: 2, severity: 'warning' }],
    },
    {
      code: 'instance (priority := high) : OfNat ℕ 2 := ⟨3⟩\n',
      findings: [{ messageId: 'core-instance', line: 1, message: /`OfNat` for `ℕ`/ }],
    },
    {
      code: 'scoped infix:50 " ≈ " => fun a b => a ≠ b\nnotation "False" => True\n',
      findings: [
        { messageId: 'core-notation', line: 1 },
        { messageId: 'core-notation', line: 2 },
      ],
    },
    {
      code: 'prelude\ndef Nat.ble (_ _ : Nat) : Bool := true\n',
      findings: [{ messageId: 'prelude-redefinition', line: 2 }],
    },
    {
      name: 'a tactic macro running native_decide, used in another file that imports it',
      code: 'import Test.Tac\ntheorem t : 2 = 2 := by\n  compute_it\n',
      files: {
        'Test/Tac.lean': 'macro "compute_it" : tactic => `(tactic| native_decide)\n',
        'Test/Other.lean': 'theorem u : 2 = 2 := by\n  compute_it\n',
      },
      findings: [{ messageId: 'macro-hides-gap', line: 3, message: /defined at Test\/Tac.lean:1/ }],
    },
    {
      code: 'theorem t : 1 = 2 := by\n  by_elab do\n    let s ← `(term| sorry)\n    Term.elabTerm s none\n',
      findings: [{ messageId: 'quoted-sorry', line: 3 }],
    },
    {
      name: 'an import of a module under a hidden folder, which the audit skips',
      code: 'import «.gen».Lemma\ntheorem t : 1 = 2 := gen_lemma\n',
      files: { '.gen/Lemma.lean': 'theorem gen_lemma : 1 = 2 := sorry\n' },
      findings: [{ messageId: 'unread-import', line: 1, message: /`«\.gen»\.Lemma` \(\.gen\/Lemma\.lean\)/ }],
    },
    {
      code: 'partial def loop (n : Nat) : Nat := loop n\ntheorem t : loop 0 = loop 0 := rfl\n',
      findings: [{ messageId: 'needs-lean', severity: 'info', message: /`#print axioms loop`/ }],
    },
  ],
});
