/**
 * The native scanner (src/native, C through Node-API), built by `npm install` with node-gyp when a
 * C compiler is present: a lexer that gives the same token tables and identifier ids as the
 * TypeScript one (lexer.ts, the reference), about twice as fast, the parser's command splitter
 * and the token work of each declaration (parser.ts, binders.ts), the proof-gap scan's token walk
 * (gaps.ts), name resolution (references.ts), and a file reader that keeps the texts outside V8's
 * heap (source.ts). The TypeScript code is used whenever the native scanner is absent or
 * LEANAUDIT_NATIVE=0; the results are the same (test/lean/native.test.ts,
 * test/lean/native-resolver.test.ts, README).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Handle = object;
type Columns = [Uint8Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];

/** The addon's functions (src/native/addon.c). */
export interface NativeScanner {
  configure(
    classes: Uint8Array,
    multiSymbols: readonly string[],
    binderSymbols: readonly number[],
    keywordCount: number,
    gapWordFlag: number,
    binderStartFlag: number,
  ): void;
  createNames(): Handle;
  internName(names: Handle, name: string): number;
  idOf(names: Handle, name: string): number;
  /**
   * 0 when done, 1 when the token table is full (grow it, then `resume`). `lastRead`: the text is
   * the one `readSource` returned last, whose code units the lexer reads in place instead of copying them.
   */
  lex(names: Handle, text: string, knownNames: number, flags: Uint8Array, ...columnsAndLastRead: [...Columns, boolean?]): number;
  resume(...columns: Columns): number;
  /** Into `out` (see NativeOut): [count, gapWords, #comments, #starters, #newNames, #problems, the first `#exit` token or -1, at least the longest line's length, ...each list]. */
  results(out: Int32Array): number;
  /** A readable, valid UTF-8, NUL-free file of at most `maxBytes` bytes as [text, bytes] (its characters outside V8's heap); undefined for any other. */
  readSource(path: string, maxBytes: number): [string, number] | undefined;
  /** Reads these files on a background thread, in this order, for `readSource` to hand over (an empty list stops it). */
  readAhead(paths: readonly string[], maxBytes: number): void;
  /** Sets the command splitter's keyword flags and constants (see SplitterConstants in scanner.h). */
  configureSplitter(keywordFlags: Uint8Array, constants: Int32Array): void;
  /**
   * Splits a token table into commands, into `out`: [0, start, keyword, end per command] when done, [1, start, keyword, at] when a command
   * is to be learned first (then call again with `resume`). `out` must hold 3 * count + 4 values (it throws otherwise).
   */
  split(resume: boolean, flags: Uint8Array, count: number, out: Int32Array, ...columns: Columns): number;
  /** Into `out` (see NativeOut): the names the binders of a `variable` command on tokens [from, to) bind, every one in order (see FileParser.scopeCommand). */
  readVariable(flags: Uint8Array, count: number, from: number, to: number, out: Int32Array, ...columns: Columns): number;
  /** Sets the keyword ids, the `:=` code and the flag bit of the gap scan's token walk (see GapConstants in scanner.h). */
  configureGaps(constants: Int32Array): void;
  /** Into `out` (see NativeOut): the gap scan's token walk up to `exitToken`, with the declarations' [start, end) offsets: [what, token, prev, prev2, declaration, inTactics] per token that may be a gap (see gaps.ts). */
  scanGaps(flags: Uint8Array, count: number, declRanges: Int32Array, exitToken: number, out: Int32Array, ...columns: Columns): number;
  /** Sets the keyword roles of binders.ts and the constants of the declaration reader (see DeclarationConstants in scanner.h). */
  configureDeclarations(keywordRoles: Uint8Array, constants: Int32Array): void;
  /** Binds the token table (its first `count` tokens, its starters) that `readDeclaration` reads until the next binding; the addon holds its arrays meanwhile. */
  bindDeclarationTable(count: number, starters: Int32Array, ...columns: Columns): void;
  /**
   * The token work of a declaration on tokens [from, end) of the bound table (see FileParser.readNatively): `head` is set to
   * [sep, bodyStart, #header, #body, #locals, #patterns], and the four lists are written from out[at] if
   * their total (returned) fits.
   */
  readDeclaration(
    flags: Uint8Array,
    kindClass: number,
    from: number,
    end: number,
    variableLocals: Int32Array,
    head: Int32Array,
    out: Int32Array,
    at: number,
  ): number;
  /**
   * A resolver of the project's declarations, numbered in order: per declaration how many members
   * it declares and its flags (1 protected, 2 has members). `resolverLoad` then gives it their names.
   */
  createResolver(memberCounts: Int32Array, declFlags: Uint8Array): object;
  /**
   * Gives the resolver the names of its next declarations, up to number `to` (excluded): each one's
   * full name and then its members, joined by newlines. Fills firstOf[k] with the first declaration of
   * k's full name (k itself unless a duplicate, whose names are left out).
   */
  resolverLoad(resolver: object, names: string, to: number, firstOf: Int32Array): void;
  /** Sets the scope of the next declarations: `namespace\0own namespace\0opens joined by \0`. */
  resolverScope(resolver: object, key: string): void;
  /** Binds the identifiers of a file's declarations (see FileIdents in parser.ts) that `resolveDeclaration` resolves until the next binding; the addon holds them meanwhile. */
  resolverBindFile(names: object, ids: Int32Array, bounds: Int32Array): void;
  /** The references of the bound file's declaration whose identifier bounds start at bounds[at]: out = [#header, target, condition, declaration, type per reference]; returns how many. */
  resolveDeclaration(resolver: object, at: number, out: Int32Array): number;
  /** The name of a type a conditional reference gives. */
  resolverText(resolver: object, type: number): string;
  /** The `.lean` files, symbolic links and folders not entered under `root` (see tree_walk in scanner.h), as NUL-ended records; undefined when out of memory. */
  walkTree(root: string, skip: string): string | undefined;
}

const NONE = new Int32Array(0);

/**
 * The buffer an addon call writes its list of integers into: the call returns how many there are and writes
 * them only when they fit, and `fill` grows the buffer and calls again when they did not. One buffer per
 * call site, kept from call to call, instead of an array made per call (a few microseconds each, made,
 * swept and freed, for tens of thousands of calls a scan).
 */
export class NativeOut {
  private array = NONE;

  /** The values `call` gives, as a view of the buffer: valid until this buffer's next `fill` or `room`. */
  fill(call: (out: Int32Array) => number): Int32Array {
    let n = call(this.array);
    if (n > this.array.length) n = call(this.room(n));
    return this.array.subarray(0, n);
  }

  /** The buffer, with room for at least n values. */
  room(n: number): Int32Array {
    if (n > this.array.length) this.array = new Int32Array(Math.max(n, 2 * this.array.length, 256));
    return this.array;
  }
}

const ADDON = join('build', 'Release', 'leanaudit_native.node');

/** The package root: the nearest folder above this module holding package.json (src/lean or dist/src/lean). */
function packageRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = dirname(dir)) if (existsSync(join(dir, 'package.json'))) return dir;
  return undefined;
}

function load(): { scanner?: NativeScanner; reason: string } {
  if (process.env.LEANAUDIT_NATIVE === '0') return { reason: 'turned off (LEANAUDIT_NATIVE=0)' };
  const root = packageRoot();
  const path = root === undefined ? undefined : join(root, ADDON);
  if (path === undefined || !existsSync(path))
    return { reason: 'not built (npm install builds it with node-gyp when a C compiler is present)' };
  try {
    return { scanner: createRequire(import.meta.url)(path) as NativeScanner, reason: 'native' };
  } catch (error) {
    return { reason: `not loadable: ${(error as Error).message.split('\n')[0]}` };
  }
}

const loaded = load();

/** The native scanner, when built and not turned off. */
export const nativeScanner: NativeScanner | undefined = loaded.scanner;

/** Which scanner reads Lean source, and why: "native", or why the TypeScript one. */
export const scannerInUse = (): string => (nativeScanner ? 'native' : `typescript (native scanner ${loaded.reason})`);
