import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coverage, nameIndex, pairEntities, sharedDecls } from '../../extractors/pairing.js';
import type { Entity } from '../../src/core/types.js';
import { loadProject } from '../../src/lean/project.js';

const root = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/lean-docs');

function entity(id: string, leanNames: string[], flags: Record<string, boolean> = {}): Entity {
  return { id, kind: 'theorem', statement: id, leanNames, uses: [], flags, location: { file: 'informal.tex', line: 1 }, origin: 'blueprint' };
}

describe('pairing', async () => {
  const project = await loadProject(root);

  it('resolves exact names, unambiguous suffixes, and lists the candidates otherwise', () => {
    const index = nameIndex(project);
    expect(index.resolve('Docs.two_one').decl?.fullName).toBe('Docs.two_one');
    expect(index.resolve('_root_.Docs.Nice').decl?.fullName).toBe('Docs.Nice');
    expect(index.resolve('Other.t').decl?.fullName).toBe('Docs.Other.t');
    expect(index.resolve('t')).toEqual({ candidates: ['Docs.Other.t', 'Docs.t'] });
    expect(index.resolve('Nat.succ_le')).toEqual({ candidates: [] });
  });

  it('attaches the header without the proof, the variables it uses, the docstring and sorry', () => {
    const [paired] = pairEntities([entity('thm', ['two_one', 'Docs.two_one_aux', 'Nice', 'plain', 't', 'Missing.name'])], project);
    const [twoOne, aux, nice, plain] = paired!.decls;
    expect(twoOne).toMatchObject({
      leanName: 'two_one',
      fullName: 'Docs.two_one',
      kind: 'theorem',
      header: '(y : α) : y = y',
      variables: ['{α : Type*}', '[Group α]'],
      doc: 'Theorem 2.1 (Title): every element equals itself.',
      location: { file: 'Docs/Ch1.lean', line: 9 },
      hasSorry: false,
    });
    expect(aux).toMatchObject({ header: ': x = x', variables: ['{α : Type*}', '[Group α]', '(x : α)'], hasSorry: true });
    expect(nice).toMatchObject({ kind: 'def', header: '(s : Set ℕ) : Prop := s.Nonempty', variables: [] });
    expect(plain).toMatchObject({ hasSorry: false });
    expect(paired!.unresolved).toEqual([
      { leanName: 't', candidates: ['Docs.Other.t', 'Docs.t'] },
      { leanName: 'Missing.name', candidates: [] },
    ]);
    expect(paired!.selfConsistency).toBeUndefined();
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
    expect(coverage(paired)).toEqual({ entities: 4, withLeanNames: 3, paired: 2, found: 2, proofComplete: 1, leanNames: 4, leanNamesFound: 3 });
    expect([...sharedDecls(paired)].map(([decl, list]) => [decl, list.map((e) => e.id)])).toEqual([['Docs.two_one', ['a', 'b']]]);
  });
});
