import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract, extractAndPair } from '../../extractors/index.js';
import { extractVerso, findVersoBlueprint, versoArguments } from '../../extractors/verso-blueprint.js';
import { loadProject } from '../../src/lean/project.js';
import type { Entity } from '../../src/model/entity.js';
import type { LeanProject } from '../../src/model/lean.js';

const CHAPTER = [
  'import Verso',
  'import VersoManual',
  'import VersoBlueprint',
  'import Demo.Basic',
  '',
  'open Verso.Genre Manual Informal',
  '',
  '#doc (Manual) "Arithmetic" =>',
  '',
  ':::group "core"',
  'Core facts.',
  ':::',
  '',
  '# Addition',
  '',
  'We start with addition, written $a + b$.',
  '',
  ':::definition "add_spec" (parent := "core") (lean := "Demo.add")',
  'We write $` + ` for {bpref "core"}[the core] addition.',
  ':::',
  '',
  ':::theorem "add_zero" (parent := "core") (uses := "add_spec") (effort := "small")',
  'For every $`n`, $`n + 0 = n`, by {uses "add_comm" "add_spec"}[].',
  ':::',
  '',
  ':::proof "add_zero"',
  'Induct, using {uses "succ_spec"}[the successor].',
  ':::',
  '',
  '```lean "add_zero"',
  'theorem my_add_zero (n : Nat) : n + 0 = n := by',
  '  sorry',
  '```',
  '',
  ':::Informal.lemma_ "add_comm" (lean := "add_comm_short")',
  'Addition commutes.',
  ':::',
  '',
  '::::theorem "outer" (lean := "Demo.add")',
  'The outer statement.',
  ':::proof "outer"',
  'Nested proof.',
  ':::',
  '::::',
  '',
  ':::proof "nowhere"',
  'A proof of nothing.',
  ':::',
  '',
  ':::theorem "add_zero"',
  'Again.',
  ':::',
  '',
  ':::corollary "open_ended"',
  'Never closed.',
  '',
  '```lean "nobody"',
  'theorem stray : True := trivial',
  '```',
].join('\n');

const BASIC = `namespace Demo
def add (a b : Nat) : Nat := a + b
theorem add_comm_short (a b : Nat) : add a b = add b a := Nat.add_comm a b
/-- The successor of \`n\` is \`n + 1\`. -/
@[blueprint "succ_spec"] def succ (n : Nat) : Nat := n + 1
end Demo
`;

let root: string;
let project: LeanProject;

const write = (path: string, text: string): void => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'leanaudit-verso-'));
  write('Demo/Basic.lean', BASIC);
  write('blueprint-verso/Chapters/Arithmetic.lean', CHAPTER);
  write('blueprint-verso/Main.lean', 'import VersoManual\ndef main : IO Unit := pure ()\n');
  write('blueprint-verso/Prose.md', '# not Lean\n');
  project = await loadProject(root);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('versoArguments', () => {
  it('reads the label, then the named arguments, strings unescaped', () => {
    expect(versoArguments(' "a \\"b\\"" (lean := "X.y, Z") (direction := LR) +flag')).toEqual({
      label: 'a "b"',
      named: new Map([
        ['lean', 'X.y, Z'],
        ['direction', 'LR'],
      ]),
    });
  });
});

describe('extractVerso', () => {
  it('finds the chapters importing VersoBlueprint, in the whole repository or a configured folder', () => {
    expect(findVersoBlueprint(root)).toEqual(['blueprint-verso/Chapters/Arithmetic.lean']);
    expect(findVersoBlueprint(root, 'blueprint-verso')).toEqual(['blueprint-verso/Chapters/Arithmetic.lean']);
    expect(findVersoBlueprint(root, 'Demo')).toEqual([]);
    expect(findVersoBlueprint(root, '../outside')).toEqual([]);
    expect(extract({ root, options: {}, project }).source).toBe('verso');
  });

  it('makes an entity of each statement directive, with its Lean names, uses, proof and context', () => {
    const { entities, problems, files } = extractVerso({ root, options: {}, project });
    expect(files).toEqual(['blueprint-verso/Chapters/Arithmetic.lean']);
    const rows = entities.map((e) => [e.id, e.kind, e.leanNames, e.uses, e.proofUses ?? [], e.section ?? '', e.location.line]);
    expect(rows).toEqual([
      ['add_spec', 'definition', ['Demo.add'], [], [], 'Addition', 18],
      ['add_zero', 'theorem', ['my_add_zero'], ['add_spec', 'add_comm'], ['succ_spec'], 'Addition', 22],
      ['add_comm', 'lemma', ['add_comm_short'], [], [], 'Addition', 35],
      ['outer', 'theorem', ['Demo.add'], [], [], 'Addition', 39],
      ['succ_spec', 'definition', ['Demo.succ'], [], [], '', 5],
    ]);
    const [spec, zero] = entities;
    expect(spec!.statement).toBe('We write $ + $ for the core addition.');
    expect(spec!.context).toBe('We start with addition, written $a + b$.');
    expect(spec!.chapter).toBe('Arithmetic');
    expect(zero!.statement).toBe('For every $n$, $n + 0 = n$, by add_comm add_spec.');
    expect(zero!.proof).toBe('Induct, using the successor.');
    expect(zero!.proofLocation).toEqual({ file: 'blueprint-verso/Chapters/Arithmetic.lean', line: 26 });
    expect(entities[3]!.proof).toBe('Nested proof.');
    expect(entities[4]).toMatchObject({
      statement: 'The successor of `n` is `n + 1`.',
      origin: 'verso',
      location: { file: 'Demo/Basic.lean' },
    });
    expect(problems.map((p) => [p.messageId, p.location.line])).toEqual([
      ['duplicate-label', 50],
      ['unclosed-directive', 54],
      ['orphan-proof', 46],
      ['orphan-block', 57],
    ]);
  });

  it('reads a chapter with CRLF line ends as the same entities', () => {
    const crlf = mkdtempSync(join(tmpdir(), 'leanaudit-verso-crlf-'));
    try {
      mkdirSync(join(crlf, 'Chapters'));
      writeFileSync(join(crlf, 'Chapters', 'Arithmetic.lean'), CHAPTER.replace(/\n/g, '\r\n'));
      const strip = ({ location, proofLocation, ...rest }: Entity) => ({ ...rest, lines: [location.line, proofLocation?.line] });
      const plain = extractVerso({ root, options: {} })
        .entities.filter((e) => e.origin === 'verso')
        .map(strip);
      expect(extractVerso({ root: crlf, options: {} }).entities.map(strip)).toEqual(plain);
    } finally {
      rmSync(crlf, { recursive: true, force: true });
    }
  });

  it('reads the chapters in the order the top-level document includes them', () => {
    const book = mkdtempSync(join(tmpdir(), 'leanaudit-verso-book-'));
    try {
      const chapter = (name: string) =>
        `import VersoBlueprint\n#doc (Manual) "${name}" =>\n:::theorem "${name.toLowerCase()}"\nText.\n:::\n`;
      mkdirSync(join(book, 'Book', 'Chapters'), { recursive: true });
      writeFileSync(
        join(book, 'Book', 'Blueprint.lean'),
        'import VersoBlueprint\nimport Book.Chapters.Zeta\n#doc (Manual) "Book" =>\n{include 0 Book.Chapters.Zeta}\n{include 0 Book.Chapters.Alpha}\n',
      );
      writeFileSync(join(book, 'Book', 'Chapters', 'Alpha.lean'), chapter('Alpha'));
      writeFileSync(join(book, 'Book', 'Chapters', 'Zeta.lean'), chapter('Zeta'));
      writeFileSync(join(book, 'Loose.lean'), chapter('Loose'));
      const { files, entities } = extractVerso({ root: book, options: {} });
      expect(files).toEqual(['Book/Blueprint.lean', 'Book/Chapters/Zeta.lean', 'Book/Chapters/Alpha.lean', 'Loose.lean']);
      expect(entities.map((e) => [e.id, e.chapter])).toEqual([
        ['zeta', 'Zeta'],
        ['alpha', 'Alpha'],
        ['loose', 'Loose'],
      ]);
    } finally {
      rmSync(book, { recursive: true, force: true });
    }
  });

  it('pairs the Lean names by full name and sees the sorry of the labeled ```lean block', async () => {
    const { entities } = await extractAndPair({ root, config: { extract: { source: 'verso' } }, project: () => Promise.resolve(project) });
    const zero = entities.find((e) => e.id === 'add_zero')!;
    expect(zero.decls.map((d) => [d.fullName, d.hasSorry, d.location.line])).toEqual([['my_add_zero', true, 31]]);
    const comm = entities.find((e) => e.id === 'add_comm')!;
    expect(comm.decls).toEqual([]);
    expect(comm.unresolved).toEqual([{ leanName: 'add_comm_short', candidates: ['Demo.add_comm_short'] }]);
  });
});
