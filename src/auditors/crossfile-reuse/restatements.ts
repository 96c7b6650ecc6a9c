/**
 * What a static reader can tell about two declarations stating the same thing: the constant a
 * one-step proof merely applies to its own parameters (`theorem pie_size_version … :=
 * Finset.inclusion_exclusion_card_inf_compl s A`: a restatement of that Mathlib lemma), a
 * declaration's conclusion with its bound names abstracted (so that `H[X] - H[X | Y] = I[X : Y]`
 * and `I[X : Y] = H[X] - H[X | Y]` read as one statement), and the names a declaration writes.
 */

import { isWrittenAs } from '../../lean/resolve/name-lookup.js';
import { bindersOf } from '../../lean/syntax/binders.js';
import { bracketDelta, headerTypeStart, isCommentKind, KIND, lexTable, type TokenTable, typeBodyStart } from '../../lean/syntax/lexer.js';
import { LINKS_READ, lastLinks } from '../../lean/syntax/scope-links.js';
import type { LeanDecl, LeanProject } from '../../model/lean.js';

/** Fields that restate what they are applied to: `h.symm`, `h.mp`, `h.le`, `h.1`. */
const GLUE_FIELDS: ReadonlySet<string> = new Set(['symm', 'mp', 'mpr', 'le', 'ge', '1', '2']);
/** Lemmas that only move terms across a relation: `sub_nonneg.1 <| mutualInfo_nonneg hX hY _`. */
const GLUE_FUNCTIONS: ReadonlySet<string> = new Set([
  'sub_nonneg',
  'sub_pos',
  'sub_eq_zero',
  'sub_eq_zero_iff_eq',
  'le_of_eq',
  'ge_of_eq',
  'Eq.symm',
  'Eq.le',
  'Eq.ge',
  'Iff.symm',
  'id',
]);
/**
 * Proofs by computation or by a logical constructor: `:= rfl`, `:= trivial`, `:= inferInstance`, `:= le_rfl`
 * state nothing of their own, so a declaration proved by one restates nothing.
 */
const DEFINITIONAL: ReadonlySet<string> = new Set([
  'rfl',
  'Eq.refl',
  'Iff.rfl',
  'HEq.rfl',
  'le_rfl',
  'le_refl',
  'trivial',
  'True.intro',
  'inferInstance',
  'inferInstanceAs',
  'Subsingleton.elim',
  'congrArg',
  'congrFun',
  'absurd',
  'False.elim',
  'Or.inl',
  'Or.inr',
  'And.intro',
  'Exists.intro',
]);
/** Tactics that close a goal with the term after them. */
const CLOSING_TACTICS: ReadonlySet<string> = new Set(['exact', 'apply', 'refine']);
/** Symbols a one-step proof may contain besides names: application brackets, pipes, `@`, projections, `?_`. */
const TERM_SYMBOLS: ReadonlySet<string> = new Set(['(', ')', '<|', '|>', '|>.', '$', '@', '.', '?', ':=']);
/** A conclusion shorter than this many tokens (`0 ≤ x`) says too little to be recognised as another's. */
const MIN_STATEMENT_TOKENS = 6;
const RELATIONS: ReadonlySet<string> = new Set(['=', '↔', '≠']);
const QUANTIFIERS: ReadonlySet<string> = new Set(['∀', '∃', '∃!', 'fun', 'λ']);

/** The code tokens [from, to) of a table, comments left out. */
function codeTokens(table: TokenTable, from = 0, to = table.count): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) if (!isCommentKind(table.kind[i]!)) out.push(i);
  return out;
}

/** The names a declaration's header binders and its `variable`s bind (`hX`, `μ`, `X`). */
export function boundNames(decl: Pick<LeanDecl, 'header' | 'variables'>): Set<string> {
  const names = new Set<string>();
  for (const text of [decl.header, ...lastLinks(decl.variables, LINKS_READ).flatMap((link) => link.items)]) {
    const { table } = lexTable(text);
    const typeStart = headerTypeStart(table);
    bindersOf(table, 0, typeStart < 0 ? table.count : typeStart, true, (id) => names.add(table.names.names[id]!));
  }
  return names;
}

/** `name` without its trailing glue fields (`mem_alternatingGroup.symm` → `mem_alternatingGroup`), `_root_.` and `@`. */
const stripGlue = (name: string): string => {
  const parts = name
    .replace(/^@/, '')
    .replace(/^_root_\./, '')
    .split('.');
  while (parts.length > 1 && GLUE_FIELDS.has(parts[parts.length - 1]!)) parts.pop();
  return parts.join('.');
};

/**
 * The constant a declaration's proof applies, in one step, to nothing but its own parameters (and
 * `_`), perhaps flipped or moved across a relation: `:= foo hX hY`, `by exact foo h`, `(foo l hl k).symm`,
 * `foo.symm`, `sub_nonneg.1 <| foo hX hY _`. Such a declaration states what that constant states.
 * Undefined when the proof does anything more (a second constant, an argument it builds, a tactic
 * script), or when it applies a parameter (`hσ.sign`).
 */
export function delegateOf(decl: Pick<LeanDecl, 'header' | 'body' | 'variables'>): string | undefined {
  if (!decl.body) return undefined;
  const { table } = lexTable(decl.body);
  const tokens = codeTokens(table);
  let i = 0;
  if (table.kind[tokens[i]!] === KIND.keyword && table.textOf(tokens[i]!) === 'by') {
    i++;
    const word = i < tokens.length ? table.textOf(tokens[i]!) : '';
    if (CLOSING_TACTICS.has(word)) i++;
    else if (word === 'simpa' && i + 1 < tokens.length && table.textOf(tokens[i + 1]!) === 'using') i += 2;
    else return undefined;
  }
  if (i >= tokens.length) return undefined;
  const bound = boundNames(decl);
  let found: string | undefined;
  for (let k = i; k < tokens.length; k++) {
    const t = tokens[k]!;
    const text = table.textOf(t);
    const before = k > i ? table.textOf(tokens[k - 1]!) : '';
    const kind = table.kind[t];
    if (kind === KIND.symbol) {
      if (!TERM_SYMBOLS.has(text)) return undefined;
      continue;
    }
    if (kind === KIND.number && before === '.' && GLUE_FIELDS.has(text)) continue;
    if (kind !== KIND.ident) return undefined;
    if (before === '.' || before === '|>.') {
      if (!GLUE_FIELDS.has(text)) return undefined;
      continue;
    }
    // A named argument's name: `(R := R)`.
    if (k + 1 < tokens.length && table.textOf(tokens[k + 1]!) === ':=') continue;
    if (text === '_') continue;
    const name = stripGlue(text);
    if (bound.has(name) || bound.has(name.split('.')[0]!)) {
      // A parameter applied as a function (`hσ.sign`) makes the proof its own, not a restatement.
      if (name.includes('.') && !bound.has(name)) return undefined;
      continue;
    }
    if (GLUE_FUNCTIONS.has(name)) continue;
    if (found !== undefined && found !== name) return undefined;
    found = name;
  }
  return found !== undefined && DEFINITIONAL.has(found) ? undefined : found;
}

/** The written forms of a statement's tokens, bound names (also as the head of a dotted name, `σ.IsEven`) numbered by their first occurrence. */
function numbered(texts: string[], bound: ReadonlySet<string>): string {
  const numbers = new Map<string, number>();
  const number = (name: string): string => {
    if (!numbers.has(name)) numbers.set(name, numbers.size);
    return `‹${numbers.get(name)}›`;
  };
  return texts
    .map((text) => {
      if (bound.has(text)) return number(text);
      const dot = text.indexOf('.');
      return dot > 0 && bound.has(text.slice(0, dot)) ? `${number(text.slice(0, dot))}${text.slice(dot)}` : text;
    })
    .join(' ');
}

/**
 * A declaration's conclusion (its type after the binders), with every name its binders, its
 * `variable`s and the conclusion's own `∀`/`∃`/`fun` bind numbered in order of occurrence, and
 * both ways round when it is one equation, equivalence or inequation (`a = b` and `b = a`).
 * Empty for a statement too short to identify.
 */
export function statementForms(decl: Pick<LeanDecl, 'header' | 'variables'>): string[] {
  const { table } = lexTable(decl.header);
  const typeStart = headerTypeStart(table);
  if (typeStart < 0) return [];
  const start = typeBodyStart(table, typeStart);
  const bound = boundNames(decl);
  bindersOf(table, start, table.count, false, (id) => bound.add(table.names.names[id]!));
  const tokens = codeTokens(table, start);
  if (tokens.length < MIN_STATEMENT_TOKENS) return [];
  const texts = tokens.map((t) => table.textOf(t));
  let depth = 0;
  const relations: number[] = [];
  // After a `∀`, `∃` or `fun` the relation is under the binder: `∀ m ≤ n, f m = g m` is not an equation to turn round.
  let underBinder = false;
  tokens.forEach((t, k) => {
    if (depth === 0 && QUANTIFIERS.has(texts[k]!)) underBinder = true;
    if (depth === 0 && table.kind[t] === KIND.symbol && RELATIONS.has(texts[k]!)) relations.push(k);
    depth += bracketDelta(table, t);
  });
  const forms = [numbered(texts, bound)];
  if (relations.length === 1 && !underBinder) {
    const at = relations[0]!;
    forms.push(numbered([...texts.slice(at + 1), texts[at]!, ...texts.slice(0, at)], bound));
  }
  return forms;
}

/** Every name a declaration writes in its statement and proof, as written, without `@` and `_root_.`. */
export function writtenNames(decl: Pick<LeanDecl, 'header' | 'body'>): Set<string> {
  const names = new Set<string>();
  for (const text of [decl.header, decl.body ?? '']) {
    const { table } = lexTable(text);
    for (let i = 0; i < table.count; i++) if (table.kind[i] === KIND.ident) names.add(stripGlue(table.textOf(i)));
  }
  return names;
}

/**
 * Whether two names as written can be the same constant: equal, or one is the other with more of its
 * namespace written (`det_transpose`, `Matrix.det_transpose`), component by component.
 */
export function sameWrittenName(a: string, b: string): boolean {
  return a.length < b.length ? isWrittenAs(b, a) : isWrittenAs(a, b);
}

/** How a declaration another uses states what a depended-on declaration states. */
export type RestatementKind = 'delegate' | 'statement' | 'docstring';

/** A declaration `used` that states what `of` states, and how that is known. */
export interface Restatement {
  /** The declaration used (a project name, or a name as written for one outside the project). */
  used: string;
  /** The depended-on declaration it restates. */
  of: string;
  kind: RestatementKind;
}

/**
 * Finds, among the declarations a dependent reaches, one stating what a depended-on declaration
 * states: the constant the latter's one-step proof applies (`delegateOf`; a Mathlib one counts when
 * one of the dependent's own declarations writes its name), a declaration whose conclusion is the same (`statementForms`), or
 * one whose docstring names the depended-on entity as what it states (`headingLabel`). Each
 * declaration's forms are computed once.
 */
export class RestatementFinder {
  private readonly forms = new Map<string, Set<string>>();
  private readonly written = new Map<string, Set<string>>();
  private readonly delegates = new Map<string, string | undefined>();

  constructor(
    private readonly project: LeanProject,
    /** The entity id a declaration's docstring names as what it states, if any. */
    private readonly headingLabel: (decl: LeanDecl) => string | undefined,
  ) {}

  /** A declaration among `reach` (names of project declarations, from the dependent's own `starts`) that restates one of `targets`, the declarations of entity `targetId`. */
  find(reach: ReadonlySet<string>, starts: readonly string[], targets: LeanDecl[], targetId: string): Restatement | undefined {
    for (const target of targets) {
      const found = this.byDelegate(reach, starts, target) ?? this.byStatement(reach, starts, target);
      if (found) return found;
    }
    for (const name of reach) {
      const decl = this.project.decls.get(name);
      // The dependent's own declaration may say it restates the result (a generalization): that is not a use of it.
      if (decl && !starts.includes(name) && !targets.includes(decl) && this.headingLabel(decl) === targetId)
        return { used: name, of: targets[0]!.fullName, kind: 'docstring' };
    }
    return undefined;
  }

  private delegate(decl: LeanDecl): string | undefined {
    if (!this.delegates.has(decl.fullName)) this.delegates.set(decl.fullName, delegateOf(decl));
    return this.delegates.get(decl.fullName);
  }

  private byDelegate(reach: ReadonlySet<string>, starts: readonly string[], target: LeanDecl): Restatement | undefined {
    const written = this.delegate(target);
    if (written === undefined) return undefined;
    // The project declaration the name resolved to, when it is one: the proof's only reference.
    const resolved = target.references.slice(target.headerReferences).find((name) => sameWrittenName(written, name));
    if (resolved !== undefined) return reach.has(resolved) ? { used: resolved, of: target.fullName, kind: 'delegate' } : undefined;
    // A constant from outside the project is known by name only: the dependent's own declarations must write it
    // (anything they reach may write `add_comm` for another purpose).
    for (const name of starts) {
      const decl = this.project.decls.get(name);
      if (decl === undefined || decl === target) continue;
      let names = this.written.get(name);
      if (names === undefined) this.written.set(name, (names = writtenNames(decl)));
      for (const other of names) if (sameWrittenName(other, written)) return { used: written, of: target.fullName, kind: 'delegate' };
    }
    return undefined;
  }

  private statementOf(decl: LeanDecl): Set<string> {
    let forms = this.forms.get(decl.fullName);
    if (forms === undefined) this.forms.set(decl.fullName, (forms = new Set(statementForms(decl))));
    return forms;
  }

  private byStatement(reach: ReadonlySet<string>, starts: readonly string[], target: LeanDecl): Restatement | undefined {
    const wanted = this.statementOf(target);
    if (wanted.size === 0) return undefined;
    for (const name of reach) {
      const decl = this.project.decls.get(name);
      // The dependent stating the result again is not a use of it.
      if (decl === undefined || decl === target || starts.includes(name) || !['theorem', 'lemma'].includes(decl.kind)) continue;
      for (const form of this.statementOf(decl)) if (wanted.has(form)) return { used: name, of: target.fullName, kind: 'statement' };
    }
    return undefined;
  }
}
