import { isUtf8 } from 'node:buffer';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { proofGapsOf } from '../../src/lean/gaps.js';
import { LONG_LINE, lexTable, MULTI_SYMBOLS, TokenTable } from '../../src/lean/lexer.js';
import { NameTable } from '../../src/lean/names.js';
import { NativeOut, nativeScanner } from '../../src/lean/native.js';
import { identsOf, parseLean } from '../../src/lean/parser.js';
import { decodeLeanSource, isLastNativeRead, MAX_FILE_BYTES, readAhead, readSource } from '../../src/lean/source.js';
import { leanFiles, random } from '../helpers/lean-texts.js';

/** Everything a lexing leaves behind: the token table's columns, comments, binder starters, the names met and their flags, the problems. */
function lexed(texts: string[], native: boolean): unknown[] {
  const names = new NameTable({ native });
  const reused = new TokenTable('');
  return texts.map((text) => {
    const { table, problems } = lexTable(text, 'T.lean', reused, names);
    const column = (a: Uint8Array | Int32Array): number[] => Array.from(a.subarray(0, table.count));
    return {
      columns: [table.kind, table.start, table.end, table.line, table.column, table.code].map(column),
      comments: Array.from(table.comments),
      starters: Array.from(table.starters),
      gapWords: table.gapWords,
      exitToken: table.exitToken,
      names: [...names.names],
      flags: Array.from(names.flags.subarray(0, names.size)),
      problems,
    };
  });
}

const FRAGMENTS = [
  'theorem',
  'lemma',
  'def',
  ' ',
  '\n',
  '\t',
  '\r\n',
  '\n    ',
  '\n      ',
  '    ',
  'x',
  "x'",
  'h₁',
  'α',
  'ℕ',
  '𝓝',
  '𝔼',
  'Nat.succ',
  'a.b.c',
  '«a b»',
  '«open',
  '.',
  '..',
  '...',
  ':=',
  '::',
  '=>',
  '->',
  '<-',
  '<;>',
  '|>.',
  '|',
  '||',
  '{',
  '}',
  '(',
  ')',
  '⟨',
  '⟩',
  '∀',
  '∃',
  'λ',
  'fun',
  'intro',
  'sorry',
  'admit',
  'sorry_free',
  'sorryAx',
  '`sorryAx',
  '``sorryAx',
  '` sorryAx',
  '@sorryAx',
  'lcProof',
  '``lcProof',
  'unsafe def',
  'native_decide',
  'maxHeartbeats',
  '-- line',
  '/- block /- nested -/ -/',
  '/-- doc -/',
  '/-! mod -/',
  '/- open',
  '"str"',
  '"esc \\" q"',
  's!"a{x}b{f {y}}c"',
  '"open',
  'r"raw"',
  'r#"a"b"#',
  'r##"x',
  'r#x',
  "'a'",
  "'\\n'",
  "'\\u{3b1}'",
  "'",
  "'𝓝'",
  '0x1F',
  '1.5e-3',
  '42',
  'h.1.2',
  '#eval',
  '#check',
  '#exit',
  '#exits',
  '#doc (Manual) "T" =>',
  '\n```lean\n',
  '\n```lean "l"\n',
  '\n```\n',
  '\n````\n',
  '\n```lean -keep\n',
  '#doc x',
  '#doc\t(',
  '#docs (',
  '@[simp]',
  '@',
  '\ud835',
  '\udc00',
  'é',
  'gödel',
  'Erdős',
  '×',
  '÷',
  'ſ',
  '∑ i ∈ s,',
  '·',
  '$',
  '\u0000',
  '+',
  '<',
  '>',
  '=',
  '!',
  '&',
  ':',
  '-',
  '/',
  ...MULTI_SYMBOLS,
];

/** A reproducible pseudo-random generator (mulberry32). */
function soup(next: () => number, length: number): string {
  return Array.from({ length }, () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]!).join(next() < 0.5 ? '' : ' ');
}

describe.skipIf(nativeScanner === undefined)('the native lexer', () => {
  it("gives the TypeScript lexer's tables, names and problems on the samples", () => {
    const texts = leanFiles('samples');
    expect(texts.length).toBeGreaterThan(3);
    expect(lexed(texts, true)).toEqual(lexed(texts, false));
  });

  it('agrees with it on 3,000 random soups of edge cases, one name table for all', () => {
    const next = random(2026);
    const texts = Array.from({ length: 3000 }, () => soup(next, 1 + Math.floor(next() * 40)));
    expect(lexed(texts, true)).toEqual(lexed(texts, false));
  });

  it('resumes when the token table is full, and reads text after an unterminated comment as nothing', () => {
    const texts = ['('.repeat(5000), `${'a b '.repeat(3000)}/- never closed`, 'x', ''];
    const native = lexed(texts, true);
    expect(native).toEqual(lexed(texts, false));
    expect((native[0] as { columns: number[][] }).columns[0]).toHaveLength(5000);
  });

  it('finds the long lines the TypeScript lexer finds: between tokens, in a comment or string, the last one, past an unterminated comment', () => {
    const at = 'x'.repeat(LONG_LINE);
    const over = `${at}y`;
    const texts = [
      `a\n${over}\nb\n${at}\nc`,
      `/- one\n${over}\n-/ d "s\n${over} e\n"\n${over}`,
      `f\r\n${over}\r\ng`,
      `/- never closed\n${at}\n${at}`,
      `/- never closed\n${over}`,
    ];
    const native = lexed(texts, true) as { problems: { messageId: string; location: { line: number } }[] }[];
    expect(native).toEqual(lexed(texts, false));
    const longLines = native.map(({ problems }) => problems.filter((p) => p.messageId === 'long-line').map((p) => p.location.line));
    expect(longLines).toEqual([[2], [2, 4, 6], [2], [], [2]]);
  });

  it('lexes in several worker threads at once as in the main thread', async () => {
    const next = random(99);
    const texts = Array.from({ length: 400 }, () => soup(next, 1 + Math.floor(next() * 60)));
    const expected = lexed(texts, false);
    for (const result of await lexedInWorkers(texts, 4)) expect(result).toEqual(expected);
  });

  it('interns and finds names as the TypeScript table does', () => {
    const native = new NameTable();
    const portable = new NameTable({ native: false });
    for (const word of ['problem', 'Aa', 'BB', '𝓝', 'theorem']) expect(native.internName(word)).toBe(portable.internName(word));
    expect(native.idOf('BB')).toBe(portable.idOf('BB'));
    expect(native.idOf('absent')).toBe(-1);
    expect(native.names).toEqual(portable.names);
  });
});

/** Lines that make, use and end commands: project commands learned from `syntax`/`macro`/`…_rules`, chains of modifiers, `in`, quotations. */
const COMMAND_LINES = [
  'syntax (name := problem) declModifiers "problem " declId ppIndent(declSig) declVal : command',
  'syntax (name := determine) declModifiers "determine " declId ppIndent(optDeclSig) declVal : command',
  'syntax "snip " &"begin" : command',
  'macro mods:declModifiers "answer " n:declId sig:optDeclSig val:declVal : command =>',
  '  `($mods:declModifiers abbrev $n $sig $val)',
  'elab_rules : command',
  '| `(command| $dm:declModifiers determine%$dt $di:declId $ds:optDeclSig $dv:declVal) => do',
  '  let cmd ← `(command | $dm:declModifiers abbrev $di:declId $ds:optDeclSig $dv:declVal)',
  'macro_rules | `(tactic| trivial) => `(tactic| rfl)',
  'problem p1 (n : Nat) : n + 0 = n := by',
  'determine answer : Nat := 3',
  'answer a : Nat := 1',
  'snip begin',
  'snip end',
  'public section',
  'public meta def m := 1',
  'private theorem t : True := trivial',
  '/-- doc -/',
  '@[simp, ext]',
  '@[simp',
  'open Nat in',
  'open Nat in #eval 1',
  'problem := 3',
  'determine (x)',
  'set_option maxHeartbeats 0 in',
  'deriving instance Repr for Foo',
  'class inductive C',
  'instance (priority := 10) : C := ⟨⟩',
  'instance (priority := 10',
  'namespace A.B',
  'end A.B',
  'end',
  '  end',
  'mutual',
  'variable (x : Nat) in',
  '#eval 1',
  '#exit',
  '#doc (Manual) "Guide" =>',
  '```lean',
  '```',
  ':::theorem "t"',
  ':::',
  '#doc foo',
  'hints := .abbrev',
  'Attribute.add n `instance default',
  '  | axiom (_ : Nat)',
  '| def',
  'def d := |x|',
  '``theorem',
  '`(theorem $n : $t)',
  '  theorem inner : True := trivial',
  'structure S where',
  '  x : Nat',
  'example := (def)',
  'foo := 1',
  ')',
  '⟩ ]',
  'in',
  'theorem t (x y : Nat) {α : Type*} [inst : C α] ⦃z : Nat⦄ {i} (h) : ∀ n, ∃ m, n = m := by',
  '  intro a b ⟨c, hc⟩',
  '  obtain ⟨x, hx⟩ | h := foo',
  '  rcases h with ⟨x, hx⟩ | h',
  '  have h1 : x = y := rfl',
  '  let ⟨p, q⟩ := pair',
  'fun (a : Nat) (b) => a',
  '  | succ n ih => ih',
  '  | .none, some x => x',
  '  | ⟨a, b⟩ => a',
  '  | (n : Nat), @C m => n',
  'def s := {x | x > 0}',
  '{x : T | p x}',
  '{x ∈ s | p x}',
  '{x // p x}',
  'match x with',
  '  cases h with x hx',
  '  choose f hf using h',
  '  set y := x with hy',
  'variable {G : Type*} [Group G] (g : G)',
  '  where go (n : Nat) : Nat := n',
  'inductive T | a | b (n : Nat)',
  'structure P extends Q where',
  '  (x : Nat)',
  '  y : Nat := 1',
  'deriving Repr',
  'let x := 1; have y := 2',
  'theorem abs (h : |x| = 1) : |x| = 1 := h',
  'instance : A := { f := fun x => x, g := sorry }',
  '{ s with f := x }',
  'Finset.sum s fun i => f i',
  'f _ x',
  '∑ i ∈ s, i',
  'fun x ↦ x',
  'A.b.c x.y',
  'with',
  '  | @none => 0',
  '  | n@h => n',
  'def q := {x : (f | g) = y}',
  'sorry',
  'admit',
  '  exact?',
  '  apply?',
  'set_option debug.skipKernelTC true in',
  '@[implemented_by fast]',
  '@[simp, extern "c_fn"]',
  'decide +native',
  '  native_decide',
  '  toFun := by simp',
  '  invFun := sorry',
  "  map_add' := sorry",
  'decreasing_by sorry',
  '(by sorry, sorry)',
  'Lean.ofReduceBool x',
  '  refine ⟨by exact?, ?_⟩',
  'theorem triv : True := trivial',
  'opaque secret : Nat',
  'axiom ax : False',
  'unsafe def u := 1',
  '  #exit',
  '  native_decide := 1',
  '  foo native_decide := 1',
  'def v : Nat := (by exact 1) + sorry',
  '  invFun := /-- doc -/ sorry',
];

/** Everything parsing leaves of a file: its model, the identifiers, locals and pattern names of each declaration, its proof gaps; one name table for all files. */
const parsed = (texts: string[], native: boolean): string[] => {
  const names = new NameTable({ native });
  return texts.map((text, k) => {
    const file = parseLean(text, `F${k}.lean`, { names });
    const gaps = proofGapsOf(file, text).map((gap) => ({ ...gap, decl: gap.decl?.fullName }));
    return JSON.stringify([file, file.decls.map((_, index) => identsOf(file, index)), gaps]);
  });
};

describe.skipIf(nativeScanner === undefined)('the native command splitter, declaration reader and gap walk', () => {
  it("give the TypeScript parser's declarations and proof gaps on the samples", () => {
    const texts = leanFiles('samples');
    expect(parsed(texts, true)).toEqual(parsed(texts, false));
  });

  it('agrees with it on 2,000 random files of command lines, learning the commands they define', () => {
    const next = random(7);
    const texts = Array.from({ length: 2000 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 25) }, () =>
        next() < 0.8 ? COMMAND_LINES[Math.floor(next() * COMMAND_LINES.length)]! : soup(next, 4),
      ).join('\n'),
    );
    const native = parsed(texts, true);
    expect(native).toEqual(parsed(texts, false));
    expect(native.filter((file) => file.includes('"command":"problem"')).length).toBeGreaterThan(20);
    for (const kind of [
      'sorry-in-proof',
      'sorry-in-data',
      'search-tactic',
      'native-decide',
      'implemented-by',
      'extern',
      'skip-kernel-tc',
    ]) {
      expect(native.filter((file) => file.includes(`"kind":"${kind}"`)).length).toBeGreaterThan(10);
    }
  });

  it('parses in several worker threads at once as the TypeScript parser does', async () => {
    const next = random(31);
    const texts = Array.from({ length: 300 }, () =>
      Array.from({ length: 12 }, () => COMMAND_LINES[Math.floor(next() * COMMAND_LINES.length)]!).join('\n'),
    );
    const expected = parsed(texts, false);
    for (const result of await parsedInWorkers(texts, 3)) expect(result).toEqual(expected);
  });

  it('agrees on a declaration whose name part runs past its end (an unclosed `(priority := …`)', () => {
    const texts = ['instance (priority := 10\ntheorem t (x : Nat) : True := trivial\ndef y := 1'];
    const native = parsed(texts, true);
    expect(native).toEqual(parsed(texts, false));
    expect(native[0]).toContain('"fullName":"t"');
  });

  it('reads a declaration from the token table bound last', () => {
    const names = new NameTable();
    const tableOf = (text: string): TokenTable => lexTable(text, 'T.lean', undefined, names).table;
    const [a, b] = [tableOf('theorem a (x : Nat) : x = x := rfl'), tableOf('def b (y : Nat) (z : Nat) : Nat := y')];
    const bind = (t: TokenTable): void =>
      nativeScanner!.bindDeclarationTable(t.count, t.starters as Int32Array, t.kind, t.start, t.end, t.line, t.column, t.code);
    // The reader's head is [separator, body start, #header, #body, #locals, #patterns]; the locals follow the header and body ids in `out`.
    const read = (t: TokenTable): { separator: string; locals: string[] } => {
      const head = new Int32Array(6);
      const out = new Int32Array(64);
      nativeScanner!.readDeclaration(names.flags, 0, 2, t.count, new Int32Array(0), head, out, 0);
      const from = head[2]! + head[3]!;
      return { separator: t.textOf(head[0]!), locals: Array.from(out.subarray(from, from + head[4]!), (id) => names.names[id]!) };
    };
    bind(a);
    expect(read(a)).toEqual({ separator: ':=', locals: ['x'] });
    bind(b);
    expect(read(b)).toEqual({ separator: ':=', locals: ['y', 'z'] });
    bind(a);
    expect(read(a)).toEqual({ separator: ':=', locals: ['x'] });
  });

  it('writes its lists into buffers kept from call to call: one too short is grown, the splitter refuses one too short for its commands', () => {
    const text = Array.from({ length: 400 }, (_, k) => `-- note ${k}\ndef d${k} (x : Nat) : Nat := x`).join('\n');
    const { table } = lexTable(text, 'T.lean', undefined, new NameTable());
    const columns = [table.kind, table.start, table.end, table.line, table.column, table.code] as const;
    // The lexer's results: 8 values (the token count, the lists' lengths, …), then the comments (5 values each) and the other lists; nothing is written into a buffer of 8.
    const short = new Int32Array(8);
    const needed = nativeScanner!.results(short);
    expect(needed).toBeGreaterThan(8 + 5 * 400);
    expect(Array.from(short)).toEqual(new Array(8).fill(0));
    const calls: number[] = [];
    const out = new NativeOut();
    const results = out.fill((buffer) => (calls.push(buffer.length), nativeScanner!.results(buffer)));
    expect(calls).toEqual([0, needed]);
    expect(Array.from(results.subarray(0, 4))).toEqual([table.count, 0, 5 * 400, table.starters.length]);
    expect(Array.from(results.subarray(8, 8 + 5 * 400))).toEqual(Array.from(table.comments));
    expect(out.fill((buffer) => (calls.push(buffer.length), nativeScanner!.results(buffer))).length).toBe(needed);
    expect(calls).toEqual([0, needed, needed]);
    expect(() => nativeScanner!.split(false, table.names.flags, table.count, new Int32Array(3 * 400), ...columns)).toThrow();
    const commands = new Int32Array(3 * table.count + 4);
    expect(nativeScanner!.split(false, table.names.flags, table.count, commands, ...columns)).toBe(1 + 3 * 400);
    expect(commands[0]).toBe(0);
  });

  it('agrees on a declaration with more identifiers than the reader had room for', () => {
    const many = Array.from({ length: 70_000 }, (_, k) => `a${k}`);
    const texts = [
      `def big := [${many.join(', ')}]\ntheorem after (h : x = y) : True := by\n  intro ${many.slice(0, 9).join(' ')}\n  trivial`,
    ];
    const native = parsed(texts, true);
    expect(native).toEqual(parsed(texts, false));
    expect(native[0]).toContain('"a69999"');
  });
});

/** Lexes `texts` in `threads` worker threads at once (the built lexer, as the contamination scan's workers use it); each returns what `lexed` shows. */
async function lexedInWorkers(texts: string[], threads: number): Promise<unknown[][]> {
  const lexer = pathToFileURL(join('dist', 'src', 'lean', 'lexer.js')).href;
  const names = pathToFileURL(join('dist', 'src', 'lean', 'names.js')).href;
  if (!existsSync(fileURLToPath(lexer))) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    Promise.all([import(${JSON.stringify(lexer)}), import(${JSON.stringify(names)})]).then(([{ lexTable, TokenTable }, { NameTable }]) => {
      const names = new NameTable();
      const reused = new TokenTable('');
      parentPort.postMessage(workerData.map((text) => {
        const { table, problems } = lexTable(text, 'T.lean', reused, names);
        const column = (a) => Array.from(a.subarray(0, table.count));
        return { columns: [table.kind, table.start, table.end, table.line, table.column, table.code].map(column), comments: Array.from(table.comments),
          starters: Array.from(table.starters), gapWords: table.gapWords, exitToken: table.exitToken, names: [...names.names], flags: Array.from(names.flags.subarray(0, names.size)), problems };
      }));
    });`;
  return Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const worker = new Worker(code, { eval: true, workerData: texts });
          worker.once('message', (result: unknown[]) => void worker.terminate().then(() => resolve(result)));
          worker.once('error', reject);
        }),
    ),
  );
}

/** Parses `texts` in `threads` worker threads at once with the built parser and native scanner; each returns what `parsed` shows. */
async function parsedInWorkers(texts: string[], threads: number): Promise<string[][]> {
  const module = (name: string): string => JSON.stringify(pathToFileURL(join('dist', 'src', 'lean', `${name}.js`)).href);
  if (!existsSync(join('dist', 'src', 'lean', 'parser.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    Promise.all([import(${module('parser')}), import(${module('gaps')}), import(${module('names')})]).then(([{ parseLean, identsOf }, { proofGapsOf }, { NameTable }]) => {
      const names = new NameTable();
      parentPort.postMessage(workerData.map((text, k) => {
        const file = parseLean(text, 'F' + k + '.lean', { names });
        const gaps = proofGapsOf(file, text).map((gap) => ({ ...gap, decl: gap.decl && gap.decl.fullName }));
        return JSON.stringify([file, file.decls.map((_, index) => identsOf(file, index)), gaps]);
      }));
    });`;
  return Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<string[]>((resolve, reject) => {
          const worker = new Worker(code, { eval: true, workerData: texts });
          worker.once('message', (result: string[]) => void worker.terminate().then(() => resolve(result)));
          worker.once('error', reject);
        }),
    ),
  );
}

describe('the lexer in use', () => {
  it('is the native one wherever CI builds it', () => {
    if (process.env.CI && process.env.LEANAUDIT_NATIVE !== '0') expect(nativeScanner).toBeDefined();
  });
});

describe.skipIf(nativeScanner === undefined)('reading a file natively', () => {
  const dir = mkdtempSync(join(tmpdir(), 'leanaudit-native-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes: number[] | string): string => {
    const path = join(dir, name);
    writeFileSync(path, typeof bytes === 'string' ? bytes : Buffer.from(bytes));
    return path;
  };
  const read = (path: string, max = MAX_FILE_BYTES): [string, number] | undefined => nativeScanner!.readSource(path, max);

  it('gives the text and byte count of plain files: ASCII, 2-, 3- and 4-byte characters, a BOM, an empty file', () => {
    for (const text of ['theorem x : True := trivial\n', 'α ∀ ℕ 𝓝 h₁ «a b» é', '\ufeffdef x := 1', '']) {
      const path = file('plain.lean', text);
      expect(read(path)).toEqual([text, Buffer.byteLength(text)]);
    }
  });

  it('leaves to source.ts every file it must report: NUL, invalid UTF-8, too large, missing, a folder', () => {
    const bad = [
      [0x61, 0, 0x62],
      [0xc0, 0x80],
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5, 0x80, 0x80, 0x80],
      [0xe2, 0x82],
      [0x80],
      [0xff],
      [0x61, 0xc3],
      [0xc3, 0xa9, ...Buffer.from('abcdefg'), 0, 0x61],
    ];
    for (const bytes of bad) expect(read(file('bad.lean', bytes))).toBeUndefined();
    expect(read(file('large.lean', 'x'.repeat(100)), 99)).toBeUndefined();
    expect(read(file('limit.lean', 'x'.repeat(99)), 99)).toEqual(['x'.repeat(99), 99]);
    expect(read(join(dir, 'missing.lean'))).toBeUndefined();
    expect(read(dir)).toBeUndefined();
  });

  it('reads a file past the size the file system gave for it, up to its end or the limit', () => {
    // Linux's /proc files have a size of 0 and a text; elsewhere there is nothing to check.
    if (!existsSync('/proc/version')) return;
    const text = readFileSync('/proc/version', 'utf8');
    expect(read('/proc/version')).toEqual([text, text.length]);
    expect(read('/proc/version', text.length - 1)).toBeUndefined();
  });

  it("accepts exactly the NUL-free valid UTF-8 of 2,000 random byte strings, with Node's decoding", () => {
    const next = random(7);
    // With ASCII runs longer than the 16 bytes the decoder takes at a time where it can.
    const ascii = [...Buffer.from('theorem foo_bar : True := by\n  sorry')];
    const pieces = [
      [0x61],
      [0x0a],
      [0xc3, 0xa9],
      [0xe2, 0x88, 0x80],
      [0xf0, 0x9d, 0x93, 0x9d],
      [0x80],
      [0xc3],
      [0xe2, 0x88],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90],
      [0],
      [0xef, 0xbb, 0xbf],
      ascii,
    ];
    for (let k = 0; k < 2000; k++) {
      const bytes = Buffer.from(
        Array.from({ length: 1 + Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]!).flat(),
      );
      const got = read(file('random.lean', [...bytes]));
      const plain = isUtf8(bytes) && !bytes.includes(0);
      expect(got).toEqual(plain ? [bytes.toString('utf8'), bytes.length] : undefined);
    }
  });

  it('reads ahead in the order given, and reads any other file on the spot', () => {
    const texts = ['def a := 1', 'def b := 2', 'def c := 3'];
    texts.forEach((text, k) => file(`ahead${k}.lean`, text));
    file('ahead-nul.lean', [0x61, 0]);
    const names = ['ahead0.lean', 'ahead-nul.lean', 'ahead1.lean', 'ahead2.lean'];
    const expected = names.map((name) => readSource(dir, name));
    readAhead(dir, names);
    expect(readSource(dir, 'ahead2.lean')).toEqual(expected[3]);
    expect(names.map((name) => readSource(dir, name))).toEqual(expected);
    readAhead(dir, names);
    expect(readSource(dir, 'ahead0.lean')).toEqual(expected[0]);
    readAhead(dir, []);
    expect(names.map((name) => readSource(dir, name))).toEqual(expected);
  });

  it('reads 100 files ahead, longer and shorter in turn, ASCII or not, each as Node decodes it', () => {
    const next = random(11);
    const pieces = ['theorem x : ∀ n : ℕ, n = n := fun _ => rfl\n', 'abcdefghijklmnop', 'é', '𝓝', ' ', 'h₁'];
    const names = Array.from({ length: 100 }, (_, k) => {
      const length = k % 2 === 0 ? 1 + Math.floor(next() * 4000) : Math.floor(next() * 20);
      const text = Array.from({ length }, () => pieces[Math.floor(next() * pieces.length)]!).join('');
      file(`order${k}.lean`, text);
      return `order${k}.lean`;
    });
    const expected = names.map((name) => readFileSync(join(dir, name), 'utf8'));
    readAhead(dir, names);
    expect(names.map((name) => readSource(dir, name).text)).toEqual(expected);
    readAhead(dir, []);
  });

  it('lexes the text it read last in place as it lexes a copy, up to texts ending in an unterminated token', () => {
    const endings = ['', ' «open', ' "open', ' /- open', ' r#"open', " '", ' 1.', ' x.', ' /', ' -', ' <', ' |'];
    const texts = endings.map((ending, k) => `namespace N\ntheorem t${k} : ∀ n : ℕ, n = n := fun _ => rfl\nend N${ending}`);
    const inPlace = texts.map((text, k) => {
      const name = `in-place${k}.lean`;
      file(name, text);
      const read = readSource(dir, name).text!;
      expect(isLastNativeRead(read)).toBe(true);
      return lexed([read], true)[0];
    });
    // Copies, lexed from a copy of their code units (but the last: strings are equal by content).
    const copies = texts.map((text) => [...text].join(''));
    expect(copies.slice(0, -1).some(isLastNativeRead)).toBe(false);
    expect(inPlace).toEqual(copies.map((copy) => lexed([copy], true)[0]));
    expect(inPlace).toEqual(texts.map((text) => lexed([text], false)[0]));
  });

  it('stops a read-ahead left running when its worker thread ends', async () => {
    const source = pathToFileURL(join('dist', 'src', 'lean', 'source.js')).href;
    const many = Array.from({ length: 200 }, (_, k) => file(`many${k}.lean`, `def x${k} := ${k}`)).map((path) =>
      path.slice(dir.length + 1),
    );
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      import(${JSON.stringify(source)}).then(({ readAhead, readSource }) => {
        readAhead(workerData.dir, workerData.many);
        parentPort.postMessage(readSource(workerData.dir, workerData.many[0]).text);
      });`;
    const worker = new Worker(code, { eval: true, workerData: { dir, many } });
    const first = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    expect(first).toBe('def x0 := 0');
    expect(await new Promise((resolve) => worker.once('exit', resolve))).toBe(0);
  });

  it('reads through readSource as the TypeScript path does, problems included', () => {
    for (const [name, bytes] of [
      ['ok.lean', 'lemma a : 1 = 1 := rfl'],
      ['nul.lean', [0x61, 0]],
      ['bad.lean', [0x61, 0xff, 0x0a]],
    ] as const) {
      file(name, typeof bytes === 'string' ? bytes : [...bytes]);
      expect(readSource(dir, name)).toEqual({
        bytes: readFileSync(join(dir, name)).length,
        ...decodeLeanSource(readFileSync(join(dir, name)), name),
      });
    }
  });
});
