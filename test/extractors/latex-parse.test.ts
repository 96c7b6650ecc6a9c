import type * as Ast from '@unified-latex/unified-latex-types';
import { printRaw } from '@unified-latex/unified-latex-util-print-raw';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, parseLatex } from '../../extractors/latex-parse.js';

/** A compact view of nodes: type, content or name, arguments and children. */
function shape(nodes: Ast.Node[]): unknown[] {
  return nodes.map((n) => {
    switch (n.type) {
      case 'string':
        return n.content;
      case 'whitespace':
        return ' ';
      case 'parbreak':
        return '¶';
      case 'comment':
        return { comment: n.content };
      case 'group':
        return { group: shape(n.content) };
      case 'macro':
        return n.args
          ? { macro: n.content, args: n.args.map((a) => `${a.openMark}${printRaw(a.content)}${a.closeMark}`) }
          : { macro: n.content };
      case 'environment':
        return { env: n.env, ...(n.args ? { args: n.args.map((a) => printRaw(a.content)) } : {}), content: shape(n.content) };
      case 'mathenv':
        return { mathenv: printRaw(n.env as unknown as Ast.Node), content: printRaw(n.content) };
      case 'inlinemath':
      case 'displaymath':
        return { [n.type]: printRaw(n.content) };
      case 'verbatim':
      case 'verb':
        return { [n.type]: n.content };
      default:
        return n.type;
    }
  });
}

const parse = (text: string, signatures = {}) => shape(parseLatex(text, signatures).content);

describe('parseLatex', () => {
  it('reads words, spaces, paragraph breaks, groups and macros, attaching arguments by signature', () => {
    expect(parse('ab, c\n  d\n\n e {f} \\alpha x \\lean {A.b}\\uses\n{x}', { lean: { signature: 'm' }, uses: { signature: 'm' } })).toEqual(
      [
        'ab',
        ',',
        ' ',
        'c',
        ' ',
        'd',
        '¶',
        'e',
        ' ',
        { group: ['f'] },
        ' ',
        { macro: 'alpha' },
        ' ',
        'x',
        ' ',
        { macro: 'lean', args: ['{A.b}'] },
        { macro: 'uses', args: ['{x}'] },
      ],
    );
  });

  it('does not take an argument across a blank line; a missing one is empty, a bare token is one', () => {
    expect(parse('\\label\n\n{x} \\input chapter/x', { label: { signature: 'm' }, input: { signature: 'm' } })).toEqual([
      { macro: 'label', args: [''] },
      '¶',
      { group: ['x'] },
      ' ',
      { macro: 'input', args: ['{chapter}'] },
      '/',
      'x',
    ]);
    expect(parse('\\newtheorem*{a}[b]{C}', { newtheorem: { signature: 's m o m o' } })).toEqual([
      { macro: 'newtheorem', args: ['*', '{a}', '[b]', '{C}', ''] },
    ]);
  });

  it('reads comments with the spaces before them and the next line break, but not a blank line', () => {
    const nodes = parseLatex('x % c\n  y %d\n\nz').content;
    expect(shape(nodes)).toEqual(['x', { comment: ' c' }, 'y', { comment: 'd' }, '¶', 'z']);
    expect(nodes[1]).toMatchObject({ sameline: true, leadingWhitespace: true });
    expect(nodes[3]).toMatchObject({ suffixParbreak: true });
  });

  it('reads environments with an optional argument, math environments and math as written, raw environments and \\verb', () => {
    expect(parse('\\begin{lemma}[T] $a^3 + b_1$ \\[ x \\] \\end{lemma}\\begin{align*} a &= b \\end{align*}')).toEqual([
      { env: 'lemma', args: ['T'], content: [{ inlinemath: 'a^3 + b_1' }, ' ', { displaymath: 'x' }] },
      { mathenv: 'align*', content: 'a &= b' },
    ]);
    expect(parse('$$ x $$ \\(y\\) \\begin{comment} \\end{x} { \\end{comment}\\verb|a{b|\\verb*+a b+')).toEqual([
      { displaymath: 'x' },
      ' ',
      { inlinemath: 'y' },
      ' ',
      { verbatim: ' \\end{x} { ' },
      { verb: 'a{b' },
      { verb: 'a b' },
    ]);
    expect(parse('\\begin{definition-intro}x\\end{definition-intro}')).toEqual([{ env: 'definition-intro', content: ['x'] }]);
  });

  it('reads an unmatched \\begin, an \\end that closes nothing and a $ that nothing closes as unified-latex does', () => {
    expect(parse('\\begin{document} a \\end{other}')).toEqual([
      { macro: 'begin' },
      { group: ['document'] },
      ' ',
      'a',
      ' ',
      { macro: 'end' },
      { group: ['other'] },
    ]);
    expect(parse('\\begin{theorem}$open\\end{theorem}')).toEqual([{ env: 'theorem', content: ['$', 'open'] }]);
    expect(parse('\\newenvironment{d}{\\begin{tikzcd}}{\\end{tikzcd}}')).toEqual([
      { macro: 'newenvironment' },
      { group: ['d'] },
      { group: [{ macro: 'begin' }, { group: ['tikzcd'] }] },
      { group: [{ macro: 'end' }, { group: ['tikzcd'] }] },
    ]);
  });

  it('gives every node its offsets, line and 1-based column', () => {
    const [, , env] = parseLatex('a\n \\begin{lemma}\n  x\\end{lemma}').content;
    expect(env!.position).toEqual({ start: { offset: 3, line: 2, column: 2 }, end: { offset: 31, line: 3, column: 15 } });
    const inner = (env as Ast.Environment).content[0]!;
    expect(inner.position!.start).toEqual({ offset: 19, line: 3, column: 3 });
  });

  it('prints back what it read, with the whitespace tidied', () => {
    const text = '\\begin{theorem}[Name]\\label{t} For $n \\ge 1$,\n $\\sum_{i<n} i^2 = x$. %c\n\\end{theorem}';
    expect(printRaw(parseLatex(text, { label: { signature: 'm' } }).content)).toBe(
      '\\begin{theorem}[Name]\\label{t} For $n \\ge 1$, $\\sum_{i<n} i^2 = x$. %c\n\\end{theorem}',
    );
  });

  it('never throws: broken input is read as text, and nesting past MAX_NESTING is plain text', () => {
    for (const text of ['{', '}', '$', '\\', '\\begin', '\\begin{', '\\end{x', '%', '\\verb', '\\[', '$$x', '\\begin{comment}']) {
      expect(() => parseLatex(text)).not.toThrow();
    }
    let depth = 0;
    for (let nodes = parseLatex('{'.repeat(100_000)).content; nodes[0]?.type === 'group'; nodes = nodes[0].content) depth++;
    expect(depth).toBe(MAX_NESTING - 1);
    expect(() => parseLatex('\\begin{a}{$'.repeat(20_000))).not.toThrow();
  });
});
