import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extractDocstrings } from '../../extractors/lean-docstring.js';
import { loadProject } from '../../src/lean/project.js';

const root = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/lean-docs');

describe('lean-docstring extractor', async () => {
  const project = await loadProject(root);
  const result = extractDocstrings({ root, options: {}, project });
  const byId = (id: string) => result.entities.find((e) => e.id === id)!;

  it('makes one entity per item, its declarations the parts: statements first in leanNames, helpers as parts only', () => {
    expect(result.entities.map((e) => [e.id, e.kind, e.leanNames])).toEqual([
      ['Docs#Theorem 2.1', 'theorem', ['Docs.two_one', "Docs.two_one'"]],
      ['Definition 355A', 'definition', ['Docs.Nice']],
      ['Definition 3', 'definition', ['Docs.three']],
      ['Docs/Other#Theorem 2.1', 'theorem', ['Docs.Other.t']],
    ]);
    expect(byId('Docs#Theorem 2.1').parts).toMatchObject([
      { leanName: 'Docs.two_one', role: 'statement', text: 'every element equals itself.', location: { file: 'Docs/Ch1.lean', line: 15 } },
      {
        leanName: 'Docs.two_one_aux',
        role: 'helper',
        qualifier: 'Helper',
        text: 'the section variable equals itself.',
        location: { file: 'Docs/Ch1.lean', line: 18 },
      },
      { leanName: "Docs.two_one'", role: 'statement', text: 'The identity equals itself.', location: { file: 'Docs/Ch1.lean', line: 22 } },
    ]);
    expect(result.files).toEqual(['Docs/Ch1.lean', 'Docs/Other/Ch1.lean']);
    expect(result.problems).toEqual([]);
  });

  it('keeps the docstring text as the statement, and the context before the first part', () => {
    expect(byId('Docs#Theorem 2.1')).toMatchObject({
      title: 'Title',
      statement: 'every element equals itself.\n\nThe identity equals itself.',
      origin: 'docstring',
      location: { file: 'Docs/Ch1.lean', line: 15 },
    });
    expect(byId('Definition 355A').context).toBe('# Chapter 2\n\nThroughout, `α` is a group.');
    expect(byId('Docs/Other#Theorem 2.1').context).toBeUndefined();
  });

  it('reports that it needs a Lean project', () => {
    expect(extractDocstrings({ root, options: {} }).problems.map((p) => p.messageId)).toEqual(['no-project']);
  });
});

describe('lean-docstring extractor on Verso docstrings', async () => {
  const verso = mkdtempSync(join(tmpdir(), 'leanaudit-verso-docs-'));
  afterAll(() => rmSync(verso, { recursive: true, force: true }));
  writeFileSync(join(verso, 'lakefile.lean'), 'package Book where\n  leanOptions := #[⟨`doc.verso, true⟩]\nlean_lib Book\n');
  mkdirSync(join(verso, 'Book'));
  writeFileSync(
    join(verso, 'Book/Ch3.lean'),
    [
      '/-! # Chapter 3: {name}`Set` theory -/',
      '/-- Definition 3.5.6 ({lean}`I`-tuples). The set {name}`I` plays the role of $`{ i : 1 ≤ i ≤ n }` here. -/',
      'def tuples := 1',
      '/-- **Lemma 3.5.8** ({name}`I` finite case): $`I` has a bound. -/',
      'theorem bound : True := trivial',
      'set_option doc.verso false',
      '/-- Lemma 3.5.7. Markdown again: {name}`I` stays, and so does $\\{x\\}$. -/',
      'theorem l : True := trivial',
    ].join('\n'),
  );
  const project = await loadProject(verso);
  const result = extractDocstrings({ root: verso, options: {}, project });
  const byId = (id: string) => result.entities.find((e) => e.id === id)!;

  it('reads the statement, title and context of a Verso docstring as Markdown', () => {
    expect(byId('Definition 3.5.6')).toMatchObject({
      title: '`I`-tuples',
      statement: 'The set `I` plays the role of ${ i : 1 ≤ i ≤ n }$ here.',
      context: '# Chapter 3: `Set` theory',
    });
  });

  it('reads a bold Verso heading with its qualifier as Markdown', () => {
    expect(byId('Lemma 3.5.8').parts).toMatchObject([
      { leanName: 'bound', role: 'case', qualifier: '`I` finite case', text: '$I$ has a bound.' },
    ]);
  });

  it('leaves a docstring after `set_option doc.verso false` as written', () => {
    expect(byId('Lemma 3.5.7').statement).toBe('Markdown again: {name}`I` stays, and so does $\\{x\\}$.');
  });
});

describe('lean-docstring extractor on an item formalized by several declarations', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'leanaudit-doc-parts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'lakefile.lean'), 'package Book\nlean_lib Book\n');
  mkdirSync(join(dir, 'Book'));
  writeFileSync(
    join(dir, 'Book/Euler.lean'),
    [
      '/-- **Theorem 212A, Case L = 0**: the error grows linearly. -/',
      'theorem bound_zero : True := trivial',
      '/-- **Theorem 212A, Case L > 0**: the error grows exponentially. -/',
      'theorem bound_pos : True := trivial',
      '/-- **Theorem 212A (Global Error Bound).** The error is bounded, by Lemma 211B. -/',
      'theorem bound : True := trivial',
      '/-- Matrix bridge for Theorem 358A, using Theorem 357C. -/',
      'theorem bridge : True := trivial',
      '/-- Theorem 358A, `if` direction. -/',
      'theorem if_dir : True := trivial',
      '/-- Theorem 358A, `only if` direction. -/',
      'theorem only_if_dir : True := trivial',
      '/-- Finite-endpoint layer of Theorems 355C/355D: no arrow ends there. -/',
      'def Layer : Prop := True',
      '/-- A method is **A-stable** if so.\nReference: Iserles, Definition 3.3. -/',
      'def IsAStable : Prop := True',
      '/-- **GL2 is stable** (via Theorem 358A). -/',
      'theorem gl2 : True := trivial',
    ].join('\n'),
  );
  const project = await loadProject(dir);
  const { entities } = extractDocstrings({ root: dir, options: {}, project });
  const byId = (id: string) => entities.find((e) => e.id === id)!;

  it('gathers cases, directions and helpers of one item, each with its role and qualifier', () => {
    expect(entities.map((e) => [e.id, e.leanNames])).toEqual([
      ['Theorem 212A', ['bound_zero', 'bound_pos', 'bound']],
      ['Theorem 358A', ['if_dir', 'only_if_dir']],
      ['Theorem 355C', []],
      ['Theorem 355D', []],
      ['Definition 3.3', ['IsAStable']],
    ]);
    expect(byId('Theorem 212A').parts?.map((p) => [p.leanName, p.role, p.qualifier])).toEqual([
      ['bound_zero', 'case', 'Case L = 0'],
      ['bound_pos', 'case', 'Case L > 0'],
      ['bound', 'statement', undefined],
    ]);
    expect(byId('Theorem 358A').parts?.map((p) => [p.leanName, p.role])).toEqual([
      ['bridge', 'helper'],
      ['if_dir', 'direction'],
      ['only_if_dir', 'direction'],
    ]);
    expect(byId('Theorem 355C').parts?.map((p) => [p.leanName, p.role])).toEqual([['Layer', 'helper']]);
  });

  it('writes the statement from the stating parts, each case after its qualifier', () => {
    expect(byId('Theorem 212A')).toMatchObject({
      title: 'Global Error Bound',
      statement:
        '(Case L = 0) the error grows linearly.\n\n(Case L > 0) the error grows exponentially.\n\nThe error is bounded, by Lemma 211B.',
    });
  });
});
