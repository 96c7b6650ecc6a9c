import { describe, expect, it } from 'vitest';
import { LONG_LINE, lex, typeHead } from '../../../src/lean/syntax/lexer.js';

const kinds = (src: string) => lex(src).tokens.map((t) => [t.kind, t.text]);
const texts = (src: string) => lex(src).tokens.map((t) => t.text);

describe('lexer', () => {
  it('drops whitespace and keeps comments as tokens', () => {
    expect(kinds('theorem foo -- note\n  : True')).toEqual([
      ['keyword', 'theorem'],
      ['ident', 'foo'],
      ['lineComment', '-- note'],
      ['symbol', ':'],
      ['ident', 'True'],
    ]);
  });

  it('nests block comments and tells doc comments and module docs apart', () => {
    const src = '/- a /- sorry -/ still -/ x /-- doc /- n -/ -/ y /-! mod -/ z';
    expect(kinds(src)).toEqual([
      ['blockComment', '/- a /- sorry -/ still -/'],
      ['ident', 'x'],
      ['docComment', '/-- doc /- n -/ -/'],
      ['ident', 'y'],
      ['moduleDoc', '/-! mod -/'],
      ['ident', 'z'],
    ]);
  });

  it('reads strings with escapes, interpolation and raw strings', () => {
    expect(kinds('"a \\"sorry\\" \\\\" x')).toEqual([
      ['string', '"a \\"sorry\\" \\\\"'],
      ['ident', 'x'],
    ]);
    expect(kinds('s!"n = {f "}" n} sorry" y')).toEqual([
      ['ident', 's!'],
      ['string', '"n = {'],
      ['ident', 'f'],
      ['string', '"}"'],
      ['ident', 'n'],
      ['string', '} sorry"'],
      ['ident', 'y'],
    ]);
    expect(kinds('r#"a "quoted" sorry"# r"plain" z')).toEqual([
      ['string', 'r#"a "quoted" sorry"#'],
      ['string', 'r"plain"'],
      ['ident', 'z'],
    ]);
  });

  it('keeps an interpolation with nested braces inside the term', () => {
    expect(texts('m!"{ {x with a := 1} }"')).toEqual(['m!', '"{', '{', 'x', 'with', 'a', ':=', '1', '}', '}"']);
  });

  it('tells char literals from primes in identifiers', () => {
    expect(kinds("x' h' 'a' '\\n' '\\'' f x'' 'α'")).toEqual([
      ['ident', "x'"],
      ['ident', "h'"],
      ['char', "'a'"],
      ['char', "'\\n'"],
      ['char', "'\\''"],
      ['ident', 'f'],
      ['ident', "x''"],
      ['char', "'α'"],
    ]);
  });

  it('reads «quoted names», unicode identifiers and subscripts', () => {
    expect(kinds('Foo.«bar baz».qux ℕ α h₁ x₁₂ 𝔓 sorry_free Nat.succ λ')).toEqual([
      ['ident', 'Foo.«bar baz».qux'],
      ['ident', 'ℕ'],
      ['ident', 'α'],
      ['ident', 'h₁'],
      ['ident', 'x₁₂'],
      ['ident', '𝔓'],
      ['ident', 'sorry_free'],
      ['ident', 'Nat.succ'],
      ['symbol', 'λ'],
    ]);
  });

  it('reads the Latin letters Lean 4.22 allows in identifiers, but not × and ÷', () => {
    expect(kinds('gödelNumber_def étonnant Erdős ÿŁſ a×b c÷d')).toEqual([
      ['ident', 'gödelNumber_def'],
      ['ident', 'étonnant'],
      ['ident', 'Erdős'],
      ['ident', 'ÿŁſ'],
      ['ident', 'a'],
      ['symbol', '×'],
      ['ident', 'b'],
      ['ident', 'c'],
      ['symbol', '÷'],
      ['ident', 'd'],
    ]);
  });

  it('reads numeric literals and field indices', () => {
    expect(kinds('42 3.14 1e10 2.5e-3 0xFF 0b101 h.1.2')).toEqual([
      ['number', '42'],
      ['number', '3.14'],
      ['number', '1e10'],
      ['number', '2.5e-3'],
      ['number', '0xFF'],
      ['number', '0b101'],
      ['ident', 'h'],
      ['symbol', '.'],
      ['number', '1'],
      ['symbol', '.'],
      ['number', '2'],
    ]);
  });

  it('reads attributes, #commands and multi-character symbols', () => {
    expect(kinds('@[simp, to_additive] #check x := y <;> z |>.w @f')).toEqual([
      ['attributeOpen', '@['],
      ['ident', 'simp'],
      ['symbol', ','],
      ['ident', 'to_additive'],
      ['symbol', ']'],
      ['keyword', '#check'],
      ['ident', 'x'],
      ['symbol', ':='],
      ['ident', 'y'],
      ['symbol', '<;>'],
      ['ident', 'z'],
      ['symbol', '|>.'],
      ['ident', 'w'],
      ['symbol', '@'],
      ['ident', 'f'],
    ]);
  });

  it('classifies sorry and admit as keywords, not parts of identifiers', () => {
    const toks = lex('sorry admit sorryAx my_sorry').tokens;
    expect(toks.map((t) => t.kind)).toEqual(['keyword', 'keyword', 'ident', 'ident']);
  });

  it('gives 1-based lines and 0-based columns across multi-line tokens', () => {
    const toks = lex('/- a\nb -/\n  x "1\n2" y\n\tz').tokens;
    expect(toks.map((t) => [t.text.slice(0, 2), t.line, t.column])).toEqual([
      ['/-', 1, 0],
      ['x', 3, 2],
      ['"1', 3, 4],
      ['y', 4, 3],
      ['z', 5, 1],
    ]);
  });

  it('reports an unterminated comment with its line and ends there', () => {
    const { tokens, problems } = lex('theorem a : True := trivial\n/- open\nsorry', 'A.lean');
    expect(problems).toEqual([
      {
        messageId: 'unterminated-comment',
        message: expect.stringContaining('unterminated'),
        location: { file: 'A.lean', line: 2, column: 0 },
      },
    ]);
    expect(tokens.at(-1)).toMatchObject({ kind: 'blockComment', line: 2 });
  });

  it('reports an unterminated string and lexes on from the next line', () => {
    const { tokens, problems } = lex('def s := "abc\ntheorem t : True := sorry', 'B.lean');
    expect(problems[0]).toMatchObject({ messageId: 'unterminated-string', location: { file: 'B.lean', line: 1, column: 9 } });
    expect(tokens.map((t) => t.text)).toEqual(['def', 's', ':=', '"abc', 'theorem', 't', ':', 'True', ':=', 'sorry']);
    expect(tokens.at(-1)).toMatchObject({ line: 2, column: 20 });
  });

  it('reports an unterminated «name» and a very long line, and goes on', () => {
    const long = 'x'.repeat(LONG_LINE + 10);
    const { tokens, problems } = lex(`a «b\nc\n${long}\nd`, 'C.lean');
    expect(problems.map((p) => [p.messageId, p.location.line])).toEqual([
      ['unterminated-name', 1],
      ['long-line', 3],
    ]);
    expect(tokens.at(-1)).toMatchObject({ text: 'd', line: 4 });
  });

  it('handles astral characters and lone surrogates without losing positions', () => {
    const { tokens } = lex('𝓘 \ud800 z');
    expect(tokens.map((t) => [t.kind, t.column])).toEqual([
      ['ident', 0],
      ['symbol', 3],
      ['ident', 5],
    ]);
  });

  it('reads the head of a header’s type after its first top-level colon, past the haveI and letI before its claim', () => {
    expect(typeHead('(v : V) : IsModuleTopology A B')).toBe('IsModuleTopology');
    expect(typeHead(': ∀ x : ℕ, P x')).toBeUndefined();
    expect(typeHead(':\n    haveI : Fact (P.p.Prime) := ⟨P.pp⟩\n    IsHardlyRamified P.hp_odd sorry (rep P)')).toBe('IsHardlyRamified');
    expect(typeHead(': letI := inst₁; haveI h : a = a := rfl; Module R M')).toBe('Module');
    expect(typeHead('(x : ℕ)')).toBeUndefined();
  });
});
