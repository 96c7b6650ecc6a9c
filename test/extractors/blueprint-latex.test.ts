import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extractBlueprint } from '../../extractors/blueprint-latex.js';
import { sharedFixture } from '../helpers/shared-fixtures.js';

const here = dirname(fileURLToPath(import.meta.url));
const basic = extractBlueprint({ root: join(here, 'fixtures/bp-basic'), options: {} });
const byId = (id: string) => basic.entities.find((e) => e.id === id)!;

describe('blueprint-latex context and macros', () => {
  const root = mkdtempSync(join(tmpdir(), 'leanaudit-bp-macros-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the prose after a statement up to the next environment, and attaches the blueprint macros the entity uses', () => {
    const src = join(root, 'blueprint/src');
    mkdirSync(join(src, 'preamble'), { recursive: true });
    writeFileSync(join(src, 'util.sty'), String.raw`\newcommand{\dist}[2]{d(#1,#2)}`);
    writeFileSync(
      join(src, 'preamble/common.tex'),
      String.raw`\newcommand{\fP}{{\mathfrak P}}\newcommand{\fp}{{\mathfrak p}}\newcommand{\unused}{u}`,
    );
    writeFileSync(
      join(src, 'web.tex'),
      String.raw`\documentclass{report}
\usepackage{util}
\input{preamble/common}
\begin{document}
Throughout, $X$ is a doubling metric space.
\begin{lemma}\label{lem:tiles}\lean{tiles}
For all $\fp \in \fP$ we have $\dist{x}{y} \le 1$.
\end{lemma}
Here $\fP$ is the set of tiles fixed above.
\begin{proof} Obvious. \end{proof}
Unrelated prose.
\end{document}
`,
    );
    const [lemma] = extractBlueprint({ root, options: {} }).entities;
    expect(lemma!.context).toContain('Throughout, $X$ is a doubling metric space.');
    expect(lemma!.contextAfter).toBe(String.raw`Here $\fP$ is the set of tiles fixed above.`);
    expect(lemma!.macros).toEqual([
      { name: 'fp', args: 0, definition: String.raw`{\mathfrak p}` },
      { name: 'fP', args: 0, definition: String.raw`{\mathfrak P}` },
      { name: 'dist', args: 2, definition: 'd(#1,#2)' },
    ]);
  });
});

describe('blueprint-latex on a small blueprint', () => {
  it('follows \\input with and without .tex, skips commented-out ones, reads no file outside the repository', () => {
    expect(basic.files).toEqual([
      'blueprint/src/web.tex',
      'blueprint/src/chapter/main.tex',
      'blueprint/src/chapter/one.tex',
      'blueprint/src/chapter/two.tex',
    ]);
    expect(basic.entities.map((e) => e.id)).toEqual(['def:group', 'lem:one', 'thm:lagrange', 'cor:mathlib', 'lem:aux', 'prop:late']);
    const problems = basic.problems.map((p) => [p.messageId, `${p.location.file}:${p.location.line}`]);
    expect(problems).toEqual([
      ['unterminated-environment', 'blueprint/src/chapter/two.tex:16'],
      ['input-outside', 'blueprint/src/chapter/main.tex:4'],
      ['input-missing', 'blueprint/src/chapter/main.tex:5'],
    ]);
  });

  it('reads title, label, comma lists of Lean names over lines, flags and location', () => {
    const group = byId('def:group');
    expect(group).toMatchObject({
      kind: 'definition',
      title: 'Group',
      leanNames: ['Sample.Group', 'Sample.Group.mk'],
      flags: { leanok: true },
      location: { file: 'blueprint/src/chapter/one.tex', line: 5 },
      chapter: 'Groups',
      section: 'Identities',
      origin: 'blueprint',
    });
    expect(group.statement).toBe('A \\emph{group} is a set $G$ with $e \\in G$.');
    expect(group.context).toBe('A group is a set with an associative operation,\nan identity and inverses.');
  });

  it('keeps \\leanok and \\uses of the statement apart from those of the proof', () => {
    const one = byId('lem:one');
    expect(one.uses).toEqual(['def:group']);
    expect(one.proofUses).toEqual(['def:group', 'lem:aux']);
    expect(one.flags).toEqual({ leanok: true, proofLeanok: true });
    expect(one.proof).toBe("Compute $e = e e' = e'$.");
    expect(one.proofLocation).toMatchObject({ line: 17 });
  });

  it('keeps unknown \\lean… markers, \\notready and \\mathlibok', () => {
    const lagrange = byId('thm:lagrange');
    expect(lagrange.flags).toEqual({ notready: true });
    expect(lagrange.markers?.map((m) => [m.name, m.argument])).toEqual([
      ['leanhelper', 'Sample.lagrange_aux'],
      ['leantarget', undefined],
    ]);
    expect(lagrange.statement).toBe('The order of a subgroup divides the order of the group.');
    expect(byId('cor:mathlib').flags).toEqual({ mathlibok: true, leanok: true });
  });

  it('takes environments declared with \\newtheorem and attaches \\proves proofs to their target', () => {
    const aux = byId('lem:aux');
    expect(aux.kind).toBe('sublemma');
    expect(aux.title).toBe('Auxiliary');
    expect(byId('lem:one').title).toBe('Identity is unique');
    expect(aux.proof).toBe('The detached proof of the auxiliary lemma.');
    expect(aux.flags).toEqual({ proofLeanok: true });
    expect(byId('prop:late').proof).toBeUndefined();
    expect(byId('prop:late').context).toBe('Some prose between.');
    expect(basic.entities.some((e) => e.kind === 'remark')).toBe(false);
  });
});

describe('blueprint-latex with a second proof', () => {
  const root = mkdtempSync(join(tmpdir(), 'leanaudit-bp-proofs-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps each proof of an item apart, with its own \\uses, when a detailed proof elsewhere \\proves it too', () => {
    mkdirSync(join(root, 'blueprint/src'), { recursive: true });
    writeFileSync(
      join(root, 'blueprint/src/web.tex'),
      String.raw`\begin{lemma}\label{lem:a} A. \end{lemma}
\begin{proposition}\label{prop:b} B. \end{proposition}
\begin{proof}\uses{lem:a} Short, by Lemma~\ref{lem:a}. \end{proof}
\begin{theorem}\label{thm:c} C. \end{theorem}
\begin{proof} One proof. \end{proof}
\section{Details}
\begin{proof}[Detailed proof]\proves{prop:b} At length. \end{proof}
`,
    );
    const { entities } = extractBlueprint({ root, options: {} });
    const b = entities.find((e) => e.id === 'prop:b')!;
    expect(b.proof).toBe('Short, by Lemma~\\ref{lem:a}.\n\nAt length.');
    expect(b.proofs).toEqual([
      { text: 'Short, by Lemma~\\ref{lem:a}.', uses: ['lem:a'] },
      { text: 'At length.', uses: [] },
    ]);
    expect(entities.find((e) => e.id === 'thm:c')!.proofs).toBeUndefined();
  });
});

describe('blueprint-latex path safety', () => {
  const root = mkdtempSync(join(tmpdir(), 'leanaudit-bp-'));
  const outside = mkdtempSync(join(tmpdir(), 'leanaudit-outside-'));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('refuses a symlink leading out of the repository and a file that inputs itself', () => {
    mkdirSync(join(root, 'blueprint/src'), { recursive: true });
    writeFileSync(join(outside, 'secret.tex'), '\\begin{theorem}\\label{leak}secret\\end{theorem}');
    symlinkSync(join(outside, 'secret.tex'), join(root, 'blueprint/src/link.tex'));
    writeFileSync(join(root, 'blueprint/src/web.tex'), '\\input{link}\n\\input{web}\n\\begin{lemma}ok\\end{lemma}\n');
    const result = extractBlueprint({ root, options: {} });
    expect(result.entities.map((e) => e.statement)).toEqual(['ok']);
    expect(result.entities[0]!.id).toBe('lemma@blueprint/src/web.tex:3');
    expect(result.problems.map((p) => [p.messageId, p.location.line])).toEqual([
      ['input-outside', 1],
      ['input-cycle', 1],
    ]);
  });

  it('reads each file once: a chain where each file inputs the next twice is read once per level', () => {
    const dir = join(root, 'doubling');
    const src = join(dir, 'blueprint/src');
    mkdirSync(src, { recursive: true });
    const depth = 24;
    for (let k = 0; k < depth; k++) {
      const body = `\\begin{lemma}\\label{l${k}}x\\end{lemma}\n\\input{c${k + 1}}\n\\input{c${k + 1}}\n`;
      writeFileSync(join(src, k === 0 ? 'web.tex' : `c${k}.tex`), body);
    }
    writeFileSync(join(src, `c${depth}.tex`), 'end\n');
    const result = extractBlueprint({ root: dir, options: {} });
    expect(result.entities.length).toBe(depth);
    expect(result.problems.filter((p) => p.messageId === 'input-repeated').length).toBe(depth);
  });

  it('follows \\input without braces and reports bad LaTeX with file:line, keeping what it read', () => {
    const dir = join(root, 'bad');
    mkdirSync(join(dir, 'blueprint/src/chapter'), { recursive: true });
    writeFileSync(join(dir, 'blueprint/src/chapter/x.tex'), '\\begin{lemma}\\label{x}fine\\end{lemma}\n');
    writeFileSync(join(dir, 'blueprint/src/bin.tex'), Buffer.from([0, 255, 254, 0x5c, 0x7b, 0, 0x7d, 0x25, 10, 0x24]));
    writeFileSync(
      join(dir, 'blueprint/src/web.tex'),
      '\\input chapter/x\ntext \\end{lemma}\n\\input{bin}\n\\begin{theorem}\\label{y}$unclosed math\\end{theorem}\n\\input{}\n' +
        '\\iffalse\\begin{lemma}\\label{off}\\ifx a b\\fi\\end{lemma}\\fi\n\\begin{comment}\\begin{lemma}\\label{off2}\\end{lemma}\\end{comment}\n',
    );
    const result = extractBlueprint({ root: dir, options: {} });
    expect(result.entities.map((e) => e.id)).toEqual(['x', 'y']);
    expect(result.problems.map((p) => [p.messageId, `${p.location.file}:${p.location.line}`])).toEqual([
      ['stray-end', 'blueprint/src/web.tex:2'],
      ['unreadable', 'blueprint/src/bin.tex:1'],
      ['bad-input', 'blueprint/src/web.tex:5'],
    ]);
  });

  it('reads a document that begins in one file and ends in another, nothing after its end, and no LaTeX output', () => {
    const dir = join(root, 'split');
    mkdirSync(join(dir, 'blueprint/src'), { recursive: true });
    // PrimeNumberTheoremAnd's shape: web.tex inputs blueprint.tex, which holds the whole document, then ends it again.
    writeFileSync(join(dir, 'blueprint/src/blueprint.tex'), '\\begin{document}\n\\begin{lemma}\\label{a}A\\end{lemma}\n\\end{document}\n');
    writeFileSync(
      join(dir, 'blueprint/src/web.tex'),
      '\\documentclass{report}\n\\input{../print/bu1.bbl}\n\\input{blueprint}\n\\begin{lemma}\\label{dead}never read\\end{lemma}\n\\end{document}\n',
    );
    // content.tex opens the document that web2.tex ends.
    writeFileSync(join(dir, 'blueprint/src/content.tex'), '\\begin{document}\n\\begin{lemma}\\label{b}B\\end{lemma}\n');
    writeFileSync(
      join(dir, 'blueprint/src/web2.tex'),
      '\\input{content}\n\\begin{lemma}\\label{c}C\\end{lemma}\n\\end{document}\n\\end{lemma}\n',
    );
    const pnt = extractBlueprint({ root: dir, options: {} });
    expect([pnt.entities.map((e) => e.id), pnt.problems]).toEqual([['a'], []]);
    const split = extractBlueprint({ root: dir, options: { blueprint: 'blueprint/src/web2.tex' } });
    expect([split.entities.map((e) => e.id), split.problems]).toEqual([['b', 'c'], []]);
  });

  it('leaves `%` comments out of \\lean and \\uses lists broken over lines', () => {
    const dir = join(root, 'comments');
    mkdirSync(join(dir, 'blueprint/src'), { recursive: true });
    // sphere-eversion's shape: `\lean{A.b,%` then the next name on the following line.
    writeFileSync(
      join(dir, 'blueprint/src/web.tex'),
      '\\begin{lemma}\\label{l}\\lean{A.b,%\n  A.c, % and\n A.d}\\uses{x,%\ny}\nL.\\end{lemma}\n',
    );
    const [lemma] = extractBlueprint({ root: dir, options: {} }).entities;
    expect([lemma!.leanNames, lemma!.uses]).toEqual([
      ['A.b', 'A.c', 'A.d'],
      ['x', 'y'],
    ]);
  });

  it('reports a missing entry file', () => {
    const result = extractBlueprint({ root, options: { blueprint: 'nowhere/web.tex' } });
    expect(result.problems.map((p) => p.messageId)).toEqual(['no-entry']);
  });
});

/*
 * Counts on the real pfr blueprint (teorth/pfr @ 01c9b66, ../shared/fixtures/blueprints/pfr),
 * derived independently with a Python script of regexes over the comment-stripped chapter files
 * listed by chapter/main.tex: entities = \begin{definition|lemma|proposition|theorem|corollary|
 * sublemma|remark|example} (218: 145 lemma, 30 definition, 18 corollary, 15 theorem,
 * 10 proposition); \lean names = comma items of \lean{…} (255); \leanok = 406 occurrences, of
 * which 188 inside \begin{proof}…\end{proof}; \uses labels = comma items of \uses{…} (497 over
 * 232 macros); entities with a \lean = 212; proofs = 188; \proves/\mathlibok/\notready = 0.
 */
describe('blueprint-latex on the real pfr blueprint', () => {
  const pfr = extractBlueprint({ root: sharedFixture('blueprints', 'pfr'), options: {} });
  const sum = (f: (e: (typeof pfr.entities)[number]) => number) => pfr.entities.reduce((a, e) => a + f(e), 0);

  it('finds every entity, kind by kind, without problems', () => {
    expect(pfr.problems).toEqual([]);
    expect(pfr.files).toHaveLength(17);
    expect(pfr.entities).toHaveLength(218);
    const kinds: Record<string, number> = {};
    for (const e of pfr.entities) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
    expect(kinds).toEqual({ lemma: 145, definition: 30, corollary: 18, theorem: 15, proposition: 10 });
  });

  it('finds the \\lean names, \\leanok and \\uses', () => {
    expect(sum((e) => e.leanNames.length)).toBe(255);
    expect(pfr.entities.filter((e) => e.leanNames.length > 0)).toHaveLength(212);
    expect(sum((e) => (e.flags.leanok ? 1 : 0) + (e.flags.proofLeanok ? 1 : 0))).toBe(406);
    expect(pfr.entities.filter((e) => e.flags.proofLeanok)).toHaveLength(188);
    expect(pfr.entities.filter((e) => e.proof !== undefined)).toHaveLength(188);
    expect(sum((e) => e.uses.length + (e.proofUses?.length ?? 0))).toBe(497);
  });

  it('keeps context within 2000 characters', () => {
    expect(Math.max(...pfr.entities.map((e) => e.context?.length ?? 0))).toBeLessThanOrEqual(2000);
  });
});
