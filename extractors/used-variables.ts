/**
 * The `variable` binders a declaration's statement uses, as Lean includes them: binders whose names
 * the statement mentions, the binders their types mention, and instance binders all of whose
 * variables are included. The binders in force are indexed by name as declarations come, one
 * link at a time (see BindersInForce), so a statement costs the binders it reaches, not every
 * `variable` in force: n docstring entities under n `variable`s took n² before.
 */
import { KIND, lexTable, type TokenTable } from '../src/lean/lexer.js';
import { NameTable } from '../src/lean/names.js';
import type { LeanDecl, ScopeLink } from '../src/model/lean.js';

/** One binder of a `variable` command: its text, the names it binds, the identifiers it mentions, its place in the chain. */
interface Binder {
  text: string;
  /** Where it is written: its link's depth in the chain, and its place in the link's command. */
  depth: number;
  index: number;
  names: string[];
  idents: string[];
  instance: boolean;
  /** Whether it gives its variables a type (`(a : G)`); an untyped one (`{F R}`) may change how earlier ones bind. */
  typed: boolean;
}

const CLOSING: Record<string, string> = { '(': ')', '{': '}', '[': ']', '⦃': '⦄', '{{': '}}' };

/** The binders in force, indexed, as the chain of `variable`s in force moves from declaration to declaration. */
class BindersInForce {
  private at: ScopeLink | undefined;
  /** Per name, the binders in force that bind it, the first written first. */
  readonly byName = new Map<string, Binder[]>();
  /** Per identifier, the instance binders in force that mention it. */
  readonly instancesNaming = new Map<string, Binder[]>();
  private readonly bindersByLink = new WeakMap<ScopeLink, Binder[]>();

  /** Makes the chain ending at `last` the one in force: the links it leaves are taken out (the last in first), those it adds put in. */
  moveTo(last: ScopeLink | undefined): void {
    let from = this.at;
    let to = last;
    const entered: ScopeLink[] = [];
    while (from !== to) {
      const fromDepth = from?.depth ?? 0;
      const toDepth = to?.depth ?? 0;
      if (fromDepth >= toDepth) {
        this.take(from!);
        from = from!.parent;
      }
      if (toDepth >= fromDepth && to !== undefined) {
        entered.push(to);
        to = to.parent;
      }
    }
    for (let k = entered.length - 1; k >= 0; k--) this.put(entered[k]!);
    this.at = last;
  }

  /** The binders of a `variable` link, split once however many declarations it is in force for. */
  private bindersOf(link: ScopeLink): Binder[] {
    let binders = this.bindersByLink.get(link);
    if (binders === undefined) this.bindersByLink.set(link, (binders = link.items.flatMap((item) => bindersOf(item, link.depth))));
    return binders;
  }

  private put(link: ScopeLink): void {
    for (const binder of this.bindersOf(link)) {
      for (const name of binder.names) push(this.byName, name, binder);
      if (binder.instance) for (const ident of new Set(binder.idents)) push(this.instancesNaming, ident, binder);
    }
  }

  /** Takes out a link's binders: the last ones put in of each list, as links leave in the reverse of their order. */
  private take(link: ScopeLink): void {
    const binders = this.bindersOf(link);
    for (let k = binders.length - 1; k >= 0; k--) {
      const binder = binders[k]!;
      if (binder.instance) for (const ident of new Set(binder.idents)) pop(this.instancesNaming, ident);
      for (let n = binder.names.length - 1; n >= 0; n--) pop(this.byName, binder.names[n]!);
    }
  }
}

const push = (map: Map<string, Binder[]>, key: string, binder: Binder): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [binder]);
  else list.push(binder);
};

const pop = (map: Map<string, Binder[]>, key: string): void => {
  const list = map.get(key)!;
  list.pop();
  if (list.length === 0) map.delete(key);
};

/** The binders in force for the last declaration asked about: declarations asked about in the order written cost the links that change between them. */
const inForce = new BindersInForce();

/**
 * The `variable` binders a declaration's statement uses, as written, in order: the least set holding
 * the binders of every name the statement mentions, the first binder of every variable an included
 * binder mentions in its type or binds again without a type (`variable {F R}`), and the instance
 * binders all of whose variables are included.
 */
export function usedVariables(decl: LeanDecl, statement = decl.header): string[] {
  inForce.moveTo(decl.variables);
  const { byName, instancesNaming } = inForce;
  if (byName.size === 0 && instancesNaming.size === 0) return [];
  const included = new Set<Binder>();
  const names = new Set<string>();
  /** Per instance binder met, how many of its variables are not included yet. */
  const missing = new Map<Binder, number>();
  const queue: Binder[] = [];
  const include = (binder: Binder): void => {
    if (included.has(binder)) return;
    included.add(binder);
    queue.push(binder);
  };
  for (const ident of new Set(identsOf(statement))) for (const binder of byName.get(ident) ?? []) if (!binder.instance) include(binder);
  while (queue.length > 0) {
    const binder = queue.pop()!;
    for (const name of binder.names) {
      if (names.has(name)) continue;
      names.add(name);
      if (!binder.typed) include(byName.get(name)![0]!);
      for (const instance of instancesNaming.get(name) ?? []) {
        if (included.has(instance)) continue;
        const left = (missing.get(instance) ?? new Set(instance.idents.filter((ident) => byName.has(ident))).size) - 1;
        missing.set(instance, left);
        if (left === 0) include(instance);
      }
    }
    for (const ident of binder.idents) if (byName.has(ident)) include(byName.get(ident)![0]!);
  }
  return [...included].sort((a, b) => a.depth - b.depth || a.index - b.index).map((binder) => binder.text);
}

/** Splits `variable {G : Type*} [Group G] (a b : G)`, a command at `depth` in its chain, into its bracketed binders. */
function bindersOf(command: string, depth: number): Binder[] {
  const text = withoutComments(command.replace(/^\s*variable\b/, ''));
  const binders: Binder[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.startsWith('{{', i) ? '{{' : text[i]!;
    const close = CLOSING[open];
    if (!close) {
      i++;
      continue;
    }
    let nesting = 0;
    let j = i;
    for (; j < text.length; j++) {
      if (text.startsWith(open, j) && (open !== '{' || !text.startsWith('{{', j))) nesting++;
      else if (text.startsWith(close, j)) {
        nesting--;
        if (nesting === 0) break;
      }
    }
    const inner = text.slice(i + open.length, j);
    const instance = open === '[';
    const colon = topLevelColon(inner);
    const names = colon === -1 ? (instance ? [] : identsOf(inner)) : identsOf(inner.slice(0, colon));
    binders.push({
      text: text.slice(i, j + close.length),
      depth,
      index: binders.length,
      names,
      idents: identsOf(colon === -1 ? inner : inner.slice(colon + 1)),
      instance,
      typed: colon !== -1,
    });
    i = j + close.length;
  }
  return binders;
}
/** The offset of the `:` of a binder's inside outside brackets (not of `:=`), or -1. */
function topLevelColon(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ('([{⦃⟨'.includes(c)) depth++;
    else if (')]}⦄⟩'.includes(c)) depth--;
    else if (c === ':' && depth === 0 && text[i + 1] !== '=') return i;
  }
  return -1;
}

/** One name table and token table for the fragments identsOf lexes: a table made afresh interns every keyword, for each binder. */
const fragmentNames = new NameTable();
let fragmentTable: TokenTable | undefined;

/** `text` with its comments and doc comments blanked: a `/-! … -/` after a `variable` command is part of its text, and no binder. */
function withoutComments(text: string): string {
  const { table } = lexTable(text, '<fragment>', fragmentTable, fragmentNames);
  fragmentTable = table;
  const ranges: [number, number][] = [];
  for (let k = 0; k < table.comments.length; k += 5) ranges.push([table.comments[k + 1]!, table.comments[k + 2]!]);
  for (let i = 0; i < table.count; i++) {
    if (table.kind[i] === KIND.docComment || table.kind[i] === KIND.moduleDoc) ranges.push([table.start[i]!, table.end[i]!]);
  }
  if (ranges.length === 0) return text;
  let out = text;
  for (const [start, end] of ranges) out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  return out;
}

/** Identifiers of a Lean fragment, dotted names split into their first component and whole. */
function identsOf(text: string): string[] {
  const { table } = lexTable(text, '<fragment>', fragmentTable, fragmentNames);
  fragmentTable = table;
  const idents: string[] = [];
  for (let i = 0; i < table.count; i++) {
    if (table.kind[i] !== KIND.ident) continue;
    const ident = table.textOf(i);
    idents.push(ident, ident.split('.')[0]!);
  }
  return idents;
}
