import { describe, expect, it } from 'vitest';
import { additiveNames, guessAdditive, guessMultiplicative } from '../../../src/lean/resolve/to-additive.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';

describe('guessAdditive', () => {
  it('guesses the additive name word by word', () => {
    expect(guessAdditive('mulEquivHaarChar_piCongrRight')).toBe('addEquivAddHaarChar_piCongrRight');
    expect(guessAdditive('mulEquivHaarChar_prodCongr')).toBe('addEquivAddHaarChar_sumCongr');
    expect(guessAdditive('prod_one_div')).toBe('sum_zero_sub');
    expect(guessAdditive('SMulCommClass')).toBe('VAddCommClass');
    expect(guessAdditive('multiply_onedrive')).toBe('multiply_onedrive');
  });
});

describe('additiveNames', () => {
  const decls = parseLean(
    [
      'namespace M',
      '@[to_additive (attr := simp) /-- The sum. -/]',
      'lemma prod_mul : True := trivial',
      '@[to_additive addConj]',
      'lemma mulConj : True := trivial',
      '@[to_additive existing]',
      'lemma mulOld : True := trivial',
      'lemma mulPlain : True := trivial',
      'end M',
    ].join('\n'),
    'M.lean',
  ).decls;

  it('gives the explicit name in the namespace, the guessed one otherwise, none without the attribute', () => {
    expect(decls.map(additiveNames)).toEqual([['M.sum_add'], ['M.addConj', 'addConj'], ['M.addOld'], []]);
  });
});

describe('guessMultiplicative', () => {
  it('reads additive words back, longest first, to find the file a generated name comes from', () => {
    expect(guessMultiplicative('addEquivAddHaarChar')).toBe('mulEquivHaarChar');
    expect(guessMultiplicative('AddSubgroup')).toBe('Subgroup');
    expect(guessMultiplicative('sum_nsmul_zero')).toBe('prod_pow_one');
    expect(guessMultiplicative('neg_vadd')).toBe('inv_smul');
    expect(guessMultiplicative('card_le')).toBe('card_le');
  });
});
