/**
 * Reads what leanaudit needs from a Lake configuration: the package name, its test driver, each
 * `lean_lib`'s source folder and root modules, and the `doc.verso` Lean option of the package or a
 * library (docstrings written in Verso's markup), from `lakefile.toml` (through smol-toml) or (by
 * lexing it) `lakefile.lean`.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { READ_LIMITS, readRepoTextIfPresent } from '../../core/repo-file.js';
import { lex } from '../syntax/lexer.js';
import { moduleName } from '../syntax/parser.js';

/** A Lean library: its modules live under `srcDir` and start with one of `roots`. */
export interface LeanLib {
  name: string;
  /** Relative to the project root, `''` for the root itself, `/` separators. */
  srcDir: string;
  roots: string[];
  /** The library's `leanOptions` set `doc.verso`: its docstrings are Verso markup (unset: the package's setting). */
  versoDocs?: boolean;
}

export interface Lakefile {
  file: string;
  packageName?: string;
  libs: LeanLib[];
  /** The library or executable `lake test` runs (Mathlib's `MathlibTest`). */
  testDriver?: string;
  /** The package's `leanOptions` set `doc.verso`. */
  versoDocs?: boolean;
}

/** Whether the files of `library` (undefined: a file of no declared library) have Verso docstrings by the lakefile's options. */
export const versoDocsOf = (lakefile: Lakefile | undefined, library: string | undefined): boolean =>
  lakefile?.libs.find((lib) => lib.name === library)?.versoDocs ?? lakefile?.versoDocs ?? false;

const joinDir = (a: string, b: string): string =>
  [a, b]
    .filter((p) => p && p !== '.')
    .join('/')
    .replace(/^\.\//, '');

/** A glob such as `Foo.*`, `Foo.+` or `Foo` names modules under root `Foo`. */
const globRoot = (glob: string): string => glob.replace(/\.[*+]$/, '');

type Table = Record<string, unknown>;

const isTable = (value: unknown): value is Table => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `doc.verso` in a TOML `leanOptions` table, written `"doc.verso" = true` or as the dotted key `doc.verso = true`. */
function versoOption(options: unknown): boolean | undefined {
  if (!isTable(options)) return undefined;
  const value = options['doc.verso'] ?? (isTable(options.doc) ? options.doc.verso : undefined);
  return typeof value === 'boolean' ? value : undefined;
}

/** The root modules a TOML glob names: `"Foo.+"`, or a table such as `{ submodules = "Foo" }`. */
function globRoots(glob: unknown): string[] {
  if (typeof glob === 'string') return [globRoot(glob)];
  if (!isTable(glob)) return [];
  return Object.values(glob).flatMap((value) => (typeof value === 'string' ? [value] : []));
}

/** Parses the parts of `lakefile.toml` leanaudit uses, with a TOML parser; invalid TOML throws, naming file:line:column. */
export function parseLakefileToml(source: string, file = 'lakefile.toml'): Lakefile {
  let doc: Table;
  try {
    doc = parse(source) as Table;
  } catch (e) {
    if (!(e instanceof TomlError)) throw e;
    throw new Error(`${file}:${e.line}:${e.column}: ${e.message.split('\n')[0]}`);
  }
  const pkgSrc = text(doc.srcDir) ?? '';
  const packageVerso = versoOption(doc.leanOptions);
  const packageName = text(doc.name);
  const testDriver = text(doc.testDriver);
  const tables = Array.isArray(doc.lean_lib) ? doc.lean_lib.filter(isTable) : [];
  return {
    file,
    ...(packageName !== undefined ? { packageName } : {}),
    ...(testDriver !== undefined ? { testDriver } : {}),
    ...(packageVerso !== undefined ? { versoDocs: packageVerso } : {}),
    libs: tables
      .filter((lib) => typeof lib.name === 'string')
      .map((lib) => {
        const name = lib.name as string;
        const roots = Array.isArray(lib.roots)
          ? lib.roots.filter((r): r is string => typeof r === 'string')
          : Array.isArray(lib.globs)
            ? lib.globs.flatMap(globRoots)
            : [name];
        const versoDocs = versoOption(lib.leanOptions);
        return {
          name,
          srcDir: joinDir(pkgSrc, text(lib.srcDir) ?? ''),
          roots,
          ...(versoDocs !== undefined ? { versoDocs } : {}),
        };
      }),
  };
}

/** Parses the parts of `lakefile.lean` leanaudit uses: `package`, `lean_lib … where srcDir/roots/globs/leanOptions`. */
export function parseLakefileLean(text: string, file = 'lakefile.lean'): Lakefile {
  const tokens = lex(text, file).tokens.filter((t) => t.kind !== 'lineComment' && t.kind !== 'blockComment' && t.kind !== 'docComment');
  const unquote = (s: string): string => s.replace(/[«»]/g, '');
  let packageName: string | undefined;
  let testDriver: string | undefined;
  let pkgSrc = '';
  let versoDocs: boolean | undefined;
  /** Reading a `lean_exe`, whose options are not the package's. */
  let inExe = false;
  const libs: LeanLib[] = [];
  let current: LeanLib | undefined;
  let field = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (t.kind === 'ident' && (t.text === 'package' || t.text === 'lean_lib' || t.text === 'lean_exe') && next?.kind === 'ident') {
      if (current && current.roots.length === 0) current.roots.push(current.name);
      current = undefined;
      inExe = t.text === 'lean_exe';
      if (t.text === 'package') packageName = unquote(next.text);
      if (t.text === 'lean_lib') libs.push((current = { name: unquote(next.text), srcDir: '', roots: [] }));
      field = t.text === 'package' ? 'package' : '';
      i++;
      continue;
    }
    if (t.kind === 'ident' && tokens[i + 1]?.text === ':=') field = t.text;
    else if (t.kind === 'string' && field === 'testDriver' && !current && tokens[i - 1]?.text === ':=') testDriver = t.text.slice(1, -1);
    else if (t.kind === 'string' && field === 'srcDir' && tokens[i - 1]?.text === ':=') {
      const dir = t.text.slice(1, -1);
      if (current) current.srcDir = joinDir(pkgSrc, dir);
      else pkgSrc = dir;
    } else if (current && t.kind === 'ident' && tokens[i - 1]?.text === '`' && (field === 'roots' || field === 'globs')) {
      current.roots.push(unquote(t.text));
    } else if (field === 'leanOptions' && !inExe && t.text === 'doc.verso' && tokens[i - 1]?.text === '`') {
      // `⟨`doc.verso, true⟩`, or `.ofBool true`: the first `true` or `false` before the pair closes.
      const value = tokens.slice(i + 1, i + 5).find((v) => v.text === 'true' || v.text === 'false' || v.text === '⟩');
      if (value !== undefined && value.text !== '⟩') {
        if (current) current.versoDocs = value.text === 'true';
        else versoDocs = value.text === 'true';
      }
    }
  }
  if (current && current.roots.length === 0) current.roots.push(current.name);
  for (const lib of libs) if (!lib.srcDir && pkgSrc) lib.srcDir = pkgSrc;
  return {
    file,
    ...(packageName !== undefined ? { packageName } : {}),
    ...(testDriver !== undefined ? { testDriver } : {}),
    ...(versoDocs !== undefined ? { versoDocs } : {}),
    libs,
  };
}

/** The lakefile, or undefined when there is none or it cannot be read (for readers other than loadProject, which reports that). */
export function lakefileIfReadable(root: string): Lakefile | undefined {
  try {
    return readLakefile(root);
  } catch {
    return undefined;
  }
}

/** Reads the lakefile (toml preferred, as Lake does), if any; one leading outside the repository or too large throws. */
export function readLakefile(root: string): Lakefile | undefined {
  const toml = readRepoTextIfPresent(root, 'lakefile.toml', READ_LIMITS.lake);
  if (toml !== undefined) return parseLakefileToml(toml);
  const lean = readRepoTextIfPresent(root, 'lakefile.lean', READ_LIMITS.lake);
  return lean === undefined ? undefined : parseLakefileLean(lean);
}

/** The folders a Lake project is told by: one holding a lakefile. */
const LAKEFILES = ['lakefile.toml', 'lakefile.lean'];

/**
 * The Lake project `dir` is a subfolder of: the nearest folder above it holding a lakefile, looked for
 * no higher than the git repository `dir` is in; undefined when `dir` holds a lakefile itself or none is found.
 */
export function enclosingLakeProject(dir: string): string | undefined {
  if (LAKEFILES.some((name) => existsSync(join(dir, name)))) return undefined;
  for (let at = dir; ; ) {
    if (existsSync(join(at, '.git'))) return undefined;
    const parent = dirname(at);
    if (parent === at) return undefined;
    at = parent;
    if (LAKEFILES.some((name) => existsSync(join(at, name)))) return at;
  }
}

/** The library a file belongs to and its module name, or undefined if it is in none. */
export function libraryModule(path: string, libs: LeanLib[]): { library: string; module: string } | undefined {
  for (const lib of libs) {
    const prefix = lib.srcDir ? `${lib.srcDir}/` : '';
    if (!path.startsWith(prefix)) continue;
    const module = moduleName(path.slice(prefix.length));
    if (lib.roots.some((r) => module === r || module.startsWith(`${r}.`))) return { library: lib.name, module };
  }
  return undefined;
}
