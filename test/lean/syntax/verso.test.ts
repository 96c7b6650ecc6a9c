import { describe, expect, it } from 'vitest';
import { elaboratedLean, leanBlocksOnly, versoFences } from '../../../src/lean/syntax/verso.js';

describe('versoFences', () => {
  it('finds the outermost fenced blocks, a longer fence holding shorter ones as text, an unclosed one running to the end', () => {
    const lines = [
      'prose',
      '```lean "a"',
      'def a := 1',
      '```',
      '````',
      '```lean',
      'def quoted := 1',
      '```',
      '````',
      '  ```tex "b" (slot := proof)',
      '\\begin{proof}',
      '```',
      '```lean',
      'open',
    ];
    expect(versoFences(lines)).toEqual([
      { info: 'lean', args: ' "a"', from: 2, to: 3 },
      { info: '', args: '', from: 5, to: 8 },
      { info: 'tex', args: ' "b" (slot := proof)', from: 10, to: 11 },
      { info: 'lean', args: '', from: 13, to: 14 },
    ]);
  });

  it('closes a fence on a line ended by CRLF', () => {
    expect(versoFences(['```lean\r', 'def a := 1\r', '```\r', 'prose\r'])).toEqual([{ info: 'lean', args: '', from: 1, to: 2 }]);
  });

  it('keeps the ```lean blocks Verso elaborates and keeps, not those shown failing or dropped', () => {
    const fence = (info: string, args: string) => ({ info, args, from: 0, to: 0 });
    expect(elaboratedLean(fence('lean', ' "label"'))).toBe(true);
    expect(elaboratedLean(fence('lean', ' (name := ex)'))).toBe(true);
    expect(elaboratedLean(fence('lean', ' (error := true)'))).toBe(false);
    expect(elaboratedLean(fence('lean', ' (keep := false)'))).toBe(false);
    expect(elaboratedLean(fence('lean', ' -keep (name := texlist)'))).toBe(false);
    expect(elaboratedLean(fence('lean', ' +error'))).toBe(false);
    expect(elaboratedLean(fence('lean', ' +keep'))).toBe(true);
    expect(elaboratedLean(fence('leanOutput', ''))).toBe(false);
    expect(elaboratedLean(fence('tex', ' "label"'))).toBe(false);
  });
});

describe('leanBlocksOnly', () => {
  it('blanks the document but its Lean code, keeping every offset, line and column', () => {
    const text = ['import Verso', '#doc (Manual) "T" =>', 'Prose 𝓝 «x»', '```lean', 'def 𝓝x := 1', '```', 'more'].join('\n');
    const blanked = leanBlocksOnly(text, text.indexOf('#doc'));
    expect(blanked.length).toBe(text.length);
    expect(blanked.split('\n')).toEqual(['import Verso', ' '.repeat(20), ' '.repeat(12), ' '.repeat(7), 'def 𝓝x := 1', '   ', '    ']);
  });
});
