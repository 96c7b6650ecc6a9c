/** Renders a paired entity into what the judges are shown. */
import type { CompileStatus, GroundedConstant } from '../core/types.js';
import { statementTraps } from '../lean/resolve/statement-traps.js';
import { lex } from '../lean/syntax/lexer.js';
import { isProofKind } from '../lean/syntax/names.js';
import { LINKS_READ, lastLinks } from '../lean/syntax/scope-links.js';
import type { LatexMacro, PairedDecl, PairedEntity } from '../model/entity.js';
import type { LeanDecl, LeanProject } from '../model/lean.js';
import { type JudgeInput, truncateMarked } from './protocols.js';

const AUX_KINDS = new Set(['def', 'abbrev', 'structure', 'class', 'inductive', 'opaque', 'axiom', 'instance']);
const ENTRY_CHARS = 1200;
const COMMENT_KINDS = new Set(['lineComment', 'blockComment', 'docComment', 'moduleDoc']);

/** How much of each part of the input a judge is shown. */
export interface InputBudgets {
  /** Surrounding text, before and after the statement together. */
  contextChars: number;
  /** Project definitions the statement reaches. */
  auxiliaryChars: number;
  /** Library constants' signatures and docstrings. */
  groundingChars: number;
}

/** What a run knows beyond the entity: the source model, library constants looked up, the compile status. */
export interface InputSources {
  project?: LeanProject;
  /** The text of a project file, by its path. */
  source?: (path: string) => string | undefined;
  grounded?: ReadonlyMap<string, GroundedConstant>;
  compile?: CompileStatus;
}

/** Lean text without its comments and docstrings (a comment may quote the textbook the round trip must not see), blank runs collapsed. */
export function withoutComments(lean: string): string {
  const comments = lex(lean).tokens.filter((t) => COMMENT_KINDS.has(t.kind));
  if (comments.length === 0) return lean.trim();
  let out = '';
  let cursor = 0;
  for (const t of comments) {
    let { start, end } = t;
    // A comment alone on its lines goes with them, so no blank line is left in its place.
    const lineStart = lean.lastIndexOf('\n', start - 1) + 1;
    const after = /^[ \t]*(\n|$)/.exec(lean.slice(end));
    if (/^[ \t]*$/.test(lean.slice(lineStart, start)) && after && lineStart >= cursor) {
      start = lineStart;
      end += after[0].length;
    }
    out += lean.slice(cursor, start);
    cursor = end;
  }
  out += lean.slice(cursor);
  return out
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `theorem Foo.bar (x : ℕ) : x = x`: the declaration as a reader would write it, without its proof or comments. */
export function formalText(decl: Pick<PairedDecl, 'kind' | 'fullName' | 'header'>): string {
  return withoutComments(`${decl.kind} ${decl.fullName} ${decl.header}`);
}

/** A project declaration whole: keyword, name, binders, type and, for a definition, `:=` and its value or its `where` fields. */
export function wholeDeclText(decl: LeanDecl, fileText: string | undefined): string {
  const rest =
    fileText !== undefined && !isProofKind(decl.kind)
      ? fileText.slice(decl.headerRange.start, decl.range.end)
      : decl.body === undefined || isProofKind(decl.kind)
        ? decl.header
        : `${decl.header} ${/^(:=|where|\|)/.test(decl.body.trim()) ? '' : ':= '}${decl.body.trim()}`;
  return withoutComments(`${decl.kind} ${decl.fullName} ${rest}`);
}

/** Most declarations walked from one listed declaration when looking for the other listed ones it uses. */
const HELPER_REACH = 400;

/** The listed declarations (`names`) that `from` uses, directly or through the project declarations its proof uses. */
function listedReached(project: LeanProject, from: string, names: Set<string>): Set<string> {
  const reached = new Set<string>();
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0 && seen.size < HELPER_REACH) {
    for (const ref of project.decls.get(queue.shift()!)?.references ?? []) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      if (names.has(ref)) reached.add(ref);
      else queue.push(ref);
    }
  }
  return reached;
}

/**
 * The listed declarations that another listed one uses, directly or through the lemmas of its proof,
 * each with the declarations that use it: possibly helper lemmas the blueprint lists beside the
 * theorem they serve, possibly parts of the statement that a later part is proved from. Which one
 * is a question of mathematics, so the judge is told and decides.
 */
export function usedByListed(entity: PairedEntity, project: LeanProject | undefined): Map<string, string[]> {
  const users = new Map<string, string[]>();
  if (!project || entity.decls.length < 2) return users;
  const names = new Set(entity.decls.map((d) => d.fullName));
  for (const d of entity.decls) {
    for (const ref of listedReached(project, d.fullName, names))
      if (ref !== d.fullName) users.set(ref, [...(users.get(ref) ?? []), d.fullName]);
  }
  return users;
}

/**
 * Project definitions the statement reaches, nearest first: those its headers name, then those their
 * headers and values name, and so on (breadth first), each whole, within `budget` characters.
 */
export function reachedDefinitions(
  decls: PairedDecl[],
  project: LeanProject | undefined,
  source: ((path: string) => string | undefined) | undefined,
  budget: number,
): string {
  if (!project) return '';
  const own = new Set(decls.map((d) => d.fullName));
  const seen = new Set<string>(own);
  const queue: string[] = [];
  const enqueue = (decl: LeanDecl | undefined, headerOnly: boolean) => {
    const refs = decl ? (headerOnly ? decl.references.slice(0, decl.headerReferences) : decl.references) : [];
    // A name the declaration binds itself (`{f g : Θ X}`) is no reference, whatever a project declaration of that name.
    const bound = decl ? boundNames(`${decl.header}\n${decl.body ?? ''}`) : new Set<string>();
    for (const ref of refs) {
      if (seen.has(ref) || bound.has(ref.slice(ref.lastIndexOf('.') + 1))) continue;
      seen.add(ref);
      queue.push(ref);
    }
  };
  for (const d of decls) {
    const decl = project.decls.get(d.fullName);
    enqueue(decl, decl === undefined || isProofKind(decl.kind));
  }
  const parts: string[] = [];
  let used = 0;
  let left = 0;
  while (queue.length > 0) {
    const target = project.decls.get(queue.shift()!);
    if (!target || !AUX_KINDS.has(target.kind)) continue;
    const text = truncateMarked(wholeDeclText(target, source?.(target.location.file)), ENTRY_CHARS);
    if (used + text.length > budget) {
      left += 1;
      continue;
    }
    parts.push(text);
    used += text.length + 2;
    enqueue(target, false);
  }
  if (left > 0) parts.push(`[… ${left} more definition(s) reached, not shown: budget of ${budget} characters]`);
  return parts.join('\n\n');
}

const BINDER_NAMES = /[({⦃[]\s*([^:()[\]{}⦃⦄]+?)\s*:(?!=)/g;
const QUANTIFIED = /(?:∀|∃!?|fun|λ|∑|∏|⋃|⋂|⨆|⨅)\s+([^,:↦=∈]+)/g;

/** Names a statement binds itself (`(x y : ℝ)`, `∀ n,`, `fun t ↦`), which are no constants. */
function boundNames(text: string): Set<string> {
  const bound = new Set<string>();
  for (const pattern of [BINDER_NAMES, QUANTIFIED]) {
    for (const m of text.matchAll(pattern)) for (const word of m[1]!.split(/[\s()⟨⟩,]+/)) if (word) bound.add(word);
  }
  return bound;
}

/**
 * The constants a statement may use that the project does not declare, each as the full names Lean
 * would try in order (the declaration's namespaces from the innermost, the root, then the opened
 * namespaces): the names to ground through library sources or the REPL.
 */
export function libraryCandidates(entity: PairedEntity, project: LeanProject | undefined, decls = entity.decls): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const d of decls) {
    const decl = project?.decls.get(d.fullName);
    const text = `${d.header}\n${d.variables.join('\n')}`;
    const bound = boundNames(text);
    const prefixes: string[] = [];
    const parts = (decl?.namespace ?? '').split('.').filter(Boolean);
    for (let i = parts.length; i > 0; i--) prefixes.push(`${parts.slice(0, i).join('.')}.`);
    prefixes.push('', ...lastLinks(decl?.opens, LINKS_READ).flatMap((link) => link.items.map((o) => `${o}.`)));
    for (const token of lex(withoutComments(text)).tokens) {
      if (token.kind !== 'ident' || out.has(token.text)) continue;
      const ident = token.text.replace(/^@/, '');
      if (bound.has(ident.split('.')[0]!) || ident.length < 2) continue;
      const candidates = [...new Set(prefixes.map((p) => p + ident))];
      if (candidates.some((c) => project?.decls.has(c))) continue;
      out.set(token.text, candidates);
    }
  }
  return out;
}

/** The library constants of `candidates` that were found, each with its signature and docstring, within `budget` characters. */
export function groundingText(
  candidates: Map<string, string[]>,
  grounded: ReadonlyMap<string, GroundedConstant> | undefined,
  budget: number,
): string {
  if (!grounded || grounded.size === 0) return '';
  const parts: string[] = [];
  const shown = new Set<string>();
  let used = 0;
  let left = 0;
  for (const names of candidates.values()) {
    const found = names.map((n) => grounded.get(n)).find(Boolean);
    if (!found || shown.has(found.name)) continue;
    shown.add(found.name);
    const doc = found.doc ? `\n  docstring: ${found.doc.replace(/\s+/g, ' ').trim()}` : '';
    const text = truncateMarked(
      `${found.kind ? `${found.kind} ` : ''}${found.name} ${withoutComments(found.signature)}${doc}\n  (from ${found.source})`,
      ENTRY_CHARS,
    );
    if (used + text.length > budget) {
      left += 1;
      continue;
    }
    parts.push(text);
    used += text.length + 2;
  }
  if (left > 0) parts.push(`[… ${left} more constant(s) not shown: budget of ${budget} characters]`);
  return parts.join('\n\n');
}

/** The text with the source's argument-free macros replaced by their definitions (repeatedly, for macros defined by macros). */
export function expandMacros(text: string, macros: readonly LatexMacro[] | undefined): string {
  const simple = new Map((macros ?? []).filter((m) => m.args === 0).map((m) => [m.name, m.definition]));
  if (simple.size === 0) return text;
  let out = text;
  for (let pass = 0; pass < 6; pass++) {
    const next = out.replace(/\\([A-Za-z]+)(?![A-Za-z])/g, (whole, name: string) => simple.get(name) ?? whole);
    if (next === out) break;
    out = next;
  }
  return out;
}

/** The macros taking arguments, listed with their definitions (`\dist[2] := d(#1, #2)`); argument-free ones are expanded instead. */
export function macroList(macros: readonly LatexMacro[] | undefined): string {
  return (macros ?? [])
    .filter((m) => m.args > 0)
    .map((m) => `\\${m.name}[${m.args}] := ${expandMacros(m.definition, macros)}`)
    .join('\n');
}

/** The surrounding text centred on the statement: the end of what comes before and the start of what follows, within `chars`. */
export function centredContext(before: string | undefined, after: string | undefined, chars: number): string {
  const b = before?.trim() ?? '';
  const a = after?.trim() ?? '';
  if (!b && !a) return '';
  const half = Math.floor(chars / 2);
  const forBefore = Math.max(half, chars - a.length);
  const forAfter = Math.max(chars - Math.min(b.length, forBefore), 0);
  const head = b.length <= forBefore ? b : `[… earlier text cut]\n${b.slice(b.length - forBefore)}`;
  const tail = a.length <= forAfter ? a : `${a.slice(0, forAfter)}\n[… later text cut]`;
  if (!a) return head;
  return `${head}${head ? '\n' : ''}[— the statement stands here —]\n${tail}`;
}

/** What the prompt says about whether Lean accepts the statement. */
export function compileStatusText(status: CompileStatus | undefined): string {
  if (!status) return 'unknown (not checked: no Lean available to this run)';
  if (status.state === 'compiles') return 'the statement elaborates (checked with Lean)';
  if (status.state === 'fails') return `the statement does not elaborate: ${status.messages[0]?.message ?? ''}`;
  return `unknown (${status.reason})`;
}

/** The declarations an entity is judged on: the paired ones, or for names a Lake dependency declares, their grounded signatures. */
function libraryDecls(entity: PairedEntity, grounded: ReadonlyMap<string, GroundedConstant> | undefined): PairedDecl[] {
  return entity.unresolved.flatMap((u) => {
    const found = u.declaredIn ? grounded?.get(u.leanName.replace(/^_root_\./, '')) : undefined;
    if (!found || !u.declaredIn) return [];
    return [
      {
        leanName: u.leanName,
        fullName: found.name,
        kind: found.kind ?? 'theorem',
        header: found.signature,
        variables: [],
        location: { file: u.declaredIn.file, line: u.declaredIn.line },
        hasSorry: false,
      },
    ];
  });
}

/** The judge input of one entity. */
export function judgeInputOf(entity: PairedEntity, budgets: InputBudgets, sources: InputSources = {}): JudgeInput {
  const { project, source, grounded } = sources;
  const library = entity.decls.length === 0 ? libraryDecls(entity, grounded) : [];
  const paired = library.length > 0 ? { ...entity, decls: library } : entity;
  const main = paired.decls;
  const users = usedByListed(paired, project);
  const variables = [...new Set(main.flatMap((d) => d.variables))].map(withoutComments);
  const definitionKinds = main.every((d) => AUX_KINDS.has(d.kind));
  const compile =
    library.length > 0
      ? `a library declaration (compiled with its package ${entity.unresolved.find((u) => u.declaredIn)?.declaredIn?.package ?? ''})`
      : compileStatusText(sources.compile);
  return {
    kind: entity.kind,
    name: entity.title ? `${entity.id} (${entity.title})` : entity.id,
    leanName: main.map((d) => d.fullName).join(', '),
    informal: expandMacros(entity.statement.trim(), entity.macros),
    macros: macroList(entity.macros),
    formal: main.map(formalText).join('\n\n'),
    helpers: [...users].map(([name, by]) => `${name} is used in the proof of ${by.join(', ')}`).join('\n'),
    variables: variables.join('\n'),
    auxiliary: reachedDefinitions(main, project, source, budgets.auxiliaryChars),
    grounding: groundingText(libraryCandidates(paired, project, main), grounded, budgets.groundingChars),
    context: centredContext(
      expandMacros(entity.context ?? '', entity.macros),
      expandMacros(entity.contextAfter ?? '', entity.macros),
      budgets.contextChars,
    ),
    caseSplit: main.length > 1,
    definition: entity.kind === 'definition' || definitionKinds,
    compileStatus: compile,
    traps: trapsText(main.filter((d) => isProofKind(d.kind)).map((d) => d.header)),
  };
}

/** The statement traps of the headers, as the judges are shown them: the term, why it is a trap, the rule. */
export function trapsText(headers: readonly string[]): string {
  return headers
    .flatMap(statementTraps)
    .map((t) => `- \`${t.term}\` (${t.kind}): ${t.why}`)
    .join('\n');
}

/** Why an entity cannot be judged at all, or undefined when it can. */
export function unjudgeableCause(entity: PairedEntity, grounded?: ReadonlyMap<string, GroundedConstant>): string | undefined {
  if (entity.decls.length === 0 && libraryDecls(entity, grounded).length === 0) {
    const names = entity.unresolved.map((u) => u.leanName).join(', ');
    return names ? `no Lean declaration resolved for ${names}` : 'no Lean declaration paired';
  }
  if (!entity.statement.trim()) return 'empty informal statement';
  return undefined;
}
