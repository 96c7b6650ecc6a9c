/**
 * Proof fields and data fields by their declared types: when a declaration's value instantiates a
 * structure or class the project declares itself, the types of that structure's fields say which
 * hold proofs (`nonempty : digits ≠ []`) and which hold data (`digits : List Digit`), whatever the
 * fields are called. The proof-gap scan, which sees one file at a time, classifies a `sorry` field
 * by its name; `classifyFieldsByType` corrects that with the project's own declarations.
 */
import { bracketDelta, isCommentKind, KIND, lexTable, MULTI, MULTI_SYMBOLS, type TokenTable } from './lexer.js';
import type { ProofGap } from './gaps.js';
import type { LeanDecl, LeanProject } from './types.js';

const multi = (s: string): number => MULTI + MULTI_SYMBOLS.indexOf(s);
const ASSIGN = multi(':=');
const ARROW = multi('->');
const COLON = 58;
const COMMA = 44;

/** Symbols that make a type a proposition wherever they stand outside brackets: relations, connectives, `∃`, `¬`. */
const PROPOSITION_SYMBOLS: ReadonlySet<number> = new Set([
  61, 60, 62, multi('<='), multi('>='), multi('!='), 0x2260, 0x2264, 0x2265, 0x2208, 0x2209, 0x2286, 0x2282, 0x2287,
  0x2283, 0x2194, 0x2227, 0x2228, 0xac, 0x2223, 0x2261, 0x2203,
]);

/** Heads of a conclusion that make it a proposition: `True`/`False` and Mathlib predicates that do not start with `Is`. */
const PROPOSITION_HEADS: ReadonlySet<string> = new Set([
  'True', 'False', 'Nonempty', 'Continuous', 'Monotone', 'Antitone', 'StrictMono', 'StrictAnti', 'Injective', 'Surjective',
  'Bijective', 'Measurable', 'Differentiable', 'Tendsto', 'Summable', 'HasSum', 'Countable', 'Finite', 'Disjoint',
  'Pairwise', 'Irreducible', 'Prime', 'Squarefree', 'Even', 'Odd', 'Fact',
]);

const lastComponent = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

/**
 * Whether the type in tokens [from, to) reads as a proposition: a relation, connective, `∃` or `¬`
 * outside brackets, or a conclusion (after the last `→` or binder comma) headed by `True`, `False`,
 * an `Is…` predicate or a well-known Mathlib predicate. `α → β` and `List Digit` read as data.
 */
export function readsAsProposition(table: TokenTable, from: number, to: number): boolean {
  let depth = 0;
  let conclusion = from;
  for (let i = from; i < to; i++) {
    const delta = bracketDelta(table, i);
    depth += delta;
    if (delta !== 0 || depth > 0 || table.kind[i] !== KIND.symbol) continue;
    const code = table.code[i]!;
    if (PROPOSITION_SYMBOLS.has(code)) return true;
    if (code === 0x2192 || code === ARROW || code === COMMA) conclusion = i + 1;
  }
  if (conclusion >= to || table.kind[conclusion] !== KIND.ident) return false;
  const head = lastComponent(table.textOf(conclusion));
  return PROPOSITION_HEADS.has(head) || /^Is[A-Z]/.test(head);
}

/**
 * The fields a structure or class declares, each mapped to whether its type reads as a proposition:
 * `name binders* : type` lines of a `where` body, or the `(names : type)` groups of the old syntax.
 */
export function declaredFields(structure: LeanDecl): Map<string, boolean> {
  const fields = new Map<string, boolean>();
  if (structure.body === undefined) return fields;
  const { table } = lexTable(structure.body);
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
        const proposition = readsAsProposition(table, at(colon + 1), close < code.length ? at(close) : table.count);
        for (const name of names) fields.set(name, proposition);
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
    const proposition = readsAsProposition(table, at(colon + 1), end < code.length ? at(end) : table.count);
    for (const name of identRun(table, code, k)) fields.set(name, proposition);
  }
  return fields;
}

/** The texts of the identifiers at code[k], code[k + 1], … on one line. */
function identRun(table: TokenTable, code: number[], k: number): string[] {
  const names: string[] = [];
  for (let j = k; j < code.length && table.kind[code[j]!] === KIND.ident && table.line[code[j]!] === table.line[code[k]!]; j++) names.push(table.textOf(code[j]!));
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
  const { table } = lexTable(decl.header);
  let depth = 0;
  let colon = -1;
  for (let i = 0; i < table.count; i++) {
    depth += bracketDelta(table, i);
    if (depth === 0 && table.kind[i] === KIND.symbol && table.code[i] === COLON) colon = i;
  }
  let head = colon + 1;
  while (head < table.count && isCommentKind(table.kind[head]!)) head++;
  if (head >= table.count || table.kind[head] !== KIND.ident) return undefined;
  const written = table.textOf(head);
  for (const name of decl.references.slice(0, decl.headerReferences)) {
    if (name !== written && !name.endsWith(`.${written}`)) continue;
    const target = project.decls.get(name);
    if (target && (target.kind === 'structure' || target.kind === 'class')) return target;
  }
  return undefined;
}

/**
 * Reclassifies the `sorry` gaps in field assignments whose structure the project declares: the
 * field's declared type decides proof or data (context `proof-field`/`data-field`, `structure` set);
 * a field the structure does not declare itself (inherited, or of a nested structure) keeps the
 * classification by name.
 */
export function classifyFieldsByType(gaps: ProofGap[], project: Pick<LeanProject, 'decls'>): ProofGap[] {
  type Declared = { structure: LeanDecl; fields: Map<string, boolean> } | undefined;
  const byDecl = new Map<LeanDecl, Declared>();
  const structureFields = (decl: LeanDecl): Declared => {
    if (!byDecl.has(decl)) {
      const structure = instantiatedStructure(decl, project);
      byDecl.set(decl, structure && { structure, fields: declaredFields(structure) });
    }
    return byDecl.get(decl);
  };
  return gaps.map((gap) => {
    if (gap.field === undefined || gap.decl === undefined || (gap.context !== 'proof-field' && gap.context !== 'data-field')) return gap;
    const found = structureFields(gap.decl);
    const proof = found?.fields.get(gap.field);
    if (found === undefined || proof === undefined) return gap;
    return { ...gap, kind: proof ? 'sorry-in-proof' : 'sorry-in-data', context: proof ? 'proof-field' : 'data-field', structure: found.structure.fullName };
  });
}
