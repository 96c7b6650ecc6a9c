import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extractDocstrings, parseDocHeading } from '../../extractors/lean-docstring.js';
import { loadProject } from '../../src/lean/project.js';

const root = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/lean-docs');

describe('parseDocHeading', () => {
  it('reads kind, number, title and text in the forms seen in real projects', () => {
    expect(parseDocHeading('Theorem 2.1 (Title): text')).toEqual({
      kind: 'theorem',
      number: '2.1',
      label: 'Theorem 2.1',
      title: 'Title',
      helper: false,
      text: 'text',
    });
    expect(parseDocHeading('Definition 355A The nice sets.')).toMatchObject({ label: 'Definition 355A', text: 'The nice sets.' });
    expect(parseDocHeading('Theorem 1.2.1.\nAssume `μ > 0`.')).toMatchObject({ label: 'Theorem 1.2.1', text: 'Assume `μ > 0`.' });
    expect(parseDocHeading('Helper for Theorem 19.1: directions.')).toMatchObject({
      label: 'Theorem 19.1',
      helper: true,
      text: 'directions.',
    });
    expect(parseDocHeading('Text 7.0.11: For each `α ∈ ℝ`,')).toMatchObject({ kind: 'text', label: 'Text 7.0.11' });
    expect(parseDocHeading('Propositon 3.1 (f(x) bounded). ok')).toMatchObject({ kind: 'proposition', title: 'f(x) bounded' });
    expect(parseDocHeading('See Proposition 3.1.')).toBeUndefined();
    expect(parseDocHeading('Theorem proving is fun.')).toBeUndefined();
  });
});

describe('lean-docstring extractor', async () => {
  const project = await loadProject(root);
  const result = extractDocstrings({ root, options: {}, project });
  const byId = (id: string) => result.entities.find((e) => e.id === id)!;

  it('makes one entity per heading, merging declarations that share it, and one per helper', () => {
    expect(result.entities.map((e) => [e.id, e.kind, e.leanNames])).toEqual([
      ['Docs#Theorem 2.1', 'theorem', ['Docs.two_one', "Docs.two_one'"]],
      ['Docs.two_one_aux', 'helper', ['Docs.two_one_aux']],
      ['Definition 355A', 'definition', ['Docs.Nice']],
      ['Definition 3', 'definition', ['Docs.three']],
      ['Docs/Other#Theorem 2.1', 'theorem', ['Docs.Other.t']],
    ]);
    expect(result.files).toEqual(['Docs/Ch1.lean', 'Docs/Other/Ch1.lean']);
    expect(result.problems).toEqual([]);
  });

  it('keeps the docstring text as the statement and links helpers to their target', () => {
    expect(byId('Docs#Theorem 2.1')).toMatchObject({
      title: 'Title',
      statement: 'every element equals itself.\n\nThe identity equals itself.',
      origin: 'docstring',
      location: { file: 'Docs/Ch1.lean', line: 15 },
    });
    expect(byId('Docs.two_one_aux').helperOf).toBe('Docs#Theorem 2.1');
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

  it('leaves a docstring after `set_option doc.verso false` as written', () => {
    expect(byId('Lemma 3.5.7').statement).toBe('Markdown again: {name}`I` stays, and so does $\\{x\\}$.');
  });
});
