/**
 * Pathological families: inputs that grow with a number n, each made to push one step of leanaudit
 * towards superlinear time or memory. The fuzzer times each at 1x, 2x, 4x and 8x of its base size; a
 * step at most n log n grows about 8-10x from 1x to 8x, a quadratic one 64x.
 */
import { BlockFramer } from '../../src/repl/protocol.js';

/** A project of files (path → text), or something else to time. */
export type FamilyInput = { files: Record<string, string> } | { replOutput: string };

export interface Family {
  id: string;
  /** What one unit of n is, and which step it pushes. */
  what: string;
  /** n at 1x. */
  base: number;
  make(n: number): FamilyInput;
}

const lines = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join('');
const project = (text: string): FamilyInput => ({ files: { 'Main.lean': text } });

export const FAMILIES: readonly Family[] = [
  {
    id: 'sorry-line',
    what: '`sorry; ` n times on one line of one proof: one finding each',
    base: 16_000,
    make: (n) => project(`theorem t : 0 = 0 := by\n  ${'sorry; '.repeat(n)}\n`),
  },
  {
    id: 'same-name',
    what: 'n declarations of one name (duplicate detection)',
    base: 10_000,
    make: (n) => project(lines(n, (i) => `def x : Nat := ${i}\n`)),
  },
  {
    id: 'strings-and-duplicates',
    what: 'n lines of strings holding comment openers, under 50 names declared again and again',
    base: 5_000,
    make: (n) => project(lines(n, (i) => `def d${i % 50} : String := "s${i} \\" -- /- ${i}"\n`)),
  },
  {
    id: 'nested-by-exact',
    what: '`by exact (` nested n deep',
    base: 20_000,
    make: (n) => project(`theorem t : 0 = 0 := ${'by exact ('.repeat(n)}rfl${')'.repeat(n)}\n`),
  },
  {
    id: 'variable-open',
    what: 'n times `variable`, `open` and a theorem: n scopes, each one longer',
    base: 2_000,
    make: (n) => project(lines(n, (i) => `variable (x${i} : Nat)\nopen N${i}\ntheorem t${i} : x${i} = x${i} := rfl\n`)),
  },
  {
    id: 'sections-variables',
    what: 'n sections left open, each with a `variable` and a theorem',
    base: 1_000,
    make: (n) => project(lines(n, (i) => `section\nvariable (y${i} : Nat)\ntheorem t${i} : 0 = 0 := rfl\n`)),
  },
  {
    id: 'opened-namespaces',
    what: 'n namespaces with a lemma each, then n times `open` and a theorem using every lemma name so far',
    base: 1_000,
    make: (n) =>
      project(
        lines(n, (i) => `namespace N${i}\ntheorem l : 0 = 0 := rfl\nend N${i}\n`) +
          lines(n, (i) => `open N${i}\ntheorem u${i} : 0 = 0 := l\n`),
      ),
  },
  {
    id: 'nested-namespaces',
    what: 'n namespaces nested, a theorem in the innermost',
    base: 5_000,
    make: (n) => project(`${lines(n, (i) => `namespace N${i}\n`)}theorem t : 0 = 0 := rfl\n${'end\n'.repeat(n)}`),
  },
  {
    id: 'namespace-staircase',
    what: 'n namespaces nested, a theorem in each: full names as long as the nesting (reading stops at 256 deep)',
    base: 2_000,
    make: (n) => project(lines(n, (i) => `namespace N${i}\ntheorem t${i} : 0 = 0 := rfl\n`)),
  },
  {
    id: 'nested-comments',
    what: 'block comments nested n deep',
    base: 50_000,
    make: (n) => project(`${'/-'.repeat(n)}${'-/'.repeat(n)}\ntheorem t : 0 = 0 := rfl\n`),
  },
  {
    id: 'nested-by-exact-sorry',
    what: '`by exact (` nested n deep on one line around a `sorry` (the tactic blocks a sorry is classified by)',
    base: 20_000,
    make: (n) => project(`theorem t : 0 = 0 := ${'by exact ('.repeat(n)}sorry${')'.repeat(n)}\n`),
  },
  {
    id: 'words-before-colon',
    what: 'n words on a line of a proof before a `have k : T`, then a use of `k.f` (the binder names read back from a colon)',
    base: 50_000,
    make: (n) => project(`theorem t (h : Nat) : True := by\n  ${'x '.repeat(n)}\n  have k : Nat := 1\n  exact k.succ_pos\n`),
  },
  {
    id: 'nested-brackets',
    what: 'brackets nested n deep in a proof term',
    base: 50_000,
    make: (n) => project(`theorem t : 0 = 0 := by exact ${'('.repeat(n)}rfl${')'.repeat(n)}\n`),
  },
  {
    id: 'long-line',
    what: 'one line of n identifiers added up',
    base: 50_000,
    make: (n) => project(`def y := ${'a + '.repeat(n)}1\ntheorem t : 0 = 0 := rfl\n`),
  },
  {
    id: 'dotted-name',
    what: 'a declaration whose name has n components, and a use of it',
    base: 20_000,
    make: (n) => {
      const name = lines(n, (i) => `a${i}.`).slice(0, -1);
      return project(`def ${name} := 1\ntheorem t : ${name} = 1 := rfl\n`);
    },
  },
  {
    id: 'repeated-dotted-name',
    what: 'a declaration named `x.a.a.…` of n components, and an identifier `a.a.….b` naming nothing: each prefix ends the declaration’s name',
    base: 80_000,
    make: (n) => project(`def x${'.a'.repeat(n)} := 1\ntheorem t : True := ${'a.'.repeat(n)}b\n`),
  },
  {
    id: 'unknown-dotted-name',
    what: 'an identifier of n components naming nothing, each component a project name (field notation on each prefix)',
    base: 20_000,
    make: (n) => project(`def b := 1\ntheorem t : ${Array.from({ length: n }, () => 'b').join('.')} = 1 := rfl\n`),
  },
  {
    id: 'docstrings',
    what: 'n theorems with docstrings (Markdown with code, math and links) and sorry proofs: entities to pair',
    base: 2_000,
    make: (n) => project(lines(n, (i) => `/-- **Theorem ${i}.** \`x\` $a_${i}$ [l](u) -/\ntheorem t${i} : 0 = 0 := sorry\n`)),
  },
  {
    id: 'docstrings-variables',
    what: 'n times a `variable` and a theorem with a docstring: entities whose statements the `variable`s in force may bind',
    base: 1_000,
    make: (n) => project(lines(n, (i) => `variable (x${i} : Nat)\n/-- Theorem ${i}. -/\ntheorem t${i} : x${i} = x${i} := rfl\n`)),
  },
  {
    id: 'variables-field-notation',
    what: 'n structures with a field each, n `variable`s of those types, then one theorem using every field through its variable',
    base: 1_000,
    make: (n) =>
      project(
        lines(n, (i) => `structure T${i} where\n  f${i} : Nat\nvariable (h${i} : T${i})\n`) +
          `theorem t : ${lines(n, (i) => `h${i}.f${i} + `)}0 = 0 := rfl\n`,
      ),
  },
  {
    id: 'unterminated-strings',
    what: 'n lines each opening a string: one string to the end of the file',
    base: 10_000,
    make: (n) => project(lines(n, (i) => `def s${i} := "abc\n`)),
  },
  {
    id: 'repl-no-blank-line',
    what: 'Lean REPL output of n lines with no blank line, in 64 KB chunks (framing)',
    base: 20_000,
    make: (n) => ({ replOutput: lines(n, (i) => `{"env": ${i}, "messages": [{"data": "x"}]}\n`) }),
  },
];

/** Feeds REPL output to the framer in chunks as a pipe delivers them; returns the blocks framed. */
export function frameOutput(output: string, chunk = 1 << 16): number {
  const framer = new BlockFramer();
  let blocks = 0;
  for (let at = 0; at < output.length; at += chunk) blocks += framer.push(output.slice(at, at + chunk)).length;
  return blocks;
}

/** The size of an input in bytes. */
export function inputBytes(input: FamilyInput): number {
  if ('replOutput' in input) return Buffer.byteLength(input.replOutput);
  return Object.values(input.files).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
}
