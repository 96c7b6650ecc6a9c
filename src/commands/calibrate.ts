/** `leanaudit calibrate --gold samples/gold`: measures the configured judges on hand-labelled pairs. */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { bootstrap, type Interval, mcc, type Spread, spread, wilson } from '../llm/calibration-stats.js';
import { LLM_DEFAULTS, llmConfig, type Role } from '../llm/config.js';
import { LlmEngine } from '../llm/engine.js';
import { type GoldPair, loadGold } from '../llm/gold.js';
import { IMPORT_FORMATS, type ImportFormat, importLabelled, parseFieldMap } from '../llm/gold-import.js';
import { judgeLeanScorer, loadLeanScorerRubrics } from '../llm/leanscorer.js';
import { type JudgeInput, type Judgment, judgeDirect, judgeRoundtrip, loadJudgeRubrics } from '../llm/protocols.js';
import { agreement, classScores, cohenKappa, confusion, grouped, round, VERDICTS, type Verdict } from '../llm/verdict.js';
import { goldInputs } from './calibrate-gold.js';
import { CONFIG_HELP, loadRunConfig, TRUST_HELP } from './config.js';

export type CalibrationProtocol = 'direct' | 'roundtrip' | 'leanscorer';

const PROTOCOL_ROLES: Record<CalibrationProtocol, Role[]> = {
  direct: ['direct-judge'],
  roundtrip: ['back-translator', 'roundtrip-judge'],
  leanscorer: ['leanscorer'],
};

/** What calibrate settles from the configuration. */
export interface CalibrationSettings {
  skolem: boolean;
  contextChars: number;
  /** LeanScorer's threshold. */
  alpha: number;
}

/** One pair's answer: a verdict (LeanScorer: pass → Faithful, fail → Different), or why there is none. */
type PairAnswer = { ok: true; verdict: Verdict; scoreDisagreement: boolean } | { ok: false; cause: string; message: string };

async function answerPair(
  engine: LlmEngine,
  protocol: CalibrationProtocol,
  input: JudgeInput,
  settings: CalibrationSettings,
  signal: AbortSignal,
): Promise<PairAnswer> {
  if (protocol === 'leanscorer') {
    const r = await judgeLeanScorer(engine, loadLeanScorerRubrics(), input, settings.alpha, signal);
    return r.ok ? { ok: true, verdict: r.score.pass ? 'Faithful' : 'Different', scoreDisagreement: false } : r;
  }
  const judge = protocol === 'direct' ? judgeDirect : judgeRoundtrip;
  const j: Judgment = await judge(engine, loadJudgeRubrics(), input, settings.skolem, signal);
  return j.ok ? { ok: true, verdict: j.verdict, scoreDisagreement: j.scoreDisagreement } : j;
}

/** The label a pair gets when its judgment failed: it matches no expected verdict. */
const FAILED = 'failed';
type Label = Verdict | typeof FAILED;

/** The figures of one protocol on the gold set. */
export interface Calibration {
  protocol: CalibrationProtocol;
  models: string[];
  pairs: number;
  /** Pairs the source model could not pair, rendered directly instead of through the audit's input builder. */
  renderedByHand: number;
  judged: number;
  failures: { id: string; cause: string; message: string }[];
  confusion: Record<Verdict, Record<Verdict, number>>;
  /** Pairs with no verdict, by expected verdict: counted as wrong in accuracy and κ. */
  failedByExpected: Record<Verdict, number>;
  perVerdict: Record<Verdict, { precision: number; recall: number; f1: number; support: number }>;
  accuracy: number;
  kappa: number;
  grouped: { accuracy: number; kappa: number };
  /** Accepting everything as Faithful. */
  baseline: { accuracy: number; kappa: number; groupedAccuracy: number; differentRecall: number };
  perPattern: Record<string, { pairs: number; correct: number }>;
  scoreDisagreements: number;
  accounting: Record<string, number>;
  /** Matthews' correlation over the verdicts (failed pairs a label of their own), and grouped. */
  mcc: number;
  groupedMcc: number;
  /** 95 % intervals: Wilson's for the accuracies, a seeded bootstrap for κ and MCC. */
  intervals: { accuracy: Interval; groupedAccuracy: Interval; kappa: Interval; mcc: Interval };
  /** Calling everything Different. */
  differentBaseline: { accuracy: number; groupedAccuracy: number; kappa: number; faithfulRecall: number };
  /**
   * Mismatched controls: one pair's book statement shown with another pair's Lean, which a judge must
   * call Different. A server that answers them otherwise does not read the Lean: `judges` is false.
   */
  controls: { pairs: number; different: number; notDifferent: number; failed: number; judges: boolean };
  /** With `--repeat k` (k > 1): the figures' spread over the k runs, each asked afresh. */
  repeats?: { runs: number; accuracy: Spread; kappa: Spread; mcc: Spread };
}

/** How many mismatched controls a calibration asks, and the share of non-Different answers it tolerates among them. */
const CONTROLS = 10;
const CONTROL_TOLERANCE = 0.2;

/** Mismatched controls: the book statement of one compiling pair with the Lean of another, spread over the set. */
function controlInputs(pairs: GoldPair[], built: JudgeInput[]): JudgeInput[] {
  const compiling = built.filter((_, i) => pairs[i]!.compiles !== false);
  if (compiling.length < 2) return [];
  const step = Math.max(1, Math.floor(compiling.length / CONTROLS));
  const half = Math.floor(compiling.length / 2);
  const inputs: JudgeInput[] = [];
  for (let i = 0; i < compiling.length && inputs.length < CONTROLS; i += step) {
    const book = compiling[i]!;
    const lean = compiling[(i + half) % compiling.length]!;
    if (book.informal === lean.informal) continue;
    const { formal, leanName, helpers, variables, variablesIfUsed, variablesLeft, notation, auxiliary, grounding, definition } = lean;
    inputs.push({
      ...book,
      formal,
      leanName,
      helpers,
      variables,
      variablesIfUsed,
      variablesLeft,
      notation,
      auxiliary,
      grounding,
      definition,
    });
  }
  return inputs;
}

/** Runs `protocol` over the gold pairs and scores it against the expected verdicts. */
export async function calibrate(
  engine: LlmEngine,
  pairs: GoldPair[],
  protocol: CalibrationProtocol,
  settings: CalibrationSettings,
  signal: AbortSignal,
): Promise<Calibration> {
  const { inputs, rendered } = await goldInputs(pairs, settings.contextChars);
  // A statement Lean rejects is Different without a call, as in an audit.
  const [judgments, controlAnswers] = await Promise.all([
    Promise.all(pairs.map((p, i) => (p.compiles === false ? undefined : answerPair(engine, protocol, inputs[i]!, settings, signal)))),
    Promise.all(controlInputs(pairs, inputs).map((input) => answerPair(engine, protocol, input, settings, signal))),
  ]);
  const scored: [Verdict, Verdict][] = [];
  const failedPairs: [Verdict, typeof FAILED][] = [];
  const failures: Calibration['failures'] = [];
  const perPattern: Calibration['perPattern'] = {};
  let scoreDisagreements = 0;
  pairs.forEach((pair, i) => {
    const j = judgments[i];
    const row = (perPattern[pair.pattern] ??= { pairs: 0, correct: 0 });
    row.pairs += 1;
    if (!j) {
      scored.push([pair.expected, 'Different']);
      if (pair.expected === 'Different') row.correct += 1;
      return;
    }
    if (!j.ok) {
      failures.push({ id: pair.id, cause: j.cause, message: j.message });
      failedPairs.push([pair.expected, FAILED]);
      return;
    }
    scored.push([pair.expected, j.verdict]);
    if (j.verdict === pair.expected) row.correct += 1;
    if (j.scoreDisagreement) scoreDisagreements += 1;
  });
  // A failed pair is a miss, not an absence: leaving it out would let a judge that fails on the
  // hard pairs score 100%.
  const all: [Verdict, Label][] = [...scored, ...failedPairs];
  const groupedAll = all.map(([e, a]) => [grouped(e), a === FAILED ? FAILED : grouped(a)] as [string, string]);
  const accept = pairs.map((p) => [p.expected, 'Faithful'] as [Verdict, Verdict]);
  const reject = pairs.map((p) => [p.expected, 'Different'] as [Verdict, Verdict]);
  const groupedReject = reject.map(([e, a]) => [grouped(e), grouped(a)] as [string, string]);
  const answered = controlAnswers.filter((a) => a.ok);
  const different = answered.filter((a) => a.verdict === 'Different').length;
  const roles = PROTOCOL_ROLES[protocol];
  return {
    protocol,
    models: roles.map((r) => `${r}: ${engine.endpoint(r)?.model}`),
    pairs: pairs.length,
    renderedByHand: rendered,
    judged: scored.length,
    failures,
    confusion: confusion(scored, VERDICTS),
    failedByExpected: Object.fromEntries(VERDICTS.map((v) => [v, failedPairs.filter(([e]) => e === v).length])) as Record<Verdict, number>,
    perVerdict: Object.fromEntries(VERDICTS.map((v) => [v, classScores<Label>(all, v)])) as Calibration['perVerdict'],
    accuracy: agreement<Label>(all),
    kappa: cohenKappa<Label>(all),
    grouped: { accuracy: agreement(groupedAll), kappa: cohenKappa(groupedAll) },
    baseline: {
      accuracy: agreement(accept),
      kappa: cohenKappa(accept),
      groupedAccuracy: agreement(accept.map(([e, a]) => [grouped(e), grouped(a)] as [string, string])),
      differentRecall: classScores(accept, 'Different').recall,
    },
    perPattern,
    scoreDisagreements,
    accounting: engine.accounting.metrics(),
    mcc: mcc<Label>(all),
    groupedMcc: mcc(groupedAll),
    intervals: {
      accuracy: wilson(all.filter(([e, a]) => e === a).length, all.length),
      groupedAccuracy: wilson(groupedAll.filter(([e, a]) => e === a).length, groupedAll.length),
      kappa: bootstrap(all, (sample) => cohenKappa<Label>(sample)),
      mcc: bootstrap(all, (sample) => mcc<Label>(sample)),
    },
    differentBaseline: {
      accuracy: agreement(reject),
      groupedAccuracy: agreement(groupedReject),
      kappa: cohenKappa(reject),
      faithfulRecall: classScores(reject, 'Faithful').recall,
    },
    controls: {
      pairs: controlAnswers.length,
      different,
      notDifferent: answered.length - different,
      failed: controlAnswers.length - answered.length,
      judges: answered.length > 0 && (answered.length - different) / answered.length <= CONTROL_TOLERANCE,
    },
  };
}

const fmt = (x: number, digits = 3) => (Number.isNaN(x) ? 'n/a' : round(x, digits).toFixed(digits));
const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

const spreadText = (s: Spread, show: (x: number) => string) => `mean ${show(s.mean)}, sd ${fmt(s.sd)}, range ${show(s.min)}–${show(s.max)}`;

/** The calibration as a plain-text report. */
export function formatCalibration(c: Calibration): string {
  const interval = (i: Interval, show: (x: number) => string) => `[${show(i.low)}, ${show(i.high)}]`;
  const lines = [
    `== ${c.protocol} protocol (${c.models.join(', ')})`,
    ...(c.controls.judges
      ? []
      : c.controls.pairs - c.controls.failed === 0
        ? [
            'WARNING: no mismatched control was answered (it takes two pairs with different statements): whether the server judges at all is not known.',
          ]
        : [
            `WARNING: these figures come from a server that does not judge: of ${c.controls.pairs} mismatched controls (one pair's book statement shown with another pair's Lean, which must be Different) it answered ${c.controls.notDifferent} otherwise${c.controls.failed > 0 ? ` and failed ${c.controls.failed}` : ''}. They measure plumbing and arithmetic, not judgement.`,
          ]),
    ...(c.protocol === 'leanscorer' ? ['LeanScorer passes (→ Faithful) or fails (→ Different): read the grouped figures'] : []),
    `pairs ${c.pairs}, judged ${c.judged}, failed ${c.failures.length}${c.failures.length > 0 ? ' (counted as wrong below)' : ''}${c.renderedByHand > 0 ? `; ${c.renderedByHand} rendered without the audit's input builder (not paired from their Lean)` : ''}`,
    '',
  ];
  lines.push(`confusion (rows: expected, columns: judge)`);
  lines.push(`${''.padEnd(12)}${VERDICTS.map((v) => v.padStart(11)).join('')}${FAILED.padStart(11)}`);
  for (const e of VERDICTS) {
    const row = VERDICTS.map((a) => String(c.confusion[e][a]).padStart(11)).join('');
    lines.push(`${e.padEnd(12)}${row}${String(c.failedByExpected[e]).padStart(11)}`);
  }
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
    `95% intervals: accuracy ${interval(c.intervals.accuracy, pct)}, grouped ${interval(c.intervals.groupedAccuracy, pct)}, κ ${interval(c.intervals.kappa, fmt)}; MCC ${fmt(c.mcc)} ${interval(c.intervals.mcc, fmt)}, grouped MCC ${fmt(c.groupedMcc)}`,
    `accept-everything baseline: accuracy ${pct(c.baseline.accuracy)}, grouped ${pct(c.baseline.groupedAccuracy)}, κ ${fmt(c.baseline.kappa)}, Different recall ${fmt(c.baseline.differentRecall)}`,
    `always-Different baseline: accuracy ${pct(c.differentBaseline.accuracy)}, grouped ${pct(c.differentBaseline.groupedAccuracy)}, κ ${fmt(c.differentBaseline.kappa)}, Faithful recall ${fmt(c.differentBaseline.faithfulRecall)}`,
    `mismatched controls called Different: ${c.controls.different}/${c.controls.pairs}${c.controls.failed > 0 ? ` (${c.controls.failed} failed)` : ''}`,
    ...(c.repeats
      ? [
          `over ${c.repeats.runs} runs: accuracy ${spreadText(c.repeats.accuracy, pct)}, κ ${spreadText(c.repeats.kappa, fmt)}, MCC ${spreadText(c.repeats.mcc, fmt)}`,
        ]
      : []),
    `judge labels contradicting its own Q1/Q2: ${c.scoreDisagreements}`,
    '',
    'per pattern (correct / pairs):',
  );
  for (const [pattern, row] of Object.entries(c.perPattern)) lines.push(`  ${pattern.padEnd(40)} ${row.correct}/${row.pairs}`);
  if (c.failures.length > 0) {
    lines.push('', 'not judged (each counted as a wrong answer above):');
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
  gold?: string;
  labelled?: string;
  format: string;
  map?: string;
  protocol: CalibrationProtocol | 'both';
  config?: string;
  trustRepoConfig?: boolean;
  json?: boolean;
  repeat: string;
}

/** The first run's figures of each protocol, with the spread of accuracy, κ and MCC over all runs. */
function withRepeats(runs: Calibration[][]): Calibration[] {
  if (runs.length < 2) return runs[0]!;
  return runs[0]!.map((first, i) => {
    const same = runs.map((run) => run[i]!);
    return {
      ...first,
      repeats: {
        runs: runs.length,
        accuracy: spread(same.map((c) => c.accuracy)),
        kappa: spread(same.map((c) => c.kappa)),
        mcc: spread(same.map((c) => c.mcc)),
      },
    };
  });
}

/** Adds the `calibrate` subcommand. */
export function registerCalibrateCommand(program: Command): void {
  program
    .command('calibrate')
    .description(
      'run the configured judges on a gold set and print confusion matrix, precision/recall/F1, κ, MCC with 95% intervals, both baselines and a check that the server judges at all',
    )
    .option('--gold <dir>', 'folder of gold pairs (*.json), e.g. samples/gold')
    .option('--labelled <file>', 'a public labelled set instead of --gold (JSON array or JSON Lines)')
    .option('--format <name>', `the labelled set's format: ${IMPORT_FORMATS.join(' or ')}`, 'proofnetverif')
    .option('--map <fields>', 'for --format jsonl: the fields, informal=<f>,lean=<f>,label=<f>[,id=<f>]')
    .option('--protocol <which>', 'direct, roundtrip, both (direct and roundtrip) or leanscorer', 'both')
    .option('--config <file>', `${CONFIG_HELP}, for its llm section`)
    .option('--trust-repo-config', TRUST_HELP)
    .option('--json', 'print the figures as JSON')
    .option('--repeat <k>', 'run the calibration k times, each asking every question afresh, and report the spread', '1')
    .action(async (opts: CalibrateOptions) => {
      if (!['direct', 'roundtrip', 'both', 'leanscorer'].includes(opts.protocol))
        throw new InputError(`--protocol must be direct, roundtrip, both or leanscorer`);
      const repeat = Number(opts.repeat);
      if (!Number.isInteger(repeat) || repeat < 1 || repeat > 100) throw new InputError('--repeat must be a whole number from 1 to 100');
      const root = process.cwd();
      const config = loadRunConfig(root, opts);
      const settings = llmConfig(config);
      if ((opts.gold === undefined) === (opts.labelled === undefined))
        throw new InputError('give either --gold <dir> or --labelled <file>');
      if (!(IMPORT_FORMATS as readonly string[]).includes(opts.format))
        throw new InputError(`--format must be ${IMPORT_FORMATS.join(' or ')}`);
      const pairs = opts.gold
        ? loadGold(resolve(opts.gold))
        : importLabelled(resolve(opts.labelled!), opts.format as ImportFormat, opts.map ? parseFieldMap(opts.map) : undefined);
      const protocols: CalibrationProtocol[] = opts.protocol === 'both' ? ['direct', 'roundtrip'] : [opts.protocol];
      const roles: Role[] = protocols.flatMap((p) => PROTOCOL_ROLES[p]);
      const engine = await LlmEngine.create(roles, { root, config });
      if (!(engine instanceof LlmEngine)) throw new InputError(`cannot calibrate: ${engine.reason}`);
      const controller = new AbortController();
      const abort = () => controller.abort(new Error('interrupted'));
      process.once('SIGINT', abort);
      try {
        const runs: Calibration[][] = [];
        for (let run = 0; run < repeat; run++) {
          // Each run is its own sample: asked and cached apart, so a rerun of the command reproduces every run.
          engine.sample = run;
          const results: Calibration[] = [];
          for (const protocol of protocols) {
            results.push(
              await calibrate(
                engine,
                pairs,
                protocol,
                {
                  skolem: settings.skolemAware ?? LLM_DEFAULTS.skolemAware,
                  contextChars: settings.contextChars ?? LLM_DEFAULTS.contextChars,
                  alpha: settings.leanscorerAlpha ?? LLM_DEFAULTS.leanscorerAlpha,
                },
                controller.signal,
              ),
            );
          }
          runs.push(results);
        }
        const results = withRepeats(runs);
        process.stdout.write(opts.json ? `${JSON.stringify(results, null, 2)}\n` : results.map(formatCalibration).join('\n'));
      } finally {
        process.off('SIGINT', abort);
      }
    });
}
