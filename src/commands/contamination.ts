/** `leanaudit contamination --bench … --corpus …`: scans corpora for benchmark items, prints the unified report. */

import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { meta } from '../auditors/contamination.js';
import type { BenchSpec, ChannelId, ContaminationConfig } from '../contamination/config.js';
import { resolveSettings } from '../contamination/config.js';
import { itemResultsJsonl, reportOutcome } from '../contamination/findings.js';
import { defaultThreads } from '../contamination/pool.js';
import { runScan } from '../contamination/run.js';
import { colorFor } from '../core/color.js';
import { InputError } from '../core/errors.js';
import { buildReport } from '../core/report.js';
import { runAuditor } from '../core/runner.js';
import type { Severity } from '../model/location.js';
import { SEVERITIES } from '../model/location.js';
import type { Format } from '../reporters/index.js';
import { FORMATS, REPORTERS } from '../reporters/index.js';
import { exitCodeOf } from './audit.js';
import { CONFIG_HELP, loadRunConfig, TRUST_HELP } from './config.js';
import { writeOutput } from './write-output.js';

interface Options {
  bench: string[];
  corpus: string[];
  preset?: string;
  idField?: string;
  informalField?: string;
  formalField?: string;
  corpusField?: string[];
  window?: number;
  suspicious?: number;
  dirty?: number;
  channels?: string;
  threads?: number;
  config?: string;
  trustRepoConfig?: boolean;
  format: string;
  output?: string;
  jsonl?: string;
  failOn: string;
}

const int = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a non-negative integer');
  return n;
};
const num = (v: string): number => {
  const n = Number(v);
  if (!Number.isFinite(n)) throw new InvalidArgumentError('expected a number');
  return n;
};

/** The `contamination` section: the config file's, overridden by the flags. */
function sectionFrom(opts: Options): ContaminationConfig {
  const file = loadRunConfig(process.cwd(), opts).contamination as ContaminationConfig | undefined;
  const base = file ?? {};
  return {
    ...base,
    ...(opts.window !== undefined ? { window: opts.window } : {}),
    thresholds: {
      ...base.thresholds,
      ...(opts.suspicious !== undefined ? { suspicious: opts.suspicious } : {}),
      ...(opts.dirty !== undefined ? { dirty: opts.dirty } : {}),
    },
    ...(opts.channels !== undefined ? { channels: opts.channels.split(',').map((c) => c.trim()) as ChannelId[] } : {}),
    ...(opts.threads !== undefined ? { threads: opts.threads } : {}),
    ...(opts.corpusField ? { corpusFields: opts.corpusField } : {}),
  };
}

/** Adds the `contamination` subcommand. */
export function registerContaminationCommand(program: Command): void {
  program
    .command('contamination')
    .description('scan corpora for benchmark items: exact windows, word n-grams, Lean-aware tokens, theorem names')
    .requiredOption('--bench <path...>', 'benchmark: JSONL/JSON file (gzip ok) or folder of .lean files')
    .requiredOption('--corpus <path...>', 'corpus: folders of Lean/text/Markdown/LaTeX files, JSONL/JSON datasets')
    .option('--preset <name>', 'field layout of the benchmark records (default: detected)')
    .option('--id-field <field>', 'record field holding the item id')
    .option('--informal-field <field>', 'record field holding the informal statement')
    .option('--formal-field <field>', 'record field holding the formal statement')
    .option('--corpus-field <field...>', 'record fields of JSON corpora to scan (default: every string field)')
    .option('--window <n>', 'exact window length in characters (default 50)', int)
    .option('--suspicious <x>', 'score from which an item is suspicious (default 0.2)', num)
    .option('--dirty <x>', 'score from which an item is dirty (default 0.8)', num)
    .option('--channels <list>', 'comma-separated channels: exact,ngram,lean,name (default all)')
    .option('--threads <n>', 'worker threads, 0 for none (default: cores, at most 2)', int)
    .option('--config <file>', `${CONFIG_HELP}; its contamination section gives the defaults`)
    .option('--trust-repo-config', TRUST_HELP)
    .option('--format <format>', `report format: ${FORMATS.join(', ')}`, 'terminal')
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--jsonl <file>', 'also write one JSON line per item result')
    .option('--fail-on <severity>', 'exit 1 when a finding is at least this severe', 'error')
    .action(async (opts: Options) => {
      if (!FORMATS.includes(opts.format as Format)) throw new InputError(`unknown format ${opts.format} (known: ${FORMATS.join(', ')})`);
      if (!(SEVERITIES as readonly string[]).includes(opts.failOn))
        throw new InputError(`--fail-on must be one of ${SEVERITIES.join(', ')}`);
      const section = sectionFrom(opts);
      const settings = resolveSettings(section);
      const fields = {
        ...(opts.idField ? { id: opts.idField } : {}),
        ...(opts.informalField ? { informal: opts.informalField } : {}),
        ...(opts.formalField ? { formal: opts.formalField } : {}),
      };
      const bench: BenchSpec[] = opts.bench.map((path) => ({
        path,
        ...(opts.preset ? { preset: opts.preset } : {}),
        ...(Object.keys(fields).length ? { fields } : {}),
      }));
      const outcome = await runScan({
        bench,
        corpus: opts.corpus,
        ...(section.corpusFields ? { corpusFields: section.corpusFields } : {}),
        settings,
        threads: section.threads ?? defaultThreads(),
      });
      const controller = new AbortController();
      const runRecord = await runAuditor(
        { meta, run: async (ctx) => reportOutcome(outcome, ctx) },
        {
          root: process.cwd(),
          config: { contamination: section },
          signal: controller.signal,
          project: () => Promise.reject(new InputError('the contamination command reads no Lean project')),
          entities: () => Promise.resolve([]),
        },
      );
      const report = buildReport(
        { root: process.cwd(), name: `contamination: ${outcome.benchmarks.map((b) => b.benchmark).join(', ') || 'no items'}` },
        [runRecord],
        opts.failOn as Severity,
      );
      const pieces = REPORTERS[opts.format as Format](report, {
        color: opts.format === 'terminal' && opts.output === undefined && colorFor(process.stdout),
      });
      await writeOutput(pieces, opts.output);
      if (opts.jsonl) await writeOutput(itemResultsJsonl(outcome), opts.jsonl);
      process.exitCode = exitCodeOf(report, false);
    });
}
