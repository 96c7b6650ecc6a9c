/**
 * Proof fields and data fields by their declared types: when a declaration's value instantiates a
 * structure or class the project declares itself, the types of that structure's fields say which
 * hold proofs (`nonempty : digits ≠ []`) and which hold data (`digits : List Digit`), whatever the
 * fields are called. The proof-gap scan, which sees one file at a time, classifies a `sorry` field
 * by its name; `classifyFieldsByType` corrects that with the project's own declarations wherever a
 * declared type reads clearly one way or the other, and leaves the name's verdict elsewhere.
 */

import type { LeanDecl, LeanProject } from '../model/lean.js';
import type { ProofGap } from './gaps.js';
import {
  bracketDelta,
  headerTypeStart,
  isCommentKind,
  KIND,
  lexTable,
  MULTI,
  MULTI_SYMBOLS,
  type TokenTable,
  typeBodyStart,
  typeHead,
} from './lexer.js';
import { lastComponent } from './references.js';

const multi = (s: string): number => MULTI + MULTI_SYMBOLS.indexOf(s);
const ASSIGN = multi(':=');
const ARROW = multi('->');
const COLON = 58;
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
function conclusionOf(table: TokenTable, from: number, to: number): number {
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
function headName(table: TokenTable, i: number, to: number): string {
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

/**
 * The fields a structure or class declares, each mapped to how its type reads (see `readType`;
 * a field whose type ends in `Prop` is a predicate, and a type headed by it a proposition):
 * `name binders* : type` lines of a `where` body, or the `(names : type)` groups of the old syntax.
 */
export function declaredFields(structure: LeanDecl): Map<string, boolean | undefined> {
  const fields = new Map<string, boolean | undefined>();
  if (structure.body === undefined) return fields;
  const { table } = lexTable(structure.body);
  const typed: { names: string[]; from: number; to: number }[] = [];
  const code: number[] = [];
  for (let i = 0; i < table.count; i++) if (!isCommentKind(table.kind[i]!)) code.push(i);
  const at = (k: number): number => code[k]!;
  const oldSyntax = code.length > 0 && !table.is(at(0), 'where');
  let depth = 0;
  let fieldColumn = -1;
  for (let k = 0; k < code.length; k++) {
    const i = at(k);
    const opensGroup = oldSyntax && depth === 0 && table.kind[i] === KIND.symbol && table.code[i] === 40;
    depth += bracketDelta(table, i);
    if (opensGroup) {
      const names = identRun(table, code, k + 1);
      const colon = k + 1 + names.length;
      if (names.length > 0 && colon < code.length && table.code[at(colon)] === COLON && table.kind[at(colon)] === KIND.symbol) {
        const close = closingOf(table, code, k);
        typed.push({ names, from: at(colon + 1), to: close < code.length ? at(close) : table.count });
      }
      continue;
    }
    if (depth !== 0 || table.kind[i] !== KIND.ident) continue;
    const startsLine = k === 0 || table.line[at(k - 1)]! < table.line[i]!;
    if (!startsLine || table.column[i]! === 0) continue;
    if (fieldColumn < 0) fieldColumn = table.column[i]!;
    if (table.column[i] !== fieldColumn) continue;
    const colon = typeColon(table, code, k);
    if (colon < 0) continue;
    const end = typeEnd(table, code, colon + 1, fieldColumn);
    typed.push({ names: identRun(table, code, k), from: at(colon + 1), to: end < code.length ? at(end) : table.count });
  }
  const predicates = new Set<string>();
  for (const { names, from, to } of typed) {
    const conclusion = conclusionOf(table, from, to);
    if (conclusion >= 0 && headName(table, conclusion, to) === 'Prop') for (const name of names) predicates.add(name);
  }
  for (const { names, from, to } of typed) for (const name of names) fields.set(name, readType(table, from, to, predicates));
  return fields;
}

/** The texts of the identifiers at code[k], code[k + 1], … on one line. */
function identRun(table: TokenTable, code: number[], k: number): string[] {
  const names: string[] = [];
  for (let j = k; j < code.length && table.kind[code[j]!] === KIND.ident && table.line[code[j]!] === table.line[code[k]!]; j++)
    names.push(table.textOf(code[j]!));
  return names;
}

/** Index in `code` of the bracket closing the one at code[k] (code.length if unclosed). */
function closingOf(table: TokenTable, code: number[], k: number): number {
  let depth = 0;
  for (let j = k; j < code.length; j++) {
    depth += bracketDelta(table, code[j]!);
    if (depth === 0) return j;
  }
  return code.length;
}

/** Index in `code` of the `:` (outside brackets) that begins the type of the field named at code[k], or -1. */
function typeColon(table: TokenTable, code: number[], k: number): number {
  let depth = 0;
  for (let j = k + 1; j < code.length; j++) {
    const i = code[j]!;
    depth += bracketDelta(table, i);
    if (depth !== 0 || table.kind[i] !== KIND.symbol) continue;
    if (table.code[i] === COLON) return j;
    if (table.code[i] === ASSIGN) return -1;
  }
  return -1;
}

/** Index in `code` where a field type starting at code[k] ends: its default value's `:=`, or the next field's line. */
function typeEnd(table: TokenTable, code: number[], k: number, fieldColumn: number): number {
  let depth = 0;
  for (let j = k; j < code.length; j++) {
    const i = code[j]!;
    const newLine = table.line[i]! > table.line[code[j - 1]!]!;
    if (depth === 0 && newLine && table.column[i]! <= fieldColumn) return j;
    depth += bracketDelta(table, i);
    if (depth === 0 && table.kind[i] === KIND.symbol && table.code[i] === ASSIGN) return j;
  }
  return code.length;
}

/**
 * The project structure or class a declaration's value instantiates: the head of its type (after
 * the header's last top-level `:`), found among the declarations its header references.
 */
export function instantiatedStructure(decl: LeanDecl, project: Pick<LeanProject, 'decls'>): LeanDecl | undefined {
  const head = typeHead(decl.header);
  return head === undefined ? undefined : structureNamed(head, decl, project);
}

/** The project structure or class that `written`, in the header of `decl`, names (through the header's resolved references). */
function structureNamed(written: string, decl: LeanDecl, project: Pick<LeanProject, 'decls'>): LeanDecl | undefined {
  for (const name of decl.references.slice(0, decl.headerReferences)) {
    if (name !== written && !name.endsWith(`.${written}`)) continue;
    const target = project.decls.get(name);
    if (target && (target.kind === 'structure' || target.kind === 'class')) return target;
  }
  return undefined;
}

/** The project structures a structure `extends` (the heads of the parents after `extends` in its header). */
function parentsOf(structure: LeanDecl, project: Pick<LeanProject, 'decls'>): LeanDecl[] {
  const { table } = lexTable(structure.header);
  let i = 0;
  while (i < table.count && !(table.kind[i] === KIND.keyword && table.is(i, 'extends'))) i++;
  const parents: LeanDecl[] = [];
  let depth = 0;
  let expectHead = true;
  for (i++; i < table.count; i++) {
    depth += bracketDelta(table, i);
    if (depth !== 0) continue;
    if (table.kind[i] === KIND.symbol && table.code[i] === COLON) break;
    if (table.kind[i] === KIND.symbol && table.code[i] === COMMA) expectHead = true;
    else if (expectHead && table.kind[i] === KIND.ident) {
      const parent = structureNamed(table.textOf(i), structure, project);
      if (parent) parents.push(parent);
      expectHead = false;
    }
  }
  return parents;
}

/** A field's reading and the structure that declares it. */
interface FieldType {
  proof: boolean;
  owner: LeanDecl;
}

/** The fields of a structure and of the project structures it extends, transitively (its own first). */
export function fieldsWithParents(
  structure: LeanDecl,
  project: Pick<LeanProject, 'decls'>,
  seen = new Set<LeanDecl>(),
): Map<string, FieldType> {
  seen.add(structure);
  const fields = new Map<string, FieldType>();
  for (const [name, proof] of declaredFields(structure)) if (proof !== undefined) fields.set(name, { proof, owner: structure });
  for (const parent of parentsOf(structure, project)) {
    if (seen.has(parent)) continue;
    for (const [name, field] of fieldsWithParents(parent, project, seen)) if (!fields.has(name)) fields.set(name, field);
  }
  return fields;
}

/** Whether a declaration's type (its claim, past the header's first top-level `:` and any `haveI … :=`) reads as a proposition (see `readType`). */
function statesProposition(decl: LeanDecl): boolean {
  const { table } = lexTable(decl.header);
  const start = headerTypeStart(table);
  return start >= 0 && readType(table, typeBodyStart(table, start), table.count) === true;
}

/**
 * Reclassifies the `sorry` gaps in field assignments whose structure the project declares: the
 * declared type of the field (in that structure or a project structure it extends) decides proof or
 * data (context `proof-field`/`data-field`, `structure` naming the declaring one); a field no
 * project structure declares (Mathlib's, or of a nested structure) keeps the classification by name.
 * A `sorry` that is a def's, abbrev's or instance's value (not in a field or a `by` block) is a
 * proof when the declaration's type is a proposition (context `proof-value`: LeanAPAP's
 * `instance [CompactSpace M] : DiscreteTopology (PontryaginDual M) := sorry`, `def h : a = b := sorry`).
 */
export function classifyFieldsByType(gaps: ProofGap[], project: Pick<LeanProject, 'decls'>): ProofGap[] {
  const byStructure = new Map<LeanDecl, Map<string, FieldType>>();
  const byDecl = new Map<LeanDecl, Map<string, FieldType> | undefined>();
  const fieldsOf = (decl: LeanDecl): Map<string, FieldType> | undefined => {
    if (!byDecl.has(decl)) {
      const structure = instantiatedStructure(decl, project);
      if (structure && !byStructure.has(structure)) byStructure.set(structure, fieldsWithParents(structure, project));
      byDecl.set(decl, structure && byStructure.get(structure));
    }
    return byDecl.get(decl);
  };
  const propositions = new Map<LeanDecl, boolean>();
  const isProposition = (decl: LeanDecl): boolean => propositions.get(decl) ?? propositions.set(decl, statesProposition(decl)).get(decl)!;
  return gaps.map((gap) => {
    if (gap.context === 'value' && gap.decl !== undefined && isProposition(gap.decl)) {
      return { ...gap, kind: gap.kind === 'sorry-macro' ? gap.kind : 'sorry-in-proof', context: 'proof-value' };
    }
    if (gap.field === undefined || gap.decl === undefined || (gap.context !== 'proof-field' && gap.context !== 'data-field')) return gap;
    const field = fieldsOf(gap.decl)?.get(gap.field);
    if (field === undefined) return gap;
    // A sorry macro's use stays one: only where it stands changes.
    const kind = gap.kind === 'sorry-macro' ? gap.kind : field.proof ? 'sorry-in-proof' : 'sorry-in-data';
    return { ...gap, kind, context: field.proof ? 'proof-field' : 'data-field', structure: field.owner.fullName };
  });
}
