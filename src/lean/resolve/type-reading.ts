/**
 * How a Lean type reads, on tokens: a proposition (`a = b`, `∃ x, p x`, `Continuous f`, `IsCompact s`)
 * or data (`ℕ`, `α → β`, `Set X → Prop`), or neither (`Digit` for an unknown `Digit`). What a `sorry`
 * stands for (a proof or data) is read from the type it stands at: a field's declared type, a
 * declaration's type, a parameter's.
 */
import { bracketDelta, KIND, MULTI, MULTI_SYMBOLS, type TokenTable } from '../syntax/lexer.js';
import { lastComponent } from './references.js';

const multi = (s: string): number => MULTI + MULTI_SYMBOLS.indexOf(s);
const ARROW = multi('->');
const COMMA = 44;

/** Symbols that make a type a proposition wherever they stand outside brackets: relations, connectives, `∃`, `¬`. */
const PROPOSITION_SYMBOLS: ReadonlySet<number> = new Set([
  61,
  60,
  62,
  multi('<='),
  multi('>='),
  multi('!='),
  0x2260,
  0x2264,
  0x2265,
  0x2208,
  0x2209,
  0x2286,
  0x2282,
  0x2287,
  0x2283,
  0x2194,
  0x2227,
  0x2228,
  0xac,
  0x2223,
  0x2261,
  0x2203,
]);

/**
 * Heads of a conclusion that make it a proposition: `True`/`False`, Mathlib predicates that do not
 * start with `Is`, and Mathlib's classes of propositions an `instance` proves (`DiscreteTopology`, `T2Space`, …).
 */
const PROPOSITION_HEADS: ReadonlySet<string> = new Set([
  'True',
  'False',
  'Nonempty',
  'Continuous',
  'Monotone',
  'Antitone',
  'StrictMono',
  'StrictAnti',
  'Injective',
  'Surjective',
  'Bijective',
  'Measurable',
  'Differentiable',
  'Tendsto',
  'Summable',
  'HasSum',
  'Countable',
  'Finite',
  'Disjoint',
  'Pairwise',
  'Irreducible',
  'Prime',
  'Squarefree',
  'Even',
  'Odd',
  'Fact',
  'Subsingleton',
  'Nontrivial',
  'Infinite',
  'NeZero',
  'CharZero',
  'CharP',
  'NoZeroDivisors',
  'FiniteDimensional',
  'DiscreteTopology',
  'CompactSpace',
  'T0Space',
  'T1Space',
  'T2Space',
  'T3Space',
  'RegularSpace',
  'NormalSpace',
  'CompleteSpace',
  'ProperSpace',
  'LocallyCompactSpace',
  'SecondCountableTopology',
  'SeparableSpace',
  'ConnectedSpace',
  'PathConnectedSpace',
  'OrderTopology',
  'ContinuousAdd',
  'ContinuousMul',
  'ContinuousSMul',
  'SMulCommClass',
]);

/** Heads of a conclusion that make it data: universes (a predicate `Set X → Prop` or a type is data) and common types. */
const DATA_HEADS: ReadonlySet<string> = new Set([
  'Prop',
  'Type',
  'Sort',
  'ℕ',
  'ℤ',
  'ℚ',
  'ℝ',
  'ℂ',
  'Nat',
  'Int',
  'Rat',
  'Real',
  'Complex',
  'NNReal',
  'ENNReal',
  'EReal',
  'List',
  'Set',
  'Finset',
  'Multiset',
  'Array',
  'Option',
  'Fin',
  'String',
  'Bool',
  'Prod',
  'Sum',
  'Matrix',
  'Polynomial',
]);

/** The conclusion of the type in tokens [from, to) (after its last `→` or binder comma outside brackets), or -1 when a relation, connective, `∃` or `¬` outside brackets already makes it a proposition. */
export function conclusionOf(table: TokenTable, from: number, to: number): number {
  let depth = 0;
  let conclusion = from;
  for (let i = from; i < to; i++) {
    const delta = bracketDelta(table, i);
    depth += delta;
    if (delta !== 0 || depth > 0 || table.kind[i] !== KIND.symbol) continue;
    const code = table.code[i]!;
    if (PROPOSITION_SYMBOLS.has(code) && !isNonNegativeReals(table, i, to)) return -1;
    if (code === 0x2192 || code === ARROW || code === COMMA) conclusion = i + 1;
  }
  return conclusion;
}

/** Whether the `≥` at token i is Mathlib's `ℝ≥0` (`NNReal`) or `ℝ≥0∞` (`ENNReal`), written without blanks: a type, no relation. */
function isNonNegativeReals(table: TokenTable, i: number, to: number): boolean {
  return (
    table.code[i] === 0x2265 &&
    i > 0 &&
    i + 1 < to &&
    table.is(i - 1, 'ℝ') &&
    table.end[i - 1] === table.start[i] &&
    table.is(i + 1, '0') &&
    table.end[i] === table.start[i + 1]
  );
}

/** The name heading token i (an identifier, or `Prop`/`Type`/`Sort`), last component only; '' for anything else. */
export function headName(table: TokenTable, i: number, to: number): string {
  if (i >= to || (table.kind[i] !== KIND.ident && table.kind[i] !== KIND.keyword)) return '';
  return lastComponent(table.textOf(i));
}

/**
 * How the type in tokens [from, to) reads: `true` for a proposition (a relation, connective, `∃` or
 * `¬` outside brackets, or a conclusion headed by `True`, `False`, an `Is…` predicate, a common
 * Mathlib predicate or one of `predicates`), `false` for data (a conclusion headed by a universe, a
 * common type or a one-letter type variable: `α → β`, `List Digit`, `Set X → Prop`), `undefined`
 * when the head says neither (`measurable E` for an unknown `measurable`).
 */
export function readType(table: TokenTable, from: number, to: number, predicates: ReadonlySet<string> = new Set()): boolean | undefined {
  const conclusion = conclusionOf(table, from, to);
  if (conclusion < 0) return true;
  const head = headName(table, conclusion, to);
  if (PROPOSITION_HEADS.has(head) || /^Is[A-Z]/.test(head) || predicates.has(head)) return true;
  if (DATA_HEADS.has(head) || [...head].length === 1) return false;
  return undefined;
}
