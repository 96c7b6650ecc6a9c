/**
 * lean-docstring: docstrings that carry the informal statement, such as
 * `/-- Theorem 2.1 (Title): text -/`, `/-- Definition 355A. text -/` or
 * `/-- Helper for Theorem 2.1: text -/`, become entities paired with the declaration they
 * document. The only informal text is the formalizer's own, so every entity is marked as a
 * self-consistency check, not a check of fidelity to a source.
 */
import { dirname } from 'node:path';
import { type Lakefile, versoDocsOf } from '../src/lean/lakefile.js';
import { lex } from '../src/lean/lexer.js';
import { lakefileIfReadable, readLeanSource } from '../src/lean/project.js';
import type { Entity } from '../src/model/entity.js';
import type { LeanDecl, LeanFile, LeanProject, SourceProblem } from '../src/model/lean.js';
import { contextOf, normalizeKind } from './text.js';
import type { ExtractInput, Extraction } from './types.js';
import { versoDocsAt, versoToMarkdown } from './verso-docstring.js';

/** Words that open an entity heading (canonical kinds and the abbreviations or misspellings seen in the wild). */
const KIND_WORDS = [
  'Theorem',
  'Lemma',
  'Definition',
  'Proposition',
  'Corollary',
  'Remark',
  'Example',
  'Exercise',
  'Claim',
  'Conjecture',
  'Axiom',
  'Fact',
  'Problem',
  'Notation',
  'Assumption',
  'Algorithm',
  'Text',
  'Observation',
  'Defn',
  'Def',
  'Thm',
  'Lem',
  'Prop',
  'Cor',
  'Defintion',
  'Definiton',
  'Propositon',
  'Crollary',
];

/** A number as books print them: `2.1`, `142C`, `3.4.5`, `A.1`, `1.2a`. */
export const ENTITY_NUMBER = String.raw`(?:\d+[A-Za-z]?(?:[.\-]\d+[A-Za-z]?)*|[A-Z](?:\.\d+)+)`;

const HEADING = new RegExp(
  String.raw`^\s*(?<helper>Helper\s+(?:lemma\s+)?for\s+)?(?<kind>${KIND_WORDS.join('|')})\.?\s+(?<number>${ENTITY_NUMBER})(?![\w])` +
    String.raw`\s*(?:\((?<title>[^()]*(?:\([^()]*\)[^()]*)*)\))?\s*[.:]?\s*(?<text>[\s\S]*)$`,
);

/** What the opening words of a docstring say it formalizes. */
export interface DocHeading {
  /** Canonical kind, e.g. `theorem`. */
  kind: string;
  number: string;
  /** `Theorem 2.1`: the kind as a capitalised canonical word, then the number. */
  label: string;
  title?: string;
  /** The docstring is a helper's: `Helper for Theorem 2.1`. */
  helper: boolean;
  /** The rest of the docstring: the informal statement. */
  text: string;
}

/** Reads the heading of a docstring (`Theorem 2.1 (Title): …`), or undefined when it has none. */
export function parseDocHeading(doc: string): DocHeading | undefined {
  const match = HEADING.exec(doc);
  if (!match?.groups) return undefined;
  const { helper, kind, number, title, text } = match.groups;
  const canonical = normalizeKind(kind!);
  return {
    kind: canonical,
    number: number!,
    label: `${canonical[0]!.toUpperCase()}${canonical.slice(1)} ${number}`,
    ...(title?.trim() ? { title: title.trim() } : {}),
    helper: helper !== undefined,
    text: (text ?? '').trim(),
  };
}

/** A declaration whose docstring has an entity heading, and the file it stands in. */
export interface DocumentedDecl {
  decl: LeanDecl;
  heading: DocHeading;
  file: LeanFile;
}

/** Declarations whose docstring has an entity heading, in file order, with the heading. */
export function documentedDecls(project: LeanProject): DocumentedDecl[] {
  const found: DocumentedDecl[] = [];
  for (const file of project.files) {
    for (const decl of file.decls) {
      const heading = decl.doc === undefined ? undefined : parseDocHeading(decl.doc);
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

/** The heading with its title and statement as Markdown, when the docstring is Verso markup. */
const asMarkdown = (heading: DocHeading): DocHeading => ({
  ...heading,
  ...(heading.title !== undefined ? { title: versoToMarkdown(heading.title) } : {}),
  text: versoToMarkdown(heading.text),
});

/** Extracts one entity per documented statement (declarations sharing a heading are merged) and one per helper. */
export function extractDocstrings(input: ExtractInput): Extraction {
  const problems: SourceProblem[] = [];
  if (!input.project) {
    problems.push({ messageId: 'no-project', message: 'no Lean project to read docstrings from', location: { file: '.', line: 1 } });
    return { source: 'docstring', entities: [], files: [], problems };
  }
  const documented = documentedDecls(input.project);
  const scoped = scopedIds(documented.filter((d) => !d.heading.helper).map((d) => ({ label: d.heading.label, dir: folder(d.file) })));
  const entities: Entity[] = [];
  const byId = new Map<string, Entity>();
  const docs = new Map<LeanFile, FileDocs>();
  const lakefile = lakefileIfReadable(input.project.root);
  for (const { decl, heading: written, file } of documented) {
    if (!docs.has(file)) docs.set(file, fileDocs(input.project, file, lakefile));
    const { moduleDocs, versoAt } = docs.get(file)!;
    const heading = versoAt(decl.range.start) ? asMarkdown(written) : written;
    const before = moduleDocs.filter((d) => d.start < decl.range.start).pop();
    const context = before ? contextOf(before.text) : undefined;
    const dir = folder(file);
    const target = scoped(heading.label, dir);
    if (heading.helper) {
      entities.push(toEntity(decl.fullName, 'helper', heading, decl, { helperOf: target, ...(context ? { context } : {}) }));
      continue;
    }
    const existing = byId.get(target);
    if (existing) {
      existing.leanNames.push(decl.fullName);
      if (heading.text && !existing.statement.includes(heading.text)) existing.statement += `\n\n${heading.text}`;
      continue;
    }
    const entity = toEntity(target, heading.kind, heading, decl, context ? { context } : {});
    byId.set(target, entity);
    entities.push(entity);
  }
  const files = [...new Set(documented.map((d) => d.file.path))];
  return { source: 'docstring', entities, files, problems };
}

function toEntity(id: string, kind: string, heading: DocHeading, decl: LeanDecl, extra: { helperOf?: string; context?: string }): Entity {
  return {
    id,
    kind,
    ...(heading.title ? { title: heading.title } : {}),
    statement: heading.text || heading.title || '',
    leanNames: [decl.fullName],
    uses: [],
    flags: {},
    location: decl.location,
    origin: 'docstring',
    ...extra,
  };
}

function folder(file: LeanFile): string {
  return dirname(file.path);
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
