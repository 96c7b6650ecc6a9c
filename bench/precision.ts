/**
 * Precision of the warning and error rules on real projects, against labels written by reading the
 * Lean: every project of bench/labels/projects.json whose snapshot is present is audited with the
 * auditors that need neither an LLM nor Lean, and each finding is matched with its label in
 * bench/labels/<project>.jsonl by rule and place (`file:line`, else the entity).
 *
 *   npm run bench precision -- [--projects <dir>] [--project <name>] [--unlabelled <file>]
 *
 * `<dir>` (default $LEANAUDIT_PRECISION_PROJECTS, else /tmp/real) holds one folder per project, named
 * as projects.json's `dir`, with the project's files at the pinned commit (`git archive <commit>`).
 * Prints, per project and rule, the findings, how many are labelled true and false, the precision
 * over the labelled ones and the recall probes (labels marked `mustFind`: known-true findings that
 * must stay found); `--unlabelled` writes the findings no label matches, as label lines to fill in.
 * Information rules of MEASURED_INFO_RULES are scored as well, shown as `(info)` and not held to 95%.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAudit } from '../src/commands/audit.js';
import { packageRoot } from '../src/core/paths.js';
import type { Finding } from '../src/core/types.js';

/** A project the labels are about, at the commit they were written for. */
export interface PrecisionProject {
  name: string;
  repo: string;
  commit: string;
  /** Folder name under the projects folder. */
  dir: string;
  /** Auditors to run (default: those needing neither an LLM nor Lean). */
  only?: string[];
  /** `--ignore` patterns, as a user auditing it would give. */
  ignore?: string[];
}

/** One label: a finding of `rule` at `place` (`file:line`) or about `entity`, true or false, and why. */
export interface Label {
  rule: string;
  place?: string;
  entity?: string;
  verdict: 'true' | 'false';
  reason: string;
  /** A part of the finding's message, to tell apart findings of one rule at one place (two dependencies of one entity). */
  message?: string;
  /** A known-true finding that must stay found (a recall probe). */
  mustFind?: boolean;
}

/**
 * Information rules whose precision is still printed: demoted from warnings for it, they may be raised
 * again. The labels of other information rules (`pairing/shared-decl`, `proof-gaps/unsafe`) say why a
 * former warning was false as a warning, and are not scored.
 */
const MEASURED_INFO_RULES: ReadonlySet<string> = new Set(['crossfile-reuse/unreflected', 'proof-gaps/claim-rests-on-gap']);

const SOURCE_AUDITORS = ['proof-gaps', 'proof-tampering', 'lean-source', 'pairing', 'crossfile-reuse'];

const labelsDir = (): string => join(packageRoot(), 'bench', 'labels');

/** The place a finding is labelled by: `file:line`, or undefined for a finding without a location. */
export const placeOf = (f: Finding): string | undefined => (f.location ? `${f.location.file}:${f.location.line}` : undefined);

const ruleOf = (f: Finding): string => `${f.auditorId}/${f.messageId}`;

/** Whether `label` is about `finding`: the same rule, and the same place (or entity, for a label without a place). */
export const matches = (label: Label, finding: Finding): boolean =>
  label.rule === ruleOf(finding) &&
  (label.place !== undefined ? label.place === placeOf(finding) : label.entity === finding.entityId) &&
  (label.message === undefined || finding.message.includes(label.message));

/** The labels of a project, each checked; a bad line is an error naming the file and line. */
export function readLabels(file: string): Label[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, k) => {
      if (line.trim() === '') return [];
      const label = JSON.parse(line) as Label;
      if (typeof label.rule !== 'string' || (label.verdict !== 'true' && label.verdict !== 'false') || !label.reason) {
        throw new Error(`${file}:${k + 1}: a label needs rule, verdict ("true" or "false") and reason`);
      }
      if (label.place === undefined && label.entity === undefined) throw new Error(`${file}:${k + 1}: a label needs a place or an entity`);
      return [label];
    });
}

/** Per rule: findings, labelled true and false, unlabelled; and the recall probes found and missed. */
export interface RuleFigures {
  findings: number;
  truePositives: number;
  falsePositives: number;
  unlabelled: number;
}

/** The figures of one project's findings against its labels. */
export function score(
  findings: Finding[],
  labels: Label[],
): { rules: Map<string, RuleFigures>; probes: { found: Label[]; missed: Label[] }; unlabelled: Finding[] } {
  const rules = new Map<string, RuleFigures>();
  const unlabelled: Finding[] = [];
  for (const f of findings) {
    const figures = rules.get(ruleOf(f)) ?? { findings: 0, truePositives: 0, falsePositives: 0, unlabelled: 0 };
    rules.set(ruleOf(f), figures);
    figures.findings++;
    const label = labels.find((l) => matches(l, f));
    if (label === undefined) {
      figures.unlabelled++;
      unlabelled.push(f);
    } else if (label.verdict === 'true') figures.truePositives++;
    else figures.falsePositives++;
  }
  const probes = labels.filter((l) => l.mustFind);
  const found = probes.filter((l) => findings.some((f) => matches(l, f)));
  return { rules, probes: { found, missed: probes.filter((l) => !found.includes(l)) }, unlabelled };
}

const option = (args: string[], name: string): string | undefined => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};

/** Benchmark entry point. */
export async function run(args: string[]): Promise<void> {
  const dir = option(args, '--projects') ?? process.env.LEANAUDIT_PRECISION_PROJECTS ?? '/tmp/real';
  const only = option(args, '--project');
  const projects = (JSON.parse(readFileSync(join(labelsDir(), 'projects.json'), 'utf8')) as PrecisionProject[]).filter(
    (p) => only === undefined || p.name === only,
  );
  const lines: string[] = [];
  let missing = 0;
  for (const project of projects) {
    const root = join(dir, project.dir);
    if (!existsSync(root)) {
      process.stdout.write(`${project.name}: no snapshot at ${root} (${project.repo} at ${project.commit}); skipped\n`);
      missing++;
      continue;
    }
    const report = await runAudit(root, { only: project.only ?? SOURCE_AUDITORS, ...(project.ignore ? { ignore: project.ignore } : {}) });
    const labels = readLabels(join(labelsDir(), `${project.name}.jsonl`));
    const findings = report.runs.flatMap((r) => r.findings).filter((f) => f.severity !== 'info' || MEASURED_INFO_RULES.has(ruleOf(f)));
    const severities = new Map(findings.map((f) => [ruleOf(f), f.severity]));
    const { rules, probes, unlabelled } = score(findings, labels);
    const warned = findings.filter((f) => f.severity !== 'info').length;
    process.stdout.write(`\n${project.name} (${project.repo} @ ${project.commit.slice(0, 7)}): ${warned} warnings and errors\n`);
    for (const [rule, f] of [...rules].sort(([a], [b]) => a.localeCompare(b))) {
      const labelled = f.truePositives + f.falsePositives;
      const precision = labelled === 0 ? '—' : `${((100 * f.truePositives) / labelled).toFixed(1)}%`;
      const info = severities.get(rule) === 'info';
      const mark = labelled === 0 || info ? '' : f.truePositives / labelled >= 0.95 ? '' : '  BELOW 95%';
      process.stdout.write(
        `  ${(info ? `${rule} (info)` : rule).padEnd(36)} ${String(f.findings).padStart(5)} findings, ${f.truePositives} true, ${f.falsePositives} false, ${f.unlabelled} unlabelled: precision ${precision}${mark}\n`,
      );
    }
    if (probes.found.length + probes.missed.length > 0) {
      process.stdout.write(`  recall probes: ${probes.found.length} of ${probes.found.length + probes.missed.length} found\n`);
      for (const p of probes.missed) process.stdout.write(`    MISSED ${p.rule} at ${p.place ?? p.entity}: ${p.reason}\n`);
    }
    for (const f of unlabelled) {
      lines.push(
        JSON.stringify({
          project: project.name,
          rule: ruleOf(f),
          place: placeOf(f),
          entity: f.entityId,
          verdict: '?',
          reason: '',
          message: f.message,
        }),
      );
    }
  }
  const out = option(args, '--unlabelled');
  if (out) {
    writeFileSync(out, lines.length ? `${lines.join('\n')}\n` : '');
    process.stdout.write(`\n${lines.length} unlabelled findings written to ${out}\n`);
  }
  if (missing === projects.length) process.stdout.write(`\nno project snapshot found under ${dir}: see bench/README.md\n`);
}
