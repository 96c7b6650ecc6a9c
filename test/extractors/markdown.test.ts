import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entitiesOfFile, extractMarkdown, looksLikeTextbook } from '../../extractors/markdown.js';

const root = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/md-basic');
const result = extractMarkdown({ root, options: {} });
const byId = (id: string) => result.entities.find((e) => e.id === id)!;

describe('markdown textbook extractor', () => {
  it('finds textbook files but not READMEs, and entities by bold, plain and heading lead-ins', () => {
    expect(result.files).toEqual(['book/chapter1.md']);
    expect(result.entities.map((e) => [e.id, e.kind, e.location.line])).toEqual([
      ['Definition 1.1', 'definition', 6],
      ['Theorem 142C', 'theorem', 11],
      ['Lemma 3.4', 'lemma', 17],
      ['Corollary 1.5', 'corollary', 25],
      ['remark@book/chapter1.md:31', 'remark', 31],
    ]);
  });

  it('runs the statement until "Proof." or the next entity, keeping $…$ verbatim', () => {
    expect(byId('Definition 1.1')).toMatchObject({
      title: 'Group',
      statement: 'A group is a pair $(G, *)$ such that $a * (b * c) = (a * b) * c$\nfor all $a, b, c \\in G$.\n\nIt has an identity.',
      chapter: 'Chapter 1. Groups',
    });
    expect(byId('Theorem 142C').statement).toBe("If $e$ and $e'$ are identities, then $e = e'$.");
    expect(byId('Corollary 1.5')).toMatchObject({ title: 'Socks and shoes', section: 'Section 1.2. Orders' });
    expect(byId('Corollary 1.5').statement.startsWith('$(ab)^{-1} = b^{-1} a^{-1}$.')).toBe(true);
  });

  it('takes the proof until ∎, the next heading or the next entity', () => {
    expect(byId('Theorem 142C')).toMatchObject({ proof: "We have $e = e * e' = e'$. ∎", proofLocation: { line: 13 } });
    expect(byId('Lemma 3.4').proof).toBe('Suppose $b$ and $c$ are inverses of $a$.\n\nThen $b = b * (a * c) = (b * a) * c = c$.');
    expect(byId('Corollary 1.5').proof).toBeUndefined();
  });

  it('keeps the prose before an entity as context, not the heading', () => {
    expect(byId('Definition 1.1').context).toBe(
      'A *group* is a set with an associative operation, an identity and inverses.\nWe write $e$ for the identity and $a^{-1}$ for the inverse of $a$.',
    );
    expect(byId('Theorem 142C').context).toBeUndefined();
    expect(byId('Lemma 3.4').context).toBe('Some prose after the proof, which introduces the next result.');
  });

  it('takes Lean names from the mapping file by id or by number, reporting bad entries', () => {
    expect(byId('Definition 1.1').leanNames).toEqual(['Book.Group']);
    expect(byId('Theorem 142C').leanNames).toEqual(['Book.one_unique', "Book.one_unique'"]);
    expect(byId('Lemma 3.4').leanNames).toEqual([]);
    expect(result.problems.map((p) => [p.messageId, `${p.location.file}:${p.location.line}`])).toEqual([
      ['mapping-malformed', 'leanaudit.mapping.json:4'],
    ]);
  });

  it('reports configured files that are missing or outside the repository', () => {
    const configured = extractMarkdown({ root, options: { markdown: ['book', 'nope.md', '../../../../etc'], mapping: 'absent.json' } });
    expect(configured.files).toEqual(['book/chapter1.md']);
    expect(configured.problems.map((p) => p.messageId)).toEqual(['file-missing', 'path-outside', 'mapping-missing']);
  });

  it('reads a theorem written as a note: its title heading, its section with a `**Theorem.**` lead, a `## Proof` section with steps', () => {
    const note = [
      '# Theorem 212A: Global Truncation Error Bound',
      '',
      '**Source:** Butcher, Section 212.',
      '',
      '## Setting',
      '',
      'We consider an initial value problem.',
      '',
      '## Theorem 212A (Global Error Bound)',
      '',
      '**Theorem.** *The global error satisfies the bound* $e \\le Hm$.',
      '',
      '## Proof',
      '',
      '### Step 1: the recurrence',
      '',
      'Subtract.',
      '',
      '### Step 2: Case $L = 0$',
      '',
      'Sum up.',
      '',
      '## Interpretation',
      '',
      'The method converges.',
    ].join('\n');
    const entities = entitiesOfFile('Theorem212A.md', note);
    expect(entities.map((e) => [e.id, e.title, e.statement, e.location.line, e.proofLocation?.line])).toEqual([
      ['Theorem 212A', 'Global Error Bound', '*The global error satisfies the bound* $e \\le Hm$.', 9, 13],
    ]);
    expect(entities[0]!.proof).toBe('### Step 1: the recurrence\n\nSubtract.\n\n### Step 2: Case $L = 0$\n\nSum up.');
  });

  it('recognises lead-ins with titles inside the bold and numbers such as A.1 and 2.3a', () => {
    const entities = entitiesOfFile('x.md', '**Theorem 2.3a (Big one).** Text.\n\n_Lemma A.1:_ More.\n\nDefinition 7 is used below.\n');
    expect(entities.map((e) => [e.id, e.title, e.statement])).toEqual([
      ['Theorem 2.3a', 'Big one', 'Text.'],
      ['Lemma A.1', undefined, 'More.\n\nDefinition 7 is used below.'],
    ]);
    expect(looksLikeTextbook('Nothing here.\n')).toBe(false);
    const plain = entitiesOfFile('y.md', 'Lemma 3.4 Let $G$ be a group.\n\nTheorem 3.5 implies the rest.\n');
    expect(plain.map((e) => [e.id, e.statement])).toEqual([['Lemma 3.4', 'Let $G$ be a group.\n\nTheorem 3.5 implies the rest.']]);
  });
});
