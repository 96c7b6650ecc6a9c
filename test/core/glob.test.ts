import { describe, expect, it } from 'vitest';
import { globToRegExp, matcher } from '../../src/core/glob.js';

describe('ignore patterns', () => {
  it.each([
    ['AesopTest/**', 'AesopTest/Basic.lean', true],
    ['AesopTest/**', 'AesopTest/Deep/Nested.lean', true],
    ['AesopTest/**', 'Aesop/Test.lean', false],
    ['AesopTest', 'AesopTest/Basic.lean', true],
    ['AesopTest/', 'AesopTest/Basic.lean', true],
    ['./AesopTest', 'AesopTest/Basic.lean', true],
    ['**/Experimental/**', 'Lean4Lean/Experimental/LogRel.lean', true],
    ['**/Experimental/**', 'Experimental/LogRel.lean', true],
    ['**/Experimental/**', 'Lean4Lean/ExperimentalX/LogRel.lean', false],
    ['*.lean', 'Main.lean', true],
    ['*.lean', 'Lib/Main.lean', false],
    ['**/*Test.lean', 'Lib/Deep/UnitTest.lean', true],
    ['Lib/?.lean', 'Lib/A.lean', true],
    ['Lib/?.lean', 'Lib/AB.lean', false],
    ['Lib/a+b.lean', 'Lib/a+b.lean', true],
    ['Lib/a+b.lean', 'Lib/aab.lean', false],
  ])('%s matches %s: %s', (pattern, path, expected) => {
    expect(globToRegExp(pattern).test(path)).toBe(expected);
  });

  it('tells which pattern a path matched first', () => {
    const ignoredBy = matcher(['Tests/**', '**/Scratch.lean']);
    expect(ignoredBy('Tests/A.lean')).toBe('Tests/**');
    expect(ignoredBy('Lib/Scratch.lean')).toBe('**/Scratch.lean');
    expect(ignoredBy('Lib/Main.lean')).toBeUndefined();
  });
});
