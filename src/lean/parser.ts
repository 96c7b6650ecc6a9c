/**
 * Lean 4 declaration parser: splits a file's tokens into top-level commands, tracks
 * `namespace`/`section`/`end`, `open`, `variable` and `mutual`, and turns every declaration
 * command into a LeanDecl whose header (statement) is kept apart from its body (proof or value).
 */
import { lex } from './lexer.js';
import type { DeclKind, LeanDecl, LeanFile, SourceProblem, Token } from './types.js';

/** Declaration keywords: always start a command. */
const DECL_KINDS: ReadonlySet<string> = new Set<DeclKind>([
  'theorem', 'lemma', 'def', 'abbrev', 'instance', 'structure', 'class', 'inductive', 'axiom', 'opaque', 'example',
]);

/** Other commands that can only stand at the top level. */
const STRONG_COMMANDS: ReadonlySet<string> = new Set([
  'namespace', 'section', 'end', 'variable', 'universe', 'import', 'module', 'mutual', 'coinductive',
  'irreducible_def', 'proof_wanted', 'notation', 'infix', 'infixl', 'infixr', 'prefix', 'postfix',
  'macro_rules', 'elab_rules', 'declare_syntax_cat', 'initialize', 'builtin_initialize', 'omit', 'include',
  'alias', 'export', 'attribute', 'macro', 'syntax', 'elab',
]);

/** Commands whose keyword also occurs inside terms or tactics (`open … in`, `set_option … in`). */
const WEAK_COMMANDS: ReadonlySet<string> = new Set(['open', 'set_option']);

/** Words that may precede a command keyword. */
export const MODIFIERS: ReadonlySet<string> = new Set([
  'private', 'protected', 'noncomputable', 'partial', 'unsafe', 'nonrec', 'local', 'scoped', 'public', 'meta',
]);

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '⟨': '⟩', '⦃': '⦄', '⟦': '⟧', '⁅': '⁆' };
const OPEN: ReadonlySet<string> = new Set(Object.keys(OPENERS));
const CLOSERS: ReadonlySet<string> = new Set(Object.values(OPENERS));
/** True for a token opening a bracket: `(`, `[`, `{`, `⟨`, `⦃`, `⟦`, `⁅`, `@[`. */
export const isOpener = (t: Token): boolean => t.kind === 'attributeOpen' || (t.kind === 'symbol' && OPEN.has(t.text));
/** True for a token closing a bracket. */
export const isCloser = (t: Token): boolean => t.kind === 'symbol' && CLOSERS.has(t.text);

/** A top-level command: its tokens are code[start, end); `keyword` indexes its main keyword. */
interface Command {
  start: number;
  keyword: number;
  end: number;
}

interface Scope {
  kind: 'namespace' | 'section';
  name: string;
  namespace: string;
  opens: number;
  variables: number;
}

/** The module name of a path relative to its source folder: `Pfr/Entropy/Basic.lean` → `Pfr.Entropy.Basic`. */
export function moduleName(path: string): string {
  return path.replace(/\.lean$/, '').split('/').join('.');
}

/** Parses one Lean file into its declarations; never throws on malformed source. */
export function parseLean(text: string, path: string, module = moduleName(path)): LeanFile {
  const { tokens, problems } = lex(text, path);
  const code = tokens.filter((t) => t.kind !== 'lineComment' && t.kind !== 'blockComment');
  const parser = new FileParser(text, path, module, code, problems);
  parser.parse();
  return {
    path,
    module,
    bytes: Buffer.byteLength(text),
    imports: parser.imports,
    decls: parser.decls,
    problems,
  };
}

class FileParser {
  readonly imports: string[] = [];
  readonly decls: LeanDecl[] = [];
  private readonly scopes: Scope[] = [];
  private namespace = '';
  private opens: string[] = [];
  private variables: string[] = [];
  private opensSnapshot: string[] = [];
  private variablesSnapshot: string[] = [];
  private inMutual = false;
  private pendingOpens: string[] = [];
  private pendingVariables: string[] = [];

  constructor(
    private readonly text: string,
    private readonly path: string,
    private readonly module: string,
    private readonly code: Token[],
    private readonly problems: SourceProblem[],
  ) {}

  parse(): void {
    for (const cmd of this.commands()) {
      const kw = this.code[cmd.keyword]!;
      const applied = { opens: this.pendingOpens, variables: this.pendingVariables };
      this.pendingOpens = [];
      this.pendingVariables = [];
      if (kw.text === '#exit') break;
      if (DECL_KINDS.has(kw.text) || kw.text === 'irreducible_def') this.declaration(cmd, applied);
      else this.scopeCommand(cmd, kw);
    }
  }

  /** Splits the token stream into commands. */
  private commands(): Command[] {
    const code = this.code;
    const out: Command[] = [];
    let depth = 0;
    let current: Command | undefined;
    let baseColumn = 0;
    let afterIn = false;
    for (let i = 0; i < code.length; i++) {
      const t = code[i]!;
      const startKw = afterIn ? this.chainKeyword(i, true) : this.commandAt(i, depth, baseColumn);
      afterIn = false;
      if (startKw >= 0) {
        if (current) {
          current.end = i;
          out.push(current);
        }
        current = { start: i, keyword: startKw, end: code.length };
        baseColumn = t.column;
        depth = 0;
        i = startKw;
        continue;
      }
      if (isOpener(t)) depth++;
      else if (isCloser(t)) depth = Math.max(0, depth - 1);
      else if (depth === 0 && t.text === 'in' && current && !DECL_KINDS.has(code[current.keyword]!.text)) afterIn = true;
    }
    if (current) out.push(current);
    return out;
  }

  /** The index of the command keyword if a command starts at token i, else -1. */
  private commandAt(i: number, depth: number, baseColumn: number): number {
    const t = this.code[i]!;
    const kind = t.kind;
    if (kind !== 'keyword' && kind !== 'docComment' && kind !== 'attributeOpen' && !(kind === 'ident' && MODIFIERS.has(t.text))) return -1;
    const prev = i > 0 ? this.code[i - 1] : undefined;
    const lineFirst = prev === undefined || prev.line < t.line;
    if (kind === 'keyword' && !MODIFIERS.has(t.text)) {
      if (DECL_KINDS.has(t.text)) {
        if (prev?.kind === 'keyword' && (prev.text === 'class' || prev.text === 'deriving')) return -1;
        if ((t.text === 'instance' || t.text === 'class') && depth > 0) return -1;
        return i;
      }
      if (STRONG_COMMANDS.has(t.text)) return i;
      if (t.text === 'deriving') return this.code[i + 1]?.text === 'instance' ? i : -1;
      if (WEAK_COMMANDS.has(t.text) || t.text.startsWith('#')) {
        return depth === 0 && lineFirst && t.column <= baseColumn ? i : -1;
      }
      return -1;
    }
    if (!lineFirst && depth > 0) return -1;
    return this.chainKeyword(i, false);
  }

  /**
   * From a doc comment, `@[…]` or modifier at i, the index of the command keyword the chain leads to,
   * or -1. With `any`, a bare keyword at i also counts (the command after `… in`).
   */
  private chainKeyword(i: number, any: boolean): number {
    const code = this.code;
    let j = i;
    while (j < code.length) {
      const t = code[j]!;
      if (t.kind === 'docComment' || ((t.kind === 'keyword' || t.kind === 'ident') && MODIFIERS.has(t.text))) j++;
      else if (t.kind === 'attributeOpen') j = this.matching(j) + 1;
      else break;
    }
    const kw = code[j];
    if (kw === undefined || kw.kind !== 'keyword') return -1;
    if (j === i && !any) return -1;
    if (DECL_KINDS.has(kw.text) || STRONG_COMMANDS.has(kw.text) || WEAK_COMMANDS.has(kw.text) || kw.text.startsWith('#')) return j;
    if (kw.text === 'deriving' && code[j + 1]?.text === 'instance') return j;
    return -1;
  }

  /** Index of the token closing the bracket opened at i (or the last token). */
  private matching(i: number): number {
    let depth = 0;
    for (let j = i; j < this.code.length; j++) {
      const t = this.code[j]!;
      if (isOpener(t)) depth++;
      else if (isCloser(t) && --depth === 0) return j;
    }
    return this.code.length - 1;
  }

  private sliceText(from: number, to: number): string {
    if (to <= from) return '';
    return this.text.slice(this.code[from]!.start, this.code[to - 1]!.end);
  }

  /** `namespace`, `section`, `end`, `open`, `variable`, `mutual`, `import`. */
  private scopeCommand(cmd: Command, kw: Token): void {
    const code = this.code;
    const arg = code[cmd.keyword + 1];
    const argName = arg && arg.kind === 'ident' && arg.line === kw.line ? arg.text : '';
    switch (kw.text) {
      case 'import':
        if (arg?.text === 'all') {
          const m = code[cmd.keyword + 2];
          if (m?.kind === 'ident') this.imports.push(m.text);
        } else if (argName) this.imports.push(argName);
        return;
      case 'namespace':
        this.pushScope('namespace', argName);
        return;
      case 'section':
        this.pushScope('section', argName);
        return;
      case 'mutual':
        this.inMutual = true;
        return;
      case 'end':
        this.end(kw, argName);
        return;
      case 'open': {
        const { names, isIn } = this.openNames(cmd);
        if (isIn) this.pendingOpens = names;
        else if (names.length > 0) this.opens = [...this.opens, ...names];
        return;
      }
      case 'variable': {
        const last = code[cmd.end - 1]!;
        const isIn = last.text === 'in';
        const binders = this.sliceText(cmd.keyword + 1, isIn ? cmd.end - 1 : cmd.end);
        if (isIn) this.pendingVariables = [binders];
        else this.variables = [...this.variables, binders];
        return;
      }
      default:
        return;
    }
  }

  /** `namespace A.B` and `section A.B` open one scope per component, as Lean does. */
  private pushScope(kind: Scope['kind'], name: string): void {
    const parts = name ? name.split('.') : [''];
    const rootReset = parts[0] === '_root_';
    if (rootReset) parts.shift();
    parts.forEach((part, k) => {
      this.scopes.push({ kind, name: part, namespace: this.namespace, opens: this.opens.length, variables: this.variables.length });
      if (kind === 'namespace') this.namespace = (rootReset && k === 0) || !this.namespace ? part : `${this.namespace}.${part}`;
    });
  }

  /** `end A.B` closes as many scopes as its name has components; a bare `end` closes a `mutual` or an anonymous section. */
  private end(kw: Token, name: string): void {
    if (this.inMutual && !name) {
      this.inMutual = false;
      return;
    }
    const parts = name ? name.split('.') : [''];
    const at = { file: this.path, line: kw.line, column: kw.column };
    if (this.scopes.length < parts.length) {
      this.problems.push({ messageId: 'unmatched-end', message: `\`end${name ? ' ' + name : ''}\` closes no open namespace or section`, location: at });
      if (this.scopes.length === 0) return;
    }
    const closed = this.scopes.splice(Math.max(0, this.scopes.length - parts.length));
    const names = closed.map((sc) => sc.name).join('.');
    if (names !== parts.slice(parts.length - closed.length).join('.')) {
      this.problems.push({ messageId: 'mismatched-end', message: `\`end${name ? ' ' + name : ''}\` closes ${closed[0]!.kind} ${names || '(anonymous)'}`, location: at });
    }
    const outer = closed[0]!;
    this.namespace = outer.namespace;
    this.opens = this.opens.slice(0, outer.opens);
    this.variables = this.variables.slice(0, outer.variables);
  }

  /** Namespaces named by `open A B (x) hiding y renaming z → w`, `open scoped A`, and whether it ends in `in`. */
  private openNames(cmd: Command): { names: string[]; isIn: boolean } {
    const names: string[] = [];
    let skipping = false;
    let depth = 0;
    let isIn = false;
    for (let j = cmd.keyword + 1; j < cmd.end; j++) {
      const t = this.code[j]!;
      if (isOpener(t)) depth++;
      else if (isCloser(t)) depth--;
      else if (t.text === 'in' && depth === 0) isIn = true;
      else if (t.text === 'hiding' || t.text === 'renaming') skipping = true;
      else if (t.kind === 'ident' && depth === 0 && !skipping) names.push(t.text);
    }
    return { names, isIn };
  }

  /** Builds the LeanDecl of a declaration command. */
  private declaration(cmd: Command, applied: { opens: string[]; variables: string[] }): void {
    const code = this.code;
    const kwTok = code[cmd.keyword]!;
    let kind = kwTok.text as DeclKind;
    if (kwTok.text === 'irreducible_def') kind = 'def';
    let cursor = cmd.keyword + 1;
    if (kind === 'class' && (code[cursor]?.text === 'inductive' || code[cursor]?.text === 'abbrev')) cursor++;

    const modifiers: string[] = [];
    const attributes: string[] = [];
    let doc: string | undefined;
    for (let j = cmd.start; j < cmd.keyword; j++) {
      const t = code[j]!;
      if (t.kind === 'docComment') doc = t.text.slice(3, -2).trim();
      else if (t.kind === 'attributeOpen') {
        const close = this.matching(j);
        attributes.push(...this.attributeItems(j + 1, close));
        j = close;
      } else if (MODIFIERS.has(t.text)) modifiers.push(t.text);
    }

    if (kind === 'instance' && code[cursor]?.text === '(' && code[cursor + 1]?.text === 'priority') cursor = this.matching(cursor) + 1;
    let name = '';
    const nameTok = code[cursor];
    if (kind !== 'example' && nameTok !== undefined && cursor < cmd.end && nameTok.kind === 'ident') {
      name = nameTok.text;
      cursor++;
    }
    const { sep, bodyStart } = this.headerEnd(kind, cursor, cmd.end);
    const last = code[cmd.end - 1]!;
    const headerRange = sep > cursor ? { start: code[cursor]!.start, end: code[sep - 1]!.end } : { start: code[cursor - 1]!.end, end: code[cursor - 1]!.end };
    const hasBody = bodyStart < cmd.end;
    const ns = this.namespace;
    const fullName = name
      ? name.startsWith('_root_.') ? name.slice(7) : ns ? `${ns}.${name}` : name
      : `${ns ? ns + '.' : ''}«${kind}@${this.module}:${kwTok.line}»`;

    const decl: LeanDecl = {
      name,
      fullName,
      kind,
      modifiers,
      attributes,
      ...(doc !== undefined ? { doc } : {}),
      header: this.text.slice(headerRange.start, headerRange.end).trim(),
      ...(hasBody ? { body: this.text.slice(code[bodyStart]!.start, last.end) } : {}),
      location: { file: this.path, line: kwTok.line, column: kwTok.column, endLine: last.line, endColumn: last.column + (last.end - last.start) },
      range: { start: code[cmd.start]!.start, end: last.end },
      headerRange,
      ...(hasBody ? { bodyRange: { start: code[bodyStart]!.start, end: last.end } } : {}),
      namespace: ns,
      opens: this.snapshotOpens(applied.opens),
      variables: this.snapshotVariables(applied.variables),
      ...(this.inMutual ? { mutual: true } : {}),
      references: [],
      headerIdents: this.idents(cursor, sep),
      bodyIdents: hasBody ? this.idents(bodyStart, cmd.end) : [],
    };
    const members = hasBody ? this.members(kind, fullName, bodyStart, cmd.end) : [];
    if (members.length > 0) decl.members = members;
    this.decls.push(decl);
  }

  private snapshotOpens(extra: string[]): string[] {
    if (extra.length > 0) return [...this.opens, ...extra];
    if (this.opensSnapshot.length !== this.opens.length || this.opensSnapshot.some((o, k) => o !== this.opens[k])) this.opensSnapshot = this.opens;
    return this.opensSnapshot;
  }

  private snapshotVariables(extra: string[]): string[] {
    if (extra.length > 0) return [...this.variables, ...extra];
    if (this.variablesSnapshot !== this.variables) this.variablesSnapshot = this.variables;
    return this.variablesSnapshot;
  }

  /** The items of `@[a, b c]` between tokens from and close, as source text. */
  private attributeItems(from: number, close: number): string[] {
    const items: string[] = [];
    let depth = 0;
    let itemStart = from;
    for (let j = from; j <= close; j++) {
      const t = this.code[j]!;
      if (j === close || (depth === 0 && t.text === ',')) {
        const item = this.sliceText(itemStart, j).trim();
        if (item) items.push(item);
        itemStart = j + 1;
      } else if (isOpener(t)) depth++;
      else if (isCloser(t)) depth--;
    }
    return items;
  }

  /**
   * Where the header ends: the top-level `:=`, `where`, or `|` (constructors, or match arms when a
   * top-level `=>` follows before any `:=`, so `|x|` in a statement stays in the header).
   */
  private headerEnd(kind: DeclKind, from: number, end: number): { sep: number; bodyStart: number } {
    const code = this.code;
    let depth = 0;
    let pendingLets = 0;
    for (let j = from; j < end; j++) {
      const t = code[j]!;
      if (isOpener(t)) depth++;
      else if (isCloser(t)) depth = Math.max(0, depth - 1);
      else if (depth > 0) continue;
      else if (t.kind === 'keyword' && (t.text === 'let' || t.text === 'have')) pendingLets++;
      else if (t.text === ':=') {
        if (pendingLets > 0) pendingLets--;
        else return { sep: j, bodyStart: j + 1 };
      } else if (t.text === 'where' || (t.text === 'deriving' && (kind === 'structure' || kind === 'inductive' || kind === 'class'))) {
        return { sep: j, bodyStart: j };
      } else if (t.text === '|' && (kind === 'inductive' || this.armsFollow(j + 1, end))) {
        return { sep: j, bodyStart: j };
      }
    }
    return { sep: end, bodyStart: end };
  }

  private armsFollow(from: number, end: number): boolean {
    let depth = 0;
    for (let j = from; j < end; j++) {
      const t = this.code[j]!;
      if (isOpener(t)) depth++;
      else if (isCloser(t)) depth = Math.max(0, depth - 1);
      else if (depth === 0 && t.text === '=>') return true;
      else if (depth === 0 && t.text === ':=') return false;
    }
    return false;
  }

  /** Distinct identifiers of tokens [from, to), in order of first use. */
  private idents(from: number, to: number): string[] {
    const seen = new Set<string>();
    for (let j = from; j < to; j++) {
      const t = this.code[j]!;
      if (t.kind === 'ident') seen.add(t.text);
    }
    return [...seen];
  }

  /** Constructors and fields a structure, class or inductive declares, fully qualified. */
  private members(kind: DeclKind, fullName: string, from: number, to: number): string[] {
    if (kind !== 'structure' && kind !== 'class' && kind !== 'inductive') return [];
    const code = this.code;
    const out: string[] = [];
    let depth = 0;
    let ctorNamed = false;
    let fieldColumn = -1;
    const oldStyle = kind !== 'inductive' && code[from]!.text !== 'where';
    for (let j = from; j < to; j++) {
      const t = code[j]!;
      const prev = code[j - 1]!;
      if (isOpener(t)) {
        if (depth === 0 && oldStyle && t.text === '(' && code[j + 1]?.kind === 'ident') {
          for (let k = j + 1; k < to && code[k]!.kind === 'ident'; k++) out.push(`${fullName}.${code[k]!.text}`);
        }
        depth++;
      } else if (isCloser(t)) depth = Math.max(0, depth - 1);
      else if (depth > 0 || t.kind !== 'ident') continue;
      else if (kind === 'inductive' && prev.text === '|') out.push(`${fullName}.${t.text}`);
      else if (kind !== 'inductive' && code[j + 1]?.text === '::') {
        out.push(`${fullName}.${t.text}`);
        ctorNamed = true;
      } else if (kind !== 'inductive' && (prev.line < t.line || prev.kind === 'docComment') && t.column > 0) {
        if (fieldColumn < 0) fieldColumn = t.column;
        if (t.column !== fieldColumn) continue;
        for (let k = j; k < to && code[k]!.kind === 'ident' && code[k]!.line === t.line; k++) out.push(`${fullName}.${code[k]!.text}`);
      }
    }
    if (kind !== 'inductive' && !ctorNamed) out.push(`${fullName}.mk`);
    return out;
  }
}
