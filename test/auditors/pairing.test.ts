import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPairedEntities } from '../../extractors/index.js';
import * as pairing from '../../src/auditors/pairing.js';
import { runAuditor } from '../../src/core/runner.js';
import { createServices } from '../../src/core/services.js';
import type { AuditorRun } from '../../src/core/types.js';
import { loadProject } from '../../src/lean/project.js';
import type { PairedEntity } from '../../src/model/entity.js';
import { testAuditor } from '../helpers/auditor-tester.js';

const root = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/pairing-bp');
const TEX = 'blueprint/src/web.tex';

async function audit(stripped = false): Promise<AuditorRun> {
  const services = createServices(root, {}, new AbortController().signal, {
    loadProject,
    loadEntities: async (env) => {
      const entities = await loadPairedEntities(env);
      if (!stripped) return entities;
      return structuredClone(entities).map((e) => {
        delete (e as { location?: unknown }).location;
        for (const d of e.decls) delete (d as { location?: unknown }).location;
        for (const m of e.markers ?? []) delete (m as { location?: unknown }).location;
        return e;
      });
    },
  });
  return runAuditor(pairing, services);
}

describe('pairing auditor', () => {
  it('reports each kind of pairing defect at its place in the blueprint', async () => {
    const run = await audit();
    expect(run.status).toBe('ok');
    const findings = run.findings.map((f) => [
      f.messageId,
      f.severity,
      f.entityId,
      f.location ? `${f.location.file}:${f.location.line}` : '-',
    ]);
    expect(findings).toEqual([
      ['source-problem', 'warning', undefined, `${TEX}:36`],
      ['unknown-use', 'warning', 'thm:done', `${TEX}:6`],
      ['leanok-sorry', 'error', 'thm:pending', `${TEX}:13`],
      ['not-full-name', 'warning', 'lem:same', `${TEX}:20`],
      ['not-found', 'warning', 'lem:missing', `${TEX}:24`],
      ['no-lean-name', 'info', 'cor:none', `${TEX}:32`],
      ['unknown-marker', 'info', 'lem:missing', `${TEX}:24`],
      ['shared-decl', 'info', 'thm:done', `${TEX}:6`],
    ]);
    const message = (id: string) => run.findings.find((f) => f.messageId === id)!.message;
    expect(message('leanok-sorry')).toBe('thm:pending is marked \\leanok (proof) but `Bp.pending` contains sorry');
    expect(message('not-full-name')).toBe(
      "lem:same: `same` is not the full name of a project declaration (`\\lean{}` takes full names, as checkdecls does); the project's declarations ending with it: Bp.A.same, Bp.B.same",
    );
    expect(message('shared-decl')).toBe('`Bp.done` is claimed by 2 entities: thm:done, thm:pending');
    expect(message('source-problem')).toBe('\\input{absent}: file not found');
    expect(message('unknown-marker')).toMatch(/^marker \\\S+ is not a leanblueprint macro \(used once, first in lem:missing\)/);
    expect(run.metrics).toEqual({
      entities: 7,
      withLeanNames: 6,
      paired: 3,
      found: 3,
      proofComplete: 2,
      leanNames: 7,
      leanNamesFound: 4,
      leanNamesInDependencies: 0,
      problems: 1,
    });
  });

  it('reports the same messages when the model has no locations', async () => {
    const [full, stripped] = [await audit(), await audit(true)];
    expect(stripped.status).toBe('ok');
    expect(stripped.findings.map((f) => f.messageId).sort()).toEqual(full.findings.map((f) => f.messageId).sort());
    expect(stripped.findings.filter((f) => f.entityId && f.messageId !== 'source-problem').every((f) => f.location === undefined)).toBe(
      true,
    );
  });
});

const paired = (id: string, origin: string, unresolved: PairedEntity['unresolved'], flags: Record<string, boolean> = {}): PairedEntity => ({
  id,
  kind: 'lemma',
  statement: id,
  leanNames: unresolved.map((u) => u.leanName),
  uses: [],
  flags,
  location: { file: 'informal.json', line: 1 },
  origin,
  decls: [],
  unresolved,
});

const MANIFEST = JSON.stringify({
  packagesDir: '.lake/packages',
  packages: [
    { type: 'git', name: 'mathlib', rev: 'm', url: 'u' },
    { type: 'git', name: 'batteries', rev: 'b', url: 'u' },
  ],
});
/** A project whose Mathlib sources are checked out (batteries is not). */
const WITH_MATHLIB = {
  'lake-manifest.json': MANIFEST,
  '.lake/packages/mathlib/Mathlib/Basic.lean': 'theorem Nat.upstream : True := trivial\n',
};
const UPSTREAM = { package: 'mathlib', file: '.lake/packages/mathlib/Mathlib/Basic.lean', line: 1 };

testAuditor(pairing, {
  valid: [
    {
      name: 'a \\mathlibok name Mathlib declares, or one Lean generates (instance, ext_iff, simps lemma), is not reported',
      code: 'theorem Foo.t : True := trivial\n',
      files: WITH_MATHLIB,
      entities: [
        paired('bp:ok', 'blueprint', [{ leanName: 'Nat.upstream', candidates: [], declaredIn: UPSTREAM }], { mathlibok: true }),
        paired(
          'bp:gen',
          'blueprint',
          [
            { leanName: 'Nat.instFooBar', candidates: [] },
            { leanName: 'Nat.Foo.ext_iff', candidates: [] },
            { leanName: 'Nat.Foo.coe_apply', candidates: [] },
          ],
          {
            mathlibok: true,
          },
        ),
      ],
    },
    {
      name: 'a declaration claimed twice under one label (a duplicate label, which source-problem reports) is not a shared declaration',
      code: 'theorem Foo.t : True := trivial\n',
      entities: ['lem:twice', 'lem:twice'].map((id) => ({
        ...paired(id, 'blueprint', []),
        leanNames: ['Foo.t'],
        decls: [
          {
            leanName: 'Foo.t',
            fullName: 'Foo.t',
            kind: 'theorem',
            header: ': True',
            variables: [],
            location: { file: 'Test/Main.lean', line: 1 },
            hasSorry: false,
          },
        ],
      })),
    },
    {
      name: "a \\mathlibok blueprint name is Mathlib's, whatever project declarations end with it",
      code: 'theorem Foo.same : True := trivial\n',
      entities: [paired('bp:mathlib', 'blueprint', [{ leanName: 'same', candidates: ['Foo.same'] }], { mathlibok: true })],
    },
  ],
  invalid: [
    {
      name: 'outside blueprints a suffix may pair; several candidates are ambiguous, none is not found',
      code: 'theorem A.same : True := trivial\ntheorem B.same : True := trivial\n',
      entities: [
        paired('json:same', 'json', [{ leanName: 'same', candidates: ['A.same', 'B.same'] }]),
        paired('json:none', 'json', [{ leanName: 'Nowhere.x', candidates: [] }]),
        paired('bp:short', 'blueprint', [{ leanName: 'same', candidates: ['A.same', 'B.same'] }]),
      ],
      findings: [
        {
          messageId: 'ambiguous',
          file: 'informal.json',
          line: 1,
          entityId: 'json:same',
          message: 'json:same: Lean name `same` is ambiguous: A.same, B.same',
        },
        { messageId: 'not-found', file: 'informal.json', line: 1, entityId: 'json:none' },
        {
          messageId: 'not-full-name',
          file: 'informal.json',
          line: 1,
          entityId: 'bp:short',
          message: /^bp:short: `same` is not the full name of a project declaration/,
        },
      ],
    },
    {
      name: 'names a checked-out dependency declares are told apart from dangling ones; a \\mathlibok name Mathlib lacks is caught; a name outside the project namespace that a missing package may declare is one information for the run',
      code: 'theorem Foo.t : True := trivial\n',
      files: WITH_MATHLIB,
      entities: [
        paired('bp:up', 'blueprint', [{ leanName: 'Nat.upstream', candidates: [], declaredIn: UPSTREAM }]),
        paired('bp:both', 'blueprint', [{ leanName: 'Nat.upstream', candidates: ['Foo.Nat.upstream'], declaredIn: UPSTREAM }]),
        paired('json:up', 'json', [{ leanName: 'Nat.upstream', candidates: [], declaredIn: UPSTREAM }]),
        paired('bp:gone', 'blueprint', [{ leanName: 'Nat.renamed_upstream', candidates: [] }], { mathlibok: true }),
        paired('bp:none', 'blueprint', [{ leanName: 'Test.missing', candidates: [] }]),
        paired('bp:elsewhere', 'blueprint', [{ leanName: 'Std.maybe', candidates: [] }]),
        paired('bp:inst', 'blueprint', [{ leanName: 'Foo.instFiniteBar', candidates: [], anonymousInstances: ['Test/Main.lean:1'] }]),
      ],
      findings: [
        {
          messageId: 'in-dependency',
          severity: 'info',
          entityId: 'bp:up',
          message:
            'bp:up: `Nat.upstream` is declared in mathlib (.lake/packages/mathlib/Mathlib/Basic.lean:1), not in the project: mark the entity \\mathlibok if it was upstreamed',
        },
        { messageId: 'in-dependency', severity: 'info', entityId: 'bp:both', message: /^bp:both: `Nat.upstream` is declared in mathlib/ },
        {
          messageId: 'in-dependency',
          severity: 'info',
          entityId: 'json:up',
          message: /^json:up: `Nat.upstream` is declared in mathlib \(.*\), not in the project$/,
        },
        {
          messageId: 'mathlibok-not-found',
          severity: 'warning',
          entityId: 'bp:gone',
          message:
            'bp:gone is marked \\mathlibok, but no declaration in the checked-out Mathlib sources (.lake/packages/mathlib) makes `Nat.renamed_upstream`: renamed or deprecated upstream, or a typo?',
        },
        {
          messageId: 'not-found',
          entityId: 'bp:none',
          message: 'bp:none: Lean name `Test.missing` matches no declaration in the project sources or the checked-out sources of mathlib',
        },
        {
          messageId: 'anonymous-instance',
          severity: 'info',
          entityId: 'bp:inst',
          message:
            'bp:inst: `Foo.instFiniteBar` reads like the name Lean gives an anonymous instance; the project declares such instances of that class in that namespace (Test/Main.lean:1), named only when Lean elaborates them, so the name is not checked here',
        },
        {
          messageId: 'dependencies-absent',
          severity: 'info',
          file: 'lake-manifest.json',
          line: 1,
          message:
            '1 Lean name(s) found nowhere in the project (e.g. `Std.maybe`) were not looked up in batteries: lake-manifest.json pins these packages, but their sources are not checked out (looked for under .lake/packages); `lake exe cache get` or `lake update` fetches them',
        },
      ],
    },
  ],
});
