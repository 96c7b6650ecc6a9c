import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import type { PairedEntity } from '../../src/model/entity.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { leanaudit } from './cli.js';

const TEXTBOOK = SAMPLE.replace(/algebra-basics$/, 'number-theory-textbook');

const records = (stdout: string): PairedEntity[] =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as PairedEntity);
const pairingRun = (repo: string) => {
  const run = leanaudit('audit', repo, '--only', 'pairing', '--format', 'json');
  return (JSON.parse(run.stdout) as Report).runs[0]!;
};

describe('extract and pairing on samples/algebra-basics (blueprint)', () => {
  it('reads every entity of the blueprint and pairs it', () => {
    const run = leanaudit('extract', SAMPLE);
    expect(run.status).toBe(0);
    const entities = records(run.stdout);
    expect(entities.map((e) => e.id)).toEqual([
      'thm:identity-unique',
      'lem:inverses',
      'def:commutator',
      'thm:commutator-iff',
      'lem:order-dvd',
      'lem:order-dvd-mathlib',
      'thm:lagrange-elements',
      'cor:pow-card',
      'thm:feit-thompson',
      'thm:fermat',
      'thm:wilson',
      'sub:sq-mod-4',
      'sub:odd-sq-mod-8',
      'cor:two-squares',
    ]);
    const byId = (id: string) => entities.find((e) => e.id === id)!;
    expect(byId('lem:inverses').decls.map((d) => d.fullName)).toEqual(['AlgebraBasics.inverse_unique', 'AlgebraBasics.inv_mul_rev']);
    expect(byId('lem:order-dvd')).toMatchObject({
      flags: { leanok: true, proofLeanok: true },
      decls: [{ fullName: "AlgebraBasics.Order.orderOf_dvd_of_pow_eq_one'" }],
    });
    expect(byId('thm:identity-unique').decls[0]!.variables).toEqual(['{G : Type*}', '[Group G]']);
    expect(run.stderr).toContain('extract: source blueprint, 5 file(s), 14 entities');
  });

  it('reports the defects the blueprint carries', () => {
    const run = pairingRun(SAMPLE);
    expect(run.findings.map((f) => [f.messageId, f.severity, `${f.location?.file}:${f.location?.line}`])).toEqual([
      ['source-candidate', 'info', 'undefined:undefined'],
      ['leanok-sorry', 'error', 'blueprint/src/chapter/groups.tex:33'],
      ['not-found', 'warning', 'blueprint/src/chapter/modular.tex:25'],
      ['no-lean-name', 'info', 'blueprint/src/chapter/modular.tex:29'],
      // One finding per unknown macro, after the entities' own.
      ['unknown-marker', 'info', 'blueprint/src/chapter/order.tex:44'],
      ['unknown-marker', 'info', 'blueprint/src/chapter/order.tex:45'],
      ['dependencies-absent', 'info', 'lake-manifest.json:1'],
    ]);
    expect(run.findings[0]!.message).toBe(
      "docstring (AlgebraBasics/GaussianIntegers.lean, AlgebraBasics/Groups/Basic.lean, AlgebraBasics/Groups/Order.lean and 2 more; 34 entities pairing 34 declarations): not read (the blueprint is): the blueprint is the informal source and the docstrings restate it in the formalizer's words (12 of their 34 declarations are the blueprint's), and the two name items differently, so one item could be counted twice",
    );
    // The \mathlibok name is Mathlib's to check; the dangling one under the project's own namespace stays a warning.
    expect(run.findings.at(-1)!.message).toBe(
      '1 Lean name(s) found nowhere in the project (e.g. `orderOf_dvd_of_pow_eq_one`) were not looked up in mathlib, plausible, LeanSearchClient and 6 more: lake-manifest.json pins these packages, but their sources are not checked out (looked for under .lake/packages); `lake exe cache get` or `lake update` fetches them',
    );
    expect(run.metrics).toEqual({
      entities: 14,
      withLeanNames: 13,
      paired: 11,
      found: 11,
      proofComplete: 8,
      leanNames: 14,
      leanNamesFound: 12,
      leanNamesInDependencies: 0,
      problems: 0,
    });
  });

  it('reads the Lean docstrings instead when asked', () => {
    const entities = records(leanaudit('extract', SAMPLE, '--source', 'docstring').stdout);
    expect(entities).toHaveLength(34);
    expect(entities.every((e) => e.selfConsistency === true && e.decls.length === 1)).toBe(true);
  });
});

describe('extract and pairing on samples/number-theory-textbook (Markdown)', () => {
  it('pairs by docstring anchors and by the mapping file', () => {
    const entities = records(leanaudit('extract', TEXTBOOK).stdout);
    expect(entities.map((e) => [e.id, e.decls.map((d) => d.fullName)])).toEqual([
      ['Definition 1.1', ['NumberTheory.Divides']],
      ['Theorem 1.2', ['NumberTheory.divides_trans']],
      ['Lemma 1.3', ['NumberTheory.divides_add']],
      ['Theorem 1.4', ['NumberTheory.div_rem']],
      ['Theorem 2.1', ['NumberTheory.euclid']],
      ['Lemma 2.2', ['NumberTheory.exists_prime_factor']],
      ['Theorem 2.3', ['NumberTheory.infinitely_many_primes']],
      ['Corollary 2.4', []],
    ]);
    expect(entities[3]!.statement).toContain('$0 \\le r < |b|$');
    expect(entities.some((e) => e.selfConsistency)).toBe(false);
  });

  it('reports the entity left unformalized', () => {
    const run = pairingRun(TEXTBOOK);
    expect(run.findings.map((f) => [f.messageId, f.entityId])).toEqual([
      ['source-candidate', 'docstring'],
      ['no-lean-name', 'Corollary 2.4'],
    ]);
    expect(run.findings[0]!.message).toBe(
      'docstring (NumberTheory/Divisibility.lean, NumberTheory/Primes.lean; 4 entities pairing 4 declarations): combined with the markdown: 0 entities added, 4 merged with the same item of the markdown',
    );
    expect(run.metrics).toMatchObject({ entities: 8, found: 7, proofComplete: 6 });
  });
});

describe('crossfile-reuse on the samples', () => {
  const run = (repo: string) =>
    (JSON.parse(leanaudit('audit', repo, '--only', 'crossfile-reuse', '--format', 'json').stdout) as Report).runs[0]!;

  it('finds where the Lean code does not follow the dependencies the blueprint states, and says when it cannot (a module not imported)', () => {
    const blueprint = run(SAMPLE);
    expect(blueprint.findings.map((f) => [f.messageId, f.entityId, f.evidence?.from, f.evidence?.source])).toEqual([
      ['unreflected', 'lem:inverses', 'thm:identity-unique', 'uses'],
      ['unreflected-unproved', 'thm:commutator-iff', 'lem:inverses', 'uses'],
      ['unreflected-unproved', 'thm:lagrange-elements', 'lem:order-dvd', 'uses'],
      // Modular.lean imports only Mathlib: fermat_little cannot use the corollary of Groups/Order.lean.
      ['unreachable', 'thm:fermat', 'cor:pow-card', 'citation'],
    ]);
    expect(blueprint.metrics).toMatchObject({
      edges: 7,
      checked: 5,
      reflected: 2,
      unreflected: 1,
      unreachable: 1,
      unreflectedUnproved: 2,
      notCheckable: 1,
    });
  });

  it('finds a textbook proof that cites a lemma the Lean proof replaces by Mathlib', () => {
    const textbook = run(TEXTBOOK);
    expect(textbook.findings.map((f) => [f.messageId, `${f.location?.file}:${f.location?.line}`, f.message])).toEqual([
      [
        'unreflected',
        'textbook/chapter2.md:11',
        'Theorem 2.3 depends on Lemma 2.2 (cites it in its proof: Lemma 2.2), but its Lean (NumberTheory.infinitely_many_primes) never refers to NumberTheory.exists_prime_factor, directly or through other project declarations',
      ],
    ]);
  });
});
