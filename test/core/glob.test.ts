import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { checkPatterns, matcher, patternTest, unsupported } from '../../src/core/glob.js';

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
    ['Lib/[AB].lean', 'Lib/B.lean', true],
    ['Lib/[AB].lean', 'Lib/C.lean', false],
    ['{Test,Bench}/**', 'Bench/Big.lean', true],
    ['{Test,Bench}/**', 'Main/Big.lean', false],
    ['**/.scratch/**', 'Lib/.scratch/Try.lean', true],
    ['Lib/*', 'Lib/.hidden.lean', true],
  ])('%s matches %s: %s', (pattern, path, expected) => {
    expect(patternTest(pattern)(path)).toBe(expected);
  });

  it('refuses what an ignore list cannot mean, naming the pattern', () => {
    expect(unsupported('!Keep/**')).toMatch(/negation/);
    expect(unsupported('/Abs/**')).toMatch(/leading \//);
    expect(unsupported('Lib\\Test')).toMatch(/use \//);
    expect(unsupported('../Other/**')).toMatch(/out of the repository/);
    expect(unsupported(' ')).toMatch(/empty/);
    expect(unsupported('**/Test*.lean')).toBeUndefined();
    expect(() => checkPatterns(['Ok/**', '!Keep/**'])).toThrow(InputError);
    expect(() => checkPatterns(['Ok/**', '!Keep/**'])).toThrow('ignore pattern "!Keep/**": negation (!) is not supported');
  });

  it('tells which pattern a path matched first', () => {
    const ignoredBy = matcher(['Tests/**', '**/Scratch.lean']);
    expect(ignoredBy('Tests/A.lean')).toBe('Tests/**');
    expect(ignoredBy('Lib/Scratch.lean')).toBe('**/Scratch.lean');
    expect(ignoredBy('Lib/Main.lean')).toBeUndefined();
  });
});
