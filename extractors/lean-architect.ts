/**
 * lean-architect: blueprints written in the Lean source with LeanArchitect's `@[blueprint]`
 * attribute (AlexKontorovich/PrimeNumberTheoremAnd), which the LaTeX blueprint pulls in with
 * `\inputleanmodule{Module}` or `\inputleannode{label}`:
 *
 *   @[blueprint "thm:main" (title := "Main") (statement := /-- For all $n$, … -/)
 *     (proof := /-- By induction. -/) (uses := [helper, "def:foo"]) (latexEnv := "lemma")]
 *   theorem main …
 *
 * Each label is a node (the Lean name when none is given; declarations sharing a label are one
 * node): its statement is the `statement` option or else the declaration's docstring, its proof the
 * `proof` option or else the `/-- … -/` docstrings inside the tactic proof; `uses`/`proofUses` name
 * Lean constants (read as the label of their node) or labels; `notReady` becomes the `notready`
 * flag. `\leanok` is not a claim here (LeanArchitect infers it from the Lean code), so no flag says it.
 * `@[to_additive (attr := blueprint …)]` gives one node with both names. `attribute [blueprint …] x`
 * tags a declaration after the fact; when `x` is not the project's (infinity-cosmos tags Mathlib's
 * `SimplexCategory.δ`), Lean could only have found it in a dependency, so the node is `mathlibok`.
 * `blueprint_comment /-- … -/` commands put LaTeX prose (often `\section{…}`) between a module's nodes.
 */

import { readLeanSource } from '../src/lean/project.js';
import { prefixes } from '../src/lean/resolve/references.js';
import { additiveNames } from '../src/lean/resolve/to-additive.js';
import { KIND, lexTable, type TokenTable } from '../src/lean/syntax/lexer.js';
import { isProofKind } from '../src/lean/syntax/names.js';
import { itemsOf } from '../src/lean/syntax/scope-links.js';
import type { Entity } from '../src/model/entity.js';
import type { AttributeCommand, LeanDecl, LeanFile, LeanProject } from '../src/model/lean.js';
import type { Location } from '../src/model/location.js';
import { normalizeKind } from './text.js';

/** One blueprint node of the Lean source. */
export interface ArchitectNode {
  label: string;
  kind: string;
  title?: string;
  statement: string;
  proof?: string;
  leanNames: string[];
  uses: string[];
  proofUses: string[];
  notReady: boolean;
  /** Tagged by an `attribute` command on a declaration the project does not have: it is a dependency's. */
  mathlib: boolean;
  location: Location;
}

/** A module's blueprint content in source order: nodes and `blueprint_comment` prose. */
export type ArchitectItem = { node: ArchitectNode } | { comment: string; location: Location };

/** The nodes of a project by label, and each module's content. */
export interface ArchitectIndex {
  byLabel: Map<string, ArchitectNode>;
  byModule: Map<string, ArchitectItem[]>;
}

/** The options of one `blueprint` attribute item, as written. */
interface BlueprintAttribute {
  label?: string;
  options: Map<string, string | string[]>;
}

/** Environments a label prefix may name (`defn:`, `lem:`, `thm:`, `prop:`, `cor:`). */
const LABEL_KINDS: ReadonlySet<string> = new Set(['definition', 'lemma', 'theorem', 'proposition', 'corollary', 'remark', 'example']);

/** The text of a string literal token (the common escapes undone). */
function stringValue(raw: string): string {
  return raw.slice(1, -1).replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** The text of a `/-- … -/` doc comment. */
const docValue = (raw: string): string => raw.slice(3, -2).trim();

/** Reads `blueprint "label" (name := value)…` from the tokens of an attribute item, starting at token `at` (the word `blueprint`). */
function readAttribute(table: TokenTable, at: number): BlueprintAttribute {
  const options = new Map<string, string | string[]>();
  let label: string | undefined;
  let i = at + 1;
  if (i < table.count && table.kind[i] === KIND.string) label = stringValue(table.textOf(i++));
  while (i + 3 < table.count && table.is(i, '(') && table.kind[i + 1] === KIND.ident && table.is(i + 2, ':=')) {
    const name = table.textOf(i + 1);
    let j = i + 3;
    if (table.is(j, '[')) {
      const items: string[] = [];
      for (j++; j < table.count && !table.is(j, ']'); j++) {
        if (table.kind[j] === KIND.ident) items.push(table.textOf(j));
        else if (table.kind[j] === KIND.string) items.push(`"${stringValue(table.textOf(j))}"`);
      }
      options.set(name, items);
    } else if (table.kind[j] === KIND.docComment) options.set(name, docValue(table.textOf(j)));
    else if (table.kind[j] === KIND.string) options.set(name, stringValue(table.textOf(j)));
    else options.set(name, table.textOf(j));
    let depth = 1;
    for (i = i + 1; i < table.count && depth > 0; i++) {
      if (table.is(i, '(') || table.is(i, '[')) depth++;
      else if (table.is(i, ')') || table.is(i, ']')) depth--;
    }
  }
  return { ...(label !== undefined ? { label } : {}), options };
}

/** The `blueprint` attribute among attribute items (also inside `to_additive (attr := …)`), if any. */
function blueprintAttribute(attributes: string[]): { attribute: BlueprintAttribute; additive: boolean } | undefined {
  for (const item of attributes) {
    if (!/\bblueprint\??/.test(item)) continue;
    const { table } = lexTable(item);
    for (let i = 0; i < table.count; i++) {
      if (table.kind[i] !== KIND.ident || !(table.is(i, 'blueprint') || table.is(i, 'blueprint?'))) continue;
      const direct = i === 0;
      if (!direct && !(i >= 2 && table.is(i - 1, ':=') && table.is(i - 2, 'attr'))) continue;
      return { attribute: readAttribute(table, i), additive: !direct && table.is(0, 'to_additive') };
    }
  }
  return undefined;
}

/** The `/-- … -/` docstrings inside a tactic proof: LeanArchitect's default proof text. */
function proofDocstrings(body: string | undefined): string | undefined {
  if (body === undefined || !body.includes('/--')) return undefined;
  const { table } = lexTable(body);
  const docs: string[] = [];
  for (let i = 0; i < table.count; i++) if (table.kind[i] === KIND.docComment) docs.push(docValue(table.textOf(i)));
  return docs.length > 0 ? docs.join('\n\n') : undefined;
}

/** LeanArchitect's environment for a node: `theorem` for a theorem, else `definition`; for a dependency's declaration, as its label says (`lem:…`, `defn:…`). */
function defaultEnvironment(decl: LeanDecl | undefined, label: string): string {
  if (decl !== undefined) return isProofKind(decl.kind) ? 'theorem' : 'definition';
  const prefix = /^([a-z]+)[:.-]/.exec(label)?.[1];
  const kind = prefix === undefined ? undefined : normalizeKind(prefix);
  return kind !== undefined && LABEL_KINDS.has(kind) ? kind : 'definition';
}

const listOption = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : []);
const textOption = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/** The `blueprint_comment /-- … -/` prose of a file, with where each starts (offset and location). */
function blueprintComments(project: LeanProject, file: LeanFile): { start: number; comment: string; location: Location }[] {
  const text = readLeanSource(project, file);
  if (text === undefined || !text.includes('blueprint_comment')) return [];
  const { table } = lexTable(text, file.path);
  const found: { start: number; comment: string; location: Location }[] = [];
  for (let i = 0; i + 1 < table.count; i++) {
    if (table.kind[i] !== KIND.ident || !table.is(i, 'blueprint_comment')) continue;
    const j = i + 1;
    if (table.kind[j] !== KIND.docComment) continue;
    // The location is where the prose starts, so that lines inside it count from there.
    const body = table.textOf(j).slice(3, -2);
    const lead = body.slice(0, body.length - body.trimStart().length);
    const line = table.line[j]! + lead.split('\n').length - 1;
    found.push({ start: table.start[i]!, comment: docValue(table.textOf(j)), location: { file: file.path, line, column: 0 } });
  }
  return found;
}

/** The project declaration an `attribute` command's name denotes (enclosing namespaces, innermost first, then `open`s), if any. */
function resolveTagged(project: LeanProject, command: AttributeCommand, name: string): LeanDecl | undefined {
  for (const prefix of [...prefixes(command.namespace), ...itemsOf(command.opens)]) {
    const decl = project.decls.get(prefix ? `${prefix}.${name}` : name);
    if (decl !== undefined) return decl;
  }
  return undefined;
}

/** What may carry a `blueprint` attribute: a declaration with its own attributes, or a name an `attribute` command tags (the project's declaration, if it has one). */
interface Tagged {
  start: number;
  decl?: LeanDecl;
  names: string[];
  attributes: string[];
  location: Location;
}

/** The declarations of a file and the names its `attribute` commands tag. */
function taggedIn(project: LeanProject, file: LeanFile): Tagged[] {
  const tagged: Tagged[] = file.decls.map((decl) => ({
    start: decl.range.start,
    decl,
    names: decl.fullName ? [decl.fullName] : [],
    attributes: decl.attributes,
    location: decl.location,
  }));
  for (const command of file.attributeCommands ?? []) {
    for (const name of command.names) {
      const decl = resolveTagged(project, command, name);
      tagged.push({
        start: command.start,
        ...(decl ? { decl } : {}),
        names: [decl?.fullName ?? name],
        attributes: command.attributes,
        location: command.location,
      });
    }
  }
  return tagged;
}

/** Reads a constant of `uses` as the label of its node: by exact name, else the one node name ending in it (written relative to a namespace). */
function labelReader(labelOf: Map<string, string>): (use: string) => string {
  const byLast = new Map<string, string[]>();
  for (const name of labelOf.keys()) {
    const last = name.slice(name.lastIndexOf('.') + 1);
    byLast.set(last, [...(byLast.get(last) ?? []), name]);
  }
  const labelOfConstant = (use: string): string | undefined => {
    const exact = labelOf.get(use);
    if (exact !== undefined) return exact;
    const matches = (byLast.get(use.slice(use.lastIndexOf('.') + 1)) ?? []).filter((name) => name.endsWith(`.${use}`));
    return matches.length === 1 ? labelOf.get(matches[0]!) : undefined;
  };
  return (use) => (use.startsWith('"') ? use.slice(1, -1) : (labelOfConstant(use) ?? use));
}

/** The entity of a node, for the extractor `origin`. */
export function architectEntity(node: ArchitectNode, origin: string): Entity {
  return {
    id: node.label,
    kind: node.kind,
    ...(node.title !== undefined ? { title: node.title } : {}),
    statement: node.statement,
    ...(node.proof !== undefined ? { proof: node.proof } : {}),
    leanNames: [...node.leanNames],
    uses: [...node.uses],
    ...(node.proofUses.length > 0 ? { proofUses: [...node.proofUses] } : {}),
    flags: { ...(node.notReady ? { notready: true } : {}), ...(node.mathlib ? { mathlibok: true } : {}) },
    location: node.location,
    origin,
  };
}

/** Every `@[blueprint]` node of the project; uses naming a Lean constant are read as its node's label when it has one. */
export function architectNodes(project: LeanProject): ArchitectIndex {
  const byLabel = new Map<string, ArchitectNode>();
  const byModule = new Map<string, ArchitectItem[]>();
  const labelOf = new Map<string, string>();
  for (const file of project.files) {
    const items: { start: number; item: ArchitectItem }[] = blueprintComments(project, file).map(({ start, comment, location }) => ({
      start,
      item: { comment, location },
    }));
    for (const { start, decl, names: tagNames, attributes, location } of taggedIn(project, file)) {
      const found = blueprintAttribute(attributes);
      if (found === undefined || tagNames.length === 0) continue;
      const { options, label = tagNames[0]! } = found.attribute;
      const names = [...tagNames, ...(found.additive && decl ? additiveNames(decl) : [])];
      for (const name of names) labelOf.set(name, label);
      const statement = textOption(options.get('statement')) ?? decl?.doc ?? '';
      const proof = textOption(options.get('proof')) ?? proofDocstrings(decl?.body);
      const existing = byLabel.get(label);
      if (existing) {
        existing.leanNames.push(...names.filter((n) => !existing.leanNames.includes(n)));
        if (statement && !existing.statement.includes(statement))
          existing.statement = existing.statement ? `${existing.statement}\n\n${statement}` : statement;
        existing.uses.push(...listOption(options.get('uses')));
        existing.proofUses.push(...listOption(options.get('proofUses')));
        continue;
      }
      const title = textOption(options.get('title'));
      const node: ArchitectNode = {
        label,
        kind: normalizeKind(textOption(options.get('latexEnv')) ?? defaultEnvironment(decl, label)),
        ...(title !== undefined ? { title } : {}),
        statement,
        ...(proof !== undefined ? { proof } : {}),
        leanNames: names,
        uses: listOption(options.get('uses')),
        proofUses: listOption(options.get('proofUses')),
        notReady: options.get('notReady') === 'true',
        mathlib: decl === undefined,
        location,
      };
      byLabel.set(label, node);
      items.push({ start, item: { node } });
    }
    if (items.length > 0)
      byModule.set(
        file.module,
        items.sort((a, b) => a.start - b.start).map((i) => i.item),
      );
  }
  const asLabel = labelReader(labelOf);
  for (const node of byLabel.values()) {
    node.uses = [...new Set(node.uses.map(asLabel))];
    node.proofUses = [...new Set(node.proofUses.map(asLabel))];
  }
  return { byLabel, byModule };
}
