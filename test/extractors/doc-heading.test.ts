import { describe, expect, it } from 'vitest';
import { parseDocHeading } from '../../extractors/doc-heading.js';

const labels = (doc: string) => parseDocHeading(doc)?.items.map((i) => i.label);

describe('parseDocHeading: a heading opening the docstring', () => {
  it('reads kind, number, title and text, plain', () => {
    expect(parseDocHeading('Theorem 2.1 (Title): text')).toEqual({
      form: 'heading',
      items: [{ kind: 'theorem', number: '2.1', label: 'Theorem 2.1' }],
      role: 'statement',
      title: 'Title',
      text: 'text',
    });
    expect(parseDocHeading('Definition 355A The nice sets.')).toMatchObject({
      items: [{ label: 'Definition 355A' }],
      text: 'The nice sets.',
    });
    expect(parseDocHeading('Theorem 1.2.1.\nAssume `μ > 0`.')).toMatchObject({ text: 'Assume `μ > 0`.' });
    expect(parseDocHeading('Text 7.0.11: For each `α ∈ ℝ`,')).toMatchObject({ items: [{ kind: 'text', label: 'Text 7.0.11' }] });
    expect(parseDocHeading('Propositon 3.1 (f(x) bounded). ok')).toMatchObject({ items: [{ kind: 'proposition' }], title: 'f(x) bounded' });
    expect(parseDocHeading('Lemma 4.0.3')).toMatchObject({ role: 'statement', text: '' });
    expect(parseDocHeading('Definition 17.2.4 (Half-space), LaTeX label `def:halfspace`.  A closed half')).toMatchObject({
      title: 'Half-space',
      text: 'A closed half',
    });
  });

  it('reads bold, italic and Markdown-heading forms, the title inside or after the emphasis', () => {
    expect(parseDocHeading('**Theorem 301A** (Iserles / Butcher): A consistent method')).toMatchObject({
      items: [{ label: 'Theorem 301A' }],
      role: 'statement',
      title: 'Iserles / Butcher',
      text: 'A consistent method',
    });
    expect(parseDocHeading('**Theorem 212A (Global Error Bound for the Euler Method).**\n\nIf a sequence')).toMatchObject({
      title: 'Global Error Bound for the Euler Method',
      text: 'If a sequence',
    });
    expect(parseDocHeading('*Lemma 3.4.* Every group')).toMatchObject({
      items: [{ label: 'Lemma 3.4' }],
      role: 'statement',
      text: 'Every group',
    });
    expect(parseDocHeading('__Corollary 2__: so')).toMatchObject({ items: [{ label: 'Corollary 2' }], text: 'so' });
    expect(parseDocHeading('## Definition 355A (Nice sets)\n\nA set is nice')).toMatchObject({ title: 'Nice sets', text: 'A set is nice' });
    expect(parseDocHeading('**Theorem 357C**: algebraic stability implies BN-stability.')).toMatchObject({
      role: 'statement',
      text: 'algebraic stability implies BN-stability.',
    });
  });

  it('reads qualifiers that make the declaration a case, a direction, a variant or an instance of the item', () => {
    const role = (doc: string) => {
      const h = parseDocHeading(doc);
      return [h?.role, h?.qualifier];
    };
    expect(role('**Theorem 212A, Case L = 0**: When the constant is zero')).toEqual(['case', 'Case L = 0']);
    expect(role('Theorem 301A at order 2 (assuming row-sum consistency).')).toEqual(['case', 'at order 2']);
    expect(parseDocHeading('Theorem 301A at order 2 (assuming row-sum consistency).')?.title).toBe('assuming row-sum consistency');
    expect(role('**Theorem 355B** (C < 0, even angles): If the amplitude')).toEqual(['case', 'C < 0, even angles']);
    expect(role('**Theorem 359C (Gauss–Legendre case)**: any method')).toEqual(['case', 'Gauss–Legendre case']);
    expect(role('**Corollary 23, row 4** `(A=1.76)`.')).toEqual(['case', 'row 4']);
    expect(role('Theorem 358A, `only if` direction.')).toEqual(['direction', '`only if` direction']);
    expect(role('**Corollary 342D (backward direction)**: If the nodes')).toEqual(['direction', 'backward direction']);
    expect(role('**Theorem 355F** (contrapositive): if some point')).toEqual(['variant', 'contrapositive']);
    expect(role('**Theorem 355E** in bookkeeping form: once the inequality')).toEqual(['variant', 'in bookkeeping form']);
    expect(role('**Theorem 355F** specialized to backward Euler: the axis')).toEqual(['instance', 'specialized to backward Euler']);
    expect(role('**Theorem 355F** specialized to the trapezoidal rule: the axis')).toEqual([
      'instance',
      'specialized to the trapezoidal rule',
    ]);
    expect(parseDocHeading('Lemma 4.3.1 (Summation by parts formula): for sequences')).toMatchObject({
      role: 'statement',
      title: 'Summation by parts formula',
    });
    expect(parseDocHeading('Definition 18.4 (extreme direction): a direction')).toMatchObject({
      role: 'statement',
      title: 'extreme direction',
    });
    expect(parseDocHeading('Theorem 5.3.1 (Fundamental theorem of calculus, first form). If')).toMatchObject({ role: 'statement' });
    expect(parseDocHeading('Theorem 18.1, in `Fin n → ℝ` using the interior: if')).toMatchObject({ role: 'statement' });
    expect(role('**Theorem 355D** with the current honest boundary. The ordinary part')).toEqual([
      'statement',
      'with the current honest boundary',
    ]);
    expect(parseDocHeading('**Theorem 355D** with the current honest boundary. The ordinary part')?.text).toBe('The ordinary part');
    expect(parseDocHeading('**Conjecture 5.5** (Das, Dey, Sharma 2026): every graph')).toMatchObject({
      role: 'statement',
      title: 'Das, Dey, Sharma 2026',
    });
    expect(role('**Conjecture 4.1** (→ Conjecture 4.4): the first implies the second.')).toEqual(['statement', undefined]);
    expect(labels('Proposition 1.2 / Theorem 1.3: the representation is irreducible.')).toEqual(['Proposition 1.2', 'Theorem 1.3']);
  });

  it('reads an emphasized title followed by the item and its source, with a qualifier after it', () => {
    expect(parseDocHeading("**Dahlquist's Second Barrier** (Iserles, Theorem 3.4):\nAn A-stable method")).toMatchObject({
      form: 'titled',
      items: [{ label: 'Theorem 3.4' }],
      role: 'statement',
      title: "Dahlquist's Second Barrier",
      text: 'An A-stable method',
    });
    expect(parseDocHeading('**Picard–Lindelöf uniqueness** (Iserles Theorem 1.1, uniqueness part). If f')).toMatchObject({
      role: 'case',
      qualifier: 'uniqueness part',
    });
    expect(parseDocHeading('**Picard–Lindelöf theorem** (Iserles Theorem 1.1, thm:110C). Combining')).toMatchObject({ role: 'statement' });
    expect(parseDocHeading('**GL2 is algebraically stable** (via Theorem 359C / 358A).')).toBeUndefined();
  });
});

describe('parseDocHeading: a phrase leading to the item', () => {
  it('reads helpers, directions and parts named before the item', () => {
    expect(parseDocHeading('Helper for Theorem 19.1: directions.')).toMatchObject({
      form: 'phrase',
      items: [{ label: 'Theorem 19.1' }],
      role: 'helper',
      qualifier: 'Helper',
      text: 'directions.',
    });
    expect(parseDocHeading('Necessity direction of Theorem 351B, under an explicit hypothesis.')).toMatchObject({
      role: 'direction',
      qualifier: 'Necessity direction',
      text: 'under an explicit hypothesis.',
    });
    expect(parseDocHeading('Part (ii) of Lemma 8.0.1.')).toMatchObject({ role: 'case', qualifier: 'Part (ii)' });
    expect(parseDocHeading('Matrix-to-polynomial bridge for Theorem 358A.')).toMatchObject({ role: 'helper' });
    expect(parseDocHeading('The `E`-function from Theorem 351B: `E(y) = 0`.')).toMatchObject({ role: 'helper' });
    expect(parseDocHeading('**B(2s) ∧ C(s) ⇒ E(s,s)**, the implication (342m) from Theorem 342C.')).toMatchObject({ role: 'case' });
  });

  it('gives a layer of several items to each of them', () => {
    expect(labels('Finite-endpoint classification layer of Theorems 355C/355D: no arrow ends there.')).toEqual([
      'Theorem 355C',
      'Theorem 355D',
    ]);
  });

  it('leaves citations alone: analogies, consequences, "see", "via"', () => {
    expect(parseDocHeading('Analogue of Theorem 2.1 for rings.')).toBeUndefined();
    expect(parseDocHeading('A consequence of Theorem 2.1.')).toBeUndefined();
    expect(parseDocHeading('See Proposition 3.1.')).toBeUndefined();
    expect(parseDocHeading('See Theorem 2.1 for details.')).toBeUndefined();
    expect(parseDocHeading('Theorem proving is fun.')).toBeUndefined();
    expect(parseDocHeading('This is proved in the main file; Theorem 2.1 uses it.')).toBeUndefined();
  });
});

describe('parseDocHeading: an item named in the text', () => {
  it('reads an equation of an item, and a `Reference:` line', () => {
    expect(parseDocHeading('The reflected tableau preserves `B`. Textbook Theorem 343B, equation (343d).')).toMatchObject({
      form: 'text',
      items: [{ label: 'Theorem 343B' }],
      role: 'case',
      qualifier: 'equation (343d)',
    });
    expect(parseDocHeading('A method is **A-stable** if so.\nReference: Iserles, Definition 3.3.')).toMatchObject({
      form: 'reference',
      items: [{ label: 'Definition 3.3' }],
      role: 'statement',
      text: 'A method is **A-stable** if so.',
    });
    expect(parseDocHeading('Key lemma. Reference: Iserles, proof of Theorem 3.4, step 1.')).toMatchObject({ role: 'helper' });
    expect(parseDocHeading('The RK4 tableau.\nReference: Iserles, Section 2.1, Example 2.2.')).toMatchObject({
      items: [{ label: 'Example 2.2' }],
    });
    expect(parseDocHeading('Reference: Iserles, Section 4.2.')).toBeUndefined();
  });
});
