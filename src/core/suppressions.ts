/**
 * Inline suppression of findings, as ESLint's `eslint-disable` comments: in a Lean file,
 * `-- leanaudit-disable-next-line <rule>[, <rule>]: reason` on the line above a finding, or
 * `-- leanaudit-disable <rule>: reason` for the rest of the file. The runner honours them for every
 * finding located in that file, counts what each suppressed, and reports each directive that
 * suppresses nothing (ESLint's `--report-unused-disable-directives`) or cannot be read, under
 * rules of its own: `suppressions/unused-directive` and `suppressions/invalid-directive`.
 */
import type { Location } from '../model/location.js';
import type { Config } from './config.js';
import { didYouMean } from './nearest.js';
import { formatMessage, ruleSetting } from './runner.js';
import type { AuditorMeta, AuditorRun, Finding } from './types.js';

/** The rules the core reports about suppression directives, under a pseudo-auditor of its own. */
export const SUPPRESSION_META: AuditorMeta = {
  id: 'suppressions',
  description: 'inline leanaudit-disable directives in Lean source that suppress nothing or cannot be read',
  rules: {
    'unused-directive': {
      message: '`{{directive}} {{rule}}` suppresses nothing: no {{rule}} finding {{where}}',
      severity: 'info',
      docs: {
        what: 'A `-- leanaudit-disable-next-line` or `-- leanaudit-disable` directive names a rule that reported nothing where the directive applies, although its auditor ran.',
        why: 'A suppression left behind after the finding was fixed would silently hide the next finding of that rule at that place; removing it keeps the audit honest.',
        example:
          '-- leanaudit-disable-next-line proof-gaps/sorry-in-proof: exercise for the reader\ntheorem t : 1 + 1 = 2 := rfl  -- no sorry here any more',
      },
    },
    'invalid-directive': {
      message: '{{problem}}',
      severity: 'warning',
      docs: {
        what: 'A `leanaudit-disable` comment that names no rule, or a rule id no auditor has.',
        why: 'The directive was meant to suppress something and suppresses nothing: a misspelt rule id would leave the finding in the report, or hide a mistake in the directive.',
        example: '-- leanaudit-disable-next-line proof-gaps/sorry: the rule is proof-gaps/sorry-in-proof',
      },
    },
  },
};

/** Where a directive applies: the line after it, or from its own line to the end of the file. */
export type DirectiveKind = 'next-line' | 'file';

/** One `leanaudit-disable` comment as read from a Lean file. */
export interface Directive {
  kind: DirectiveKind;
  /** Rule ids as written (`proof-gaps/sorry-in-proof`). */
  rules: string[];
  reason?: string;
  /** The comment's place. */
  location: Location;
}

/** The directives of each file (path relative to the repository), and the comments that could not be read as one. */
export interface DirectiveScan {
  directives: Map<string, Directive[]>;
  invalid: { location: Location; message: string }[];
}

/** The comment word of each kind. */
export const DIRECTIVE_WORD: Record<DirectiveKind, string> = { 'next-line': 'leanaudit-disable-next-line', file: 'leanaudit-disable' };

const ruleOf = (finding: Finding): string => `${finding.auditorId}/${finding.messageId}`;

/** One file's directives of one rule: its first `leanaudit-disable` (the one that covers every line it covers) and its next-line directives by the line they cover. */
interface RuleDirectives {
  file?: Directive;
  nextLine: Map<number, Directive>;
}

/**
 * Tells whether a directive suppresses a finding, and remembers which directives suppressed which
 * rules. The runner asks it as findings are reported, before their messages are made, so a file of
 * millions of findings costs a look-up each: directives are indexed by file, rule and line.
 */
export class Suppressor {
  /** Per directive, the rules it suppressed findings of, and how many of each. */
  readonly used = new Map<Directive, Map<string, number>>();
  private readonly byFile = new Map<string, Map<string, RuleDirectives>>();

  /** `unsuppressible`: rules no directive may hide (leanaudit stopped reading or did not read a file; see Rule.unsuppressible). */
  constructor(
    private readonly scan: DirectiveScan,
    private readonly unsuppressible: ReadonlySet<string> = new Set(),
  ) {}

  /** Whether a directive suppresses a finding of `rule` at `location`, the first that covers it in the file's order. */
  suppresses(rule: string, location: Location): boolean {
    if (this.unsuppressible.has(rule)) return false;
    const index = this.indexOf(location.file)?.get(rule);
    if (index === undefined) return false;
    const { file } = index;
    const next = index.nextLine.get(location.line);
    // The first in the file's order: a `leanaudit-disable` above the line before, else the line's own next-line directive.
    const directive =
      file !== undefined && file.location.line < location.line - 1
        ? file
        : (next ?? (file !== undefined && file.location.line <= location.line ? file : undefined));
    if (directive === undefined) return false;
    const rules = this.used.get(directive);
    if (rules === undefined) this.used.set(directive, new Map([[rule, 1]]));
    else rules.set(rule, (rules.get(rule) ?? 0) + 1);
    return true;
  }

  private indexOf(file: string): Map<string, RuleDirectives> | undefined {
    let index = this.byFile.get(file);
    if (index !== undefined) return index;
    const directives = this.scan.directives.get(file);
    if (directives === undefined) return undefined;
    index = new Map();
    for (const directive of directives) {
      for (const rule of directive.rules) {
        let entry = index.get(rule);
        if (entry === undefined) index.set(rule, (entry = { nextLine: new Map() }));
        if (directive.kind === 'file') entry.file ??= directive;
        else if (!entry.nextLine.has(directive.location.line + 1)) entry.nextLine.set(directive.location.line + 1, directive);
      }
    }
    this.byFile.set(file, index);
    return index;
  }
}

/** One directive as the report lists it: where, which rules, why, and how many findings of each rule it suppressed. */
export interface DirectiveRecord {
  file: string;
  line: number;
  kind: DirectiveKind;
  rules: string[];
  reason?: string;
  suppressed: Record<string, number>;
}

/** Every directive of the scan, with what it suppressed, in file and line order. */
export function directiveRecords(scan: DirectiveScan, suppressor: Suppressor): DirectiveRecord[] {
  return [...scan.directives.values()]
    .flat()
    .map((d) => ({
      file: d.location.file,
      line: d.location.line,
      kind: d.kind,
      rules: d.rules,
      ...(d.reason !== undefined ? { reason: d.reason } : {}),
      suppressed: Object.fromEntries(suppressor.used.get(d) ?? []),
    }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

/** The rule ids of `metas` no directive may suppress. */
export function unsuppressibleRules(metas: readonly AuditorMeta[]): Set<string> {
  return new Set(
    metas.flatMap((m) =>
      Object.entries(m.rules)
        .filter(([, r]) => r.unsuppressible)
        .map(([id]) => `${m.id}/${id}`),
    ),
  );
}

/** What the core needs to judge directives: every known rule, the configuration, the auditors' runs. */
export interface SuppressionContext {
  /** Every rule id an auditor of this build has (known even when its auditor did not run). */
  knownRules: readonly string[];
  config: Config;
  /** Auditors whose findings this run holds only in part (a shard of a split auditor): their directives are never called unused here. */
  partial?: ReadonlySet<string>;
}

/**
 * Drops from `runs` the findings a directive covers (counting them in each run's `suppressed`), and
 * returns the run of the `suppressions` pseudo-auditor reporting the directives that suppressed
 * nothing and those that cannot be read; undefined when the project has no directive at all. A
 * directive naming a rule whose auditor did not run to the end here (not selected, skipped, failed)
 * or that is set `off` is not called unused: nothing could show there.
 */
export function applySuppressions(
  runs: AuditorRun[],
  scan: DirectiveScan,
  context: SuppressionContext,
  suppressor = new Suppressor(scan),
): AuditorRun | undefined {
  const started = performance.now();
  if (scan.directives.size === 0 && scan.invalid.length === 0) return undefined;
  const { used } = suppressor;
  let suppressed = 0;
  for (const run of runs) {
    const before = run.findings.length;
    run.findings = run.findings.filter(
      (finding) => finding.location === undefined || !suppressor.suppresses(ruleOf(finding), finding.location),
    );
    const count = before - run.findings.length;
    if (count > 0) run.suppressed = (run.suppressed ?? 0) + count;
    // The findings the runner already left out, asking the same suppressor as they were reported.
    suppressed += run.suppressed ?? 0;
  }
  const findings: Finding[] = [];
  const report = (messageId: keyof typeof SUPPRESSION_META.rules, location: Location, data: Record<string, string>): void => {
    const rule = SUPPRESSION_META.rules[messageId]!;
    const severity = ruleSetting(context.config, SUPPRESSION_META.id, messageId, rule);
    if (severity === 'off') return;
    findings.push({ auditorId: SUPPRESSION_META.id, messageId, severity, message: formatMessage(rule.message, data), location });
  };
  for (const { location, message } of scan.invalid) report('invalid-directive', location, { problem: message });
  const finished = new Set(runs.filter((run) => run.status === 'ok').map((run) => run.auditorId));
  let unused = 0;
  for (const directive of [...scan.directives.values()].flat()) {
    const word = DIRECTIVE_WORD[directive.kind];
    for (const rule of directive.rules) {
      if (!context.knownRules.includes(rule)) {
        report('invalid-directive', directive.location, {
          problem: `\`${word}\` names an unknown rule ${rule}${didYouMean(rule, context.knownRules)}`,
        });
        continue;
      }
      const [auditorId, messageId] = [rule.slice(0, rule.indexOf('/')), rule.slice(rule.indexOf('/') + 1)];
      const meta = runs.find((run) => run.auditorId === auditorId)?.meta;
      const ruleMeta = meta?.rules[messageId];
      if (ruleMeta?.unsuppressible) {
        report('invalid-directive', directive.location, {
          problem: `\`${word}\` cannot suppress ${rule}: it says leanaudit did not read all of a file, which only your configuration can turn off`,
        });
        continue;
      }
      if (used.get(directive)?.has(rule) || !finished.has(auditorId) || ruleMeta === undefined || context.partial?.has(auditorId)) continue;
      if (ruleSetting(context.config, auditorId, messageId, ruleMeta) === 'off') continue;
      unused += 1;
      const where = directive.kind === 'next-line' ? `on line ${directive.location.line + 1}` : `from line ${directive.location.line} on`;
      report('unused-directive', directive.location, { directive: word, rule, where });
    }
  }
  return {
    auditorId: SUPPRESSION_META.id,
    status: 'ok',
    findings,
    metrics: { directives: [...scan.directives.values()].reduce((n, list) => n + list.length, 0), suppressed, unused },
    durationMs: Math.round(performance.now() - started),
    meta: SUPPRESSION_META,
  };
}
