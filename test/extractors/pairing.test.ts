import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coverage, MAX_SCOPE_BINDERS, pairEntities, scopeVariables, sharedDecls } from '../../extractors/pairing.js';
import { loadProject } from '../../src/lean/project.js';
import { NameLookup, nameLookup } from '../../src/lean/resolve/name-lookup.js';
import { parseLean } from '../../src/lean/syntax/parser.js';
import type { Entity } from '../../src/model/entity.js';
import type { LeanFile, LeanProject } from '../../src/model/lean.js';
import { growthRatio, LOOSELY_LINEAR } from '../helpers/growth.js';

const root = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/lean-docs');

function entity(id: string, leanNames: string[], flags: Record<string, boolean> = {}): Entity {
  return { id, kind: 'theorem', statement: id, leanNames, uses: [], flags, location: { file: 'status.json', line: 1 }, origin: 'json' };
}

describe('pairing', async () => {
  const project = await loadProject(root);

  it('resolves exact names, unambiguous suffixes, and lists the candidates otherwise', () => {
    const index = nameLookup(project);
    expect(index.resolve('Docs.two_one').decl?.fullName).toBe('Docs.two_one');
    expect(index.resolve('_root_.Docs.Nice').decl?.fullName).toBe('Docs.Nice');
    expect(index.resolve('Other.t').decl?.fullName).toBe('Docs.Other.t');
    expect(index.resolve('t')).toEqual({ candidates: ['Docs.Other.t', 'Docs.t'] });
    expect(index.resolve('Nat.succ_le')).toEqual({ candidates: [] });
  });

  it('attaches the header without the proof, every variable binder in scope, the docstring and sorry', () => {
    const [paired] = pairEntities([entity('thm', ['two_one', 'Docs.two_one_aux', 'Nice', 'plain', 't', 'Missing.name'])], project);
    const [twoOne, aux, nice, plain] = paired!.decls;
    expect(twoOne).toMatchObject({
      leanName: 'two_one',
      fullName: 'Docs.two_one',
      kind: 'theorem',
      header: '(y : α) : y = y',
      variables: ['{α : Type*}', '[Group α]', '(x : α)', '{β : Type*}', '[Ring β]'],
      doc: 'Theorem 2.1 (Title): every element equals itself.',
      location: { file: 'Docs/Ch1.lean', line: 15 },
      hasSorry: false,
    });
    expect(aux).toMatchObject({
      header: ': x = x',
      variables: ['{α : Type*}', '[Group α]', '(x : α)', '{β : Type*}', '[Ring β]'],
      hasSorry: true,
    });
    expect(nice).toMatchObject({ kind: 'def', header: '(s : Set ℕ) : Prop := s.Nonempty', variables: [] });
    expect(plain).toMatchObject({ hasSorry: false });
    expect(paired!.unresolved).toEqual([
      { leanName: 't', candidates: ['Docs.Other.t', 'Docs.t'] },
      { leanName: 'Missing.name', candidates: [] },
    ]);
    expect(paired!.selfConsistency).toBeUndefined();
  });

  it('reads no binder in a comment of a `variable` command, and carries the last MAX_SCOPE_BINDERS binders of a hostile file', () => {
    const [decl] = parseLean(
      'variable {S : Type*} [MeasurableSpace S] --[MeasurableSingletonClass S]\n  (x : S) /- (y : S) -/\n/-! (aₙ)_{n ∈ ℕ} -/\ntheorem t : x = x := rfl',
      'V.lean',
    ).decls;
    expect(scopeVariables(decl!)).toEqual(['{S : Type*}', '[MeasurableSpace S]', '(x : S)']);
    const many = MAX_SCOPE_BINDERS + 40;
    const text = `${Array.from({ length: many }, (_, i) => `variable (x${i} : Nat)`).join('\n')}\ntheorem t : 1 = 1 := rfl`;
    const binders = scopeVariables(parseLean(text, 'W.lean').decls[0]!);
    expect(binders).toHaveLength(MAX_SCOPE_BINDERS);
    expect(binders.at(-1)).toBe(`(x${many - 1} : Nat)`);
  });

  it('splits each `variable` command once, however many declarations it is in force for: n entities under n `variable`s grow linearly', () => {
    const decls = (n: number) =>
      parseLean(Array.from({ length: n }, (_, i) => `variable (x${i} : Nat)\ntheorem t${i} : 1 = 1 := rfl`).join('\n'), 'V.lean').decls;
    expect(growthRatio(decls, (list) => list.map(scopeVariables), 200)).toBeLessThan(LOOSELY_LINEAR);
  });

  it('takes only full names from a blueprint, as checkdecls does: a suffix stays unresolved with its candidates', () => {
    const [paired] = pairEntities([{ ...entity('bp', ['two_one', 'Docs.two_one', 'Other.t']), origin: 'blueprint' }], project);
    expect(paired!.decls.map((d) => d.fullName)).toEqual(['Docs.two_one']);
    expect(paired!.unresolved).toEqual([
      { leanName: 'two_one', candidates: ['Docs.two_one'] },
      { leanName: 'Other.t', candidates: ['Docs.Other.t'] },
    ]);
  });

  it('marks docstring entities as self-consistency checks and resolves nothing without a project', () => {
    const [doc] = pairEntities([{ ...entity('d', ['Docs.three']), origin: 'docstring' }], project);
    expect(doc!.selfConsistency).toBe(true);
    const [alone] = pairEntities([entity('x', ['Docs.three'])], undefined);
    expect(alone!.decls).toEqual([]);
    expect(alone!.unresolved).toEqual([{ leanName: 'Docs.three', candidates: [] }]);
  });

  it('counts coverage and finds declarations claimed by several entities', () => {
    const paired = pairEntities(
      [entity('a', ['Docs.two_one']), entity('b', ['two_one', 'Docs.two_one_aux']), entity('c', ['Missing']), entity('d', [])],
      project,
    );
    expect(coverage(paired)).toEqual({
      entities: 4,
      withLeanNames: 3,
      paired: 2,
      found: 2,
      proofComplete: 1,
      leanNames: 4,
      leanNamesFound: 3,
      leanNamesInDependencies: 0,
    });
    expect([...sharedDecls(paired)].map(([decl, list]) => [decl, list.map((e) => e.id)])).toEqual([['Docs.two_one', ['a', 'b']]]);
  });
});

/** A project of one parsed file. */
const projectOf = (file: LeanFile): LeanProject =>
  ({ decls: new Map(file.decls.map((d) => [d.fullName, d])), files: [file], root: '.' }) as unknown as LeanProject;

describe('pairing names generated by @[to_additive]', () => {
  it('resolves explicit and guessed additive names to their multiplicative source', () => {
    const file = parseLean(
      [
        'namespace M',
        '@[to_additive (attr := simp) /-- doc -/]',
        'lemma mulEquivHaarChar_refl : True := trivial',
        '@[simp, to_additive addConj]',
        'lemma mulConj : True := trivial',
        '@[to_additive _root_.Other.addThing]',
        'lemma mulThing : True := trivial',
        'lemma mul_plain : True := trivial',
        'end M',
      ].join('\n'),
      'M.lean',
    );
    const project = projectOf(file);
    const index = new NameLookup(project);
    expect(index.resolve('M.addEquivAddHaarChar_refl')).toMatchObject({ decl: { fullName: 'M.mulEquivHaarChar_refl' }, generated: true });
    expect(index.resolve('M.addConj').decl?.fullName).toBe('M.mulConj');
    expect(index.resolve('addConj').decl?.fullName).toBe('M.mulConj');
    expect(index.resolve('Other.addThing').decl?.fullName).toBe('M.mulThing');
    expect(index.resolve('M.add_plain')).toEqual({ candidates: [] });
    const [paired] = pairEntities([entity('e', ['M.addConj'])], project);
    expect(paired!.decls[0]).toMatchObject({ leanName: 'M.addConj', fullName: 'M.mulConj', generatedBy: 'to_additive' });
  });
});

describe('names Lean gives anonymous instances', () => {
  it('points a generated-looking name at the anonymous instances of the class it spells, in its namespace', () => {
    const file = parseLean(
      [
        'namespace Forms',
        'instance (S : Type) [Semiring S] : Module.Finite S (Form S) := sorry',
        'instance : Inhabited (Form Nat) := ⟨default⟩',
        'instance namedOne : Module.Finite Nat (Form Nat) := sorry',
        'end Forms',
        'instance : Module.Finite Nat Nat := sorry',
      ].join('\n'),
      'Forms.lean',
    );
    const project = projectOf(file);
    const index = new NameLookup(project);
    const lines = (name: string) => index.anonymousInstances(name).map((d) => d.location.line);
    expect(lines('Forms.instFiniteFormOfSemiring')).toEqual([2]);
    expect(lines('Forms.instModuleFiniteForm')).toEqual([2]);
    expect(lines('Forms.instInhabitedFormNat')).toEqual([3]);
    expect(lines('instFiniteNat')).toEqual([6]);
    expect(lines('Forms.instAddForm')).toEqual([]);
    expect(lines('Forms.finiteForm')).toEqual([]);
    const [paired] = pairEntities(
      [{ ...entity('bp', ['Forms.instFiniteFormOfSemiring', 'Forms.instAddForm']), origin: 'blueprint' }],
      project,
    );
    expect(paired!.unresolved).toEqual([
      { leanName: 'Forms.instFiniteFormOfSemiring', candidates: [], anonymousInstances: ['Forms.lean:2'] },
      { leanName: 'Forms.instAddForm', candidates: [] },
    ]);
  });
});

describe('pairing the parts of a docstring entity', () => {
  it('pairs each part with the declaration it was read from, even when another module declares the same name, and gives it its role', () => {
    const tao = parseLean('/-- Definition 1.3 (Metric space). -/\nstructure MetricAxioms : Prop where\n  nonneg : True', 'Tao/Ch1.lean');
    const lebl = parseLean(
      '/-- Definition 7.1.1: A metric. -/\nstructure MetricAxioms (X : Type) : Prop where\n  symm : True',
      'Lebl/Ch7.lean',
    );
    const project = {
      decls: new Map([...lebl.decls, ...tao.decls].map((d) => [d.fullName, d])),
      files: [tao, lebl],
      root: '.',
    } as unknown as LeanProject;
    const docEntity = (id: string, file: string): Entity => ({
      ...entity(id, ['MetricAxioms']),
      origin: 'docstring',
      parts: [{ leanName: 'MetricAxioms', role: 'statement', location: { file, line: 2 } }],
    });
    const paired = pairEntities([docEntity('Definition 1.3', 'Tao/Ch1.lean'), docEntity('Definition 7.1.1', 'Lebl/Ch7.lean')], project);
    expect(paired.map((e) => [e.decls[0]?.location.file, e.decls[0]?.role])).toEqual([
      ['Tao/Ch1.lean', 'statement'],
      ['Lebl/Ch7.lean', 'statement'],
    ]);
    expect(paired.map((e) => e.decls[0]?.header)).toEqual([': Prop', '(X : Type) : Prop']);
  });
});
