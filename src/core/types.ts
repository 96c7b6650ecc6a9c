/** Core data model shared by every auditor, extractor and reporter. */
import type { PairedEntity } from '../model/entity.js';
import type { LeanProject } from '../model/lean.js';
import type { Location, Severity } from '../model/location.js';
import type { Config } from './config.js';
import type { Shard } from './shard.js';

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
  /** The source lines around the location (see excerpts.ts), set by the audit for reports to show. */
  excerpt?: Excerpt;
}

/** Consecutive source lines of a file, the first one numbered `startLine`. */
export interface Excerpt {
  startLine: number;
  lines: string[];
}

/** How one dependency the informal source states fared in the Lean code. */
export type DependencyStatus =
  | 'reflected'
  | 'unreflected'
  | 'unreflected-unproved'
  | 'unreachable'
  | 'weak'
  | 'not-checkable'
  | 'unconfirmed';

/** One dependency between informal entities (`to` depends on `from`), as an auditor checked it. */
export interface DependencyCheck {
  from: string;
  to: string;
  /** How the source states it: `\uses`, a citation, a helper, a defined term. */
  source: 'uses' | 'citation' | 'helper' | 'term';
  status: DependencyStatus;
}

/** What an auditor hands to the runner; the runner stamps auditorId and the rule's severity. */
export type FindingInput = Omit<Finding, 'auditorId' | 'severity' | 'message'> & {
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
  /** For a skipped auditor: the command that would make it run, the same for every auditor it enables (the Lean-backed ones share one). */
  enable?: string;
  findings: Finding[];
  metrics: Record<string, number>;
  durationMs: number;
  /** The run failed, but `auditors.<id>.allowFailure` keeps its failure from the exit status. */
  failureAllowed?: true;
  /** Findings an inline directive suppressed (see suppressions.ts); absent when none. */
  suppressed?: number;
  /**
   * Findings past MAX_FINDINGS_PER_RULE of one rule, counted but not kept (see runner.ts), by message
   * id with the rule's severity in this run; absent when none. The summary's counts include them.
   */
  omitted?: Record<string, { severity: Severity; count: number }>;
  /** The auditor's metadata (description, messages), so reporters need nothing but the report. */
  meta?: AuditorMeta;
  /** The dependencies between entities the auditor checked, for the reports' dependency graph. */
  dependencies?: DependencyCheck[];
  /** The trust levels of the theorems the auditor rated (see TheoremTrust). */
  trust?: TheoremTrust[];
}

/** The rungs of the trust ladder, in order: source read, axioms listed by Lean, kernel replay, statement matched against a challenge. */
export const TRUST_RUNGS = ['source', 'axioms', 'kernel', 'challenge'] as const;
export type TrustRung = (typeof TRUST_RUNGS)[number];
/** The rungs as the reports name them. */
export const TRUST_RUNG_NAMES: Record<TrustRung, string> = {
  source: 'source read',
  axioms: 'axioms listed by Lean',
  kernel: 'kernel replay (leanchecker)',
  challenge: 'statement matched against a challenge (comparator)',
};
/** The last rung a theorem's evidence reached in order; `none` when the source already shows a gap. */
export type TrustLevel = 'none' | TrustRung;

/** A check only Lean can make, as findings and trust levels name it (`#print axioms X`, `lake env leanchecker M`, a comparator run). */
export interface LeanCheck {
  kind: 'print-axioms' | 'leanchecker' | 'comparator';
  command: string;
}

/** How one rung went: reached or not, why, and the Lean check that would climb it. */
export interface TrustRungOutcome {
  rung: TrustRung;
  reached: boolean;
  why: string;
  check?: LeanCheck;
}

/** How far the evidence for one theorem reaches, and what stopped it (the first rung not reached). */
export interface TheoremTrust {
  name: string;
  location?: Location;
  level: TrustLevel;
  rungs: TrustRungOutcome[];
}

/** How far an auditor has come: `done` of `total` units, and the calls it is waiting on. */
export interface ProgressUpdate {
  done: number;
  total: number;
  /** What is counted: `entities`, `theorems`, `files`. */
  unit: string;
  /** LLM or REPL calls under way. */
  inFlight?: number;
}

/** What the runner tells of a run as it goes: an auditor starts, progresses, ends. */
export type RunEvent =
  | { kind: 'start'; auditorId: string }
  | ({ kind: 'progress'; auditorId: string } & ProgressUpdate)
  | { kind: 'end'; auditorId: string; status: RunStatus; durationMs: number }
  | { kind: 'scan'; done: number; total: number };

/** A resource an auditor cannot run without. */
export type Need = 'lean-project' | 'entities' | 'llm' | 'repl' | 'benchmark';

/** What a rule's page says (docs/auditors/<id>.md, SARIF help, `auditors --explain`). */
export interface RuleDocs {
  what: string;
  why: string;
  example?: string;
  /** What a Lean example leaves out that the real case needs (a size, a second file): the example is then not run as a test. */
  exampleNeeds?: string;
}

/** The unit users configure and suppress: `<auditor>/<messageId>`. */
export interface Rule {
  /** Template with `{{placeholders}}`. */
  message: string;
  /** Its default severity. */
  severity: Severity;
  docs: RuleDocs;
}

/** A JSON Schema (2020-12) as a plain object. */
export type JsonSchema = { [keyword: string]: unknown };

export interface AuditorMeta {
  id: string;
  description: string;
  /** messageId -> rule; the rule id is `${id}/${messageId}`. */
  rules: Record<string, Rule>;
  needs?: Need[];
  /** How `audit --shard` splits the auditor's work: by file or by entity; absent, it runs whole in shard 1. */
  shard?: 'file' | 'entity';
  /** The JSON Schema of `auditors.<id>.options`; absent: the auditor takes no options. */
  options?: JsonSchema;
}

/** One error Lean reported on a statement. */
export interface CompileMessage {
  /** The declaration it belongs to. */
  declaration: string;
  line: number;
  column: number;
  message: string;
}

/**
 * Whether Lean accepts an entity's formal statement (each paired declaration, proof replaced by
 * `sorry`, in its file's environment): computed once per run, read by statement-compiles and the judges.
 */
export type CompileStatus = { state: 'compiles' } | { state: 'fails'; messages: CompileMessage[] } | { state: 'unknown'; reason: string };

/** A constant a statement uses, as the judges are shown it: its signature, its docstring, where it was read. */
export interface GroundedConstant {
  name: string;
  kind?: string;
  /** Binders and type as declared (`(n : ℕ) : Type`), or what `#check` prints. */
  signature: string;
  doc?: string;
  /** `project`, the Lake package that declares it, or `Lean REPL`. */
  source: string;
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
  /** The compile status of every paired entity, by entity id, computed once (through the Lean REPL when one is available) and shared. */
  compileStatus(): Promise<Map<string, CompileStatus>>;
  /** Signatures and docstrings of constants outside the project's source model (library constants), each looked up once per run. */
  groundConstants(names: string[]): Promise<Map<string, GroundedConstant>>;
  report(finding: FindingInput): void;
  metric(name: string, value: number): void;
  /** Says how far the auditor has come (entities judged, theorems probed), for the progress line. */
  progress(update: ProgressUpdate): void;
  /** Records how a dependency between entities fared, for the dependency graph of the reports. */
  dependency(check: DependencyCheck): void;
  /** Records the trust level of one theorem, for every report format. */
  trust?(record: TheoremTrust): void;
  /** Ends the auditor's run as skipped with this reason. */
  /** Skips the auditor for `reason`; `enable` is the command that would make it run (reporters show each such command once). */
  skip(reason: string, enable?: string): never;
  log(message: string): void;
  /** For an auditor that splits its work (meta.shard), this run's part: only the files or entities it owns (see shard.ts). */
  shard?: Shard;
}

/** How the runs of an auditor's shards make the run one machine would have made (see commands/merge.ts). */
export interface ShardMerge {
  /** The one run's metrics from the shards' metrics: counts summed, rates recomputed from their parts. */
  metrics(parts: Record<string, number>[]): Record<string, number>;
  /** Rules whose findings sum up the whole run: the shards' ones are dropped and these made anew from the merged metrics. */
  summaries?: { rules: string[]; findings(metrics: Record<string, number>): FindingInput[] };
  /** Rules whose findings every shard reports alike (about the configuration, not the work): kept from one shard. */
  once?: string[];
}

export interface Auditor<O = unknown> {
  meta: AuditorMeta;
  run(ctx: AuditContext, options: O): Promise<void>;
  /** Required of an auditor whose meta.shard is set. */
  merge?: ShardMerge;
}

/** The git repository the audited project lies in. */
export interface RepositoryMeta {
  /** Absolute path of the repository's top folder. */
  root: string;
  /** The project's folder relative to it, `''` at the top, with `/` separators. */
  path: string;
  /** The commit checked out. */
  commit?: string;
  /** Web address of the `origin` remote, credentials removed. */
  url?: string;
}

/** Metadata of the audited project, as the report records it. */
export interface ProjectMeta {
  root: string;
  name: string;
  repository?: RepositoryMeta;
  /** Address of a source line: a template with `{path}` (from the repository root) and `{line}`. */
  sourceUrl?: string;
  leanToolchain?: string;
  mathlibRev?: string;
  libraries?: string[];
  files?: number;
  bytes?: number;
  declarations?: number;
  skipped?: { path: string; reason: string }[];
  /** The folder audited, relative to `root`, when the path given was a subfolder of this Lake project: only its files were read. */
  scope?: string;
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

/** A Lean declaration paired with an entity, as the reports show it. */
export interface EntityDeclView {
  fullName: string;
  kind: string;
  /** The statement: binders and type (a definition's value too), cut at ENTITY_TEXT_CHARS. */
  header: string;
  location?: Location;
  hasSorry: boolean;
}

/** An informal entity as the reports show it: its text, its Lean declarations and what it uses. */
export interface EntityView {
  id: string;
  kind: string;
  title?: string;
  /** The informal statement as the source writes it, cut at ENTITY_TEXT_CHARS. */
  statement: string;
  location?: Location;
  /** Which extractor read it. */
  origin: string;
  /** Progress as a curated source records it. */
  status?: string;
  leanNames: string[];
  decls: EntityDeclView[];
  /** Lean names given that resolved to no declaration, or to several. */
  unresolved: string[];
  /** Entities this one depends on (statement and proof). */
  uses: string[];
  selfConsistency?: boolean;
}

export const REPORT_SCHEMA_VERSION = 4;

/** The one report every command produces; reporters are pure functions of it. */
export interface Report {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tool: { name: 'leanaudit'; version: string };
  generatedAt: string;
  project: ProjectMeta;
  /** Hash of what decides the findings: tool version, configuration, auditors selected, ignore patterns (merge refuses reports that differ). */
  configHash?: string;
  /** Set on one shard's report (`audit --shard i/N`); absent on a whole run and on a merged one. */
  shard?: Shard;
  runs: AuditorRun[];
  /** The informal entities the audit read, when an auditor needed them. */
  entities?: EntityView[];
  summary: {
    /** Every finding of every run by severity, those omitted from the listing (AuditorRun.omitted) included. */
    findings: Record<Severity, number>;
    auditors: Record<RunStatus, number>;
    failOn: Severity;
    /** A finding (with a baseline: a new finding) is at or above failOn. */
    failed: boolean;
    /** The auditors that failed (threw, timed out) and whose failure is not allowed: the run is incomplete, the CLI exits with 3. */
    failedAuditors: string[];
    /** Findings inline directives suppressed, over every run. */
    suppressed: number;
    /** Findings counted in `findings` but not listed in their runs (see AuditorRun.omitted), over every run. */
    omitted: number;
    baseline?: BaselineSummary;
  };
}
