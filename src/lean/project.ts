/**
 * Project discovery and loading: finds the `.lean` files of a repository (the `lean_lib` roots of
 * its lakefile when it declares any), skips dependencies, build outputs and hidden folders (saying
 * which and why), reads `lean-toolchain` and the Mathlib revision, parses every file and links
 * references. Bad input (binary, invalid UTF-8, huge files, symlinks leaving the repository)
 * becomes a problem with file:line and loading goes on.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { DirectedGraph } from 'graphology';
import { matcher } from '../core/glob.js';
import type { LeanFile, LeanProject, SourceProblem } from '../model/lean.js';
import { linkReferences, referenceGraph } from './resolve/references.js';
import { parsedSource } from './syntax/gaps.js';
import { NameTable } from './syntax/names.js';
import { moduleName, parseLean } from './syntax/parser.js';
import { type Discovery, discoverLeanFiles } from './workspace/discovery.js';
import { type Lakefile, type LeanLib, libraryModule, readLakefile } from './workspace/lakefile.js';
import { mathlibRevision, readManifest, readToolchain } from './workspace/packages.js';
import { readSource, unreadFile } from './workspace/source.js';

/** The problem of a file the parser failed on (see loadFile). */
const PARSE_FAILED = 'parse-failed';

export interface LoadOptions {
  signal?: AbortSignal;
  /** Path patterns (the configuration's `ignore`, see core/glob.ts) whose `.lean` files are left out, and said so in `skipped`. */
  ignore?: readonly string[];
  /** Hears how many of the files to read have been read, between batches. */
  onProgress?: (done: number, total: number) => void;
  /** A folder of the project (relative, `/`-separated): only its `.lean` files are read, the others said so in `skipped`. */
  within?: string;
}

/** Re-reads a project file's text as the parser saw it (undefined if it was not readable as Lean). */
export function readLeanSource(project: Pick<LeanProject, 'root'>, file: LeanFile | string): string | undefined {
  // Like an unreadable file, a file the parser failed on is left out of every count that reads its source.
  if (typeof file !== 'string' && file.problems.some((problem) => problem.messageId === PARSE_FAILED)) return undefined;
  const kept = typeof file === 'string' ? undefined : parsedSource(file);
  if (kept !== undefined) return kept;
  return readSource(project.root, typeof file === 'string' ? file : file.path).text;
}

/** The source of a project file by its path: the text the parser kept for it (read from disk only for a file not parsed). */
export function sourceByPath(project: Pick<LeanProject, 'root' | 'files'>): (path: string) => string | undefined {
  const byPath = new Map(project.files.map((file) => [file.path, file]));
  return (path) => readLeanSource(project, byPath.get(path) ?? path);
}

/** The discovered files under `within` alone; the rest is counted in `skipped`. */
function withinFolder(found: Discovery, within: string | undefined): Discovery {
  if (within === undefined || within === '') return found;
  const prefix = `${within.replace(/\/+$/, '')}/`;
  const files = found.files.filter((path) => path.startsWith(prefix));
  const left = found.files.length - files.length;
  const skipped = found.skipped.filter((s) => `${s.path}/`.startsWith(prefix) || s.path.startsWith(prefix));
  if (left > 0) skipped.push({ path: '.', reason: `${left} .lean file${left === 1 ? '' : 's'} outside ${within}, the folder audited` });
  return { files, skipped };
}

/** The discovered files but those an `ignore` pattern matches, which `skipped` lists by pattern, with their number. */
function withoutIgnored(found: Discovery, patterns: readonly string[]): Discovery {
  if (patterns.length === 0) return found;
  const ignoredBy = matcher(patterns);
  const counts = new Map<string, number>();
  const files = found.files.filter((path) => {
    const pattern = ignoredBy(path);
    if (pattern !== undefined) counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
    return pattern === undefined;
  });
  const skipped = [...found.skipped];
  for (const [pattern, count] of counts)
    skipped.push({
      path: pattern,
      reason: `${count} .lean file${count === 1 ? '' : 's'} matched by ignore (the configuration's or --ignore)`,
    });
  return { files, skipped };
}

/**
 * With no lakefile at the root: the Lake packages among the folders holding `.lean` files (up to
 * two levels down), one problem each. Module names, the toolchain and the Mathlib revision are
 * those of a package root, so such a repository is audited one package at a time.
 */
function nestedPackages(root: string, paths: string[]): SourceProblem[] {
  const folders = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let depth = 1; depth <= Math.min(2, parts.length - 1); depth++) folders.add(parts.slice(0, depth).join('/'));
  }
  const problems: SourceProblem[] = [];
  for (const folder of [...folders].sort()) {
    const file = ['lakefile.toml', 'lakefile.lean']
      .map((name) => `${folder}/${name}`)
      .find((candidate) => existsSync(join(root, candidate)));
    if (file === undefined) continue;
    const message = `no lakefile at the root, but ${folder}/ is a Lake package: module names, the toolchain and the Mathlib revision come from its root; audit it on its own (leanaudit audit ${join(root, folder)})`;
    problems.push({ messageId: 'nested-package', message, location: { file, line: 1 } });
  }
  return problems;
}

/** Loads and parses a Lean project; never throws on bad source, only on an unreadable root or abort. */
export async function loadProject(root: string, options: LoadOptions = {}): Promise<LeanProject> {
  const realRoot = realpathSync(root);
  if (!statSync(realRoot).isDirectory()) throw new Error(`not a folder: ${root}`);
  const problems: SourceProblem[] = [];
  let lakefile: Lakefile | undefined;
  try {
    lakefile = readLakefile(realRoot);
  } catch (e) {
    problems.push({ messageId: 'unreadable-lakefile', message: (e as Error).message, location: { file: 'lakefile', line: 1 } });
  }
  const libs = lakefile?.libs ?? [];
  const { files: paths, skipped } = withoutIgnored(withinFolder(discoverLeanFiles(realRoot), options.within), options.ignore ?? []);
  if (lakefile === undefined) problems.push(...nestedPackages(realRoot, paths));
  const files: LeanFile[] = [];
  const names = new NameTable();
  const learning = new CommandLearning(names);
  const { toRead, outside } = placeFiles(paths, libs, skipped);
  for (let from = 0; from < toRead.length; from += FILES_PER_TURN) {
    options.signal?.throwIfAborted();
    options.onProgress?.(from, toRead.length);
    parseFiles(realRoot, toRead.slice(from, from + FILES_PER_TURN), names, files, learning);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const libNames = libs.map((l) => l.name).join(', ');
  for (const [path, count] of outside) {
    skipped.push({
      path,
      reason: `${count} .lean file${count === 1 ? '' : 's'} outside the lean_lib roots of ${lakefile!.file} (${libNames})`,
    });
  }
  reparseForCommands(realRoot, files, names, learning);
  const model = linkReferences(files);
  const toolchain = readToolchain(realRoot);
  const leanToolchain = toolchain.value;
  if (toolchain.problem) problems.push(metadataProblem('lean-toolchain', toolchain.problem));
  const manifestProblem = readManifest(realRoot)?.problem;
  if (manifestProblem) problems.push(metadataProblem('lake-manifest.json', manifestProblem));
  const mathlibRev = mathlibRevision(realRoot);
  const project: Omit<LeanProject, 'decls' | 'graph'> = {
    root: realRoot,
    name: lakefile?.packageName ?? basename(realRoot),
    files,
    skipped,
    ...(leanToolchain ? { leanToolchain } : {}),
    ...(mathlibRev ? { mathlibRev } : {}),
    libraries: libs.map((l) => l.name),
    problems: [...problems, ...model.problems],
  };
  // The map by name and the graph are indexes over the declarations and their `references`: made on first use, as a scan needs neither.
  let graph: DirectedGraph | undefined;
  return Object.defineProperties(project, {
    decls: { enumerable: true, get: () => model.decls },
    graph: { enumerable: true, get: () => (graph ??= referenceGraph(files, model.decls)) },
  }) as LeanProject;
}

/** A metadata file at the project's root that could not be read or does not hold what it should. */
const metadataProblem = (file: string, message: string): SourceProblem => ({
  messageId: 'unreadable-metadata',
  message,
  location: { file, line: 1 },
});

/** A file to parse, with its module and library. */
interface FileToRead {
  path: string;
  place: { module: string; library?: string };
}

/**
 * The files to parse and their modules; the lakefiles are added to `skipped`, and the files outside
 * the `lean_lib` roots counted by top folder in `outside`.
 */
function placeFiles(
  paths: string[],
  libs: LeanLib[],
  skipped: Discovery['skipped'],
): { toRead: FileToRead[]; outside: Map<string, number> } {
  const toRead: FileToRead[] = [];
  const outside = new Map<string, number>();
  for (const path of paths) {
    if (path === 'lakefile.lean' || path.endsWith('/lakefile.lean')) {
      skipped.push({ path, reason: 'Lake build configuration, not library source' });
      continue;
    }
    const place = libs.length > 0 ? libraryModule(path, libs) : { module: moduleName(path) };
    if (place === undefined) {
      const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : path;
      outside.set(top, (outside.get(top) ?? 0) + 1);
      continue;
    }
    toRead.push({ path, place });
  }
  return { toRead, outside };
}

/**
 * How many files are parsed between two turns of the event loop, where an abort (Ctrl-C) is seen.
 * The files of a turn are parsed by a function of their own (as the files are placed by one): V8
 * compiles it as any other, where a loop over all files in loadProject made V8 compile loadProject
 * while it ran (on-stack replacement) and again for the code after the loop.
 */
const FILES_PER_TURN = 64;

/** Parses these files into `files`, in order, telling `learning` of each. */
function parseFiles(root: string, toRead: FileToRead[], names: NameTable, files: LeanFile[], learning: CommandLearning): void {
  for (const { path, place } of toRead) {
    const commandsBefore = names.commandChanges;
    const file = loadFile(root, path, place.module, names);
    if (place.library !== undefined) file.library = place.library;
    files.push(file);
    learning.parsed(names.commandChanges > commandsBefore);
  }
}

/** What may stand before a command's word on its line: attributes and modifiers. */
const LINE_PREFIX = String.raw`@\[[^\]\n]*\]|private|protected|noncomputable|partial|unsafe|nonrec|public|meta|local|scoped`;

/**
 * When each command the project defines was learned (or given the kind of declaration it stands
 * for): the number of files parsed by then, the file that defined it included; and how many names
 * the project's name table held after each file, which tells whether a word can be in a file.
 */
class CommandLearning {
  private readonly kinds = new Map<string, string | undefined>();
  /** Command word -> files parsed when it last changed. */
  readonly after = new Map<string, number>();
  /** Command word -> its id in the name table. */
  private readonly ids = new Map<string, number>();
  /** Per file parsed, in order: the size of the name table once it was lexed and parsed. */
  private readonly namesAfter: number[] = [];

  constructor(private readonly names: NameTable) {}

  /** A file was parsed; `commandsChanged`: the project's commands changed while it was. */
  parsed(commandsChanged: boolean): void {
    this.namesAfter.push(this.names.size);
    if (!commandsChanged) return;
    for (const { word, kind } of this.names.ownCommands()) {
      if (this.kinds.has(word) && this.kinds.get(word) === kind) continue;
      this.kinds.set(word, kind);
      this.after.set(word, this.namesAfter.length);
      this.ids.set(word, this.names.idOf(word));
    }
  }

  /**
   * The words learned after the `index`-th file was parsed (the one defining a word reads it from
   * there on) that may be identifiers of that file: a word first interned after the file was lexed
   * is none of its tokens, so the file cannot use it as a command.
   */
  learnedAfter(index: number): string[] {
    const known = this.namesAfter[index]!;
    return [...this.after].filter(([word, parsed]) => index < parsed - 1 && this.ids.get(word)! < known).map(([word]) => word);
  }
}

/**
 * Parses again the files parsed before a command they use was learned: those whose text uses, as a
 * command, one of the words learned after them, replacing them in `files`.
 */
function reparseForCommands(root: string, files: LeanFile[], names: NameTable, learning: CommandLearning): void {
  const last = Math.max(0, ...learning.after.values()) - 1;
  // Files share their lists of words (a tail of those learned, less the words not yet interned): one pattern per list.
  const patterns = new Map<string, RegExp>();
  for (let k = 0; k < last; k++) {
    const words = learning.learnedAfter(k);
    if (words.length === 0) continue;
    const text = parsedSource(files[k]!) ?? '';
    // A text without the words is passed over by a plain search, many times faster than the pattern's (about 40 ms on the bench tree).
    if (!words.some((word) => text.includes(word))) continue;
    const key = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    let uses = patterns.get(key);
    if (uses === undefined) {
      uses = new RegExp(`^[ \\t]*(?:(?:${LINE_PREFIX})[ \\t]+)*(?:${key})(?![\\w.'])`, 'mu');
      patterns.set(key, uses);
    }
    const file = files[k]!;
    if (!uses.test(text)) continue;
    const again = loadFile(root, file.path, file.module, names);
    if (file.library !== undefined) again.library = file.library;
    files[k] = again;
  }
}

function loadFile(root: string, path: string, module: string, names: NameTable): LeanFile {
  const read = readSource(root, path);
  if (read.text === undefined) return unreadFile(path, module, read);
  let file: LeanFile;
  try {
    file = parseLean(read.text, path, { module, bytes: read.bytes, names });
  } catch (error) {
    // The parser reads any text; should it fail all the same (a bug), the file is reported and the run goes on.
    const message = `leanaudit could not parse the file: ${(error as Error).message}`;
    return unreadFile(path, module, {
      ...read,
      problem: { messageId: PARSE_FAILED, message, location: { file: path, line: 1, column: 0 } },
    });
  }
  if (read.problem) file.problems.unshift(read.problem);
  return file;
}
