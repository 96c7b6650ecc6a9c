import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { InputProblem } from '../../src/contamination/input.js';
import { declaredName, itemsFromEntities, readBenchmark } from '../../src/contamination/items.js';
import type { PairedEntity } from '../../src/model/entity.js';

const dir = mkdtempSync(join(tmpdir(), 'contam-items-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const FORMAL = 'theorem t1 (n : ℕ) : n + 0 = n := by sorry';

describe('readBenchmark', () => {
  it('detects the {name, informal_stmt, formal_statement} layout', async () => {
    const path = file('a.jsonl', `${JSON.stringify({ name: 't1', informal_stmt: 'Adding zero.', formal_statement: FORMAL })}\n`);
    const problems: InputProblem[] = [];
    const items = await readBenchmark({ path }, problems);
    expect(problems).toEqual([]);
    expect(items).toEqual([
      { id: 't1', benchmark: 'a', name: 't1', informal: 'Adding zero.', formal: FORMAL, location: { file: path, line: 1 } },
    ]);
  });

  it('detects {id, NL_English, formal_statement} and {id, informal_statement, formal_statement}', async () => {
    const a = file('b.jsonl', JSON.stringify({ id: 7, NL_English: 'Seven.', formal_statement: FORMAL }));
    const b = file('c.jsonl', JSON.stringify({ id: 'x', informal_statement: 'Ex.' }));
    const [ia] = await readBenchmark({ path: a }, []);
    const [ib] = await readBenchmark({ path: b }, []);
    expect([ia!.id, ia!.informal, ia!.formal]).toEqual(['7', 'Seven.', FORMAL]);
    expect([ib!.id, ib!.informal, ib!.formal]).toEqual(['x', 'Ex.', undefined]);
  });

  it('uses explicit field mappings over the detected layout', async () => {
    const path = file('d.jsonl', JSON.stringify({ key: 'k1', question: 'Q?', lean4: FORMAL }));
    const [item] = await readBenchmark({ path, fields: { id: 'key', informal: 'question', formal: 'lean4' } }, []);
    expect([item!.id, item!.informal, item!.formal, item!.name]).toEqual(['k1', 'Q?', FORMAL, 't1']);
  });

  it('reads gzipped JSONL and JSON arrays', async () => {
    const gz = file('e.jsonl.gz', gzipSync(`${JSON.stringify({ id: 'g', informal_statement: 'Zipped.' })}\n`));
    const arr = file(
      'f.json',
      JSON.stringify({
        data: [
          { id: 'j1', informal_statement: 'One.' },
          { id: 'j2', informal_statement: 'Two.' },
        ],
      }),
    );
    expect((await readBenchmark({ path: gz }, [])).map((i) => [i.id, i.benchmark])).toEqual([['g', 'e']]);
    expect((await readBenchmark({ path: arr }, [])).map((i) => i.id)).toEqual(['j1', 'j2']);
  });

  it('reports malformed lines with file:line, skips them and keeps the rest', async () => {
    const path = file(
      'bad.jsonl',
      [
        JSON.stringify({ id: 'ok1', informal_statement: 'Fine.' }),
        '{"id": "broken", "informal_statement": "no end',
        '[1, 2, 3]',
        '',
        JSON.stringify({ id: 'empty', informal_statement: '   ' }),
        JSON.stringify({ id: 'ok2', informal_statement: 'Also fine.' }),
      ].join('\n'),
    );
    const problems: InputProblem[] = [];
    const items = await readBenchmark({ path }, problems);
    expect(items.map((i) => i.id)).toEqual(['ok1', 'ok2']);
    expect(problems.map((p) => [p.location.line, p.message.split(':')[0]])).toEqual([
      [2, 'invalid JSON'],
      [3, 'not a JSON object'],
      [5, 'no text in fields informal_statement / formal_statement'],
    ]);
    expect(problems.every((p) => p.location.file === path)).toBe(true);
  });

  it('rejects an unknown preset and a missing file with a clear error', async () => {
    const path = file('g.jsonl', '{}');
    await expect(readBenchmark({ path, preset: 'nope' }, [])).rejects.toThrow(/unknown benchmark preset nope/);
    await expect(readBenchmark({ path: join(dir, 'missing.jsonl') }, [])).rejects.toThrow(/benchmark not found/);
  });
});

describe('readBenchmark on a folder of .lean files', () => {
  it('makes one item per theorem/lemma, docstring as informal, proof dropped; bad source is a problem', async () => {
    const lean = join(dir, 'leanbench');
    mkdirSync(join(lean, 'Sub'), { recursive: true });
    writeFileSync(
      join(lean, 'A.lean'),
      "/-- Zero is neutral. -/\ntheorem zero_add' (n : ℕ) : 0 + n = n := by\n  simp\n\ndef helper := 3\n",
    );
    writeFileSync(join(lean, 'Sub', 'B.lean'), 'lemma two_pos : (0 : ℕ) < 2 := by decide\n\n/- never closed\n');
    const problems: InputProblem[] = [];
    const items = await readBenchmark({ path: lean }, problems);
    expect(items.map((i) => [i.id, i.benchmark, i.formal, i.informal, i.location.line])).toEqual([
      ["zero_add'", 'leanbench', "theorem zero_add' (n : ℕ) : 0 + n = n", 'Zero is neutral.', 2],
      ['two_pos', 'leanbench', 'lemma two_pos : (0 : ℕ) < 2', undefined, 1],
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.location).toMatchObject({ file: join(lean, 'Sub', 'B.lean'), line: 3 });
  });
});

describe('readBenchmark on a folder of compfiles-style .lean files', () => {
  it('makes items of the declarations the folder’s own commands declare', async () => {
    const lean = join(dir, 'problems');
    mkdirSync(join(lean, 'Compfiles'), { recursive: true });
    writeFileSync(
      join(lean, 'Compfiles', 'Imo.lean'),
      'noncomputable determine answer : ℕ := 3\n\n/-- The answer is right. -/\nproblem imo_p1 : answer = 3 := rfl\n',
    );
    writeFileSync(
      join(lean, 'ProblemExtraction.lean'),
      [
        'syntax (name := problem) declModifiers "problem " declId ppIndent(declSig) declVal : command',
        'syntax (name := determine) declModifiers "determine " declId ppIndent(optDeclSig) declVal : command',
      ].join('\n'),
    );
    const items = await readBenchmark({ path: lean }, []);
    expect(items.map((i) => [i.id, i.formal, i.informal, i.location.line])).toEqual([
      ['imo_p1', 'theorem imo_p1 : answer = 3', 'The answer is right.', 4],
    ]);
  });
});

describe('declaredName', () => {
  it('reads the theorem or lemma name', () => {
    expect(declaredName('/-- doc -/\ntheorem Foo.bar_baz {α : Type} : True := trivial')).toBe('Foo.bar_baz');
    expect(declaredName('lemma x₁ : True')).toBe('x₁');
    expect(declaredName('def f := 1')).toBeUndefined();
  });
});

describe('itemsFromEntities', () => {
  it('pairs the informal statement with the Lean statement of the first declaration', () => {
    const entity: PairedEntity = {
      id: 'thm:sum',
      kind: 'theorem',
      statement: 'The sum of two odd numbers is even.',
      leanNames: ['Odd.add_odd'],
      uses: [],
      flags: {},
      location: { file: 'blueprint.tex', line: 12 },
      origin: 'blueprint-latex',
      decls: [
        {
          leanName: 'Odd.add_odd',
          fullName: 'Odd.add_odd',
          kind: 'theorem',
          header: '{m n : ℤ} (hm : Odd m) (hn : Odd n) : Even (m + n)',
          variables: [],
          location: { file: 'Parity.lean', line: 4 },
          hasSorry: false,
        },
      ],
      unresolved: [],
    };
    expect(itemsFromEntities([entity])).toEqual([
      {
        id: 'thm:sum',
        benchmark: 'project',
        name: 'Odd.add_odd',
        informal: 'The sum of two odd numbers is even.',
        formal: 'theorem Odd.add_odd {m n : ℤ} (hm : Odd m) (hn : Odd n) : Even (m + n)',
        location: { file: 'Parity.lean', line: 4 },
      },
    ]);
  });
});
