import { describe, expect, it } from 'vitest';
import { versoDocsAt, versoToMarkdown } from '../../extractors/verso-docstring.js';
import { lex } from '../../src/lean/syntax/lexer.js';

describe('versoToMarkdown', () => {
  it('reads a role on code as the code', () => {
    expect(versoToMarkdown('The set {name}`I` plays the role of {syntax term}`∅`.')).toBe('The set `I` plays the role of `∅`.');
    expect(versoToMarkdown('cast {lean (type := "Set")}`{a,b}` to {name (full := RatCast.ratCast)}`Set`')).toBe('cast `{a,b}` to `Set`');
    expect(versoToMarkdown('{kw (of := «term_≤_»)}`≤` and {given -show}`x : ℕ`')).toBe('`≤` and `x : ℕ`');
    expect(versoToMarkdown('a role on longer code: {lean}``f `x``')).toBe('a role on longer code: ``f `x``');
  });

  it('reads a role on text as the text, roles inside it included', () => {
    expect(versoToMarkdown('a {deftech}[group] is {emph}[a {name}`Monoid` with inverses]')).toBe('a group is a `Monoid` with inverses');
  });

  it('reads inline and display math as Markdown math', () => {
    expect(versoToMarkdown('for $`ε > 0` we have $$`\\sum_i a_i = 1`')).toBe('for $ε > 0$ we have $$\\sum_i a_i = 1$$');
    expect(versoToMarkdown('the set $`{ i : 1 ≤ i ≤ n }`')).toBe('the set ${ i : 1 ≤ i ≤ n }$');
  });

  it('unescapes escaped characters outside code, and leaves code as written', () => {
    expect(versoToMarkdown('a brace \\{ and a star \\* but `\\{ kept`')).toBe('a brace { and a star * but `\\{ kept`');
  });

  it('keeps what is no role as written: plain braces, unclosed code, a role with nothing after it', () => {
    expect(versoToMarkdown('inf{m(U) : U open} and {q_n} enumerates')).toBe('inf{m(U) : U open} and {q_n} enumerates');
    expect(versoToMarkdown('{name}`unclosed')).toBe('{name}`unclosed');
    expect(versoToMarkdown('an open $`math')).toBe('an open $`math');
    expect(versoToMarkdown('{name} alone, {name')).toBe('{name} alone, {name');
  });
});

describe('versoDocsAt', () => {
  const at = (text: string, byDefault: boolean) => {
    const verso = versoDocsAt(lex(text).tokens, byDefault);
    return (marker: string) => verso(text.indexOf(marker));
  };

  it("follows the file's set_option doc.verso from where it stands, over the lakefile's setting", () => {
    const text = '/-- A -/ def a := 1\nset_option doc.verso true\n/-- B -/ def b := 1\nset_option doc.verso false\n/-- C -/ def c := 1\n';
    const verso = at(text, false);
    expect([verso('/-- A'), verso('/-- B'), verso('/-- C')]).toEqual([false, true, false]);
    expect(at('/-- A -/ def a := 1\n', true)('/-- A')).toBe(true);
  });

  it('holds a set_option … in for the next command alone, and reads no option in comments', () => {
    const text =
      'set_option doc.verso true in\n/-- A -/ def a := 1\n/-- B -/ def b := 1\n-- set_option doc.verso true\n/-- C -/ def c := 1\n';
    const verso = at(text, false);
    expect([verso('/-- A'), verso('/-- B'), verso('/-- C')]).toEqual([true, false, false]);
  });
});
