import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extract, extractAndPair, extractOptions, loadPairedEntities } from '../../extractors/index.js';
import { InputError, SkipAuditor } from '../../src/core/errors.js';
import { loadProject } from '../../src/lean/project.js';
import type { LeanProject } from '../../src/model/lean.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

describe('auto choice of the source', async () => {
  const docs = await loadProject(join(fixtures, 'lean-docs'));
  const source = (dir: string, options = {}, project?: LeanProject) =>
    extract({ root: join(fixtures, dir), options, ...(project ? { project } : {}) });

  it('takes the only source present: a blueprint, status JSON, a Markdown textbook, Lean docstrings', () => {
    expect(source('bp-basic').source).toBe('blueprint');
    expect(source('json-basic').source).toBe('json');
    expect(source('md-basic').source).toBe('markdown');
    expect(source('lean-docs', {}, docs).source).toBe('docstring');
    expect(source('lean-docs', { markdown: ['nowhere'] }, docs).source).toBe('docstring');
    expect(source('lean-docs', {}, docs).candidates).toEqual([
      { source: 'docstring', files: ['Docs/Ch1.lean', 'Docs/Other/Ch1.lean'], entities: 4, pairedDecls: 5, outcome: 'chosen' },
    ]);
  });

  const mixed = mkdtempSync(join(tmpdir(), 'leanaudit-sources-'));
  afterAll(() => rmSync(mixed, { recursive: true, force: true }));
  writeFileSync(join(mixed, 'lakefile.lean'), 'package Book\nlean_lib Book\n');
  mkdirSync(join(mixed, 'Book'));
  writeFileSync(
    join(mixed, 'Book/Ch2.lean'),
    [
      '/-- **Theorem 2.1** (Bound): the error is bounded. -/',
      'theorem bound : True := trivial',
      '/-- Lemma 2.2: a step, by Theorem 2.1. -/',
      'theorem step : True := trivial',
      '/-- Lemma 2.3: another step. -/',
      'theorem other : True := trivial',
    ].join('\n'),
  );
  writeFileSync(
    join(mixed, 'Theorem21.md'),
    '# Theorem 2.1: the global bound\n\n## Theorem 2.1 (Bound)\n\n**Theorem.** *The global error is bounded by* $Hm$.\n\n## Proof\n\nBy Lemma 2.2.\n',
  );
  writeFileSync(join(mixed, 'design.md'), '# Agent design\n\n### Problem 1: context\n\n**Problem**: the context fills up.\n');
  writeFileSync(join(mixed, 'Lemma23.md'), '# Lemma 2.3\n\nAnother step, in the book’s words.\n');

  it('takes the source pairing the most declarations, combines the numbered ones and lists every candidate with its reason', async () => {
    const project = await loadProject(mixed);
    const result = extract({ root: mixed, options: {}, project });
    expect(result.source).toBe('docstring');
    expect(result.entities.map((e) => [e.id, e.origin, e.leanNames])).toEqual([
      ['Theorem 2.1', 'markdown', ['bound']],
      ['Lemma 2.2', 'docstring', ['step']],
      ['Lemma 2.3', 'markdown', ['other']],
    ]);
    expect(result.entities[0]!.statement).toBe('*The global error is bounded by* $Hm$.');
    expect(result.entities[0]!.proof).toBe('By Lemma 2.2.');
    expect(result.candidates?.map((c) => [c.source, c.files, c.outcome, c.reason])).toEqual([
      ['docstring', ['Book/Ch2.lean'], 'chosen', undefined],
      ['markdown', ['Lemma23.md', 'Theorem21.md'], 'combined', '0 entities added, 2 merged with the same item of the docstring'],
      [
        'markdown',
        ['design.md'],
        'rejected',
        'its one entity does not pair with a Lean declaration, so it is not read as a textbook (list it in extract.markdown to read it anyway)',
      ],
    ]);
  });
});

describe('the extract config section', () => {
  it('accepts the documented keys and rejects anything else with the key named', () => {
    expect(extractOptions({})).toEqual({});
    expect(extractOptions({ extract: { source: 'json', json: 'x.json', markdown: ['book'], mapping: 'm.json' } })).toMatchObject({
      source: 'json',
    });
    expect(() => extractOptions({ extract: { source: 'pdf' } })).toThrow(InputError);
    expect(() => extractOptions({ extract: { sources: 'json' } })).toThrow(/extract\.sources is not a known option/);
    expect(() => extractOptions({ extract: { markdown: 'book' } })).toThrow(/extract\.markdown must be a list/);
    expect(() => extractOptions({ extract: [] })).toThrow('config: extract must be an object');
  });
});

describe('extractAndPair and the entities() service', () => {
  const empty = mkdtempSync(join(tmpdir(), 'leanaudit-empty-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it('extracts once per run, whatever asks', async () => {
    const root = join(fixtures, 'lean-docs');
    let loads = 0;
    const project = () => {
      loads++;
      return loadProject(root);
    };
    const env = { root, config: {}, signal: new AbortController().signal, project };
    const [first, second] = await Promise.all([extractAndPair(env), loadPairedEntities(env)]);
    expect(second).toBe(first.entities);
    expect(loads).toBe(1);
    expect(first.coverage).toMatchObject({ entities: 4, found: 4 });
  });

  it('pairs nothing but still extracts when the Lean project cannot be read, and skips when there are no entities', async () => {
    mkdirSync(join(empty, 'blueprint/src'), { recursive: true });
    writeFileSync(join(empty, 'blueprint/src/web.tex'), '\\begin{lemma}\\lean{A.b}x\\end{lemma}\n');
    const broken = {
      root: empty,
      config: {},
      signal: new AbortController().signal,
      project: () => Promise.reject(new Error('unreadable')),
    };
    const result = await extractAndPair(broken);
    expect(result.projectError).toBe('unreadable');
    expect(result.entities[0]!.unresolved).toEqual([{ leanName: 'A.b', candidates: [] }]);
    const none = { ...broken, config: { extract: { source: 'json' } }, project: () => loadProject(empty) };
    await expect(loadPairedEntities(none)).rejects.toBeInstanceOf(SkipAuditor);
  });

  it('looks the names the project lacks up in its checked-out dependencies', async () => {
    const root = mkdtempSync(join(tmpdir(), 'leanaudit-deps-pair-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('lake-manifest.json', JSON.stringify({ packages: [{ type: 'git', name: 'mathlib', rev: 'm' }] }));
    write('Proj.lean', 'theorem Proj.own : True := trivial\n');
    write('.lake/packages/mathlib/Mathlib/Up.lean', 'namespace Nat\ntheorem upstream : True := trivial\nend Nat\n');
    write('blueprint/src/web.tex', '\\begin{lemma}\\lean{Proj.own, Nat.upstream, Nat.gone}x\\end{lemma}\n');
    const env = { root, config: {}, signal: new AbortController().signal, project: () => loadProject(root) };
    const { entities, coverage } = await extractAndPair(env);
    rmSync(root, { recursive: true, force: true });
    expect(entities[0]!.decls.map((d) => d.fullName)).toEqual(['Proj.own']);
    expect(entities[0]!.unresolved).toEqual([
      {
        leanName: 'Nat.upstream',
        candidates: [],
        declaredIn: { package: 'mathlib', file: '.lake/packages/mathlib/Mathlib/Up.lean', line: 2 },
      },
      { leanName: 'Nat.gone', candidates: [] },
    ]);
    expect(coverage).toMatchObject({ leanNames: 3, leanNamesFound: 1, leanNamesInDependencies: 1 });
  });
});
