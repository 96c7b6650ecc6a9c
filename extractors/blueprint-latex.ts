/**
 * blueprint-latex: reads a leanblueprint project (`blueprint/src/web.tex`) into unified-latex nodes,
 * following `\input`/`\include` inside the repository, and turns every theorem-like environment
 * into an Entity carrying its `\label`, `\lean`, `\uses`, `\leanok`, `\mathlibok`, `\notready`
 * and `\proves` markers. `\inputleanmodule{M}` and `\inputleannode{label}` bring in the nodes that
 * LeanArchitect's `@[blueprint]` attributes declare in the Lean source (see lean-architect.ts).
 */
import { dirname, join, relative } from 'node:path';
import type * as Ast from '@unified-latex/unified-latex-types';
import { gobbleArguments } from '@unified-latex/unified-latex-util-arguments';
import { printRaw } from '@unified-latex/unified-latex-util-print-raw';
import { locateInside, READ_LIMITS, readRepoText, repoRelative } from '../src/core/repo-file.js';
import type { Entity, LatexMacro } from '../src/model/entity.js';
import type { LeanProject, SourceProblem } from '../src/model/lean.js';
import type { Location } from '../src/model/location.js';
import { collectMacros, macrosUsed } from './latex-macros.js';
import { parseLatex } from './latex-parse.js';
import { type ArchitectIndex, type ArchitectItem, type ArchitectNode, architectEntity, architectNodes } from './lean-architect.js';
import { contextAfterOf, contextOf, normalizeKind, splitNames } from './text.js';
import type { ExtractInput, Extraction } from './types.js';

/** Entry files tried in order when the configuration names none (`src/…` when the root is the blueprint folder). */
export const BLUEPRINT_ENTRIES = ['web.tex', 'content.tex', 'print.tex'].flatMap((f) => [`blueprint/src/${f}`, `src/${f}`]);

/** Environments treated as entities even when no `\newtheorem` declares them. */
export const DEFAULT_THEOREM_ENVS = ['definition', 'lemma', 'proposition', 'theorem', 'corollary'];

const MACROS = {
  input: { signature: 'm' },
  include: { signature: 'm' },
  lean: { signature: 'm' },
  uses: { signature: 'm' },
  proves: { signature: 'm' },
  label: { signature: 'm' },
  discussion: { signature: 'm' },
  inputleanmodule: { signature: 'm' },
  inputleannode: { signature: 'm' },
  newtheorem: { signature: 's m o m o' },
  declaretheorem: { signature: 'o m' },
  chapter: { signature: 's o m' },
  newcommand: { signature: 's m o o m' },
  renewcommand: { signature: 's m o o m' },
  providecommand: { signature: 's m o o m' },
  newenvironment: { signature: 's m o o m m' },
  renewenvironment: { signature: 's m o o m m' },
  DeclareMathOperator: { signature: 's m m' },
  section: { signature: 's o m' },
  subsection: { signature: 's o m' },
};

const FLAG_MACROS: Record<string, string> = { leanok: 'leanok', mathlibok: 'mathlibok', notready: 'notready' };
const INPUT_MACROS = new Set(['input', 'include']);
/** Where LeanArchitect writes the LaTeX it generates (`lake build :blueprint`): read from the Lean source instead. */
const ARCHITECT_OUTPUT = /(^|\/)\.lake\/build\/blueprint\//;
/** Files a LaTeX or BibTeX run writes, which a blueprint may `\input` (brownian-motion inputs `../print/bu1.bbl`). */
const LATEX_OUTPUT = /\.(?:bbl|aux|toc|ind|gls|lof|lot|out)$/i;
const MAX_INPUT_DEPTH = 32;
/** Environments whose content LaTeX never typesets (the `comment` and `verbatim` packages). */
const SKIPPED_ENVS = new Set(['comment', 'verbatim']);

interface Frame {
  text: string;
  file: string;
  dir: string;
  /** Offset up to which the prose has been consumed (entities, proofs, inputs). */
  cursor: number;
  /** Lines before the text in its file (a `blueprint_comment` inside a Lean file). */
  lineOffset?: number;
}

/** Metadata gathered from one environment's body, and the body with the metadata removed. */
interface Meta {
  label?: string;
  leanNames: string[];
  uses: string[];
  proves: string[];
  flags: Record<string, boolean>;
  markers: { name: string; argument?: string; location: Location }[];
  body: Ast.Node[];
}

/** The first blueprint entry file present in the repository, relative to it. */
export function findBlueprintEntry(root: string, configured?: string): string | undefined {
  const candidates = configured ? [configured] : BLUEPRINT_ENTRIES;
  return candidates.find((c) => 'file' in locateInside(root, c));
}

/** Extracts the entities of the blueprint whose entry file is configured or found by convention. */
export function extractBlueprint(input: ExtractInput): Extraction {
  const entry = findBlueprintEntry(input.root, input.options.blueprint);
  const reader = new BlueprintReader(input.root, input.project);
  if (!entry) {
    const wanted = input.options.blueprint ?? BLUEPRINT_ENTRIES.join(', ');
    reader.problem('no-entry', `no blueprint entry file found (looked for ${wanted})`, { file: wanted, line: 1 });
  } else {
    reader.readEntry(entry);
  }
  const entities = reader.entities.map((entity) => {
    const macros = macrosUsed([entity.statement, entity.context ?? '', entity.contextAfter ?? ''], reader.macros);
    return macros.length > 0 ? { ...entity, macros } : entity;
  });
  return { source: 'blueprint', entities, files: reader.files, problems: reader.problems };
}

/** Walks the LaTeX of one blueprint, file after file, in reading order. */
class BlueprintReader {
  readonly entities: Entity[] = [];
  readonly files: string[] = [];
  readonly problems: SourceProblem[] = [];
  /** The macros the blueprint defines in the files it reads and in its own `.sty` packages. */
  readonly macros = new Map<string, LatexMacro>();
  private readonly theoremEnvs = new Set(DEFAULT_THEOREM_ENVS);
  private readonly byLabel = new Map<string, Entity>();
  private readonly stack: string[] = [];
  /** Every file read so far: each is read once, so a file that inputs the next twice, level after level, cannot double the work per level. */
  private readonly read = new Set<string>();
  private readonly packages = new Set<string>();
  private mainDir = '';
  private chapter?: string;
  private section?: string;
  /** The entity an undirected `\begin{proof}` belongs to. */
  private lastEntity?: Entity;
  /** The `@[blueprint]` nodes of the Lean source, read on the first `\inputlean…`. */
  private architect?: ArchitectIndex;
  /** Past the first `\end{document}`: LaTeX reads nothing more, in this file or the ones that input it. */
  private documentEnded = false;

  constructor(
    private readonly root: string,
    private readonly project?: LeanProject,
  ) {}

  problem(messageId: string, message: string, location: Location): void {
    this.problems.push({ messageId, message, location });
  }

  readEntry(entry: string): void {
    const located = locateInside(this.root, entry);
    if (!('file' in located)) return;
    this.mainDir = dirname(located.file);
    this.readFile(located.file);
  }

  private readFile(path: string): void {
    const file = repoRelative(this.root, path);
    if (this.stack.includes(path)) {
      this.problem('input-cycle', `${file} inputs itself (through ${this.stack.map((p) => repoRelative(this.root, p)).join(' → ')})`, {
        file,
        line: 1,
      });
      return;
    }
    if (this.read.has(path)) {
      this.problem('input-repeated', `${file} is input again; read once only`, { file, line: 1 });
      return;
    }
    if (this.stack.length >= MAX_INPUT_DEPTH) {
      this.problem('input-depth', `\\input nesting deeper than ${MAX_INPUT_DEPTH} at ${file}`, { file, line: 1 });
      return;
    }
    let text: string;
    try {
      text = readRepoText(this.root, path, READ_LIMITS.document);
      if (text.includes('\u0000')) throw new Error('not a text file (NUL bytes); not read');
    } catch (e) {
      this.problem('unreadable', `${file}: ${(e as Error).message.split('\n')[0]}`, { file, line: 1 });
      return;
    }
    this.read.add(path);
    this.files.push(file);
    this.readPackages(text, dirname(path));
    collectMacros(text, this.macros);
    this.stack.push(path);
    this.walk(parseLatex(text, MACROS).content, { text, file, dir: dirname(path), cursor: 0 });
    this.stack.pop();
  }

  /** The macros of the blueprint's own packages (`\usepackage{util}` with a `util.sty` beside the file or the entry). */
  private readPackages(text: string, dir: string): void {
    for (const m of text.matchAll(/\\usepackage\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/g)) {
      for (const name of m[1]!.split(',').map((n) => n.trim())) {
        for (const folder of new Set([dir, this.mainDir])) {
          const located = locateInside(this.root, relative(this.root, join(folder, `${name}.sty`)));
          if (!('file' in located) || this.packages.has(located.file)) continue;
          this.packages.add(located.file);
          try {
            collectMacros(readRepoText(this.root, located.file, READ_LIMITS.document), this.macros);
          } catch {
            // an unreadable package only costs its macros' expansions
          }
        }
      }
    }
  }

  private walk(nodes: Ast.Node[], frame: Frame): void {
    for (let i = 0; i < nodes.length && !this.documentEnded; i++) {
      const node = nodes[i]!;
      if (node.type === 'macro' && node.content === 'iffalse') i = skipIffalse(nodes, i);
      else if (node.type === 'macro') i += this.macro(node, nodes, i, frame);
      else if (node.type === 'environment') this.environment(node, frame);
      else if (node.type === 'group') this.walk(node.content, frame);
    }
  }

  /** Handles one macro of the running text; returns how many following nodes it consumed. */
  private macro(node: Ast.Macro, nodes: Ast.Node[], i: number, frame: Frame): number {
    const at = this.location(node, frame);
    switch (node.content) {
      case 'chapter':
        this.chapter = argText(node, 2);
        this.section = undefined;
        frame.cursor = Math.max(frame.cursor, macroEnd(node));
        return 0;
      case 'section':
        this.section = argText(node, 2);
        frame.cursor = Math.max(frame.cursor, macroEnd(node));
        return 0;
      case 'newtheorem':
      case 'declaretheorem': {
        const name = argText(node, 1);
        if (name) this.theoremEnvs.add(normalizeKind(name));
        return 0;
      }
      // The document may begin in one file and end in another (`web.tex` inputs a `content.tex` that ends it).
      case 'begin':
        if (nextGroupText(nodes, i) !== 'document') {
          this.problem('unterminated-environment', `\\begin{${nextGroupText(nodes, i) ?? '?'}} has no matching \\end`, at);
        }
        return 0;
      case 'end':
        if (nextGroupText(nodes, i) === 'document') this.documentEnded = true;
        else this.problem('stray-end', `\\end{${nextGroupText(nodes, i) ?? '?'}} closes no environment`, at);
        return 0;
      case 'inputleanmodule':
      case 'inputleannode':
        this.inputLean(node.content, argText(node, 0), at);
        frame.cursor = Math.max(frame.cursor, macroEnd(node));
        return 0;
    }
    if (!INPUT_MACROS.has(node.content)) return 0;
    const { name, consumed, end } = inputTarget(node, nodes, i);
    if (!name) {
      this.problem('bad-input', `\\${node.content} without a file name`, at);
      return consumed;
    }
    this.input(name, at);
    if (end !== undefined) frame.cursor = Math.max(frame.cursor, end);
    return consumed;
  }

  /** `\inputleanmodule{M}` / `\inputleannode{label}`: the `@[blueprint]` nodes of module M, or the node `label`, as entities. */
  private inputLean(macro: string, name: string | undefined, at: Location): void {
    if (name === undefined) {
      this.problem('bad-input', `\\${macro} without an argument`, at);
      return;
    }
    if (this.project === undefined) {
      this.problem('no-project', `\\${macro}{${name}}: the Lean project could not be read, so its @[blueprint] nodes are missing`, at);
      return;
    }
    this.architect ??= architectNodes(this.project);
    const node = this.architect.byLabel.get(name);
    const items: ArchitectItem[] | undefined = macro === 'inputleanmodule' ? this.architect.byModule.get(name) : node && [{ node }];
    if (items === undefined) {
      const what =
        macro === 'inputleannode'
          ? `no @[blueprint] declaration has the label ${name}`
          : this.project.files.some((f) => f.module === name)
            ? `module ${name} has no @[blueprint] declaration or blueprint_comment`
            : `no file of the project is the module ${name}`;
      this.problem('unknown-lean-node', `\\${macro}{${name}}: ${what}`, at);
      return;
    }
    for (const item of items) {
      if ('node' in item) this.addEntity(this.nodeEntity(item.node), at);
      else this.leanProse(item.comment, item.location);
    }
    this.lastEntity = undefined;
  }

  /** The LaTeX of a `blueprint_comment` (its `\section`s, environments), read where the Lean file has it. */
  private leanProse(text: string, at: Location): void {
    this.walk(parseLatex(text, MACROS).content, { text, file: at.file, dir: this.mainDir, cursor: 0, lineOffset: at.line - 1 });
  }

  private nodeEntity(node: ArchitectNode): Entity {
    return {
      ...architectEntity(node, 'blueprint'),
      ...(this.chapter ? { chapter: this.chapter } : {}),
      ...(this.section ? { section: this.section } : {}),
    };
  }

  /** Follows `\input{name}`: relative to the main file's folder, then to the including file's. */
  private input(name: string, at: Location): void {
    const including = join(this.root, dirname(at.file));
    const names = /\.tex$/i.test(name) ? [name] : [`${name}.tex`, name];
    let outside = false;
    for (const dir of [this.mainDir, including]) {
      for (const candidate of names) {
        const located = locateInside(this.root, relative(this.root, join(dir, candidate)));
        if ('file' in located) {
          this.readFile(located.file);
          return;
        }
        if (located.reason === 'outside') outside = true;
      }
    }
    if (ARCHITECT_OUTPUT.test(name)) return; // built by `lake build :blueprint`; its nodes come from \inputlean… instead
    if (LATEX_OUTPUT.test(name)) return; // written by a LaTeX or BibTeX run (a bibliography's `.bbl`): never source, usually gitignored
    if (outside) this.problem('input-outside', `\\input{${name}} points outside the repository; not read`, at);
    else this.problem('input-missing', `\\input{${name}}: file not found`, at);
  }

  private environment(node: Ast.Environment, frame: Frame): void {
    const env = normalizeKind(node.env);
    if (this.theoremEnvs.has(env)) this.entity(node, env, frame);
    else if (env === 'proof') this.proof(node, frame);
    else if (!SKIPPED_ENVS.has(env)) this.walk(node.content, frame);
    if (env === 'document') this.documentEnded = true;
  }

  private entity(node: Ast.Environment, kind: string, frame: Frame): void {
    const content = [...node.content];
    const titleArg = node.args?.find((a) => a.openMark === '[') ?? gobbleArguments(content, 'o').args[0];
    const title = titleArg && titleArg.openMark === '[' ? printRaw(titleArg.content).trim() : undefined;
    const meta = this.meta(content, frame);
    const location = this.location(node, frame);
    const start = node.position?.start.offset ?? frame.cursor;
    const context = contextOf(stripComments(frame.text.slice(frame.cursor, start)));
    const after = contextAfterOf(proseAfter(stripComments(frame.text.slice(node.position?.end.offset ?? frame.text.length))));
    frame.cursor = node.position?.end.offset ?? frame.cursor;
    const entity: Entity = {
      id: meta.label ?? `${kind}@${location.file}:${location.line}`,
      kind,
      ...(title ? { title } : {}),
      statement: bodyText(meta.body),
      ...(context ? { context } : {}),
      ...(after ? { contextAfter: after } : {}),
      leanNames: meta.leanNames,
      uses: meta.uses,
      flags: meta.flags,
      location,
      origin: 'blueprint',
      ...(this.chapter ? { chapter: this.chapter } : {}),
      ...(this.section ? { section: this.section } : {}),
      ...(meta.markers.length ? { markers: meta.markers } : {}),
    };
    if (meta.label) this.addEntity(entity);
    else this.entities.push(entity);
    this.lastEntity = entity;
  }

  /** Adds a labelled entity; a label already used is a problem, reported `at` the text that brought it in (the first entity keeps the label). */
  private addEntity(entity: Entity, at: Location = entity.location): void {
    const earlier = this.byLabel.get(entity.id);
    if (earlier)
      this.problem('duplicate-label', `label ${entity.id} already used at ${earlier.location.file}:${earlier.location.line}`, at);
    else this.byLabel.set(entity.id, entity);
    this.entities.push(entity);
  }

  private proof(node: Ast.Environment, frame: Frame): void {
    const meta = this.meta([...node.content], frame);
    const location = this.location(node, frame);
    frame.cursor = node.position?.end.offset ?? frame.cursor;
    let target = this.lastEntity;
    if (meta.proves.length > 0) {
      target = this.byLabel.get(meta.proves[0]!);
      if (!target) {
        this.problem('unknown-proves', `\\proves{${meta.proves[0]}} names no earlier entity`, location);
        return;
      }
    }
    if (!target) {
      this.problem('orphan-proof', 'proof with no preceding statement', location);
      return;
    }
    const text = bodyText(meta.body);
    // A second proof (`\proves` of a detailed one) is kept apart too: a result only one of them cites is not one the item needs.
    if (target.proof !== undefined) {
      target.proofs ??= [{ text: target.proof, uses: [...(target.proofUses ?? [])] }];
      target.proofs.push({ text, uses: [...meta.uses] });
    }
    target.proof = target.proof ? `${target.proof}\n\n${text}` : text;
    target.proofLocation ??= location;
    target.proofUses = [...new Set([...(target.proofUses ?? []), ...meta.uses])];
    for (const name of meta.leanNames) if (!target.leanNames.includes(name)) target.leanNames.push(name);
    if (meta.flags.leanok) target.flags.proofLeanok = true;
    if (meta.flags.mathlibok) target.flags.mathlibok = true;
    if (meta.flags.notready) target.flags.notready = true;
    if (meta.markers.length) target.markers = [...(target.markers ?? []), ...meta.markers];
    if (meta.proves.length === 0) this.lastEntity = undefined;
  }

  /** Takes the blueprint markers out of an environment body (at any group depth). */
  private meta(nodes: Ast.Node[], frame: Frame): Meta {
    const meta: Meta = { leanNames: [], uses: [], proves: [], flags: {}, markers: [], body: [] };
    const strip = (list: Ast.Node[]): Ast.Node[] => {
      const kept: Ast.Node[] = [];
      for (let i = 0; i < list.length; i++) {
        const node = list[i]!;
        if (node.type === 'comment') continue;
        if (node.type === 'group') {
          kept.push({ ...node, content: strip(node.content) });
          continue;
        }
        if (node.type !== 'macro') {
          kept.push(node);
          continue;
        }
        const name = node.content;
        if (name === 'label') meta.label ??= argText(node, 0);
        else if (name === 'lean') meta.leanNames.push(...splitNames(argText(node, 0) ?? ''));
        else if (name === 'uses') meta.uses.push(...splitNames(argText(node, 0) ?? ''));
        else if (name === 'proves') meta.proves.push(...splitNames(argText(node, 0) ?? ''));
        else if (name === 'discussion') continue;
        else if (FLAG_MACROS[name]) meta.flags[FLAG_MACROS[name]!] = true;
        else if (name.startsWith('lean')) {
          const argument = nextGroupText(list, i);
          if (argument !== undefined) i = indexOfNextGroup(list, i);
          meta.markers.push({ name, ...(argument !== undefined ? { argument } : {}), location: this.location(node, frame) });
        } else kept.push(node);
      }
      return kept;
    };
    meta.body = strip(nodes);
    return meta;
  }

  private location(node: Ast.Node, frame: Frame): Location {
    const start = node.position?.start;
    const lines = frame.lineOffset ?? 0;
    return start ? { file: frame.file, line: start.line + lines, column: start.column - 1 } : { file: frame.file, line: 1 + lines };
  }
}

/** The raw text of a macro's argument `index`, `%` comments left out (`\lean{A.b,%⏎ A.c}`), trimmed; undefined when absent or empty. */
function argText(node: Ast.Macro, index: number): string | undefined {
  const arg = node.args?.[index];
  if (!arg || arg.openMark === '') return undefined;
  const text = printRaw(arg.content.filter((n) => n.type !== 'comment')).trim();
  return text.length > 0 ? text : undefined;
}

/** Index of the `\\fi` closing the `\\iffalse` at `i` (nested `\\if…` counted), or the last node. */
function skipIffalse(nodes: Ast.Node[], i: number): number {
  let depth = 0;
  for (let j = i; j < nodes.length; j++) {
    const node = nodes[j]!;
    if (node.type !== 'macro') continue;
    if (node.content.startsWith('if')) depth++;
    else if (node.content === 'fi' && --depth === 0) return j;
  }
  return nodes.length - 1;
}

/** Offset just past a macro's last argument (its closing brace included). */
function macroEnd(node: Ast.Macro): number {
  const ends = (node.args ?? []).flatMap((a) => a.content.map((c) => c.position?.end.offset ?? 0));
  const last = Math.max(node.position?.end.offset ?? 0, ...ends);
  return node.args?.some((a) => a.closeMark) ? last + 1 : last;
}

/** Index of the group right after node `i` (whitespace allowed between), or `i`. */
function indexOfNextGroup(nodes: Ast.Node[], i: number): number {
  let j = i + 1;
  while (nodes[j]?.type === 'whitespace') j++;
  return nodes[j]?.type === 'group' ? j : i;
}

/** The text of the group right after node `i`, if any. */
function nextGroupText(nodes: Ast.Node[], i: number): string | undefined {
  const j = indexOfNextGroup(nodes, i);
  const group = nodes[j];
  return j !== i && group?.type === 'group' ? printRaw(group.content).trim() : undefined;
}

/**
 * The file named by `\\input{name}` or `\\input name`, how many nodes it spans, and where it ends.
 * unified-latex gives a bare `\\input chapter/x` the argument `chapter`; the rest (`/x`) follows it
 * as adjacent strings.
 */
function inputTarget(node: Ast.Macro, nodes: Ast.Node[], i: number): { name?: string; consumed: number; end?: number } {
  const next = nodes[i + 1];
  let name = argText(node, 0) ?? '';
  if (!name && next?.type === 'group') {
    return { name: printRaw(next.content).trim() || undefined, consumed: 1, end: next.position?.end.offset };
  }
  const arg = node.args?.[0]?.content ?? [];
  let end = arg[arg.length - 1]?.position?.end.offset;
  let j = i + 1;
  for (; nodes[j]?.type === 'string' && end !== undefined && nodes[j]!.position?.start.offset === end; j++) {
    name += (nodes[j] as Ast.String).content;
    end = nodes[j]!.position?.end.offset;
  }
  return name ? { name, consumed: j - 1 - i, end: Math.max(end ?? 0, macroEnd(node)) } : { consumed: 0 };
}

/** The printed body of an environment, whitespace tidied. */
function bodyText(nodes: Ast.Node[]): string {
  return printRaw(nodes)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Removes `%` comments (not `\%`) from LaTeX source. */
/** The running prose after a statement: up to the next environment that is not prose (a proof, the next statement) or the next heading. */
function proseAfter(text: string): string {
  const stop = text.search(
    /\\begin\s*\{(?!(?:equation|align|gather|multline|enumerate|itemize|description)\*?\})|\\(?:chapter|section|subsection)\b/,
  );
  return stop < 0 ? text : text.slice(0, stop);
}

function stripComments(text: string): string {
  return text.replace(/(^|[^\\])%.*$/gm, '$1');
}
