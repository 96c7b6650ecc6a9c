/**
 * Proof fields and data fields by their declared types: when a declaration's value instantiates a
 * structure or class the project declares (or a dependency whose sources are checked out), the types
 * of that structure's fields say which hold proofs (`nonempty : digits ≠ []`) and which hold data
 * (`digits : List Digit`), whatever the fields are called. The proof-gap scan, which sees one file at
 * a time, classifies a `sorry` field by its name where the name says proof and leaves it undetermined
 * otherwise; `classifyFieldsByType` decides with the declarations wherever a declared type reads
 * clearly one way or the other, and does the same for a `sorry` written as an argument.
 */

import { declarationsInDependencies } from '../../lean/resolve/dependency-names.js';
import { isWrittenAs } from '../../lean/resolve/name-lookup.js';
import { parameterFilled } from '../../lean/resolve/signatures.js';
import { conclusionOf, headName, readType } from '../../lean/resolve/type-reading.js';
import type { GapKind, ProofGap } from '../../lean/syntax/gaps.js';
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
} from '../../lean/syntax/lexer.js';
import { LINKS_READ, lastLinks } from '../../lean/syntax/scope-links.js';
import type { LeanDecl, LeanProject } from '../../model/lean.js';

const multi = (s: string): number => MULTI + MULTI_SYMBOLS.indexOf(s);
const ASSIGN = multi(':=');
const COLON = 58;
const COMMA = 44;

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
    // `protected one_smul : …` (Mathlib's MulAction): the modifier leads the field's line.
    const afterModifier = k > 0 && isFieldModifier(table, at(k - 1)) && table.line[at(k - 1)] === table.line[i];
    const first = afterModifier ? k - 1 : k;
    const startsLine = first === 0 || table.line[at(first - 1)]! < table.line[i]!;
    const column = afterModifier ? table.column[at(k - 1)]! : table.column[i]!;
    if (!startsLine || column === 0) continue;
    if (fieldColumn < 0) fieldColumn = column;
    if (column !== fieldColumn) continue;
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

/** Whether token i is a modifier a field may be declared with (`protected`, `private`). */
const isFieldModifier = (table: TokenTable, i: number): boolean =>
  table.kind[i] === KIND.keyword && (table.is(i, 'protected') || table.is(i, 'private'));

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
 * The project structure or class a declaration's value instantiates: the head of its type (its
 * claim, after the header's first top-level `:`), found among the declarations its header references.
 */
export function instantiatedStructure(decl: LeanDecl, project: Pick<LeanProject, 'decls'>): LeanDecl | undefined {
  const head = typeHead(decl.header);
  return head === undefined ? undefined : structureNamed(head, decl, project);
}

const isStructure = (decl: LeanDecl | undefined): decl is LeanDecl =>
  decl !== undefined && (decl.kind === 'structure' || decl.kind === 'class');

/** The project structure or class that `written`, in the header of `decl`, names (through the header's resolved references). */
function structureNamed(written: string, decl: LeanDecl, project: Pick<LeanProject, 'decls'>): LeanDecl | undefined {
  for (const name of decl.references.slice(0, decl.headerReferences)) {
    if (!isWrittenAs(name, written)) continue;
    const target = project.decls.get(name);
    if (isStructure(target)) return target;
  }
  return undefined;
}

/**
 * The full names `written` may stand for where `decl` is, in the order Lean prefers them: under
 * each enclosing namespace (innermost first), as written, then under each namespace opened there.
 */
export function candidateNames(written: string, decl: Pick<LeanDecl, 'namespace' | 'opens'>): string[] {
  if (written.startsWith('_root_.')) return [written.slice('_root_.'.length)];
  const name = written;
  const parts = decl.namespace ? decl.namespace.split('.') : [];
  const enclosing = parts.map((_, k) => `${parts.slice(0, parts.length - k).join('.')}.${name}`);
  const opens = lastLinks(decl.opens, LINKS_READ).flatMap((link) => link.items);
  return [...new Set([...enclosing, name, ...opens.map((open) => `${open}.${name}`)])];
}

/** The heads of the parents a structure `extends`, as written. */
function parentHeads(structure: LeanDecl): string[] {
  const { table } = lexTable(structure.header);
  let i = 0;
  while (i < table.count && !(table.kind[i] === KIND.keyword && table.is(i, 'extends'))) i++;
  const heads: string[] = [];
  let depth = 0;
  let expectHead = true;
  for (i++; i < table.count; i++) {
    depth += bracketDelta(table, i);
    if (depth !== 0) continue;
    if (table.kind[i] === KIND.symbol && table.code[i] === COLON) break;
    if (table.kind[i] === KIND.symbol && table.code[i] === COMMA) expectHead = true;
    else if (expectHead && table.kind[i] === KIND.ident) {
      heads.push(table.textOf(i));
      expectHead = false;
    }
  }
  return heads;
}

/** A field's reading and the structure that declares it. */
interface FieldType {
  proof: boolean;
  owner: LeanDecl;
}

/**
 * The structures a project's declarations instantiate: the project's own (through the references
 * the model resolved) and, where `.lake/packages` holds the dependencies' sources, those of Mathlib,
 * Batteries and the others (found by the names Lean would try, see `candidateNames`).
 */
class Structures {
  /** The dependency structures found, by full name. */
  private readonly external = new Map<string, LeanDecl>();
  private readonly fields = new Map<LeanDecl, Map<string, FieldType>>();

  constructor(
    private readonly project: Pick<LeanProject, 'decls'> & Partial<Pick<LeanProject, 'root'>>,
    /** The structures the project's own declarations cannot name: looked up in the dependencies at once (their parents too). */
    wanted: { written: string; decl: LeanDecl }[],
  ) {
    const root = project.root;
    let pending = wanted;
    // Each round looks up the parents of the structures the one before found; Mathlib's hierarchies are a few levels deep.
    for (let round = 0; root !== undefined && pending.length > 0 && round < MAX_PARENT_DEPTH; round++) {
      const names = pending.flatMap(({ written, decl }) => candidateNames(written, decl).filter((n) => !this.external.has(n)));
      const found = [...declarationsInDependencies(root, names)].filter(([, decl]) => isStructure(decl));
      for (const [name, decl] of found) this.external.set(name, decl);
      pending = found.flatMap(([, decl]) => parentHeads(decl).map((written) => ({ written, decl })));
    }
  }

  /** The structure or class `written` names where `decl` is: the project's, else a dependency's. */
  named(written: string, decl: LeanDecl): LeanDecl | undefined {
    const own = structureNamed(written, decl, this.project);
    if (own !== undefined) return own;
    for (const name of candidateNames(written, decl)) {
      const target = this.project.decls.get(name) ?? this.external.get(name);
      if (isStructure(target)) return target;
    }
    return undefined;
  }

  /** The fields of a structure and of the structures it extends, transitively (its own first). */
  fieldsOf(structure: LeanDecl, seen = new Set<LeanDecl>()): Map<string, FieldType> {
    const known = this.fields.get(structure);
    if (known !== undefined) return known;
    seen.add(structure);
    const fields = new Map<string, FieldType>();
    for (const [name, proof] of declaredFields(structure)) if (proof !== undefined) fields.set(name, { proof, owner: structure });
    for (const written of parentHeads(structure)) {
      const parent = this.named(written, structure);
      if (parent === undefined || seen.has(parent)) continue;
      for (const [name, field] of this.fieldsOf(parent, seen)) if (!fields.has(name)) fields.set(name, field);
    }
    this.fields.set(structure, fields);
    return fields;
  }
}

/** How many levels of parents are looked up in the dependencies (`DistribMulAction` extends `MulAction` extends `SMul`). */
const MAX_PARENT_DEPTH = 8;

/** Whether a declaration's type (its claim, past the header's first top-level `:` and any `haveI … :=`) reads as a proposition (see `readType`). */
function statesProposition(decl: LeanDecl): boolean {
  const { table } = lexTable(decl.header);
  const start = headerTypeStart(table);
  return start >= 0 && readType(table, typeBodyStart(table, start), table.count) === true;
}

/** The project declaration a callee written in `decl` names (through the references the model resolved). */
function calleeNamed(written: string, decl: LeanDecl, project: Pick<LeanProject, 'decls'>): LeanDecl | undefined {
  for (const name of decl.references) if (isWrittenAs(name, written)) return project.decls.get(name);
  return undefined;
}

/** Subtypes, whose anonymous constructor `⟨value, proof⟩` holds data then a proof: `{x // p x}`, `Subtype p`, `Fin n`. */
const SUBTYPE_READINGS = [false, true];

/**
 * How each component of an anonymous constructor that is `decl`'s whole value reads (proof or data),
 * in order: a subtype's, or the fields of the structure its type names when it extends none (the
 * components of an extending structure's constructor group the parents' fields); undefined when unknown.
 */
function componentReadings(decl: LeanDecl, structures: Structures): (boolean | undefined)[] | undefined {
  const { table } = lexTable(decl.header);
  const start = headerTypeStart(table);
  if (start < 0) return undefined;
  const type = typeBodyStart(table, start);
  if (table.is(type, '{')) {
    for (let j = type + 1, depth = 0; j < table.count; j++) {
      depth += bracketDelta(table, j);
      if (depth < 0) break;
      if (depth === 0 && table.is(j, '/') && table.is(j + 1, '/')) return SUBTYPE_READINGS;
    }
    return undefined;
  }
  const head = table.kind[type] === KIND.ident ? table.textOf(type) : undefined;
  if (head === undefined) return undefined;
  if (head === 'Subtype' || head === 'Fin') return SUBTYPE_READINGS;
  const structure = structures.named(head, decl);
  if (structure === undefined || parentHeads(structure).length > 0) return undefined;
  return [...declaredFields(structure).values()];
}

const FIELD_CONTEXTS: ReadonlySet<string> = new Set(['proof-field', 'data-field', 'field']);
const VALUE_CONTEXTS: ReadonlySet<string> = new Set(['value', 'argument', 'component']);

/**
 * Classifies with the project's declarations (and its dependencies' sources under `.lake/packages`)
 * what one file could not tell:
 * - a `sorry` field whose structure is known takes the declared type of the field (in that
 *   structure or one it extends): proof or data (context `proof-field`/`data-field`, `structure`
 *   naming the declaring one); a field of an unknown structure keeps its name's verdict where the
 *   name says proof (`map_add'`), and stays undetermined otherwise (`map`: Mathlib's `Subfunctor.map`
 *   is a proof, `DFunLike.coe` data);
 * - a `sorry` that is a def's, abbrev's or instance's value, or inside it as an argument or a
 *   component, is a proof when the declaration's type is a proposition (context `proof-value`:
 *   LeanAPAP's `instance [CompactSpace M] : DiscreteTopology (PontryaginDual M) := sorry`);
 * - a `sorry` standing for an argument, in a value or a statement, takes the type of the parameter
 *   it fills in the callee's signature, when the project declares the callee: a proposition makes
 *   it a proof (`proof-argument`: FLT's `ofComplex z ρ sorry` for `hρ : ρ.IsTrivial`), data makes
 *   it data in a value (`data-argument`); otherwise it stays as it was (undetermined in a value, in
 *   the statement in a statement).
 */
export function classifyFieldsByType(
  gaps: ProofGap[],
  project: Pick<LeanProject, 'decls'> & Partial<Pick<LeanProject, 'root'>>,
): ProofGap[] {
  const heads = new Map<LeanDecl, string | undefined>();
  const headOf = (decl: LeanDecl): string | undefined =>
    heads.has(decl) ? heads.get(decl) : heads.set(decl, typeHead(decl.header)).get(decl);
  const wanted = gaps.flatMap((gap) => {
    if (gap.decl === undefined || !FIELD_CONTEXTS.has(gap.context ?? '')) return [];
    const written = headOf(gap.decl);
    return written === undefined || structureNamed(written, gap.decl, project) !== undefined ? [] : [{ written, decl: gap.decl }];
  });
  const structures = new Structures(project, wanted);
  const propositions = new Map<LeanDecl, boolean>();
  const isProposition = (decl: LeanDecl): boolean => propositions.get(decl) ?? propositions.set(decl, statesProposition(decl)).get(decl)!;
  // Read once per declaration: a `⟨sorry, …⟩` of n components would otherwise read the structure's n fields n times.
  const readings = new Map<LeanDecl, (boolean | undefined)[] | undefined>();
  const readingsOf = (decl: LeanDecl): (boolean | undefined)[] | undefined =>
    readings.has(decl) ? readings.get(decl) : readings.set(decl, componentReadings(decl, structures)).get(decl);
  // A sorry macro's use stays one: only where it stands changes.
  const as = (gap: ProofGap, kind: GapKind): GapKind => (gap.kind === 'sorry-macro' ? gap.kind : kind);
  return gaps.map((gap) => {
    const decl = gap.decl;
    if (decl === undefined) return gap;
    if (VALUE_CONTEXTS.has(gap.context ?? '') && isProposition(decl))
      return { ...gap, kind: as(gap, 'sorry-in-proof'), context: 'proof-value' };
    if (gap.field !== undefined && FIELD_CONTEXTS.has(gap.context ?? '')) {
      const written = headOf(decl);
      const structure = written === undefined ? undefined : structures.named(written, decl);
      const field = structure === undefined ? undefined : structures.fieldsOf(structure).get(gap.field);
      if (field === undefined) return gap;
      const kind = as(gap, field.proof ? 'sorry-in-proof' : 'sorry-in-data');
      return { ...gap, kind, context: field.proof ? 'proof-field' : 'data-field', structure: field.owner.fullName };
    }
    if (gap.argument === undefined) return gap;
    if ('component' in gap.argument) {
      const proof = gap.argument.whole ? readingsOf(decl)?.[gap.argument.component] : undefined;
      if (proof === undefined) return gap;
      return { ...gap, kind: as(gap, proof ? 'sorry-in-proof' : 'sorry-in-data'), context: proof ? 'proof-field' : 'data-field' };
    }
    const callee = calleeNamed(gap.argument.callee, decl, project);
    const filled = callee === undefined ? undefined : parameterFilled(callee, gap.argument);
    if (callee === undefined || filled?.proposition === undefined) return gap;
    const parameter = {
      callee: callee.fullName,
      ...(filled.name !== undefined ? { name: filled.name } : {}),
      ...(gap.context === 'statement' ? { inStatement: true } : {}),
    };
    if (filled.proposition) return { ...gap, kind: as(gap, 'sorry-in-proof'), context: 'proof-argument', parameter };
    return gap.context === 'argument' ? { ...gap, kind: as(gap, 'sorry-in-data'), context: 'data-argument', parameter } : gap;
  });
}
