/**
 * lean-docstring: docstrings that carry the informal statement, such as
 * `/-- Theorem 2.1 (Title): text -/`, `/-- **Theorem 212A, Case L = 0**: text -/` or
 * `/-- Helper for Theorem 2.1: text -/` (see doc-heading.ts for every form), make one entity per
 * textbook item, whose parts are the declarations that state it, a case or a direction of it, or
 * serve it. The only informal text is the formalizer's own, so every entity is marked as a
 * self-consistency check, not a check of fidelity to a source.
 */
import { dirname } from 'node:path';
import { readLeanSource } from '../src/lean/project.js';
import { lex } from '../src/lean/syntax/lexer.js';
import { type Lakefile, lakefileIfReadable, versoDocsOf } from '../src/lean/workspace/lakefile.js';
import type { Entity, EntityPart } from '../src/model/entity.js';
import type { LeanDecl, LeanFile, LeanProject, SourceProblem } from '../src/model/lean.js';
import { type DocHeading, type DocItem, parseDocHeading, STATING_ROLES } from './doc-heading.js';
import { contextOf } from './text.js';
import type { ExtractInput, Extraction } from './types.js';
import { versoDocsAt, versoToMarkdown } from './verso-docstring.js';

/** A declaration whose docstring has an entity heading, and the file it stands in. */
export interface DocumentedDecl {
  decl: LeanDecl;
  heading: DocHeading;
  file: LeanFile;
}

const DEFINING_KINDS: ReadonlySet<string> = new Set(['def', 'abbrev', 'structure', 'class', 'inductive', 'instance', 'opaque']);

/**
 * The heading as the declaration bears it out, or undefined when it only cites the item. A weak
 * form (an equation named in the text, a `Reference:` line) on a definition serves a theorem
 * rather than stating it; a `Reference:` line on a definition states a definition, on a theorem
 * names a result it states or applies (`reference`), and on a theorem naming a definition is a
 * citation.
 */
export function partHeading(heading: DocHeading, decl: Pick<LeanDecl, 'kind'>): DocHeading | undefined {
  const defining = DEFINING_KINDS.has(decl.kind);
  const definitionItem = heading.items.every((i) => i.kind === 'definition');
  if (heading.form === 'reference' && heading.role === 'statement') {
    if (defining) return definitionItem ? heading : { ...heading, role: 'helper' };
    return definitionItem ? undefined : { ...heading, role: 'reference' };
  }
  if (heading.form === 'text' && defining && !definitionItem) return { ...heading, role: 'helper' };
  return heading;
}

/** The part of its item a documented declaration is: its name, its role, and what the heading says of it. */
export const partOf = (decl: LeanDecl, heading: DocHeading): EntityPart => ({
  leanName: decl.fullName,
  role: heading.role,
  ...(heading.qualifier ? { qualifier: heading.qualifier } : {}),
  ...(heading.text ? { text: heading.text } : {}),
  location: decl.location,
});

/** Declarations whose docstring has an entity heading, in file order, with the heading. */
export function documentedDecls(project: LeanProject): DocumentedDecl[] {
  const found: DocumentedDecl[] = [];
  for (const file of project.files) {
    for (const decl of file.decls) {
      const written = decl.doc === undefined ? undefined : parseDocHeading(decl.doc);
      const heading = written && partHeading(written, decl);
      if (heading && decl.fullName) found.push({ decl, heading, file });
    }
  }
  return found;
}

/** What a file's text tells about its docstrings: its module docs (`/-! … -/`) with their offsets, the nearest one before a declaration its context; which are Verso. */
interface FileDocs {
  moduleDocs: { start: number; text: string }[];
  versoAt: (offset: number) => boolean;
}

function fileDocs(project: LeanProject, file: LeanFile, lakefile: Lakefile | undefined): FileDocs {
  const byDefault = versoDocsOf(lakefile, file.library);
  const text = readLeanSource(project, file);
  if (text === undefined) return { moduleDocs: [], versoAt: () => byDefault };
  const { tokens } = lex(text, file.path);
  const versoAt = versoDocsAt(tokens, byDefault);
  const moduleDocs = tokens
    .filter((t) => t.kind === 'moduleDoc')
    .map((t) => {
      const doc = t.text.replace(/^\/-!/, '').replace(/-\/$/, '');
      return { start: t.start, text: versoAt(t.start) ? versoToMarkdown(doc) : doc };
    });
  return { moduleDocs, versoAt };
}

/** One part of an item, read from one declaration's docstring. */
interface ItemPart {
  item: DocItem;
  heading: DocHeading;
  part: EntityPart;
  context?: string;
  dir: string;
}

/** Extracts one entity per textbook item its docstrings name, with every declaration serving it as a part. */
export function extractDocstrings(input: ExtractInput): Extraction {
  const problems: SourceProblem[] = [];
  if (!input.project) {
    problems.push({ messageId: 'no-project', message: 'no Lean project to read docstrings from', location: { file: '.', line: 1 } });
    return { source: 'docstring', entities: [], files: [], problems };
  }
  const documented = documentedDecls(input.project);
  const docs = new Map<LeanFile, FileDocs>();
  const lakefile = lakefileIfReadable(input.project.root);
  const parts: ItemPart[] = [];
  for (const { decl, heading: written, file } of documented) {
    if (!docs.has(file)) docs.set(file, fileDocs(input.project, file, lakefile));
    const { moduleDocs, versoAt } = docs.get(file)!;
    const verso = versoAt(decl.range.start) ? parseDocHeading(versoToMarkdown(decl.doc!)) : undefined;
    const heading = (verso && partHeading(verso, decl)) ?? written;
    const before = moduleDocs.filter((d) => d.start < decl.range.start).pop();
    const context = before ? contextOf(before.text) : undefined;
    const part = partOf(decl, heading);
    for (const item of heading.items) parts.push({ item, heading, part, ...(context ? { context } : {}), dir: dirname(file.path) });
  }
  const scoped = scopedIds(parts.map((p) => ({ label: p.item.label, dir: p.dir })));
  const byId = new Map<string, ItemPart[]>();
  for (const p of parts) {
    const id = scoped(p.item.label, p.dir);
    byId.set(id, [...(byId.get(id) ?? []), p]);
  }
  const entities = [...byId].map(([id, itemParts]) => toEntity(id, itemParts));
  const files = [...new Set(documented.map((d) => d.file.path))];
  return { source: 'docstring', entities, files, problems };
}

/** The text one stating part contributes to its entity's statement: its own, after its qualifier when it is a part. */
function statementOf({ part, heading }: ItemPart, parts: number): string {
  const text = part.text || heading.title || '';
  return part.qualifier && parts > 1 ? `(${part.qualifier}) ${text}`.trim() : text;
}

function toEntity(id: string, itemParts: ItemPart[]): Entity {
  const stating = itemParts.filter((p) => STATING_ROLES.has(p.part.role));
  const first = stating[0] ?? itemParts[0]!;
  const statement = [...new Set(stating.map((p) => statementOf(p, stating.length)).filter((t) => t !== ''))].join('\n\n');
  const title = itemParts.find((p) => p.heading.title !== undefined)?.heading.title;
  return {
    id,
    kind: first.item.kind,
    ...(title ? { title } : {}),
    statement,
    ...(first.context ? { context: first.context } : {}),
    leanNames: [...new Set(stating.map((p) => p.part.leanName))],
    uses: [],
    flags: {},
    location: first.part.location,
    origin: 'docstring',
    parts: itemParts.map((p) => p.part),
  };
}

/**
 * Ids for labels: the label itself (`Theorem 2.1`) when only one folder uses it, else
 * `folder#label`, so two books of one repository that both have a Theorem 2.1 stay apart.
 */
function scopedIds(uses: { label: string; dir: string }[]): (label: string, dir: string) => string {
  const dirs = new Map<string, Set<string>>();
  for (const { label, dir } of uses) dirs.set(label, (dirs.get(label) ?? new Set()).add(dir));
  return (label, dir) => ((dirs.get(label)?.size ?? 0) > 1 ? `${dir}#${label}` : label);
}
