import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { detectSource, extractAndPair, extractOptions, loadPairedEntities } from '../../extractors/index.js';
import { InputError, SkipAuditor } from '../../src/core/errors.js';
import { loadProject } from '../../src/lean/project.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

describe('auto detection', () => {
  it('prefers a blueprint, then status JSON, then Markdown textbooks, then Lean docstrings', () => {
    expect(detectSource(join(fixtures, 'bp-basic'), {})).toBe('blueprint');
    expect(detectSource(join(fixtures, 'json-basic'), {})).toBe('json');
    expect(detectSource(join(fixtures, 'md-basic'), {})).toBe('markdown');
    expect(detectSource(join(fixtures, 'lean-docs'), {})).toBe('docstring');
    expect(detectSource(join(fixtures, 'lean-docs'), { markdown: ['nowhere'] })).toBe('markdown');
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
