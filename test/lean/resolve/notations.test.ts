import { describe, expect, it } from 'vitest';
import { notationReferences, projectNotations } from '../../../src/lean/resolve/notations.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import type { LeanFile } from '../../../src/model/lean.js';

const sources: Record<string, string> = {
  'Ent/Basic.lean': [
    'namespace Prob',
    'def entropy (x : Nat) : Nat := x',
    'def condEntropy (x y : Nat) : Nat := x + y',
    '@[inherit_doc entropy] notation3:max "H[" X "]" => entropy X',
    'notation3:max "H[" X " | " Y "]" => condEntropy X',
    '  Y',
    'infixl:65 " +ᵥ " => Nat.add',
    'infixl:80 " | " => entropy',
    'local notation3 "k" => entropy 0',
    'theorem uses_k : k = k := rfl',
    'def i : Nat := 0',
    'macro "𝐇[" i:term "]" : term => `(entropy $i)',
    'macro (name := arrowNotation) "⟪" x:term " => " y:term "⟫" : term =>',
    '  `(condEntropy $x $y)',
    'def curl (x : Nat) : Nat := x',
    'def divergence (x : Nat) : Nat := x',
    'macro (name := curlNotation) "∇" "×" f:term:100 : term => `(curl $f)',
    'macro "∇" "⬝" f:term:100 : term => `(divergence $f)',
    'end Prob',
  ].join('\n'),
  'Ent/Tensor.lean': [
    'namespace Lorentz',
    'def Tensor (x : Nat) : Nat := x',
    'def vecCons (x : Nat) : Nat := x',
    'def trivial : Nat := 0',
    '/-- A tensor. -/',
    'syntax (name := tensorSyntax) "ℂT[" term,* "]" : term',
    'macro_rules',
    '  | `(ℂT[$t:term, $ts:term,*]) =>',
    '    `(Tensor (vecCons $t))',
    '  | `(ℂT[$t:term]) => `(Tensor.id $t)',
    'syntax "tidy" : tactic',
    'scoped macro_rules',
    '| `(tactic| tidy) => `(tactic| exact trivial)',
    'macro_rules | `(tactic |tidy) => `(tactic | exact trivial)',
    'macro_rules | `(∃ᵉ, $b) => `(vecCons $b)',
    'def absVal (x : Nat) : Nat := x',
    'syntax "abs" " | " term " |" : term',
    'macro_rules | `(abs | $x |) => `(absVal $x)',
    'theorem t_uses (x : Nat) : ℂT[x, x] = ℂT [x] := by tidy',
    'end Lorentz',
  ].join('\n'),
  'Ent/Use.lean': [
    'open Prob',
    'theorem chain (x y : Nat) : H[x | y] = H[x] + H[y] := sorry',
    'theorem plain : 1 = 1 := rfl',
    'theorem not_k (kk : Nat) : kk = kk := rfl',
    'theorem bold (x : Nat) : 𝐇[x] = ⟪x => x⟫ := sorry',
    'theorem curl_only (f : Nat) : ∇ × f = ∇×f := sorry',
    'theorem abs_only (x : Nat) : abs | x | = x := sorry',
  ].join('\n'),
};

const files: LeanFile[] = Object.entries(sources).map(([path, text]) => parseLean(text, path));
const project = { files, decls: new Map(files.flatMap((f) => f.decls.map((d) => [d.fullName, d] as const))) };

describe('notations as references', () => {
  const notations = projectNotations(project, (path) => sources[path]);

  it("reads each notation, atom-led macro and term arm of a macro_rules: its leading atoms (a syntax's own, else the pattern's), the declarations its expansion names (through the namespace, `c.f` as field notation on `c`; a macro's $variables never), local or not; none led by Lean's own punctuation alone; a pattern opening `ident |` quotes a category (spaces or not) unless a project syntax opens with that ident", () => {
    expect(notations).toEqual([
      { atom: 'H[', atoms: ['H['], targets: ['Prob.entropy'], file: 'Ent/Basic.lean', local: false },
      { atom: 'H[', atoms: ['H['], targets: ['Prob.condEntropy'], file: 'Ent/Basic.lean', local: false },
      { atom: 'k', atoms: ['k'], targets: ['Prob.entropy'], file: 'Ent/Basic.lean', local: true },
      { atom: '𝐇[', atoms: ['𝐇['], targets: ['Prob.entropy'], file: 'Ent/Basic.lean', local: false },
      { atom: '⟪', atoms: ['⟪'], targets: ['Prob.condEntropy'], file: 'Ent/Basic.lean', local: false },
      { atom: '∇', atoms: ['∇', '×'], targets: ['Prob.curl'], file: 'Ent/Basic.lean', local: false },
      { atom: '∇', atoms: ['∇', '⬝'], targets: ['Prob.divergence'], file: 'Ent/Basic.lean', local: false },
      { atom: 'ℂT[', atoms: ['ℂT['], targets: ['Lorentz.Tensor', 'Lorentz.vecCons'], file: 'Ent/Tensor.lean', local: false },
      { atom: 'ℂT[', atoms: ['ℂT['], targets: ['Lorentz.Tensor'], file: 'Ent/Tensor.lean', local: false },
      { atom: '∃ᵉ,', atoms: ['∃ᵉ,'], targets: ['Lorentz.vecCons'], file: 'Ent/Tensor.lean', local: false },
      { atom: 'abs', atoms: ['abs', '|'], targets: ['Lorentz.absVal'], file: 'Ent/Tensor.lean', local: false },
    ]);
  });

  it('makes a declaration that writes the notation refer to what it expands to; a local one only in its file, a word only as a word', () => {
    const uses = notationReferences(project, notations);
    expect(Object.fromEntries([...uses].map(([d, t]) => [d, [...t].sort()]))).toEqual({
      'Prob.uses_k': ['Prob.entropy'],
      chain: ['Prob.condEntropy', 'Prob.entropy'],
      bold: ['Prob.condEntropy', 'Prob.entropy'],
      curl_only: ['Prob.curl'],
      'Lorentz.t_uses': ['Lorentz.Tensor', 'Lorentz.vecCons'],
      abs_only: ['Lorentz.absVal'],
    });
  });
});
