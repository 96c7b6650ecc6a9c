import { describe, expect, it } from 'vitest';
import * as proofGaps from '../../../src/auditors/proof-gaps/index.js';
import type { PairedEntity } from '../../../src/model/entity.js';
import { runCase, testAuditor, writeCaseProject } from '../../helpers/auditor-tester.js';

const CODE = [
  'def bound : Nat := sorry',
  'theorem helper : bound = bound := rfl',
  'theorem main : 3 = 3 := (fun _ => rfl) helper',
  'theorem clean : 1 = 1 := rfl',
  'axiom choice : 2 = 2',
  'theorem byAxiom : 2 = 2 := choice',
].join('\n');

/** A blueprint entity paired with the declarations of these names in Test/Main.lean (lines as in CODE). */
const entity = (
  id: string,
  kind: string,
  names: Record<string, number>,
  flags: Record<string, boolean>,
  chapter?: string,
): PairedEntity => ({
  id,
  kind,
  statement: id,
  leanNames: Object.keys(names),
  uses: [],
  flags,
  location: { file: 'blueprint/src/content.tex', line: 10 },
  origin: 'blueprint',
  ...(chapter ? { chapter } : {}),
  decls: Object.entries(names).map(([name, line]) => ({
    leanName: name,
    fullName: name,
    kind: 'theorem',
    header: '',
    variables: [],
    location: { file: 'Test/Main.lean', line },
    hasSorry: name === 'bound',
  })),
  unresolved: [],
});

const ENTITIES = [
  entity('thm:main', 'theorem', { main: 3 }, { leanok: true, proofLeanok: true }, 'Intro'),
  entity('thm:clean', 'theorem', { clean: 4 }, { leanok: true, proofLeanok: true }, 'Intro'),
  entity('thm:axiom', 'lemma', { byAxiom: 6 }, { leanok: true, proofLeanok: true }),
  { ...entity('thm:stated', 'theorem', { helper: 2 }, { leanok: true }, 'Intro'), proof: 'By definition.' },
  entity('def:bound', 'definition', { bound: 1 }, { leanok: true }),
];

describe('proof-gaps: blueprint claims', () => {
  testAuditor(proofGaps, {
    invalid: [
      {
        name: 'a \\leanok proof resting on a sorried definition or an axiom, through other declarations, is reported with its chain',
        code: CODE,
        entities: ENTITIES,
        findings: [
          {
            messageId: 'claim-rests-on-gap',
            entityId: 'thm:main',
            message: 'thm:main is marked \\leanok (proof), but `main` rests on `bound` (it has a `sorry`): main → helper → bound',
          },
          {
            messageId: 'claim-rests-on-gap',
            entityId: 'thm:axiom',
            message: 'thm:axiom is marked \\leanok (proof), but `byAxiom` rests on `choice` (an axiom of the project): byAxiom → choice',
          },
          { messageId: 'sorry-in-data', line: 1 },
          { messageId: 'axiom', line: 5 },
        ],
      },
    ],
  });

  it('counts stated, proved and fully proved entities by kind, in all and per chapter', async () => {
    const root = writeCaseProject({ code: CODE });
    const run = await runCase(proofGaps, root, { code: CODE, entities: ENTITIES });
    const stats = Object.fromEntries(Object.entries(run.metrics).filter(([name]) => /^(kind|chapter|claims|fully)/.test(name)));
    expect(stats).toEqual({
      'claims-contradicted': 2,
      'fully-proved': 1,
      'kind:theorem:entities': 3,
      'kind:theorem:stated': 3,
      'kind:theorem:proved': 2,
      'kind:theorem:fully-proved': 1,
      'chapter:Intro:theorem:entities': 3,
      'chapter:Intro:theorem:stated': 3,
      'chapter:Intro:theorem:proved': 2,
      'chapter:Intro:theorem:fully-proved': 1,
      'kind:lemma:entities': 1,
      'kind:lemma:stated': 1,
      'kind:lemma:proved': 1,
      'kind:definition:entities': 1,
      'kind:definition:stated': 1,
      'kind:definition:proved': 1,
    });
  });
});
