/**
 * Reads what leanaudit needs from a Lake configuration: the package name, its test driver, each
 * `lean_lib`'s source folder and root modules, and the `doc.verso` Lean option of the package or a
 * library (docstrings written in Verso's markup), from `lakefile.toml` or (by lexing it) `lakefile.lean`.
 */
import { lex } from './lexer.js';

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

/** `doc.verso` set to true or false in a TOML options table or inline table (`"doc.verso" = true`, `doc.verso = true`). */
const TOML_VERSO = /(?:^|[{,\s])"?doc\.verso"?\s*=\s*(true|false)\b/;

const joinDir = (a: string, b: string): string =>
  [a, b]
    .filter((p) => p && p !== '.')
    .join('/')
    .replace(/^\.\//, '');

/** A glob such as `Foo.*`, `Foo.+` or `Foo` names modules under root `Foo`. */
const globRoot = (glob: string): string => glob.replace(/\.[*+]$/, '');

/** The scalar or string-array value of a TOML `key = value` line (enough for Lake's keys). */
function tomlValue(raw: string): string | string[] {
  const v = raw.trim();
  if (v.startsWith('[')) return [...v.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
  const s = /^"((?:[^"\\]|\\.)*)"/.exec(v);
  return s ? s[1]! : v.replace(/\s+#.*$/, '');
}

/** Parses the parts of `lakefile.toml` leanaudit uses. */
export function parseLakefileToml(text: string, file = 'lakefile.toml'): Lakefile {
  const top: Record<string, string | string[]> = {};
  const libs: Record<string, string | string[]>[] = [];
  let table: Record<string, string | string[]> | undefined = top;
  /** The table whose `leanOptions` the lines read now are (`[leanOptions]`, `[lean_lib.leanOptions]`), if any. */
  let options: Record<string, string | string[]> | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      options = /^\[\s*leanOptions\s*\]/.test(line)
        ? top
        : /^\[\s*lean_lib\s*\.\s*leanOptions\s*\]/.test(line)
          ? libs[libs.length - 1]
          : undefined;
      if (/^\[\[\s*lean_lib\s*\]\]/.test(line)) libs.push((table = {}));
      else table = undefined;
      continue;
    }
    const verso = TOML_VERSO.exec(options !== undefined ? line : /^leanOptions\s*=/.test(line) ? line.slice(line.indexOf('=') + 1) : '');
    if (verso) (options ?? table ?? {}).versoDocs = verso[1]!;
    const eq = line.indexOf('=');
    if (eq < 0 || table === undefined) continue;
    let raw = line.slice(eq + 1);
    while (raw.trim().startsWith('[') && !raw.includes(']') && i + 1 < lines.length) raw += ` ${lines[++i]!}`;
    table[line.slice(0, eq).trim()] = tomlValue(raw);
  }
  const pkgSrc = typeof top.srcDir === 'string' ? top.srcDir : '';
  return {
    file,
    ...(typeof top.name === 'string' ? { packageName: top.name } : {}),
    ...(typeof top.testDriver === 'string' ? { testDriver: top.testDriver } : {}),
    ...(top.versoDocs !== undefined ? { versoDocs: top.versoDocs === 'true' } : {}),
    libs: libs
      .filter((l) => typeof l.name === 'string')
      .map((l) => {
        const name = l.name as string;
        const roots = Array.isArray(l.roots) ? l.roots : Array.isArray(l.globs) ? l.globs.map(globRoot) : [name];
        return {
          name,
          srcDir: joinDir(pkgSrc, typeof l.srcDir === 'string' ? l.srcDir : ''),
          roots,
          ...(l.versoDocs !== undefined ? { versoDocs: l.versoDocs === 'true' } : {}),
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
