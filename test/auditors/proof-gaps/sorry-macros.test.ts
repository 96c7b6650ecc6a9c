import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sorryMacros, sorryMacrosByFile } from '../../../src/auditors/proof-gaps/sorry-macros.js';
import { loadProject, readLeanSource } from '../../../src/lean/project.js';
import { ImportGraph } from '../../../src/lean/workspace/imports.js';
import type { LeanProject } from '../../../src/model/lean.js';
import { writeCaseProject } from '../../helpers/auditor-tester.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Loads a Lake project (the `Test` library) made of these files. */
async function project(files: Record<string, string>): Promise<LeanProject> {
  const [path, code] = Object.entries(files)[0]!;
  const root = writeCaseProject({ path, code, files });
  roots.push(root);
  return loadProject(root);
}

const macrosOf = (p: LeanProject) => {
  const byPath = new Map(p.files.map((file) => [file.path, file]));
  return sorryMacros(p, (path) => readLeanSource(p, byPath.get(path)!), new ImportGraph(p.files));
};

describe('sorryMacros', () => {
  it('finds the words whose expansion is sorry, a project axiom or another such word', async () => {
    const p = await project({
      'Test/Util.lean': [
        'axiom cheat {P : Prop} : P',
        'def helper : Nat := 1',
        'macro "sorry_proof" : term => `(cheat)',
        'syntax "todo" : term',
        'macro_rules',
        '  | `(todo) => `(sorryAx _ false)',
        'macro "finish" : tactic => `(tactic| first | simp | exact sorry_proof)',
        'macro "fine" : term => `(helper)',
        'macro "two" "words" : term => `(sorry)',
        'local macro "mine" : tactic => `(tactic| admit)',
        'macro "compiled" : term => `(lcProof)',
        '',
      ].join('\n'),
    });
    expect(macrosOf(p).map(({ word, standsFor, local }) => [word, standsFor, local])).toEqual([
      ['sorry_proof', 'cheat', false],
      ['todo', 'sorryAx', false],
      ['finish', 'cheat', false],
      ['mine', 'admit', true],
      ['compiled', 'lcProof', false],
    ]);
  });

  it('finds the elaborators that admit the goal, not those that only inspect sorries', async () => {
    const p = await project({
      'Test/Tactics.lean': [
        'open Lean Elab Tactic Meta',
        'elab "skip_goal" : tactic => do',
        '  admitGoal (← getMainGoal)',
        'elab (name := quietly) "quietly" : tactic => do',
        '  let g ← getMainGoal',
        '  g.admit',
        'syntax "fill_in" : term',
        'elab_rules : term',
        '  | `(fill_in) => do mkSorry (← mkFreshTypeMVar) false',
        'elab "evaluated" : tactic => evalTactic (← `(tactic| sorry))',
        'elab "no_sorry_here" : tactic => do',
        '  let e ← getMainTarget',
        '  if e.isAppOf ``sorryAx then throwError "a sorry"',
        'elab "count" : term => return mkNatLit 0',
        '',
      ].join('\n'),
    });
    expect(macrosOf(p).map(({ word, standsFor }) => [word, standsFor])).toEqual([
      ['skip_goal', 'sorry'],
      ['quietly', 'sorry'],
      ['fill_in', 'sorry'],
      ['evaluated', 'sorry'],
    ]);
  });

  it("takes a project axiom only from a file that sees it (aesop names rule sets like other tests' axioms)", async () => {
    const p = await project({
      'Test/Rules.lean': 'axiom test : False\n',
      'Test/Hygiene.lean': 'macro "aesop_test" : tactic => `(tactic| aesop (rule_sets := [test]))\n',
      'Test/Falso.lean': 'import Test.Rules\nmacro "falso" : tactic => `(tactic| exact test.elim)\n',
    });
    expect(macrosOf(p).map(({ word, standsFor, file }) => [word, standsFor, file])).toEqual([['falso', 'test', 'Test/Falso.lean']]);
  });

  it('takes a word another macro makes a sorry only in the files that see that macro', async () => {
    const p = await project({
      'Test/Cheat.lean': 'macro_rules | `(tactic| trivial) => `(tactic| sorry)\n',
      'Test/Free.lean': 'import Lean\nopen Lean Elab Tactic\nelab "triv_free" : tactic => do evalTactic (← `(tactic| trivial))\n',
      'Test/Seen.lean':
        'import Lean\nimport Test.Cheat\nopen Lean Elab Tactic\nelab "triv_seen" : tactic => do evalTactic (← `(tactic| trivial))\n',
    });
    expect(macrosOf(p).map(({ word, file }) => [word, file])).toEqual([
      ['trivial', 'Test/Cheat.lean'],
      ['triv_seen', 'Test/Seen.lean'],
    ]);
  });
  it('gives each file the words its imports, direct or not, bring, and a local one to its own file', async () => {
    const p = await project({
      'Test/Main.lean': 'import Test.Middle\n',
      'Test/Middle.lean': 'import Test.Util\n',
      'Test/Util.lean': 'macro "sorry_proof" : term => `(sorry)\nlocal macro "mine" : term => `(sorry)\n',
      'Test/Other.lean': 'def sorry_proof : Nat := 1\n',
    });
    const byFile = sorryMacrosByFile(p, macrosOf(p), new ImportGraph(p.files));
    const seen = (path: string) => [...(byFile.get(path) ?? new Map<string, string>()).keys()];
    expect(seen('Test/Main.lean')).toEqual(['sorry_proof']);
    expect(seen('Test/Middle.lean')).toEqual(['sorry_proof']);
    expect(seen('Test/Util.lean')).toEqual(['sorry_proof', 'mine']);
    expect(seen('Test/Other.lean')).toEqual([]);
  });
});
