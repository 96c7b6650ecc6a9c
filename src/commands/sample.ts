/** `leanaudit sample`: a stratified, seeded sample of judge verdicts (OK vs Different) for a person to label. */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { seededRandom } from '../core/random.js';
import { READ_LIMITS, RefusedFile, readBoundedText } from '../core/repo-file.js';
import type { Report } from '../core/types.js';
import { type Grouped, grouped, VERDICTS, type Verdict } from '../llm/verdict.js';

/** One entity to label; the judge's verdict is kept apart (in `key`) so the labeller is not swayed. */
export interface SampleItem {
  n: number;
  entityId: string;
  location?: string;
  informal: string;
  formal: string;
  /** Filled in by the person: "OK" (Faithful or Stronger) or "Different". */
  human: Grouped | null;
  comment: string;
}

export interface SampleFile {
  instructions: string;
  auditor: string;
  seed: number;
  perClass: number;
  items: SampleItem[];
  key: { n: number; entityId: string; verdict: Verdict; grouped: Grouped; reason: string }[];
}

/** A seeded Fisher–Yates shuffle (a new array). */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface Judged {
  entityId: string;
  location?: string;
  informal: string;
  formal: string;
  verdict: Verdict;
  reason: string;
}

/** The judged entities of one auditor in a report (verdict findings only; failures have no verdict). */
export function judgedEntities(report: Report, auditor: string): Judged[] {
  const run = report.runs.find((r) => r.auditorId === auditor);
  if (!run) throw new InputError(`the report has no run of ${auditor}`);
  return run.findings.flatMap((f) => {
    const e = f.evidence ?? {};
    if (!VERDICTS.includes(e.verdict as Verdict) || !f.entityId) return [];
    return [
      {
        entityId: f.entityId,
        ...(f.location ? { location: `${f.location.file}:${f.location.line}` } : {}),
        informal: String(e.informal ?? ''),
        formal: String(e.formal ?? ''),
        verdict: e.verdict as Verdict,
        reason: String(e.reason ?? ''),
      },
    ];
  });
}

/** Draws up to `perClass` entities judged OK and as many judged Different, shuffled together. */
export function drawSample(judged: Judged[], auditor: string, seed: number, perClass: number): SampleFile {
  const random = seededRandom(seed);
  const byClass = (g: Grouped) =>
    shuffle(
      judged.filter((j) => grouped(j.verdict) === g),
      random,
    ).slice(0, perClass);
  const chosen = shuffle([...byClass('OK'), ...byClass('Different')], random);
  return {
    instructions:
      'For each item, read the informal statement and the Lean statement and set "human" to "OK" when the Lean statement says what the text says or more (Faithful or Stronger), or "Different" when it says less or something else. Do not read "key" before labelling. Then run: leanaudit agreement <this file>',
    auditor,
    seed,
    perClass,
    items: chosen.map((j, i) => ({
      n: i + 1,
      entityId: j.entityId,
      ...(j.location ? { location: j.location } : {}),
      informal: j.informal,
      formal: j.formal,
      human: null,
      comment: '',
    })),
    key: chosen.map((j, i) => ({ n: i + 1, entityId: j.entityId, verdict: j.verdict, grouped: grouped(j.verdict), reason: j.reason })),
  };
}

interface SampleOptions {
  report: string;
  seed: string;
  perClass: string;
  auditor: string;
  output: string;
}

function positiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InputError(`${flag} must be a non-negative integer, got ${value}`);
  return n;
}

/** Adds the `sample` subcommand. */
export function registerSampleCommand(program: Command): void {
  program
    .command('sample')
    .description('export a seeded sample of judge verdicts, stratified OK vs Different, as a file a person labels')
    .option('--report <file>', 'JSON report of an audit (leanaudit audit <repo> --format json --output <file>)', 'leanaudit-report.json')
    .option('--auditor <id>', 'which judge to sample: direct-judge or roundtrip-judge', 'direct-judge')
    .option('--seed <n>', 'random seed', '42')
    .option('--per-class <n>', 'entities per class (OK, Different)', '10')
    .option('-o, --output <file>', 'where to write the file to label', 'leanaudit-sample.json')
    .action((opts: SampleOptions) => {
      let report: Report;
      try {
        report = JSON.parse(readBoundedText(opts.report, READ_LIMITS.report)) as Report;
      } catch (e) {
        throw new InputError(`cannot read the report ${opts.report}: ${e instanceof RefusedFile ? e.detail : (e as Error).message}`);
      }
      const seed = positiveInt(opts.seed, '--seed');
      const perClass = positiveInt(opts.perClass, '--per-class');
      const sample = drawSample(judgedEntities(report, opts.auditor), opts.auditor, seed, perClass);
      writeFileSync(opts.output, `${JSON.stringify(sample, null, 2)}\n`);
      const ok = sample.key.filter((k) => k.grouped === 'OK').length;
      const different = sample.key.length - ok;
      const short = ok < perClass || different < perClass ? ` (fewer than ${perClass} available in a class)` : '';
      process.stdout.write(`wrote ${sample.items.length} items (${ok} OK, ${different} Different)${short} to ${opts.output}\n`);
    });
}
