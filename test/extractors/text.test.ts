import { describe, expect, it } from 'vitest';
import { CONTEXT_LIMIT, contextOf, normalizeKind, splitNames } from '../../extractors/text.js';
import { jsonErrorLine, lineAt } from '../../src/core/json.js';

describe('text helpers', () => {
  it('keeps the last 2000 characters of context, from a word boundary', () => {
    const prose = `${'first words '.repeat(100)}\n\n\n\n${'closing words '.repeat(200)}`;
    const context = contextOf(prose)!;
    expect(context.length).toBeLessThanOrEqual(CONTEXT_LIMIT);
    expect(context.startsWith('words ') || context.startsWith('closing ')).toBe(true);
    expect(context.endsWith('closing words')).toBe(true);
    expect(contextOf('  \n ')).toBeUndefined();
    expect(contextOf('a  \n\n\n\nb')).toBe('a\n\nb');
  });

  it('normalises kinds, splits name lists and finds lines', () => {
    expect(['Defn', 'Thm', 'Crollary', 'theorem*', 'Sublemma'].map(normalizeKind)).toEqual([
      'definition',
      'theorem',
      'corollary',
      'theorem',
      'sublemma',
    ]);
    expect(splitNames(' A.b_c,\n   A.d\\_e , ,')).toEqual(['A.b_c', 'A.d_e']);
    expect(lineAt('a\nb\nc', 0)).toBe(1);
    expect(lineAt('a\nb\nc', 4)).toBe(3);
  });

  it('finds the line of a JSON.parse error from its position or its quoted excerpt', () => {
    const at = (text: string) => {
      try {
        JSON.parse(text);
        return 0;
      } catch (e) {
        return jsonErrorLine(text, e as Error);
      }
    };
    expect(at('[1,\n2,\n3')).toBe(3);
    expect(at('{\n"a": 1,\n"b": }\n')).toBe(3);
    expect(at('{\n"a": 1\n}\nextra')).toBe(4);
  });
});
