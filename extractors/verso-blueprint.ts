/**
 * verso: blueprints written as Verso documents with VersoBlueprint (ImperialCollegeLondon/FLT's
 * `blueprint-verso/`): `.lean` files importing `VersoBlueprint` whose `#doc (Manual) "Title" =>` is
 * followed by directives, closed by a line of as many colons:
 *
 *   :::theorem "flt" (parent := "statements") (lean := "FermatLastTheorem") (uses := "a, b")
 *   For all $`n \ge 3`, … {uses "natural_numbers"}[natural numbers] …
 *   :::
 *   :::proof "flt"
 *   By {uses "frey_curve"}[]. …
 *   :::
 *   ```lean "flt"
 *   theorem flt … := by …
 *   ```
 *
 * Each statement-like directive (`definition`, `theorem`, `lemma`/`lemma_`, `corollary`,
 * `proposition`, `conjecture`) is an entity with its label as id; its Lean names are those of
 * `(lean := "A, B")`, the declarations of the ```lean blocks carrying its label (read from the source
 * model, which reads those blocks: src/lean/verso.ts) and those tagged `@[blueprint "label"]` in the
 * Lean code; `uses` come from `(uses := …)` and the `{uses "x"}[…]` roles of the statement, `proofUses`
 * from those of its `:::proof`. A label tagged in the Lean code with no directive is an entity of
 * its own (statement from its docstring). No flag claims a status: VersoBlueprint computes it from Lean.
 * The chapter is the document's title, the section its last `#` heading.
 */
import { closeSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { locateInside, openRegularFile, READ_LIMITS, readRepoText, repoRelative } from '../src/core/repo-file.js';
import { parseLean } from '../src/lean/syntax/parser.js';
import { type VersoFence, versoFences } from '../src/lean/syntax/verso.js';
import { discoverLeanFiles } from '../src/lean/workspace/discovery.js';
import type { Entity } from '../src/model/entity.js';
import type { LeanFile, SourceProblem } from '../src/model/lean.js';
import type { Location } from '../src/model/location.js';
import { type ArchitectNode, architectEntity, architectNodes } from './lean-architect.js';
import { contextOf, normalizeKind, splitNames } from './text.js';
import type { ExtractInput, Extraction } from './types.js';
import { versoToMarkdown } from './verso-docstring.js';

const STATEMENT_KINDS: ReadonlySet<string> = new Set([
  'definition',
  'theorem',
  'lemma',
  'lemma_',
  'corollary',
  'proposition',
  'conjecture',
]);
/** How much of a file is searched for `import VersoBlueprint`: imports come first. */
const HEAD_BYTES = 16_384;
const IMPORTS_BLUEPRINT = /^import\s+VersoBlueprint\b/m;
const DOC = /^#doc\s*\([^)\n]*\)\s*"((?:[^"\\\n]|\\.)*)"/m;
const DIRECTIVE = /^[ \t]*(:{3,})[ \t]*([A-Za-z_][\w.]*)?(.*)$/;
const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t]*$/;
/** A string literal of Verso's argument syntax. */
const STRING = /^"((?:[^"\\]|\\.)*)"/;
/** A `{uses "a" "b"}` role, and its text `[…]` if any. */
const USES_ROLE = /\{uses((?:\s+"(?:[^"\\]|\\.)*")+)\s*\}(?:\[([^\]]*)\])?/g;
/** A link-only `{bpref "a"}[…]` role. */
const BPREF_ROLE = /\{bpref\s+"((?:[^"\\]|\\.)*)"\s*\}(?:\[([^\]]*)\])?/g;

const unescapeVerso = (s: string): string => s.replace(/\\(.)/g, '$1');

/** The arguments of a directive or code block as written after its name: the first string literal, then `(name := value)` pairs. */
export function versoArguments(written: string): { label?: string; named: Map<string, string> } {
  const named = new Map<string, string>();
  let rest = written.trim();
  let label: string | undefined;
  const first = STRING.exec(rest);
  if (first) {
    label = unescapeVerso(first[1]!);
    rest = rest.slice(first[0].length);
  }
  for (const m of rest.matchAll(/\(\s*([\w.]+)\s*:=\s*("(?:[^"\\]|\\.)*"|[^)\s]+)\s*\)/g)) {
    named.set(m[1]!, m[2]!.startsWith('"') ? unescapeVerso(m[2]!.slice(1, -1)) : m[2]!);
  }
  return { ...(label !== undefined ? { label } : {}), named };
}

/** The labels a text's `{uses …}` roles name. */
const usesIn = (text: string): string[] =>
  [...text.matchAll(USES_ROLE)].flatMap((m) => [...m[1]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((s) => unescapeVerso(s[1]!)));

/** A body as prose: the blueprint's roles replaced by their text (or the label they name when they have none), the rest of Verso's markup read as Markdown. */
const readable = (text: string): string =>
  versoToMarkdown(
    text
      .replace(USES_ROLE, (_, labels: string, shown?: string) => (shown ? shown : labels.trim().replace(/"/g, '')))
      .replace(BPREF_ROLE, (_, label: string, shown?: string) => (shown ? shown : label)),
  ).trim();

/** The `.lean` files of the repository (under `folder` if given) that import VersoBlueprint, sorted, relative to the repository. */
export function findVersoBlueprint(root: string, folder?: string): string[] {
  const located = folder === undefined ? { file: root } : locateInside(root, folder, 'folder');
  if (!('file' in located)) return [];
  const under = folder === undefined ? '' : repoRelative(root, located.file);
  const prefix = under === '' ? '' : `${under}/`;
  const head = Buffer.alloc(HEAD_BYTES);
  return discoverLeanFiles(located.file)
    .files.map((path) => `${prefix}${path}`)
    .filter((path) => {
      let fd: number | undefined;
      try {
        fd = openRegularFile(join(root, path));
        return IMPORTS_BLUEPRINT.test(head.toString('utf8', 0, readSync(fd, head, 0, HEAD_BYTES, 0)));
      } catch {
        return false;
      } finally {
        if (fd !== undefined) closeSync(fd);
      }
    });
}

/** A directive being read: where it opened and the lines of its body. */
interface OpenDirective {
  colons: number;
  name: string;
  arguments: string;
  line: number;
  body: string[];
}

/** Reads the Verso blueprint chapters of a repository into entities. */
class VersoReader {
  readonly entities: Entity[] = [];
  readonly problems: SourceProblem[] = [];
  private readonly byLabel = new Map<string, Entity>();
  private readonly proofs: { label: string; text: string; location: Location }[] = [];
  private readonly blocks: { label: string; names: string[]; location: Location }[] = [];

  constructor(private readonly input: ExtractInput) {}

  /** Reads a chapter, given its text or why it could not be read. */
  readFile(path: string, text: string | Error): void {
    if (text instanceof Error) {
      this.problems.push({
        messageId: 'unreadable',
        message: `${path}: ${text.message.split('\n')[0]}`,
        location: { file: path, line: 1 },
      });
      return;
    }
    const doc = DOC.exec(text);
    if (!doc) return;
    const firstLine = text.slice(0, doc.index).split('\n').length;
    const lines = text.slice(doc.index).split(/\r?\n/);
    const fences = versoFences(lines);
    this.readBlocks(path, text, fences, firstLine);
    const chapter = unescapeVerso(doc[1]!);
    let section: string | undefined;
    let prose: string[] = [];
    const open: OpenDirective[] = [];
    let fence = 0;
    for (let k = 1; k < lines.length; k++) {
      const line = lines[k]!;
      const inFence = fence < fences.length && k >= fences[fence]!.from - 1;
      if (inFence) {
        if (k >= fences[fence]!.to) fence++;
        (open.length > 0 ? open[open.length - 1]!.body : prose).push(line);
        continue;
      }
      const directive = DIRECTIVE.exec(line);
      const heading = open.length === 0 ? HEADING.exec(line) : null;
      if (directive && directive[2] !== undefined) {
        // A directive may be named with its namespace (`:::Informal.theorem`).
        const name = directive[2].slice(directive[2].lastIndexOf('.') + 1);
        open.push({ colons: directive[1]!.length, name, arguments: directive[3]!, line: firstLine + k, body: [] });
      } else if (directive && directive[3]!.trim() === '' && open.length > 0) {
        let closing = open.length - 1;
        while (closing > 0 && open[closing]!.colons !== directive[1]!.length) closing--;
        if (open[closing]!.colons !== directive[1]!.length) closing = open.length - 1;
        for (const closed of open.splice(closing)) {
          this.directive(closed, { file: path, chapter, ...(section !== undefined ? { section } : {}) }, prose.join('\n'));
          if (STATEMENT_KINDS.has(closed.name)) prose = [];
        }
      } else if (heading) {
        section = heading[2]!;
        prose = [];
      } else (open.length > 0 ? open[open.length - 1]!.body : prose).push(line);
    }
    for (const unclosed of open) {
      this.problems.push({
        messageId: 'unclosed-directive',
        message: `:::${unclosed.name} is never closed (a line of ${unclosed.colons} colons)`,
        location: { file: path, line: unclosed.line },
      });
    }
  }

  /** The ```lean "label" blocks of a file: the declarations each one holds, from the project's model of the file (else from its code alone). */
  private readBlocks(path: string, text: string, fences: VersoFence[], firstLine: number): void {
    const modelled = this.input.project?.files.find((file) => file.path === path);
    const lines = text.split('\n');
    for (const fence of fences) {
      const { label } = versoArguments(fence.args);
      if (fence.info !== 'lean' || label === undefined) continue;
      const [from, to] = [firstLine + fence.from, firstLine + fence.to - 1];
      const names = declaredIn(modelled, from, to) ?? parseLean(lines.slice(from - 1, to).join('\n'), path).decls.map((d) => d.fullName);
      this.blocks.push({ label, names, location: { file: path, line: from - 1 } });
    }
  }

  private directive(d: OpenDirective, place: { file: string; chapter: string; section?: string }, prose: string): void {
    const { label, named } = versoArguments(d.arguments);
    const location: Location = { file: place.file, line: d.line };
    const body = d.body.join('\n');
    if (d.name === 'proof') {
      if (label === undefined)
        this.problems.push({ messageId: 'orphan-proof', message: ':::proof without the label of its statement', location });
      else this.proofs.push({ label, text: body, location });
      return;
    }
    if (!STATEMENT_KINDS.has(d.name)) return;
    const context = contextOf(prose);
    const title = named.get('title');
    const entity: Entity = {
      id: label ?? `${d.name}@${place.file}:${d.line}`,
      kind: normalizeKind(d.name.replace(/_$/, '')),
      ...(title !== undefined ? { title } : {}),
      statement: readable(body),
      ...(context !== undefined ? { context } : {}),
      leanNames: splitNames(named.get('lean') ?? ''),
      uses: [...new Set([...splitNames(named.get('uses') ?? ''), ...usesIn(body)])],
      flags: {},
      location,
      origin: 'verso',
      chapter: place.chapter,
      ...(place.section !== undefined ? { section: place.section } : {}),
    };
    if (this.byLabel.has(entity.id)) {
      const first = this.byLabel.get(entity.id)!.location;
      this.problems.push({
        messageId: 'duplicate-label',
        message: `label "${entity.id}" is already used at ${first.file}:${first.line}`,
        location,
      });
      return;
    }
    this.byLabel.set(entity.id, entity);
    this.entities.push(entity);
  }

  /** Attaches the proofs, the ```lean blocks and the Lean code's `@[blueprint]` nodes to the entities of their labels. */
  finish(): void {
    for (const proof of this.proofs) {
      const entity = this.byLabel.get(proof.label);
      if (!entity) {
        this.problems.push({
          messageId: 'orphan-proof',
          message: `:::proof "${proof.label}" has no statement with that label`,
          location: proof.location,
        });
        continue;
      }
      entity.proof = entity.proof === undefined ? readable(proof.text) : `${entity.proof}\n\n${readable(proof.text)}`;
      const uses = usesIn(proof.text);
      if (uses.length > 0) entity.proofUses = [...new Set([...(entity.proofUses ?? []), ...uses])];
      entity.proofLocation ??= proof.location;
    }
    const tagged = this.input.project ? architectNodes(this.input.project).byLabel : new Map<string, ArchitectNode>();
    for (const { label, names, location } of this.blocks) {
      if (this.byLabel.has(label)) this.attach(label, names);
      else if (!tagged.has(label))
        this.problems.push({ messageId: 'orphan-block', message: `\`\`\`lean "${label}" has no statement with that label`, location });
    }
    for (const node of tagged.values()) {
      if (this.byLabel.has(node.label)) this.attach(node.label, node.leanNames);
      else this.entities.push(architectEntity(node, 'verso'));
    }
  }

  private attach(label: string, names: string[]): void {
    const entity = this.byLabel.get(label)!;
    for (const name of names) if (!entity.leanNames.includes(name)) entity.leanNames.push(name);
  }
}

/** The full names of the declarations of a modelled file on lines [from, to], or undefined for a file the model lacks. */
function declaredIn(file: LeanFile | undefined, from: number, to: number): string[] | undefined {
  return file?.decls.filter((decl) => decl.location.line >= from && decl.location.line <= to).map((decl) => decl.fullName);
}

/** A chapter's text, or why it could not be read. */
function readChapter(root: string, file: string): string | Error {
  try {
    return readRepoText(root, file, READ_LIMITS.document);
  } catch (e) {
    return e as Error;
  }
}

/** An `{include N Module}` of a document: the module whose document is read there. */
const INCLUDE = /^\s*\{include\s+\d+\s+([\w.«»']+)\s*\}/gm;

/**
 * The chapters in the order the blueprint reads them: from each file no other includes, its
 * `{include N Module}`s in turn, depth first (a module is the file whose path, dots for slashes,
 * ends with its name); the files no include reaches follow in path order.
 */
function readingOrder(texts: ReadonlyMap<string, string | Error>): string[] {
  const files = [...texts.keys()];
  const includes = new Map<string, string[]>();
  for (const file of files) {
    const text = texts.get(file)!;
    const modules = text instanceof Error ? [] : [...text.matchAll(INCLUDE)].map((m) => m[1]!);
    includes.set(
      file,
      modules.flatMap((module) => files.find((f) => `.${f.slice(0, -'.lean'.length).replace(/\//g, '.')}`.endsWith(`.${module}`)) ?? []),
    );
  }
  const included = new Set([...includes.values()].flat());
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    ordered.push(file);
    for (const next of includes.get(file) ?? []) visit(next);
  };
  for (const file of files) if (!included.has(file)) visit(file);
  for (const file of files) visit(file);
  return ordered;
}

export function extractVerso(input: ExtractInput): Extraction {
  const reader = new VersoReader(input);
  const { verso } = input.options;
  const texts = new Map(findVersoBlueprint(input.root, verso).map((file) => [file, readChapter(input.root, file)]));
  const files = readingOrder(texts);
  if (files.length === 0) {
    const where = verso === undefined ? 'the repository' : verso;
    reader.problems.push({
      messageId: 'no-entry',
      message: `no Verso blueprint found (no .lean file in ${where} imports VersoBlueprint)`,
      location: { file: verso ?? '.', line: 1 },
    });
  }
  for (const file of files) reader.readFile(file, texts.get(file)!);
  reader.finish();
  return { source: 'verso', entities: reader.entities, files, problems: reader.problems };
}
