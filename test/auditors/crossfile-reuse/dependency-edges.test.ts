import { describe, expect, it } from 'vitest';
import { citedNumbers, dependencyEdges, introducedTerms, weakCitation } from '../../../src/auditors/crossfile-reuse/dependency-edges.js';
import type { Entity } from '../../../src/model/entity.js';

const entity = (id: string, kind: string, statement: string, extra: Partial<Entity> = {}): Entity => ({
  id,
  kind,
  statement,
  leanNames: [],
  uses: [],
  flags: {},
  location: { file: 'web.tex', line: 1 },
  origin: 'blueprint',
  ...extra,
});

describe('dependencyEdges', () => {
  it('reads \\uses of the statement and the proof, and LaTeX references to labels, one edge per pair', () => {
    const edges = dependencyEdges([
      entity('def:group', 'definition', 'A \\emph{group} is a set with an operation.'),
      entity('lem:a', 'lemma', 'In a group, inverses are unique.', { uses: ['def:group'] }),
      entity('thm:b', 'theorem', 'See \\cref{lem:a, def:group}.', {
        proof: 'By \\ref{lem:a} and \\Cref{lem:a}.',
        proofUses: ['lem:a', 'nowhere'],
      }),
    ]);
    expect(edges).toEqual([
      { from: 'def:group', to: 'lem:a', source: 'uses', part: 'statement' },
      { from: 'lem:a', to: 'thm:b', source: 'uses', part: 'proof' },
      // "See …" in a statement cites for reference, not for use: a weak citation.
      { from: 'def:group', to: 'thm:b', source: 'citation', part: 'statement', cue: '\\cref{lem:a, def:group}', weak: 'terminology' },
    ]);
  });

  it("reads prose citations of numbered entities (in the same book when ids are scoped), lists with a slash, and the texts of a docstring entity's helpers as its proof", () => {
    const md = (id: string, kind: string, statement: string, extra: Partial<Entity> = {}) =>
      entity(id, kind, statement, { origin: 'markdown', ...extra });
    const edges = dependencyEdges([
      md('Theorem 1.2', 'theorem', 'Divisibility is transitive.'),
      md('Lemma 142C', 'lemma', 'Something.'),
      md('Lemma 1.3', 'lemma', 'Another.'),
      md('Corollary 1.4', 'corollary', 'By theorem 1.2 and Lemma 142C, it follows; Theorem 9.9 is elsewhere.', {
        proof: 'Lemmas 1.3, 142C and 7.7.',
      }),
      md('Theorem 358A', 'theorem', 'Stable iff the nodes are zeros.', {
        origin: 'docstring',
        parts: [
          { leanName: 'bridge', role: 'helper', text: 'A bridge, from Lemma 1.3.', location: { file: 'A.lean', line: 3 } },
          { leanName: 'thm', role: 'statement', text: 'Stable iff the nodes are zeros.', location: { file: 'A.lean', line: 9 } },
        ],
      }),
      md('Theorem 359C', 'theorem', 'Gauss nodes are stable (via Theorems 358A/142C).'),
      md('bookA#Theorem 3.1', 'theorem', 'A.'),
      md('bookB#Theorem 3.1', 'theorem', 'B.'),
      md('bookB#Corollary 3.2', 'corollary', 'By Theorem 3.1.'),
    ]);
    expect(edges.map((e) => [e.from, e.to, e.source, e.cue])).toEqual([
      ['Theorem 1.2', 'Corollary 1.4', 'citation', 'theorem 1.2'],
      ['Lemma 142C', 'Corollary 1.4', 'citation', 'Lemma 142C'],
      ['Lemma 1.3', 'Corollary 1.4', 'citation', 'Lemmas 1.3, 142C and 7.7'],
      ['Lemma 1.3', 'Theorem 358A', 'citation', 'Lemma 1.3'],
      ['Theorem 358A', 'Theorem 359C', 'citation', 'Theorems 358A/142C'],
      ['bookB#Theorem 3.1', 'bookB#Corollary 3.2', 'citation', 'Theorem 3.1'],
    ]);
  });

  it('reads a lettered item number cited bare when one entity has it, and abbreviated kinds', () => {
    const doc = (id: string, statement: string) => entity(id, 'theorem', statement, { origin: 'docstring' });
    const edges = dependencyEdges([
      doc('Theorem 355D', 'Arrow counts.'),
      doc('Theorem 355E', 'Exact counts: a direct corollary of 355D, see also `thm_355D` and (355d).'),
      doc('Theorem 4.14', 'GL2 is stable.'),
      doc('Theorem 359C', 'Gauss nodes, by Thm 4.14.'),
      doc('Lemma 2.1', 'A step.'),
      doc('Theorem 2.2', 'By 2.1 and 355D.'),
    ]);
    expect(edges.map((e) => [e.from, e.to, e.cue])).toEqual([
      ['Theorem 355D', 'Theorem 355E', '355D'],
      ['Theorem 4.14', 'Theorem 359C', 'Thm 4.14'],
      ['Theorem 355D', 'Theorem 2.2', '355D'],
    ]);
  });

  it('spells out citation ranges whose ends differ in their last part only, by a number or a letter', () => {
    expect(citedNumbers('2.1–2.4')).toEqual(['2.1', '2.2', '2.3', '2.4']);
    expect(citedNumbers('142A--142C')).toEqual(['142A', '142B', '142C']);
    expect(citedNumbers('3 to 5, 7 and 9')).toEqual(['3', '4', '5', '7', '9']);
    expect(citedNumbers('1.9—2.1')).toEqual(['1.9', '2.1']);
    expect(citedNumbers('2.1-2.100')).toEqual(['2.1', '2.100']);
    expect(citedNumbers('2.4-2.1')).toEqual(['2.4', '2.1']);
    expect(citedNumbers('5a through 5C')).toEqual(['5a', '5C']);
    expect(citedNumbers('7.1.4-6')).toEqual(['7.1.4', '7.1.5', '7.1.6']);
    expect(citedNumbers('10.2.6 - 10.2.8')).toEqual(['10.2.6', '10.2.7', '10.2.8']);
    expect(citedNumbers('3-14', false)).toEqual(['3']);
    expect(citedNumbers('2.1--2.2', false)).toEqual(['2.1', '2.2']);
    const md = (id: string, kind: string, statement: string, extra: Partial<Entity> = {}) =>
      entity(id, kind, statement, { origin: 'markdown', ...extra });
    const lemmas = ['2.1', '2.2', '2.3', '2.4'].map((n) => md(`Lemma ${n}`, 'lemma', 'A step.'));
    const props = ['3', '4', '14'].map((n) => md(`Proposition ${n}`, 'proposition', 'A fact.'));
    const edges = dependencyEdges([
      ...lemmas,
      ...props,
      md('Theorem 2.5', 'theorem', 'It holds.', { proof: 'Combine Lemmas 2.1–2.3.' }),
      md('Theorem 2.6', 'theorem', 'As in Proposition 3-14.'),
    ]);
    expect(edges.map((e) => [e.from, e.to, e.cue])).toEqual([
      ...['2.1', '2.2', '2.3'].map((n) => [`Lemma ${n}`, 'Theorem 2.5', 'Lemmas 2.1–2.3']),
      ['Proposition 3', 'Theorem 2.6', 'Proposition 3-14'],
    ]);
  });

  it('guesses term edges from the words a definition introduces, unless already linked or too common', () => {
    const defs = [
      entity('def:coset', 'definition', 'A \\textbf{left coset} of $H$ is $gH$.', { title: 'Cosets' }),
      entity('def:set', 'definition', 'A \\emph{set} is a collection.'),
    ];
    const users = [
      'Left cosets partition $G$.',
      'The index counts left cosets.',
      'Every set is a set.',
      'A set again.',
      'Set theory.',
      'One more set.',
      'Sets, sets.',
    ].map((s, k) => entity(`u${k}`, 'lemma', s, k === 1 ? { uses: ['def:coset'] } : {}));
    expect(introducedTerms(defs[0]!)).toEqual(['cosets', 'left coset']);
    const markdown = entity(
      'Definition 2.1',
      'definition',
      'A number $p$ is **prime** if it has *exactly two* divisors; $a*b$ is no term.',
      { origin: 'markdown', title: 'Primes (2.1)' },
    );
    expect(introducedTerms(markdown)).toEqual(['prime', 'exactly two']); // a title with a number is no term
    const edges = dependencyEdges([...defs, ...users]);
    expect(edges.filter((e) => e.source === 'term')).toEqual([
      { from: 'def:coset', to: 'u0', source: 'term', part: 'statement', cue: 'cosets' },
    ]);
  });
});

describe('weakCitation', () => {
  const at = (text: string, cited: string) => weakCitation(text, text.indexOf(cited));
  it('reads a citation by analogy or for a notation only from the words before it in its sentence', () => {
    expect(at('The proof is analogous to Lemma 2.1.', 'Lemma 2.1')).toBe('analogy');
    expect(at('Symmetric to \\cref{lem:a}.', '\\cref')).toBe('analogy');
    expect(at('We argue similarly to the proof of Theorem 3.', 'Theorem 3')).toBe('analogy');
    expect(at('For $F$ as defined in \\Cref{estimate-bad-partial}, we have', '\\Cref')).toBe('terminology');
    expect(at('with the notation of Lemma~\\ref{lem:x}', 'Lemma~')).toBe('terminology');
    expect(
      at('Repeat the proof of \\Cref{pfr_aux}, but with \\Cref{main-entropy} in place of \\Cref{entropy-pfr}.', '\\Cref{pfr_aux}'),
    ).toBe('analogy');
    expect(
      at('Repeat the proof of \\Cref{pfr_aux}, but with \\Cref{main-entropy} in place of \\Cref{entropy-pfr}.', '\\Cref{entropy-pfr}'),
    ).toBe('analogy');
    expect(at('Given \\Cref{aux}, the proof is the same as that of \\Cref{pfr}.', '\\Cref{pfr}')).toBe('analogy');
    expect(at('where $C(m)$ is the polynomial Cauchy matrix from Lemma~\\ref{lem.x}.', 'Lemma~')).toBe('terminology');
    expect(at('This is the Lean formalization of Proposition~\\ref{prop.sw1}', 'Proposition~')).toBe('terminology');
    expect(at('Under the hypotheses of Theorem~\\ref{thm.a}, the product', 'Theorem~')).toBe('terminology');
    expect(at('The claim follows from Lemma 2.1.', 'Lemma 2.1')).toBeUndefined();
  });

  it('reads a citation by the same method, of a step inside another proof, or of a generalization as one by analogy, and one that relates results as a remark', () => {
    const full = (text: string, cue: string) => weakCitation(text, text.indexOf(cue), cue);
    expect(at('Same method as for Proposition~\\ref{prop.fin-fin}, but now using', 'Proposition~')).toBe('analogy');
    expect(at('As outlined in Claim~1 in the proof of Proposition~\\ref{prop.nhs}.', 'Proposition~')).toBe('analogy');
    expect(full('Adjugate identity (Lemma~\\ref{lem.adj-corners}, generalized): the determinant', '\\ref{lem.adj-corners}')).toBe(
      'analogy',
    );
    expect(full('Theorem~\\ref{thm.dj-1} is the particular case $p = 1$.', '\\ref{thm.dj-1}')).toBe('remark');
    expect(
      full('Theorem~\\ref{thm.dj-1} is, of course, the particular case of Theorem~\\ref{thm.dj-2} for p = 1.', '\\ref{thm.dj-2}'),
    ).toBe('remark');
    expect(at('This is the exact same statement as Lemma~\\ref{lem.k}, applied to g.', 'Lemma~')).toBe('remark');
    // The citing item a special case of the cited one: the cited result is used.
    expect(full('This is a special case of Proposition~\\ref{prop.wd2}.', '\\ref{prop.wd2}')).toBeUndefined();
    expect(full('By Lemma~\\ref{lem.x}, generally, it holds.', '\\ref{lem.x}')).toBeUndefined();
  });

  it('makes weak a dependency only some of an item’s proofs state: the statement does not need it', () => {
    const edges = dependencyEdges([
      entity('lem:a', 'lemma', 'A.'),
      entity('lem:b', 'lemma', 'B.'),
      entity('thm:c', 'theorem', 'C.', {
        proof: 'By Lemma~\\ref{lem:a}.\n\nBy Lemmas~\\ref{lem:a} and \\ref{lem:b}.',
        proofUses: ['lem:a', 'lem:b'],
        proofs: [
          { text: 'By Lemma~\\ref{lem:a}.', uses: ['lem:a'] },
          { text: 'By Lemmas~\\ref{lem:a} and \\ref{lem:b}.', uses: ['lem:b'] },
        ],
      }),
    ]);
    expect(edges.map((e) => [e.from, e.weak])).toEqual([
      ['lem:a', undefined],
      ['lem:b', 'other-proof'],
    ]);
  });

  it('makes a citation in a statement weak unless its words say the result is used', () => {
    const edgesOf = (statement: string) => dependencyEdges([entity('thm:a', 'theorem', 'A.'), entity('thm:b', 'theorem', statement)]);
    expect(edgesOf('In the setting of \\cref{thm:a}, the bound holds.')[0]!.weak).toBe('terminology');
    expect(edgesOf('Here are functions whose convexity is a consequence of \\cref{thm:a}.')[0]!.weak).toBeUndefined();
    expect(edgesOf('Then \\cref{thm:a} yields the estimate.')[0]!.weak).toBeUndefined();
    expect(edgesOf('By Theorem 1.2 and \\cref{thm:a}, it follows.')[0]!.weak).toBeUndefined();
    expect(edgesOf('Left to the reader, by Lemma~\\ref{thm:a}.')[0]!.weak).toBeUndefined();
    expect(edgesOf('The cone obtained by adjoining the origin to the cone in \\cref{thm:a}.')[0]!.weak).toBe('terminology');
    const definition = dependencyEdges([
      entity('thm:a', 'theorem', 'A.'),
      entity('def:b', 'definition', 'The function obtained via \\cref{thm:a}.'),
    ]);
    expect(definition[0]!.weak).toBe('terminology');
    expect(at('If equality holds in \\Cref{log-sum}, then $a_s=r b_s$', '\\Cref')).toBe('terminology');
    expect(at('As in the beginning of \\Cref{pfr} the doubling condition forces it', '\\Cref{pfr}')).toBe('analogy');
  });

  it('leaves a citation that uses the result plain, even after such words in an earlier sentence or clause', () => {
    expect(at('By Lemma 2.1 we get the bound.', 'Lemma 2.1')).toBeUndefined();
    expect(at('The case is symmetric. Now apply Lemma 2.1.', 'Lemma 2.1')).toBeUndefined();
    expect(at('By a similar bound, and by Lemma 2.1, the claim follows.', 'Lemma 2.1')).toBeUndefined();
  });

  it('makes an edge weak only while no plain citation of the same pair is met', () => {
    const weakOnly = dependencyEdges([entity('lem:a', 'lemma', 'A.'), entity('thm:b', 'theorem', 'Analogous to \\ref{lem:a}.')]);
    expect(weakOnly.map((e) => e.weak)).toEqual(['analogy']);
    const both = dependencyEdges([
      entity('lem:a', 'lemma', 'A.'),
      entity('thm:b', 'theorem', 'Analogous to \\ref{lem:a}. Then \\ref{lem:a} gives it.'),
    ]);
    expect(both).toHaveLength(1);
    expect(both[0]!.weak).toBeUndefined();
  });
});
