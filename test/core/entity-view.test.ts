import { describe, expect, it } from 'vitest';
import { ENTITY_TEXT_CHARS, entityView } from '../../src/core/entity-view.js';
import type { PairedEntity } from '../../src/model/entity.js';

const entity: PairedEntity = {
  id: 'thm:lagrange',
  kind: 'theorem',
  title: 'Lagrange',
  statement: 'The order of a subgroup divides the order of the group.',
  leanNames: ['lagrange', 'ghost'],
  uses: ['lem:cosets'],
  proofUses: ['lem:cosets', 'lem:index'],
  flags: {},
  location: { file: 'blueprint/src/ch1.tex', line: 4 },
  origin: 'blueprint',
  decls: [
    {
      leanName: 'lagrange',
      fullName: 'Group.lagrange',
      kind: 'theorem',
      header: '(G : Type) [Group G] : True',
      variables: [],
      location: { file: 'A.lean', line: 3 },
      hasSorry: true,
    },
  ],
  unresolved: [{ leanName: 'ghost', candidates: [] }],
};

describe('entityView', () => {
  it('keeps the text, the declarations, the unresolved names and every entity used', () => {
    expect(entityView(entity)).toEqual({
      id: 'thm:lagrange',
      kind: 'theorem',
      title: 'Lagrange',
      statement: entity.statement,
      location: entity.location,
      origin: 'blueprint',
      leanNames: ['lagrange', 'ghost'],
      decls: [
        {
          fullName: 'Group.lagrange',
          kind: 'theorem',
          header: '(G : Type) [Group G] : True',
          location: { file: 'A.lean', line: 3 },
          hasSorry: true,
        },
      ],
      unresolved: ['ghost'],
      uses: ['lem:cosets', 'lem:index'],
    });
  });

  it('cuts a long statement', () => {
    const view = entityView({ ...entity, statement: 'x'.repeat(ENTITY_TEXT_CHARS + 50) });
    expect(view.statement).toHaveLength(ENTITY_TEXT_CHARS + 1);
    expect(view.statement.endsWith('…')).toBe(true);
  });
});
