/** The Lean 4 source model: tokens, declarations, files and the project. */
import type { DirectedGraph } from 'graphology';
import type { Location } from './location.js';

export type TokenKind =
  | 'ident'
  | 'keyword'
  | 'symbol'
  | 'number'
  | 'string'
  | 'char'
  | 'lineComment'
  | 'blockComment'
  | 'docComment'
  | 'moduleDoc'
  | 'attributeOpen';

/** A lexeme with its byte-free (UTF-16 string) offsets and its 1-based line, 0-based column. */
export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  line: number;
  column: number;
}

/** Something in the source the lexer or parser could not make sense of. */
export interface SourceProblem {
  messageId: string;
  message: string;
  location: Location;
}

/**
 * One link of a chain of `open`s or of `variable`s: what one command adds to the chain in force before
 * it. A declaration holds the last link of each chain where it stands; the declarations of a scope
 * share their links, so a file of n such commands holds n links, never n lists of up to n items.
 */
export interface ScopeLink {
  /** The link this one adds to; undefined for the first of its chain. */
  readonly parent: ScopeLink | undefined;
  /** What this link adds: the namespaces one `open` names, or the binders of one `variable` command (one string). */
  readonly items: readonly string[];
  /** How many links the chain has up to this one, this one included. */
  readonly depth: number;
}

export type DeclKind =
  | 'theorem'
  | 'lemma'
  | 'def'
  | 'abbrev'
  | 'instance'
  | 'structure'
  | 'class'
  | 'inductive'
  | 'axiom'
  | 'opaque'
  | 'example';

/** One Lean declaration, its statement (header) kept apart from its proof or value (body). */
export interface LeanDecl {
  /** Name as written (may be empty for anonymous instances and examples). */
  name: string;
  /** Fully qualified name after namespaces, `_root_` and `private`. */
  fullName: string;
  kind: DeclKind;
  modifiers: string[];
  attributes: string[];
  doc?: string;
  /** Binders and type: everything up to the top-level `:=`, `|` arms or `where`. */
  header: string;
  /** Proof or value; absent for bodiless `axiom`/`opaque`. */
  body?: string;
  location: Location;
  /** Offsets into the file text. */
  range: { start: number; end: number };
  headerRange: { start: number; end: number };
  bodyRange?: { start: number; end: number };
  /** The enclosing namespace, `''` at the root. */
  namespace: string;
  /** The namespaces opened where the declaration stands, as a chain (undefined: none); see itemsOf in src/lean/scope-links.ts. */
  opens?: ScopeLink;
  /** The `variable` commands in scope, their binders as written, as a chain (undefined: none). */
  variables?: ScopeLink;
  /** Declared inside a `mutual … end` block. */
  mutual?: boolean;
  /** The project's own declaration command that made it (`problem` in compfiles; see commands.ts): `kind` is what it stands for. */
  command?: string;
  /** Constructors and fields a structure, class or inductive declares (fully qualified). */
  members?: string[];
  /** Fully qualified names of project declarations this one uses: those of the header first, then the body's. */
  references: string[];
  /** How many of `references` (the first ones) the header uses. */
  headerReferences: number;
}

/** An `attribute […] names` command: the attribute items as written, the names as written, where it stands. */
export interface AttributeCommand {
  attributes: string[];
  names: string[];
  /** The enclosing namespace and opened namespaces, against which the names resolve. */
  namespace: string;
  opens?: ScopeLink;
  location: Location;
  /** Offset of the command in the file text. */
  start: number;
}

/**
 * Names a command makes for existing declarations: `alias b := a`, `alias ⟨mp, mpr⟩ := a_iff`
 * (the directions of an iff), `export A (x y)` (which makes `x`, `y` of the current namespace stand
 * for `A.x`, `A.y`). `target` is written as in the source and resolves against `namespace` and `opens`.
 */
export interface AliasCommand {
  /** The names made, as written (relative to `namespace`), each with the target it stands for. */
  names: { name: string; target: string }[];
  namespace: string;
  opens?: ScopeLink;
  protected?: boolean;
}

export interface LeanFile {
  /** Path relative to the project root, with `/` separators. */
  path: string;
  /** Module name, e.g. `Pfr.Entropy.Basic`. */
  module: string;
  /** The lakefile `lean_lib` the file belongs to, when the lakefile declares libraries. */
  library?: string;
  bytes: number;
  imports: string[];
  decls: LeanDecl[];
  /** `attribute [a, b] x y` commands: attributes given to declarations after the fact (possibly of another package). */
  attributeCommands?: AttributeCommand[];
  /** `alias` and `export` commands: names standing for other declarations. */
  aliases?: AliasCommand[];
  problems: SourceProblem[];
}

export interface LeanProject {
  root: string;
  name: string;
  files: LeanFile[];
  /** Folders and files left out of the scan, with the reason. */
  skipped: { path: string; reason: string }[];
  leanToolchain?: string;
  mathlibRev?: string;
  libraries: string[];
  /** Problems not tied to one file's source: unreadable lakefile, duplicate declarations. */
  problems?: SourceProblem[];
  /** fullName -> declaration. */
  decls: Map<string, LeanDecl>;
  /** Nodes are declaration full names; an edge a -> b means a references b. */
  graph: DirectedGraph;
}
