import { describe, expect, it } from 'vitest';
import { collectMacros, macrosUsed } from '../../extractors/latex-macros.js';
import type { LatexMacro } from '../../src/model/entity.js';

const PREAMBLE = String.raw`
\newcommand{\fP}{{\mathfrak P}}
\newcommand\fp{{\mathfrak p}}
\renewcommand{\R}{{\mathbb{R}}}
\newcommand{\dist}[2]{d(#1, #2)} % two arguments
\newcommand{\norm}[1][2]{\|#1\|}
\DeclareMathOperator*{\esssup}{ess\,sup}
\def\tQ{{Q}}
\def\pair#1#2{(#1,#2)}
% \newcommand{\gone}{never}
\providecommand{\fP}{not this one}
`;

describe('collectMacros', () => {
  it('reads \\newcommand (braced or not, with arguments and a default), \\DeclareMathOperator, \\def, and skips comments', () => {
    const macros = new Map<string, LatexMacro>();
    collectMacros(PREAMBLE, macros);
    expect(Object.fromEntries([...macros].map(([k, m]) => [k, [m.args, m.definition]]))).toEqual({
      fP: [0, '{\\mathfrak P}'],
      fp: [0, '{\\mathfrak p}'],
      R: [0, '{\\mathbb{R}}'],
      dist: [2, 'd(#1, #2)'],
      norm: [1, '\\|#1\\|'],
      esssup: [0, '\\operatorname{ess\\,sup}'],
      tQ: [0, '{Q}'],
    });
  });
});

describe('macrosUsed', () => {
  it('lists the macros a text uses and those their definitions use, once, in order of first use', () => {
    const macros = new Map<string, LatexMacro>();
    collectMacros(
      String.raw`\newcommand{\fP}{{\mathfrak P}}\newcommand{\tiles}{\fP_{\R}}\newcommand{\R}{\mathbb R}\newcommand{\unused}{x}`,
      macros,
    );
    expect(macrosUsed([String.raw`$p \in \tiles$ and $\fP$`, ''], macros).map((m) => m.name)).toEqual(['tiles', 'fP', 'R']);
  });
});
