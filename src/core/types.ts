/** Core data model shared by every auditor, extractor and reporter. */
import type { LeanProject } from '../lean/types.js';
import type { Config } from './config.js';

export type Severity = 'error' | 'warning' | 'info';

export const SEVERITIES: readonly Severity[] = ['info', 'warning', 'error'];

/** Position of something in a file of the audited repository (1-based line, 0-based column). */
export interface Location {
  file: string;
  line: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

/** One observation made by one auditor. */
export interface Finding {
  auditorId: string;
  messageId: string;
  severity: Severity;
  message: string;
  entityId?: string;
  location?: Location;
  related?: { location: Location; message: string }[];
  evidence?: Record<string, unknown>;
  provenance?: { rubric?: string; rubricVersion?: number; model?: string; cached?: boolean };
  /** Stable id of what the finding is about (see fingerprint.ts); set by the report. */
  fingerprint?: string;
  /** Against the baseline the audit was given: already in it, or not. */
  baselineState?: 'new' | 'unchanged';
}

/** What an auditor hands to the runner; the runner stamps auditorId and severity. */
export type FindingInput = Omit<Finding, 'auditorId' | 'severity' | 'message'> & {
  severity?: Severity;
  message?: string;
  /** Values substituted into the auditor's message template, `{{name}}`. */
  data?: Record<string, string | number>;
};

export type RunStatus = 'ok' | 'skipped' | 'error';

/** The outcome of one auditor over one project. */
export interface AuditorRun {
  auditorId: string;
  status: RunStatus;
  reason?: string;
  findings: Finding[];
  metrics: Record<string, number>;
  durationMs: number;
  /** The auditor's metadata (description, messages), so reporters need nothing but the report. */
  meta?: AuditorMeta;
}

/** A resource an auditor cannot run without. */
export type Need = 'lean-project' | 'entities' | 'llm' | 'repl' | 'benchmark';

export interface AuditorMeta {
  id: string;
  description: string;
  defaultSeverity: Severity;
  /** messageId -> template with `{{placeholders}}`. */
  messages: Record<string, string>;
  needs?: Need[];
}

/** One informal unit: definition, theorem, lemma, ... */
export interface Entity {
  id: string;
  kind: string;
  title?: string;
  statement: string;
  proof?: string;
  context?: string;
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
  /** For a helper lemma ("Helper for Theorem 2.1"): the id of the entity it serves. */
  helperOf?: string;
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
  /** `variable` binders in scope that the header uses. */
  variables: string[];
  doc?: string;
  location: Location;
  /** The declaration's proof or value contains `sorry`/`admit`. */
  hasSorry: boolean;
  /** The name is generated from `fullName` by this attribute (`to_additive`): header and proof are the source's. */
  generatedBy?: string;
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

/** Services and sinks an auditor sees while it runs. */
export interface AuditContext {
  /** Absolute path of the audited repository. */
  root: string;
  config: Config;
  signal: AbortSignal;
  /** The parsed Lean project, computed once and shared by every auditor. */
  project(): Promise<LeanProject>;
  /** Informal entities paired with their declarations, computed once and shared. */
  entities(): Promise<PairedEntity[]>;
  report(finding: FindingInput): void;
  metric(name: string, value: number): void;
  /** Ends the auditor's run as skipped with this reason. */
  skip(reason: string): never;
  log(message: string): void;
}

export interface Auditor<O = unknown> {
  meta: AuditorMeta;
  run(ctx: AuditContext, options: O): Promise<void>;
}

/** Metadata of the audited project, as the report records it. */
export interface ProjectMeta {
  root: string;
  name: string;
  leanToolchain?: string;
  mathlibRev?: string;
  libraries?: string[];
  files?: number;
  bytes?: number;
  declarations?: number;
  skipped?: { path: string; reason: string }[];
  /** Why the Lean project could not be read, when it could not. */
  error?: string;
}

/** One accepted finding in a baseline file (see baseline.ts). */
export interface BaselineEntry {
  fingerprint: string;
  auditorId: string;
  messageId: string;
  severity: Severity;
  file?: string;
  line?: number;
  entityId?: string;
  /** For a finding about a project declaration: a hash of its statement (kind, binders and type), by which it is known again under another name (see compareWithBaseline). */
  statement?: string;
  message: string;
}

/** How the findings compare with the baseline the audit was given. */
export interface BaselineSummary {
  /** The baseline file, as given. */
  file: string;
  /** Findings the baseline lists. */
  unchanged: number;
  /** Findings it does not: only these can fail the run. */
  new: number;
  /** Baseline entries no finding matches any more: fixed, or their declaration renamed. */
  absent: number;
  absentFindings: BaselineEntry[];
}

export const REPORT_SCHEMA_VERSION = 1;

/** The one report every command produces; reporters are pure functions of it. */
export interface Report {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tool: { name: 'leanaudit'; version: string };
  generatedAt: string;
  project: ProjectMeta;
  runs: AuditorRun[];
  summary: {
    findings: Record<Severity, number>;
    auditors: Record<RunStatus, number>;
    failOn: Severity;
    /** A finding (with a baseline: a new finding) is at or above failOn. */
    failed: boolean;
    baseline?: BaselineSummary;
  };
}
