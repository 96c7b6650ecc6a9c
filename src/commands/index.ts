/**
 * Every subcommand, by name, with the line `leanaudit --help` shows for it; each command's module
 * (and what it imports: the auditors, the LLM client, the LaTeX and Markdown readers) is loaded only
 * when that command runs. One entry per command.
 */
import type { Command } from 'commander';

export interface CommandEntry {
  name: string;
  /** The command's description, as its module registers it (a test holds the two equal). */
  summary: string;
  /** Loads the command's module; its function adds the command to the program. */
  load(): Promise<(program: Command) => void>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'auditors',
    summary: 'list the available auditors, their rules and what they need',
    load: async () => (await import('./auditors.js')).registerAuditorsCommand,
  },
  {
    name: 'contamination',
    summary: 'scan corpora for benchmark items: exact windows, word n-grams, Lean-aware tokens, theorem names',
    load: async () => (await import('./contamination.js')).registerContaminationCommand,
  },
  {
    name: 'audit',
    summary: 'run every auditor (or --only some) over a Lean repository and print one report',
    load: async () => (await import('./audit.js')).registerAuditCommand,
  },
  {
    name: 'history',
    summary: "the project's proof gaps, axioms and declarations at each commit of a git range, read from git objects (no checkout)",
    load: async () => (await import('./history.js')).registerHistoryCommand,
  },
  {
    name: 'merge',
    summary: 'merge the JSON reports of audit --shard 1/N … N/N into the report of one run',
    load: async () => (await import('./merge.js')).registerMergeCommand,
  },
  {
    name: 'report',
    summary: 'render a JSON report (audit --format json) in another format; exits 1 when the report failed, as the audit did',
    load: async () => (await import('./report.js')).registerReportCommand,
  },
  {
    name: 'scan',
    summary: 'dump the declaration model of a Lean project as JSON Lines (one line per declaration, and per `open` or `variable` command)',
    load: async () => (await import('./scan.js')).registerScanCommand,
  },
  {
    name: 'sample',
    summary: 'export a seeded sample of judge verdicts, stratified OK vs Different, as a file a person labels',
    load: async () => (await import('./sample.js')).registerSampleCommand,
  },
  {
    name: 'agreement',
    summary: 'report human–judge agreement per class on a sample labelled by a person (from leanaudit sample)',
    load: async () => (await import('./agreement.js')).registerAgreementCommand,
  },
  {
    name: 'calibrate',
    summary:
      'run the configured judges on a gold set and print confusion matrix, precision/recall/F1, κ and the accept-everything baseline',
    load: async () => (await import('./calibrate.js')).registerCalibrateCommand,
  },
  {
    name: 'extract',
    summary: 'pair the informal entities of a repository with its Lean declarations; writes JSON Lines',
    load: async () => (await import('./extract.js')).registerExtractCommand,
  },
  {
    name: 'comparator',
    summary: 'write a comparator challenge, solution and config for the headline theorems of a project (or those named)',
    load: async () => (await import('./comparator.js')).registerComparatorCommand,
  },
  {
    name: 'probe',
    summary: 'check the Lean REPL setup of a project; with theorem names, run the exact? probe on them',
    load: async () => (await import('./probe.js')).registerProbeCommand,
  },
];
