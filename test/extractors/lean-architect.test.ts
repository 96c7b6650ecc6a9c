import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractBlueprint } from '../../extractors/blueprint-latex.js';
import { architectNodes } from '../../extractors/lean-architect.js';
import { loadProject } from '../../src/lean/project.js';
import type { LeanProject } from '../../src/model/lean.js';

const LEAN = String.raw`import Architect

blueprint_comment /--
\section{Basics}
\begin{lemma}\label{lem:informal}
Only in prose.
\end{lemma}
-/

@[blueprint "def:double" (title := "Double") (statement := /-- The double of $n$ is $2n$, as in \cite{x}. -/)]
def double (n : Nat) : Nat := 2 * n

/-- Doubling adds. -/
@[simp, blueprint (uses := [double, "def:other"]) (latexEnv := "lemma") (notReady := true)]
theorem double_add (a b : Nat) : double (a + b) = double a + double b := by
  /-- Unfold, then it is arithmetic. -/
  simp [double]; omega

@[to_additive (attr := blueprint "thm:mul")] theorem foo_mul : True := trivial

@[blueprint "thm:split"] theorem part_one : True := trivial
@[blueprint "thm:split"] theorem part_two : True := trivial

theorem untagged : True := trivial

attribute [blueprint "defn:succ" (statement := /-- The successor of $n$. -/)] Nat.succ
attribute [simp, blueprint "lem:untagged"] untagged
`;

const WEB = String.raw`\input{../../.lake/build/blueprint/library/Demo}
\chapter{Intro}
\inputleanmodule{Demo.Basic}
\inputleannode{thm:split}
\inputleanmodule{Demo.Missing}
`;

let root: string;
let project: LeanProject;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'leanaudit-architect-'));
  for (const [path, text] of [
    ['Demo/Basic.lean', LEAN],
    ['blueprint/src/web.tex', WEB],
  ] as const) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  project = await loadProject(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LeanArchitect @[blueprint] nodes', () => {
  it('reads labels, options, docstrings, proof docstrings, to_additive pairs, shared labels and attribute commands', () => {
    const { byLabel, byModule } = architectNodes(project);
    expect([...byLabel.keys()]).toEqual(['def:double', 'double_add', 'thm:mul', 'thm:split', 'defn:succ', 'lem:untagged']);
    expect(byLabel.get('def:double')).toMatchObject({
      kind: 'definition',
      title: 'Double',
      statement: String.raw`The double of $n$ is $2n$, as in \cite{x}.`,
      leanNames: ['double'],
    });
    expect(byLabel.get('double_add')).toMatchObject({
      kind: 'lemma',
      statement: 'Doubling adds.',
      proof: 'Unfold, then it is arithmetic.',
      uses: ['def:double', 'def:other'],
      notReady: true,
      location: { file: 'Demo/Basic.lean', line: 15 },
    });
    expect(byLabel.get('thm:mul')!.leanNames).toEqual(['foo_mul', 'foo_add']);
    expect(byLabel.get('thm:split')!.leanNames).toEqual(['part_one', 'part_two']);
    expect(byLabel.get('defn:succ')).toMatchObject({
      kind: 'definition',
      statement: 'The successor of $n$.',
      leanNames: ['Nat.succ'],
      mathlib: true,
      location: { line: 26 },
    });
    expect(byLabel.get('lem:untagged')).toMatchObject({ kind: 'theorem', leanNames: ['untagged'], mathlib: false });
    expect(byModule.get('Demo.Basic')!.map((item) => ('node' in item ? item.node.label : item.comment))).toEqual([
      String.raw`\section{Basics}
\begin{lemma}\label{lem:informal}
Only in prose.
\end{lemma}`,
      'def:double',
      'double_add',
      'thm:mul',
      'thm:split',
      'defn:succ',
      'lem:untagged',
    ]);
  });

  it('brings the nodes and the prose between them into the blueprint where \\inputleanmodule and \\inputleannode stand', () => {
    const extraction = extractBlueprint({ root, options: {}, project });
    expect(extraction.entities.map((e) => [e.id, e.chapter, e.section, e.flags])).toEqual([
      ['lem:informal', 'Intro', 'Basics', {}],
      ['def:double', 'Intro', 'Basics', {}],
      ['double_add', 'Intro', 'Basics', { notready: true }],
      ['thm:mul', 'Intro', 'Basics', {}],
      ['thm:split', 'Intro', 'Basics', {}],
      ['defn:succ', 'Intro', 'Basics', { mathlibok: true }],
      ['lem:untagged', 'Intro', 'Basics', {}],
      ['thm:split', 'Intro', 'Basics', {}],
    ]);
    expect(extraction.entities[0]).toMatchObject({
      statement: 'Only in prose.',
      leanNames: [],
      location: { file: 'Demo/Basic.lean', line: 5 },
    });
    expect(extraction.entities[2]).toMatchObject({
      origin: 'blueprint',
      proof: 'Unfold, then it is arithmetic.',
      leanNames: ['double_add'],
    });
    expect(extraction.problems.map((p) => [p.messageId, `${p.location.file}:${p.location.line}`])).toEqual([
      ['duplicate-label', 'blueprint/src/web.tex:4'],
      ['unknown-lean-node', 'blueprint/src/web.tex:5'],
    ]);
    expect(extraction.problems[1]!.message).toBe(
      String.raw`\inputleanmodule{Demo.Missing}: no file of the project is the module Demo.Missing`,
    );
  });

  it('says why the nodes are missing when the Lean project could not be read', () => {
    const extraction = extractBlueprint({ root, options: {} });
    expect(extraction.entities).toEqual([]);
    expect(extraction.problems.map((p) => p.messageId)).toEqual(['no-project', 'no-project', 'no-project']);
  });
});
