/** `leanaudit calibrate --gold samples/gold`: measures the configured judges on hand-labelled pairs. */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { LLM_DEFAULTS, llmConfig, type Role } from '../llm/config.js';
import { LlmEngine } from '../llm/engine.js';
import { type GoldPair, goldInput, loadGold } from '../llm/gold.js';
import { type Judgment, judgeDirect, judgeRoundtrip, loadJudgeRubrics } from '../llm/protocols.js';
import { agreement, classScores, cohenKappa, confusion, grouped, round, VERDICTS, type Verdict } from '../llm/verdict.js';
import { CONFIG_HELP, loadRunConfig, TRUST_HELP } from './config.js';

export type CalibrationProtocol = 'direct' | 'roundtrip';

/** The figures of one protocol on the gold set. */
export interface Calibration {
  protocol: CalibrationProtocol;
  models: string[];
  pairs: number;
  judged: number;
  failures: { id: string; cause: string; message: string }[];
  confusion: Record<Verdict, Record<Verdict, number>>;
  perVerdict: Record<Verdict, { precision: number; recall: number; f1: number; support: number }>;
  accuracy: number;
  kappa: number;
  grouped: { accuracy: number; kappa: number };
  /** Accepting everything as Faithful. */
  baseline: { accuracy: number; kappa: number; groupedAccuracy: number; differentRecall: number };
  perPattern: Record<string, { pairs: number; correct: number }>;
  scoreDisagreements: number;
  accounting: Record<string, number>;
}

/** Runs `protocol` over the gold pairs and scores it against the expected verdicts. */
export async function calibrate(
  engine: LlmEngine,
  pairs: GoldPair[],
  protocol: CalibrationProtocol,
  skolem: boolean,
  contextChars: number,
  signal: AbortSignal,
): Promise<Calibration> {
  const rubrics = loadJudgeRubrics();
  const judge = protocol === 'direct' ? judgeDirect : judgeRoundtrip;
  const judgments: Judgment[] = await Promise.all(pairs.map((p) => judge(engine, rubrics, goldInput(p, contextChars), skolem, signal)));
  const scored: [Verdict, Verdict][] = [];
  const failures: Calibration['failures'] = [];
  const perPattern: Calibration['perPattern'] = {};
  let scoreDisagreements = 0;
  pairs.forEach((pair, i) => {
    const j = judgments[i]!;
    const row = (perPattern[pair.pattern] ??= { pairs: 0, correct: 0 });
    row.pairs += 1;
    if (!j.ok) {
      failures.push({ id: pair.id, cause: j.cause, message: j.message });
      return;
    }
    scored.push([pair.expected, j.verdict]);
    if (j.verdict === pair.expected) row.correct += 1;
    if (j.scoreDisagreement) scoreDisagreements += 1;
  });
  const groupedPairs = scored.map(([e, a]) => [grouped(e), grouped(a)] as [string, string]);
  const accept = scored.map(([e]) => [e, 'Faithful'] as [Verdict, Verdict]);
  const roles: Role[] = protocol === 'direct' ? ['direct-judge'] : ['back-translator', 'roundtrip-judge'];
  return {
    protocol,
    models: roles.map((r) => `${r}: ${engine.endpoint(r)?.model}`),
    pairs: pairs.length,
    judged: scored.length,
    failures,
    confusion: confusion(scored, VERDICTS),
    perVerdict: Object.fromEntries(VERDICTS.map((v) => [v, classScores(scored, v)])) as Calibration['perVerdict'],
    accuracy: agreement(scored),
    kappa: cohenKappa(scored),
    grouped: { accuracy: agreement(groupedPairs), kappa: cohenKappa(groupedPairs) },
    baseline: {
      accuracy: agreement(accept),
      kappa: cohenKappa(accept),
      groupedAccuracy: agreement(accept.map(([e, a]) => [grouped(e), grouped(a)] as [string, string])),
      differentRecall: classScores(accept, 'Different').recall,
    },
    perPattern,
    scoreDisagreements,
    accounting: engine.accounting.metrics(),
  };
}

const fmt = (x: number, digits = 3) => (Number.isNaN(x) ? 'n/a' : round(x, digits).toFixed(digits));
const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

/** The calibration as a plain-text report. */
export function formatCalibration(c: Calibration): string {
  const lines = [
    `== ${c.protocol} protocol (${c.models.join(', ')})`,
    `pairs ${c.pairs}, judged ${c.judged}, failed ${c.failures.length}`,
    '',
  ];
  lines.push(`confusion (rows: expected, columns: judge)`);
  lines.push(`${''.padEnd(12)}${VERDICTS.map((v) => v.padStart(11)).join('')}`);
  for (const e of VERDICTS) lines.push(`${e.padEnd(12)}${VERDICTS.map((a) => String(c.confusion[e][a]).padStart(11)).join('')}`);
  lines.push('', `${'verdict'.padEnd(12)}${'precision'.padStart(11)}${'recall'.padStart(11)}${'F1'.padStart(11)}${'support'.padStart(11)}`);
  for (const v of VERDICTS) {
    const s = c.perVerdict[v];
    lines.push(
      `${v.padEnd(12)}${fmt(s.precision).padStart(11)}${fmt(s.recall).padStart(11)}${fmt(s.f1).padStart(11)}${String(s.support).padStart(11)}`,
    );
  }
  lines.push(
    '',
    `accuracy ${pct(c.accuracy)}, Cohen's κ ${fmt(c.kappa)}; grouped (Faithful+Stronger vs Different): accuracy ${pct(c.grouped.accuracy)}, κ ${fmt(c.grouped.kappa)}`,
    `accept-everything baseline: accuracy ${pct(c.baseline.accuracy)}, grouped ${pct(c.baseline.groupedAccuracy)}, κ ${fmt(c.baseline.kappa)}, Different recall ${fmt(c.baseline.differentRecall)}`,
    `judge labels contradicting its own Q1/Q2: ${c.scoreDisagreements}`,
    '',
    'per pattern (correct / pairs):',
  );
  for (const [pattern, row] of Object.entries(c.perPattern)) lines.push(`  ${pattern.padEnd(40)} ${row.correct}/${row.pairs}`);
  if (c.failures.length > 0) {
    lines.push('', 'not judged (not counted above):');
    for (const f of c.failures) lines.push(`  ${f.id}: ${f.cause}: ${f.message}`);
  }
  lines.push(
    '',
    `llm (run so far): ${Object.entries(c.accounting)
      .map(([k, v]) => `${k.replace(/^llm\./, '')} ${v}`)
      .join(', ')}`,
  );
  return `${lines.join('\n')}\n`;
}

interface CalibrateOptions {
  gold: string;
  protocol: 'direct' | 'roundtrip' | 'both';
  config?: string;
  trustRepoConfig?: boolean;
  json?: boolean;
}

/** Adds the `calibrate` subcommand. */
export function registerCalibrateCommand(program: Command): void {
  program
    .command('calibrate')
    .description(
      'run the configured judges on a gold set and print confusion matrix, precision/recall/F1, κ and the accept-everything baseline',
    )
    .requiredOption('--gold <dir>', 'folder of gold pairs (*.json), e.g. samples/gold')
    .option('--protocol <which>', 'direct, roundtrip or both', 'both')
    .option('--config <file>', `${CONFIG_HELP}, for its llm section`)
    .option('--trust-repo-config', TRUST_HELP)
    .option('--json', 'print the figures as JSON')
    .action(async (opts: CalibrateOptions) => {
      if (!['direct', 'roundtrip', 'both'].includes(opts.protocol)) throw new InputError(`--protocol must be direct, roundtrip or both`);
      const root = process.cwd();
      const config = loadRunConfig(root, opts);
      const settings = llmConfig(config);
      const pairs = loadGold(resolve(opts.gold));
      const protocols: CalibrationProtocol[] = opts.protocol === 'both' ? ['direct', 'roundtrip'] : [opts.protocol];
      const roles: Role[] = protocols.flatMap((p): Role[] => (p === 'direct' ? ['direct-judge'] : ['back-translator', 'roundtrip-judge']));
      const engine = await LlmEngine.create(roles, { root, config });
      if (!(engine instanceof LlmEngine)) throw new InputError(`cannot calibrate: ${engine.reason}`);
      const controller = new AbortController();
      const abort = () => controller.abort(new Error('interrupted'));
      process.once('SIGINT', abort);
      try {
        const results: Calibration[] = [];
        for (const protocol of protocols) {
          results.push(
            await calibrate(
              engine,
              pairs,
              protocol,
              settings.skolemAware ?? LLM_DEFAULTS.skolemAware,
              settings.contextChars ?? LLM_DEFAULTS.contextChars,
              controller.signal,
            ),
          );
        }
        process.stdout.write(opts.json ? `${JSON.stringify(results, null, 2)}\n` : results.map(formatCalibration).join('\n'));
      } finally {
        process.off('SIGINT', abort);
      }
    });
}
