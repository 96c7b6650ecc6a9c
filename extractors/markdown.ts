/**
 * markdown: a textbook converted to Markdown. Entities open with a heading or a lead-in such as
 * `**Theorem 142C**`, `Definition 2.1 (Name).` or `### Lemma 3.4`; the statement runs until
 * "Proof." or the next entity, the proof until the next entity (or heading, or ∎). Lean names come
 * from a mapping file, else from Lean docstrings with the same heading (`/-- Theorem 142C … -/`).
 */
import { type Dirent, readdirSync } from 'node:fs';
import { join } from 'node:path';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { jsonErrorLine, lineAt, lineIndex } from '../src/core/json.js';
import { locateInside, READ_LIMITS, RefusedFile, readRepoText, repoRelative } from '../src/core/repo-file.js';
import type { Entity, EntityPart } from '../src/model/entity.js';
import type { SourceProblem } from '../src/model/lean.js';
import { ENTITY_NUMBER, STATING_ROLES } from './doc-heading.js';
import { documentedDecls, partOf } from './lean-docstring.js';
import { contextOf, normalizeKind } from './text.js';
import type { ExtractInput, Extraction } from './types.js';

/** The mapping file read when the configuration names none. */
export const DEFAULT_MAPPING = 'leanaudit.mapping.json';

const KINDS =
  'Theorem|Lemma|Definition|Proposition|Corollary|Remark|Example|Exercise|Claim|Conjecture|Axiom|Fact|Problem|Defn|Thm|Prop|Cor';
const EMPH = '[*_]{1,3}';
/** `**Theorem 2.1** (Name).`, `*Definition 2.1 (Name).*`, `Lemma 3.4.` and the like, at the start of a block. */
const LEAD = new RegExp(
  String.raw`^(?<open>${EMPH})?\s*(?<kind>${KINDS})\b\s*(?<number>${ENTITY_NUMBER})?(?![\w])\s*(?:${EMPH})?\s*` +
    String.raw`(?:\((?<title>[^()]*(?:\([^()]*\)[^()]*)*)\))?\s*(?:${EMPH})?\s*(?<stop>[.:])?\s*(?:${EMPH})?[ \t]*`,
);
const PROOF_LEAD = new RegExp(String.raw`^(?:${EMPH})?\s*Proof\b(?:\s*\([^)]*\))?\s*(?:${EMPH})?\s*[.:]?\s*(?:${EMPH})?[ \t]*`);
const PROOF_HEADING = /^(?:[*_]{1,3})?Proof\b[^\n]{0,80}$/;
const PROOF_END = /(∎|□|■|\\qed|\\blacksquare|\\square|Q\.E\.D\.?)\s*\$*\s*$/;
const SKIPPED_DIRS = new Set(['node_modules', '.lake', 'lake-packages', 'build', 'dist']);
const NOT_TEXTBOOKS = /^(readme|changelog|contributing|code_of_conduct|license|security|history|authors)\b/i;

interface Block {
  type: string;
  depth?: number;
  start: number;
  end: number;
}

interface Draft {
  entity: Entity;
  phase: 'statement' | 'proof';
  start: number;
  /** The depth of a `## Proof` heading: deeper headings (`### Step 1`) stand inside the proof. */
  proofDepth?: number;
}

/** Extracts the entities of the configured Markdown files (or of every textbook-like `.md` found). */
export function extractMarkdown(input: ExtractInput): Extraction {
  const problems: SourceProblem[] = [];
  const files = markdownFiles(input.root, input.options.markdown, problems);
  const entities: Entity[] = [];
  for (const file of files) {
    const text = readDocument(input.root, file, problems);
    if (text !== undefined) entities.push(...entitiesOfFile(file, text));
  }
  attachLeanNames(input, entities, problems);
  return { source: 'markdown', entities, files, problems };
}

/** A file's text, or undefined with the reason it was not read (outside the repository, too large) among the problems. */
export function readDocument(root: string, file: string, problems: SourceProblem[]): string | undefined {
  try {
    return readRepoText(root, file, READ_LIMITS.document);
  } catch (e) {
    if (!(e instanceof RefusedFile)) throw e;
    problems.push({ messageId: 'unreadable', message: e.message, location: { file, line: 1 } });
    return undefined;
  }
}

/** True when `text` has at least one entity lead-in (used by `auto` detection). */
export function looksLikeTextbook(text: string): boolean {
  return text.split('\n').some((line) => LEAD.exec(line.replace(/^#+\s*/, ''))?.groups?.number !== undefined);
}

/** The entities of one Markdown document. */
export function entitiesOfFile(file: string, text: string): Entity[] {
  const tree = unified().use(remarkParse).use(remarkMath).parse(text);
  const blocks: Block[] = tree.children.flatMap((node) =>
    node.position?.start.offset === undefined || node.position.end.offset === undefined
      ? []
      : [
          {
            type: node.type,
            ...('depth' in node ? { depth: node.depth } : {}),
            start: node.position.start.offset,
            end: node.position.end.offset,
          },
        ],
  );
  const lineOf = lineIndex(text);
  const entities: Entity[] = [];
  let draft: Draft | undefined;
  let proseStart = 0;
  let chapter: string | undefined;
  let section: string | undefined;
  const close = (end: number) => {
    if (!draft) return;
    const body = text
      .slice(draft.start, end)
      .trim()
      .replace(/\n+(?:-{3,}|\*{3,}|_{3,})$/, '');
    if (draft.phase === 'statement') draft.entity.statement = body;
    else draft.entity.proof = body;
    entities.push(draft.entity);
    draft = undefined;
    proseStart = end;
  };
  for (const block of blocks) {
    const source = text.slice(block.start, block.end);
    const inner = block.type === 'heading' ? source.replace(/^#+\s*/, '').replace(/\s*#*\s*$/, '') : source;
    const lead = block.type === 'heading' || block.type === 'paragraph' ? leadIn(inner, block.type === 'heading') : undefined;
    if (draft?.phase === 'proof' && draft.proofDepth !== undefined && block.type === 'heading' && (block.depth ?? 1) > draft.proofDepth)
      continue;
    if (
      lead &&
      !lead.number &&
      draft?.phase === 'statement' &&
      draft.entity.kind === lead.kind &&
      text.slice(draft.start, block.start).trim() === ''
    ) {
      // `## Theorem 212A (Title)` then `**Theorem.** …`: the heading names the item, the lead opens its statement.
      draft.start = block.start + lead.length;
      continue;
    }
    if (block.type === 'heading' && draft?.phase === 'statement' && PROOF_HEADING.test(inner)) {
      draft.entity.statement = text.slice(draft.start, block.start).trim();
      draft.entity.proofLocation = { file, line: lineOf(block.start) };
      draft.phase = 'proof';
      draft.start = block.end;
      draft.proofDepth = block.depth ?? 1;
      continue;
    }
    if (lead) {
      close(block.start);
      const line = lineOf(block.start);
      const context = contextOf(text.slice(proseStart, block.start));
      draft = {
        phase: 'statement',
        start: block.type === 'heading' ? block.end : block.start + lead.length,
        entity: {
          id: lead.number ? `${lead.word} ${lead.number}` : `${lead.kind}@${file}:${line}`,
          kind: lead.kind,
          ...(lead.title ? { title: lead.title } : {}),
          statement: '',
          ...(context ? { context } : {}),
          leanNames: [],
          uses: [],
          flags: {},
          location: { file, line },
          origin: 'markdown',
          ...(chapter ? { chapter } : {}),
          ...(section ? { section } : {}),
        },
      };
      continue;
    }
    if (block.type === 'heading') {
      close(block.start);
      proseStart = block.end;
      if (block.depth === 1) {
        chapter = inner;
        section = undefined;
      } else section = inner;
      continue;
    }
    const proof = block.type === 'paragraph' && draft?.phase === 'statement' ? PROOF_LEAD.exec(source) : null;
    if (draft && proof) {
      draft.entity.statement = text.slice(draft.start, block.start).trim();
      draft.entity.proofLocation = { file, line: lineOf(block.start) };
      draft.phase = 'proof';
      draft.start = block.start + proof[0].length;
    }
    if (draft?.phase === 'proof' && PROOF_END.test(source)) close(block.end);
  }
  close(text.length);
  return mergeRepeated(entities);
}

/** An item a file heads twice (its title, then the section stating it) is one entity: the fuller one, where it stands. */
function mergeRepeated(entities: Entity[]): Entity[] {
  const fullest = new Map<string, Entity>();
  const size = (e: Entity) => e.statement.length + (e.proof?.length ?? 0);
  for (const e of entities) if (size(e) >= size(fullest.get(e.id) ?? e)) fullest.set(e.id, e);
  return entities.filter((e) => fullest.get(e.id) === e);
}

/**
 * The entity lead-in at the start of a block: its kind, number, title and length. A plain
 * (unemphasised) lead-in needs a number and then a stop, a title or a capitalised sentence
 * (`Lemma 3.4 Let …`), so that `Theorem 2.1 implies …` stays prose.
 */
function leadIn(
  text: string,
  heading: boolean,
): { kind: string; word: string; number?: string; title?: string; length: number } | undefined {
  const match = LEAD.exec(text);
  const groups = match?.groups;
  if (!match || !groups) return undefined;
  const { open, kind, number, title, stop } = groups;
  const sentence = /^\p{Lu}/u.test(text.slice(match[0].length));
  if (!heading && !open && !(number && (stop || title || sentence))) return undefined;
  const canonical = normalizeKind(kind!);
  return {
    kind: canonical,
    word: `${canonical[0]!.toUpperCase()}${canonical.slice(1)}`,
    ...(number ? { number } : {}),
    ...(title?.trim() ? { title: title.trim() } : {}),
    length: match[0].length,
  };
}

/** The Markdown files to read, relative to the root: configured files or folders, else textbook-like files found. */
function markdownFiles(root: string, configured: string[] | undefined, problems: SourceProblem[]): string[] {
  if (configured) {
    return configured.flatMap((entry) => {
      const file = locateInside(root, entry);
      if ('file' in file) return [repoRelative(root, file.file)];
      const folder = locateInside(root, entry, 'folder');
      if ('file' in folder) return listMarkdown(root, repoRelative(root, folder.file), 6);
      const outside = file.reason === 'outside' || folder.reason === 'outside';
      problems.push({
        messageId: outside ? 'path-outside' : 'file-missing',
        message: outside ? `${entry} is outside the repository; not read` : `${entry}: no such file or folder`,
        location: { file: entry, line: 1 },
      });
      return [];
    });
  }
  return listMarkdown(root, '', 4).filter((f) => looksLikeTextbook(readDocument(root, f, problems) ?? ''));
}

/** `.md` files under `dir` (relative), skipping dot-folders, build folders, symlinks and README-like files. */
export function listMarkdown(root: string, dir: string, depth: number): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory() && depth > 0 && !entry.name.startsWith('.') && !SKIPPED_DIRS.has(entry.name)) {
      found.push(...listMarkdown(root, path, depth - 1));
    } else if (entry.isFile() && /\.md$/i.test(entry.name) && !NOT_TEXTBOOKS.test(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

/** Fills `leanNames` from the mapping file, else from Lean docstrings naming the same item (their declarations become the entity's parts). */
function attachLeanNames(input: ExtractInput, entities: Entity[], problems: SourceProblem[]): void {
  const mapping = readMapping(input.root, input.options.mapping, problems);
  const anchors = new Map<string, EntityPart[]>();
  for (const { decl, heading } of input.project ? documentedDecls(input.project) : []) {
    const part = partOf(decl, heading);
    for (const item of heading.items) anchors.set(item.label.toLowerCase(), [...(anchors.get(item.label.toLowerCase()) ?? []), part]);
  }
  for (const entity of entities) {
    const number = entity.id.split(' ').slice(1).join(' ');
    const mapped = mapping.get(entity.id.toLowerCase()) ?? (number ? mapping.get(number.toLowerCase()) : undefined);
    const parts = mapped ? undefined : anchors.get(entity.id.toLowerCase());
    entity.leanNames = mapped ?? [...new Set((parts ?? []).filter((p) => STATING_ROLES.has(p.role)).map((p) => p.leanName))];
    if (parts) entity.parts = parts;
  }
}

/** The mapping file: `{ "Theorem 2.1": "Name" | ["A", "B"], "2.2": … }`, keys lower-cased. */
function readMapping(root: string, configured: string | undefined, problems: SourceProblem[]): Map<string, string[]> {
  const file = configured ?? DEFAULT_MAPPING;
  const located = locateInside(root, file);
  const mapping = new Map<string, string[]>();
  if (!('file' in located)) {
    if (configured) {
      problems.push({
        messageId: 'mapping-missing',
        message: `mapping file ${file} not found or outside the repository`,
        location: { file, line: 1 },
      });
    }
    return mapping;
  }
  const text = readDocument(root, file, problems);
  if (text === undefined) return mapping;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    problems.push({
      messageId: 'mapping-malformed',
      message: `malformed mapping: ${(e as Error).message}`,
      location: { file, line: jsonErrorLine(text, e as Error) },
    });
    return mapping;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push({
      messageId: 'mapping-malformed',
      message: 'the mapping must be an object { "Theorem 2.1": ["Lean.name"] }',
      location: { file, line: 1 },
    });
    return mapping;
  }
  for (const [key, value] of Object.entries(parsed)) {
    const names = [value].flat().filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (names.length === 0) {
      problems.push({
        messageId: 'mapping-malformed',
        message: `mapping entry ${key}: expected a Lean name or a list of them`,
        location: { file, line: lineAt(text, text.indexOf(JSON.stringify(key))) },
      });
      continue;
    }
    mapping.set(
      key.toLowerCase(),
      names.map((n) => n.trim()),
    );
  }
  return mapping;
}
