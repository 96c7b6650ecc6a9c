/**
 * The parameters of a declaration as an application fills them, and the type of the one a `sorry`
 * argument stands for (see arguments.ts): a proposition makes that `sorry` a missing proof.
 */
import type { LeanDecl, ScopeLink } from '../../model/lean.js';
import type { ApplicationPlace } from '../syntax/arguments.js';
import { bracketDelta, isCommentKind, KIND, lexTable, MULTI, MULTI_SYMBOLS, type TokenTable } from '../syntax/lexer.js';
import { LINKS_READ, lastLinks } from '../syntax/scope-links.js';
import { readType } from './type-reading.js';

const ARROW = 0x2192;
const ASCII_ARROW = MULTI + MULTI_SYMBOLS.indexOf('->');
const PAREN = 40;
const COLON = 58;
const BRACKET = 91;

const isSymbol = (table: TokenTable, j: number, code: number): boolean =>
  j >= 0 && j < table.count && table.kind[j] === KIND.symbol && table.code[j] === code;

/** A parameter of a signature: its name when it has one, whether it is explicit (`(x : T)`, not `{x : T}`, `⦃x : T⦄` or `[C x]`), and its type's tokens [from, to) in `table`. */
interface Parameter {
  name?: string;
  explicit: boolean;
  table: TokenTable;
  from: number;
  to: number;
}

/** The parameters of a `variable` binder text or a header's binders, up to its type's colon; `typeStart` receives where the type begins (or -1). */
function binderParameters(text: string, typeStart?: (table: TokenTable, at: number) => void): Parameter[] {
  const { table } = lexTable(text);
  const parameters: Parameter[] = [];
  for (let j = 0; j < table.count; j++) {
    if (isCommentKind(table.kind[j]!)) continue;
    if (isSymbol(table, j, COLON) || table.kind[j] === KIND.keyword) {
      // The type's colon, or `extends` of a structure: the binders end.
      typeStart?.(table, isSymbol(table, j, COLON) ? j + 1 : -1);
      return parameters;
    }
    if (bracketDelta(table, j) <= 0) {
      // An untyped binder name `def f x y : T`: explicit, of unknown type.
      if (table.kind[j] === KIND.ident) parameters.push({ name: table.textOf(j), explicit: true, table, from: j, to: j });
      continue;
    }
    let close = j;
    for (let depth = 0; close < table.count; close++) {
      depth += bracketDelta(table, close);
      if (depth === 0) break;
    }
    const explicit = isSymbol(table, j, PAREN);
    let colon = j + 1;
    while (colon < close && table.kind[colon] === KIND.ident) colon++;
    const typed = isSymbol(table, colon, COLON);
    // `(x)`, `{x y}` bind untyped names; `[C α]` is an anonymous instance, one parameter.
    const untyped = colon === close && !isSymbol(table, j, BRACKET);
    const names = colon > j + 1 && (typed || untyped) ? Array.from({ length: colon - j - 1 }, (_, k) => table.textOf(j + 1 + k)) : [];
    // `(x y : T)`: one parameter per name.
    if (names.length === 0) parameters.push({ explicit, table, from: j + 1, to: close });
    for (const name of names) parameters.push({ name, explicit, table, from: typed ? colon + 1 : close, to: close });
    j = close;
  }
  typeStart?.(table, -1);
  return parameters;
}

/** The domains of a type's top-level arrows `(h : P) → A → B` as parameters (its last part is the result). */
function arrowParameters(table: TokenTable, from: number): Parameter[] {
  const parameters: Parameter[] = [];
  let depth = 0;
  let start = from;
  for (let j = from; j < table.count; j++) {
    depth += bracketDelta(table, j);
    if (depth !== 0 || !(isSymbol(table, j, ARROW) || isSymbol(table, j, ASCII_ARROW))) continue;
    const named = isSymbol(table, start, PAREN) && table.kind[start + 1] === KIND.ident && isSymbol(table, start + 2, COLON);
    parameters.push(
      named
        ? { name: table.textOf(start + 1), explicit: true, table, from: start + 3, to: j - 1 }
        : { explicit: true, table, from: start, to: j },
    );
    start = j + 1;
  }
  return parameters;
}

/** The identifiers a text uses, for which section variables a declaration takes. */
function identifiers(text: string): Set<string> {
  const { table } = lexTable(text);
  const names = new Set<string>();
  for (let j = 0; j < table.count; j++) if (table.kind[j] === KIND.ident) names.add(table.textOf(j));
  return names;
}

/**
 * The parameters of a declaration, in the order an application fills them: the section variables
 * it mentions, its binders, and the domains of its type's arrows.
 */
function parametersOf(callee: LeanDecl): Parameter[] {
  // A theorem takes the variables its statement mentions, a definition those its value does too.
  const theorem = callee.kind === 'theorem' || callee.kind === 'lemma';
  const used = identifiers(theorem ? callee.header : `${callee.header}\n${callee.body ?? ''}`);
  const variables = lastLinks(callee.variables, LINKS_READ)
    .flatMap(linkParameters)
    .filter((p) => p.name !== undefined && used.has(p.name));
  let arrows: Parameter[] = [];
  const own = binderParameters(callee.header, (table, at) => {
    if (at >= 0) arrows = arrowParameters(table, at);
  });
  return [...variables, ...own, ...arrows];
}

const parametersByLink = new WeakMap<ScopeLink, Parameter[]>();

/** The parameters a `variable` link declares, read once however many callees it is in force for. */
function linkParameters(link: ScopeLink): Parameter[] {
  let parameters = parametersByLink.get(link);
  if (parameters === undefined) parametersByLink.set(link, (parameters = link.items.flatMap((binders) => binderParameters(binders))));
  return parameters;
}

/** The parameter a `sorry` at `place` fills in `callee`: its name, and whether its type is a proposition (true), data (false) or unknown (undefined); undefined when there is no such parameter. */
export function parameterFilled(
  callee: LeanDecl,
  place: ApplicationPlace,
): { name?: string; proposition: boolean | undefined } | undefined {
  const parameters = parametersOf(callee);
  const parameter =
    'name' in place
      ? parameters.find((p) => p.name === place.name)
      : (place.explicit ? parameters : parameters.filter((p) => p.explicit))[place.index];
  if (parameter === undefined) return undefined;
  const proposition = parameter.to > parameter.from ? readType(parameter.table, parameter.from, parameter.to) : undefined;
  return { ...(parameter.name !== undefined ? { name: parameter.name } : {}), proposition };
}
