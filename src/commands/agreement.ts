/** `leanaudit agreement <filled>`: human–judge agreement on a labelled sample, per class. */
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { READ_LIMITS, RefusedFile, readBoundedText } from '../core/repo-file.js';
import { agreement, cohenKappa, type Grouped, round } from '../llm/verdict.js';
import type { SampleFile } from './sample.js';

export interface AgreementResult {
  labelled: number;
  unlabelled: number;
  agreement: number;
  kappa: number;
  /** For the entities the judge put in each class: how many a person labelled, and how many agreed. */
  perClass: Record<Grouped, { labelled: number; agreed: number; rate: number }>;
  disagreements: { entityId: string; judge: Grouped; human: Grouped; comment: string }[];
}

const HUMAN: Record<string, Grouped> = { ok: 'OK', faithful: 'OK', stronger: 'OK', different: 'Different' };

/** Compares the person's labels with the judge's key. */
export function measureAgreement(sample: SampleFile): AgreementResult {
  const key = new Map(sample.key.map((k) => [k.n, k]));
  const pairs: [Grouped, Grouped][] = [];
  const perClass: AgreementResult['perClass'] = {
    OK: { labelled: 0, agreed: 0, rate: NaN },
    Different: { labelled: 0, agreed: 0, rate: NaN },
  };
  const disagreements: AgreementResult['disagreements'] = [];
  let unlabelled = 0;
  for (const item of sample.items) {
    const judge = key.get(item.n);
    if (!judge) throw new InputError(`item ${item.n} (${item.entityId}) has no entry in "key"`);
    if (item.human === null || item.human === undefined || String(item.human).trim() === '') {
      unlabelled += 1;
      continue;
    }
    const human = HUMAN[String(item.human).trim().toLowerCase()];
    if (!human)
      throw new InputError(`item ${item.n} (${item.entityId}): "human" must be OK or Different, got ${JSON.stringify(item.human)}`);
    pairs.push([judge.grouped, human]);
    perClass[judge.grouped].labelled += 1;
    if (human === judge.grouped) perClass[judge.grouped].agreed += 1;
    else disagreements.push({ entityId: item.entityId, judge: judge.grouped, human, comment: item.comment ?? '' });
  }
  for (const c of Object.values(perClass)) c.rate = c.labelled === 0 ? NaN : c.agreed / c.labelled;
  return { labelled: pairs.length, unlabelled, agreement: agreement(pairs), kappa: cohenKappa(pairs), perClass, disagreements };
}

const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

/** The result as text. */
export function formatAgreement(r: AgreementResult): string {
  const lines = [
    `labelled ${r.labelled}, unlabelled ${r.unlabelled}`,
    `agreement ${pct(r.agreement)}, Cohen's κ ${Number.isNaN(r.kappa) ? 'n/a' : round(r.kappa).toFixed(3)}`,
    `judge OK:        ${r.perClass.OK.agreed}/${r.perClass.OK.labelled} confirmed by the person (${pct(r.perClass.OK.rate)})`,
    `judge Different: ${r.perClass.Different.agreed}/${r.perClass.Different.labelled} confirmed by the person (${pct(r.perClass.Different.rate)})`,
  ];
  for (const d of r.disagreements) lines.push(`  ${d.entityId}: judge ${d.judge}, person ${d.human}${d.comment ? ` — ${d.comment}` : ''}`);
  return `${lines.join('\n')}\n`;
}

/** Adds the `agreement` subcommand. */
export function registerAgreementCommand(program: Command): void {
  program
    .command('agreement')
    .description('report human–judge agreement per class on a sample labelled by a person (from leanaudit sample)')
    .argument('<filled>', 'the sample file with "human" filled in')
    .option('--json', 'print the figures as JSON')
    .action((file: string, opts: { json?: boolean }) => {
      let sample: SampleFile;
      try {
        sample = JSON.parse(readBoundedText(file, READ_LIMITS.report)) as SampleFile;
      } catch (e) {
        throw new InputError(`cannot read ${file}: ${e instanceof RefusedFile ? e.detail : (e as Error).message}`);
      }
      if (!Array.isArray(sample.items) || !Array.isArray(sample.key))
        throw new InputError(`${file}: not a leanaudit sample (needs "items" and "key")`);
      const result = measureAgreement(sample);
      process.stdout.write(opts.json ? `${JSON.stringify(result, null, 2)}\n` : formatAgreement(result));
    });
}
