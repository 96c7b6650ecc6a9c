/** The informal side of the model: entities read from a textbook or blueprint, and their pairing with Lean declarations. */
import type { Location } from './location.js';

/**
 * How one declaration serves its entity, as its docstring says: it states the whole item
 * (`statement`), one case or part of it (`case`: "Case L = 0", "Part (ii)", "at order 2"), one
 * direction of an equivalence (`direction`: "Necessity direction of", "`only if` direction"), another
 * form of the whole (`variant`: contrapositive, "in bookkeeping form"), the item specialized to one
 * object (`instance`: "specialized to backward Euler"), a lemma or definition its formalization
 * rests on (`helper`: "Helper for", "bridge for", "used for", "proof of"), or the item is the
 * declaration's source without the docstring saying whether it states or applies it (`reference`:
 * a theorem's "Reference: Iserles, Theorem 2.6").
 */
export type PartRole = 'statement' | 'case' | 'direction' | 'variant' | 'instance' | 'helper' | 'reference';

/** One declaration of an entity and the role it plays. */
export interface EntityPart {
  leanName: string;
  role: PartRole;
  /** The qualifier as written: `Case L = 0`, `` `only if` direction ``, `at order 2`, `Helper`. */
  qualifier?: string;
  /** The informal text the declaration's docstring gives after its heading. */
  text?: string;
  location: Location;
}

/** A macro the informal source defines for itself (`\newcommand{\fP}{\mathfrak P}`): its name without backslash, its argument count, its definition. */
export interface LatexMacro {
  name: string;
  args: number;
  definition: string;
}

/** One informal unit: definition, theorem, lemma, ... */
export interface Entity {
  id: string;
  kind: string;
  title?: string;
  statement: string;
  proof?: string;
  /** The prose before the statement (nearest last). */
  context?: string;
  /** The prose after the statement (nearest first), when the extractor reads it. */
  contextAfter?: string;
  /** The source's own macros that the statement or its context use, with their definitions. */
  macros?: LatexMacro[];
  /**
   * The declarations stating the item: with `parts`, those whose role is `statement`, `case`,
   * `direction` or `variant` (instances and helpers are parts only).
   */
  leanNames: string[];
  uses: string[];
  flags: Record<string, boolean>;
  location: Location;
  /** Which extractor produced it. */
  origin: string;
  /** Chapter and section headings the entity stands under, when the source has them. */
  chapter?: string;
  section?: string;
  /** Labels the proof uses (blueprint `\uses` inside the proof); `uses` holds the statement's. */
  proofUses?: string[];
  proofLocation?: Location;
  /** Markers the extractor does not interpret (e.g. `\leanhelper`), kept so reports can show them. */
  markers?: { name: string; argument?: string; location: Location }[];
  /**
   * Every declaration the source ties to the item, with its role (docstrings): an item formalized
   * by several declarations is one entity whose parts say which split the statement (cases,
   * directions) and which only serve it (helpers, instances).
   */
  parts?: EntityPart[];
  /** Progress as a curated source records it (status-json), e.g. `proved`. */
  status?: string;
}

/** A Lean declaration attached to an entity: its statement with the proof discarded. */
export interface PairedDecl {
  /** The name as the informal source gives it. */
  leanName: string;
  fullName: string;
  kind: string;
  /**
   * Binders and type as written, without keyword or name; a theorem's proof is discarded, while the
   * value of a definition, structure or instance (`:= …`, `where …`) is kept as part of the statement.
   */
  header: string;
  /** Every binder of the `variable` commands in scope (Lean includes those the statement uses, also through notations). */
  variables: string[];
  doc?: string;
  location: Location;
  /** The declaration's proof or value contains `sorry`/`admit`. */
  hasSorry: boolean;
  /** The name is generated from `fullName` by this attribute (`to_additive`): header and proof are the source's. */
  generatedBy?: string;
  /** The role its entity's `parts` give it, when the source says. */
  role?: PartRole;
}

/** Where one of the project's Lake dependencies (Mathlib, Batteries, …) declares a name. */
export interface DeclaredIn {
  package: string;
  /** The declaring file, relative to the project root (`.lake/packages/mathlib/Mathlib/…`), or absolute in the toolchain for Lean core. */
  file: string;
  line: number;
  /** The declaration that makes the name, when the name is generated (`to_additive`) or a member (field, constructor). */
  from?: string;
}

/** A Lean name that resolved to no project declaration, or to several. */
export interface UnresolvedName {
  leanName: string;
  /** The project declarations whose names end with it. */
  candidates: string[];
  /** Where a dependency's checked-out sources declare it (looked up with no candidate, and for every blueprint name). */
  declaredIn?: DeclaredIn;
  /** A name like Lean's for an anonymous instance: the project's anonymous instances it may be (`file:line`), in its namespace and of the class it spells. */
  anonymousInstances?: string[];
}

/** An entity with its Lean names resolved against the project's declarations. */
export interface PairedEntity extends Entity {
  decls: PairedDecl[];
  /** Lean names that resolved to no declaration, or to several (the candidates). */
  unresolved: UnresolvedName[];
  /** The only informal text is the formalizer's own docstring: a judgment is a self-consistency check. */
  selfConsistency?: boolean;
}
