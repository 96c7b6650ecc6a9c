/**
 * Seeded mutations of a Lean file's bytes, as a hostile repository or a damaged checkout would have
 * them: truncations (also inside a UTF-8 sequence), unterminated comments, strings, characters and
 * «names», invalid UTF-8, NUL bytes and binary, Lean fragments inserted anywhere, slices deleted,
 * repeated or swapped, and the deep or long inputs no person writes (100k-deep nested comments and
 * brackets, a 10 MB line).
 */
import { FRAGMENTS } from '../../test/helpers/lean-texts.js';

/** A source of numbers in [0, 1), seeded (test/helpers/lean-texts.ts `random`). */
export type Random = () => number;

/** An integer in [0, n). */
export const below = (next: Random, n: number): number => Math.floor(next() * n);

/** One element of a list. */
export const pick = <T>(next: Random, list: readonly T[]): T => list[below(next, list.length)]!;

/** A mutation: its name (counted in the figures) and what it does to the bytes. */
export interface Mutation {
  name: string;
  /** Whether it makes an input of megabytes (run less often: each costs seconds). */
  large?: boolean;
  apply(bytes: Buffer, next: Random): Buffer;
}

const text = (s: string): Buffer => Buffer.from(s, 'utf8');

/** `bytes` with `insert` put at a random offset. */
function insertAt(bytes: Buffer, next: Random, insert: Buffer): Buffer {
  const at = below(next, bytes.length + 1);
  return Buffer.concat([bytes.subarray(0, at), insert, bytes.subarray(at)]);
}

/** Openers that leave something unterminated from where they stand to the end of the file. */
const UNTERMINATED = ['/-', '/--', '/-!', '"', '"\\', "'", '«', 'r#"', 's!"', '`(', '@[', '```lean\n', '⟨', '(', '{', '['];

/** Bytes that are not UTF-8: a lone continuation byte, a lead byte without its continuation, an overlong form, a surrogate, 0xFF. */
const INVALID_UTF8 = [[0x80], [0xc3], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xf4, 0x90, 0x80, 0x80]];

/** Markup a planted name carries, which the HTML report must escape. */
export const PLANTED_MARKUP = '<script>alert(1)</script>';
/** A workflow command a planted name carries, which the GitHub format must never let start a line (inside a message it is data). */
export const PLANTED_COMMAND = '::error file=planted.lean,line=1::pwned';

/** Declarations and docstrings whose names and text a report shows, made hostile: markup, a workflow command, controls, a bidi override. */
const PLANTED = [
  `theorem «${PLANTED_MARKUP}» : True := sorry\n`,
  `theorem «x\n${PLANTED_COMMAND}» : True := sorry\n`,
  `/-- ${PLANTED_MARKUP} \u001b]0;t\u0007 -/\ntheorem t\u202eq : True := sorry\n`,
  `def «a\u001b[2Jb» := sorry\n`,
];

/** The mutations, each applied with the same probability. */
export const MUTATIONS: readonly Mutation[] = [
  { name: 'truncate', apply: (bytes, next) => bytes.subarray(0, below(next, bytes.length + 1)) },
  { name: 'unterminated', apply: (bytes, next) => insertAt(bytes, next, text(pick(next, UNTERMINATED))) },
  { name: 'invalid-utf8', apply: (bytes, next) => insertAt(bytes, next, Buffer.from(pick(next, INVALID_UTF8))) },
  { name: 'nul-byte', apply: (bytes, next) => insertAt(bytes, next, Buffer.from([0])) },
  {
    name: 'binary',
    apply: (bytes, next) => insertAt(bytes, next, Buffer.from(Array.from({ length: 1 + below(next, 256) }, () => below(next, 256)))),
  },
  {
    name: 'fragments',
    apply: (bytes, next) => {
      let out = bytes;
      for (let k = 1 + below(next, 8); k > 0; k--) out = insertAt(out, next, text(pick(next, FRAGMENTS)));
      return out;
    },
  },
  {
    name: 'delete-slice',
    apply: (bytes, next) => {
      const from = below(next, bytes.length + 1);
      const to = Math.min(bytes.length, from + below(next, 4096));
      return Buffer.concat([bytes.subarray(0, from), bytes.subarray(to)]);
    },
  },
  {
    name: 'repeat-slice',
    apply: (bytes, next) => {
      const from = below(next, bytes.length + 1);
      const slice = bytes.subarray(from, Math.min(bytes.length, from + 1 + below(next, 512)));
      const times = 2 + below(next, 64);
      return Buffer.concat([bytes.subarray(0, from), ...Array.from({ length: times }, () => slice), bytes.subarray(from)]);
    },
  },
  {
    name: 'swap-lines',
    apply: (bytes, next) => {
      const lines = bytes.toString('latin1').split('\n');
      for (let k = 1 + below(next, 16); k > 0; k--) {
        const a = below(next, lines.length);
        const b = below(next, lines.length);
        [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      }
      return Buffer.from(lines.join('\n'), 'latin1');
    },
  },
  {
    name: 'line-endings',
    apply: (bytes, next) => {
      const s = bytes.toString('latin1');
      const ending = pick(next, ['\r\n', '\r', '\u2028']);
      return Buffer.concat([
        next() < 0.5 ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0),
        Buffer.from(s.replace(/\n/g, ending), 'latin1'),
      ]);
    },
  },
  { name: 'hostile-names', apply: (bytes, next) => insertAt(bytes, next, text(`\n${pick(next, PLANTED)}`)) },
  {
    name: 'deep-nesting',
    large: true,
    apply: (bytes, next) => {
      const [open, close] = pick(next, [
        ['/-', '-/'],
        ['(', ')'],
        ['[', ']'],
        ['{', '}'],
        ['⟨', '⟩'],
        ['by exact (', ')'],
        ['fun x => (', ')'],
      ]);
      const depth = 100_000;
      const closed = next() < 0.5;
      return insertAt(bytes, next, text(open!.repeat(depth) + (closed ? close!.repeat(depth) : '')));
    },
  },
  {
    name: 'long-line',
    large: true,
    apply: (bytes, next) => {
      const unit = pick(next, ['sorry; ', 'x ', 'a.', '(', '-- ', '"', '+ 1 ', 'h₁ ']);
      return insertAt(bytes, next, text(`${unit.repeat(Math.ceil((10 << 20) / Buffer.byteLength(unit)))}\n`));
    },
  },
];

const SMALL = MUTATIONS.filter((m) => !m.large);
const LARGE = MUTATIONS.filter((m) => m.large);

/** One to three mutations, one of them large in about one input of `largeEvery`. */
export function chooseMutations(next: Random, largeEvery = 40): Mutation[] {
  const chosen = Array.from({ length: 1 + below(next, 3) }, () => pick(next, SMALL));
  if (below(next, largeEvery) === 0) chosen[below(next, chosen.length)] = pick(next, LARGE);
  return chosen;
}

/** Applies the mutations chooseMutations picks; returns the bytes and the mutations' names. */
export function mutate(bytes: Buffer, next: Random, largeEvery?: number): { bytes: Buffer; steps: string[] } {
  const chosen = chooseMutations(next, largeEvery);
  let out = bytes;
  for (const mutation of chosen) out = mutation.apply(out, next);
  return { bytes: out, steps: chosen.map((m) => m.name) };
}
