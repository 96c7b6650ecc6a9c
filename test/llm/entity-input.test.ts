import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairEntities } from '../../extractors/pairing.js';
import { loadProject, sourceByPath } from '../../src/lean/project.js';
import * as entityInput from '../../src/llm/entity-input.js';
import {
  centredContext,
  expandMacros,
  formalText,
  judgeInputOf,
  libraryCandidates,
  macroList,
  reachedDefinitions,
  unjudgeableCause,
  withoutComments,
} from '../../src/llm/entity-input.js';
import type { Entity, PairedEntity } from '../../src/model/entity.js';
import type { LeanProject } from '../../src/model/lean.js';
import { entity } from '../auditors/fixtures/judge-entities.js';

const BUDGETS = { contextChars: 2000, auxiliaryChars: 4000, groundingChars: 3000 };
const SOURCE = `import Mathlib

namespace Demo

open Finset

variable {X : Type*} {a : ℕ} [MetricSpace X] [ProofData a X]

/-- The textbook says: a stable index is one where the bound holds. -/
def AStable (m : ℕ) : Prop := True

def errConst : ℝ := sorry

-- This comment quotes Lemma 2.3 of the book verbatim.
def Bound (m : ℕ) : Prop := AStable m ∧ (m : ℝ) ≤ errConst

def g : ℕ := 7

class Cancel (τ : ℝ) : Prop where
  le {f g : ℕ → ℝ} : f 0 ≤ g 0 + τ

theorem uses_cancel [Cancel 1] : True := trivial

structure Tile where
  /-- the scale -/
  scale : ℤ
  center : X

theorem helper (m : ℕ) : 0 ≤ m := Nat.zero_le m

theorem main (m : ℕ) (h : Bound m) : ∑ i ∈ range m, (i : ℝ) ≤ errConst := by
  have := helper m
  sorry

theorem part_pos (m : ℕ) (hm : 0 < m) : AStable m := trivial

theorem part_zero : AStable 0 := trivial

def Cst (k : ℕ) : ℕ := k + 1

theorem ascribed (k : ℕ) : (Cst k : ℝ) ≤ 2 := sorry

notation "Ḃ" => errConst

theorem noted : Ḃ ≤ 1 := sorry

instance : Cancel 0 where
  le := by
    intro f g
    simp

def Witness : ∃ n : ℕ, n = 0 := ⟨0, rfl⟩

section Standing

class Standing (a : ℕ) : Prop where
  big : 4 ≤ a

variable {n : ℕ} [NeZero n] (b : ℕ) [Standing b]

theorem shadowed (n : ℕ) : n + 0 = n := rfl

theorem takes : n ≠ 0 ∧ b = b := sorry

end Standing

end Demo
`;

let root: string;
let project: LeanProject;
const paired = (leanNames: string[], extra: Partial<Entity> = {}): PairedEntity =>
  pairEntities(
    [
      {
        id: 'e',
        kind: 'lemma',
        statement: 'For all m …',
        leanNames,
        uses: [],
        flags: {},
        location: { file: 'bp.tex', line: 1 },
        origin: 'test',
        ...extra,
      },
    ],
    project,
  )[0]!;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'leanaudit-entity-input-'));
  mkdirSync(join(root, 'Demo'));
  writeFileSync(join(root, 'Demo', 'Basic.lean'), SOURCE);
  project = await loadProject(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('judge input from a real source model', () => {
  it('shows every definition the statement reaches whole, with its := and value, nearest first, and no comment', () => {
    const e = paired(['Demo.main']);
    const text = reachedDefinitions(e.decls, project, sourceByPath(project), 4000);
    expect(text).toBe(
      'def Demo.Bound (m : ℕ) : Prop := AStable m ∧ (m : ℝ) ≤ errConst\n\ndef Demo.errConst : ℝ := sorry\n\ndef Demo.AStable (m : ℕ) : Prop := True',
    );
    expect(text).not.toContain('textbook');
    expect(reachedDefinitions(e.decls, project, sourceByPath(project), 70)).toBe(
      'def Demo.Bound (m : ℕ) : Prop := AStable m ∧ (m : ℝ) ≤ errConst\n\n[… 2 more definition(s) reached, not shown: budget of 70 characters]',
    );
  });

  it('never follows a name a definition binds itself to a project declaration of that name', () => {
    const text = reachedDefinitions(paired(['Demo.uses_cancel']).decls, project, sourceByPath(project), 4000);
    expect(text).toContain('class Demo.Cancel (τ : ℝ) : Prop where');
    expect(text).not.toContain('def Demo.g');
  });

  it('shows a structure with its where fields, without their docstrings', () => {
    const e = paired(['Demo.Tile'], { kind: 'definition' });
    const input = judgeInputOf(e, BUDGETS, { project, source: sourceByPath(project) });
    expect(input.formal).toBe('structure Demo.Tile where\n  scale : ℤ\n  center : X');
    expect(input.definition).toBe(true);
  });

  it('splits the variable binders in scope by whether Lean adds them to the statement', () => {
    const main = judgeInputOf(paired(['Demo.main']), BUDGETS, { project });
    expect(main).toMatchObject({ variables: '', variablesLeft: '{X : Type*}\n{a : ℕ}\n[MetricSpace X]\n[ProofData a X]' });
    // The theorem's own `(n : ℕ)` shadows the section's: `[NeZero n]` is not part of it.
    const shadowed = judgeInputOf(paired(['Demo.shadowed']), BUDGETS, { project });
    expect(shadowed.variables).toBe('');
    expect(shadowed.variablesLeft).toContain('[NeZero n]');
    const takes = judgeInputOf(paired(['Demo.takes']), BUDGETS, { project, source: sourceByPath(project) });
    expect(takes.variables).toBe('{n : ℕ}\n[NeZero n]\n(b : ℕ)\n[Standing b]');
    // The class an instance binder names comes first among the definitions: it carries standing hypotheses.
    expect(takes.auxiliary.startsWith('class Demo.Standing (a : ℕ) : Prop where\n  big : 4 ≤ a')).toBe(true);
  });

  it('shows the constant inside a type ascription, which binds nothing', () => {
    const input = judgeInputOf(paired(['Demo.ascribed']), BUDGETS, { project, source: sourceByPath(project) });
    expect(input.auxiliary).toContain('def Demo.Cst (k : ℕ) : ℕ := k + 1');
  });

  it('shows the project notation a statement uses as declared, and the definitions it expands to', async () => {
    const { notationDefinitions } = await import('../../src/lean/resolve/notations.js');
    const source = sourceByPath(project);
    const input = judgeInputOf(paired(['Demo.noted']), BUDGETS, { project, source, notations: notationDefinitions(project, source) });
    expect(input.notation).toBe('notation "Ḃ" => errConst');
    expect(input.auxiliary).toContain('def Demo.errConst : ℝ := sorry');
  });

  it('leaves tactic proofs out of a definition value, and judges a lemma witnessed by a def as a statement', () => {
    const text = reachedDefinitions(paired(['Demo.uses_cancel']).decls, project, sourceByPath(project), 4000);
    expect(text).toContain('class Demo.Cancel');
    const instance = [...project.decls.values()].find((d) => d.kind === 'instance')!;
    const { wholeDeclText } = entityInput;
    expect(wholeDeclText(instance, sourceByPath(project)(instance.location.file))).toContain('le := by …');
    expect(judgeInputOf(paired(['Demo.Witness']), BUDGETS, { project }).definition).toBe(false);
    expect(judgeInputOf(paired(['Demo.Witness'], { kind: 'definition' }), BUDGETS, { project }).definition).toBe(true);
  });

  it('shows every listed declaration and says which ones the others use in their proofs, leaving the judge to tell helpers from parts', () => {
    const withHelper = judgeInputOf(paired(['Demo.main', 'Demo.helper']), BUDGETS, { project });
    expect(withHelper.caseSplit).toBe(true);
    expect(withHelper.formal).toBe(
      'theorem Demo.main (m : ℕ) (h : Bound m) : ∑ i ∈ range m, (i : ℝ) ≤ errConst\n\ntheorem Demo.helper (m : ℕ) : 0 ≤ m',
    );
    expect(withHelper.helpers).toBe('Demo.helper is used in the proof of Demo.main');
    expect(withHelper.leanName).toBe('Demo.main, Demo.helper');
    const split = judgeInputOf(paired(['Demo.part_pos', 'Demo.part_zero']), BUDGETS, { project });
    expect(split).toMatchObject({ caseSplit: true, helpers: '' });
  });

  it('asks for library constants under the namespaces Lean would try, never for bound names or project declarations', () => {
    const candidates = libraryCandidates(paired(['Demo.main']), project);
    expect(candidates.get('range')).toEqual(['Demo.range', 'range', 'Finset.range']);
    expect(candidates.has('m')).toBe(false);
    expect(candidates.has('Bound')).toBe(false);
    expect(candidates.has('ProofData')).toBe(true);
  });

  it('grounds the constants found and judges an entity paired with a library name on its signature', () => {
    const grounded = new Map([
      [
        'Finset.range',
        { name: 'Finset.range', kind: 'def', signature: '(n : ℕ) : Finset ℕ', doc: '`range n` is `{0, …, n - 1}`.', source: 'mathlib' },
      ],
      [
        'QuaternionGroup',
        {
          name: 'QuaternionGroup',
          kind: 'inductive',
          signature: '(n : ℕ) : Type',
          doc: 'The (generalised) quaternion group of order 4n.',
          source: 'mathlib',
        },
      ],
    ]);
    const input = judgeInputOf(paired(['Demo.main']), BUDGETS, { project, grounded });
    expect(input.grounding).toBe('def Finset.range (n : ℕ) : Finset ℕ\n  docstring: `range n` is `{0, …, n - 1}`.\n  (from mathlib)');
    const library: PairedEntity = {
      ...entity('q8', '[F]'),
      decls: [],
      unresolved: [
        {
          leanName: 'QuaternionGroup',
          candidates: [],
          declaredIn: { package: 'mathlib', file: '.lake/packages/mathlib/Mathlib/GroupTheory/SpecificGroups/Quaternion.lean', line: 60 },
        },
      ],
    };
    expect(unjudgeableCause(library)).toBe('no Lean declaration resolved for QuaternionGroup');
    expect(unjudgeableCause(library, grounded)).toBeUndefined();
    expect(judgeInputOf(library, BUDGETS, { grounded })).toMatchObject({
      formal: 'inductive QuaternionGroup (n : ℕ) : Type',
      compileStatus: 'a library declaration (compiled with its package mathlib)',
    });
  });

  it('says the compile status, and that it is unknown without Lean', () => {
    const e = paired(['Demo.main']);
    expect(judgeInputOf(e, BUDGETS, { project }).compileStatus).toBe('unknown (not checked with Lean)');
    expect(judgeInputOf(e, BUDGETS, { project, compile: { state: 'compiles' } }).compileStatus).toBe(
      'the statement elaborates (checked with Lean)',
    );
  });
});

describe('judge input helpers', () => {
  it('drops line, block and doc comments from Lean text', () => {
    expect(withoutComments('/-- doc -/\ntheorem t -- quote of the book\n  (x : ℕ) /- aside -/ : x = x')).toBe(
      'theorem t\n  (x : ℕ)  : x = x',
    );
    expect(formalText({ kind: 'def', fullName: 'f', header: ': ℕ := 3' })).toBe('def f : ℕ := 3');
  });

  it('expands the source macros without arguments and lists those with arguments', () => {
    const macros = [
      { name: 'fP', args: 0, definition: '{\\mathfrak P}' },
      { name: 'tiles', args: 0, definition: '\\fP_0' },
      { name: 'dist', args: 2, definition: 'd_{\\fP}(#1,#2)' },
    ];
    expect(expandMacros('$\\tiles \\subseteq \\fP$, $\\fPx$', macros)).toBe('${\\mathfrak P}_0 \\subseteq {\\mathfrak P}$, $\\fPx$');
    expect(macroList(macros)).toBe('\\dist[2] := d_{{\\mathfrak P}}(#1,#2)');
  });

  it('centres the context on the statement: the end of the text before, the start of the text after', () => {
    expect(centredContext('a'.repeat(50) + 'NEAR-BEFORE', 'NEAR-AFTER' + 'b'.repeat(50), 40)).toBe(
      `[… earlier text cut]\n${'a'.repeat(9)}NEAR-BEFORE\n[— the statement stands here —]\nNEAR-AFTER${'b'.repeat(10)}\n[… later text cut]`,
    );
    expect(centredContext('short', undefined, 40)).toBe('short');
    expect(centredContext(undefined, undefined, 40)).toBe('');
  });

  it('says why an entity cannot be judged', () => {
    expect(unjudgeableCause(entity('x', '[F]', { decls: [], unresolved: [] }))).toBe('no Lean declaration paired');
    expect(unjudgeableCause(entity('x', '[F]', { statement: '  ' }))).toBe('empty informal statement');
    expect(unjudgeableCause(entity('x', '[F]'))).toBeUndefined();
  });
});
