/**
 * `leanaudit history <path> [<git range>]`: the project's measures at each commit of a range, read
 * from git objects (nothing is checked out), as JSON, CSV, a Markdown base → head table or an HTML
 * page of trend charts; a progress bar on a terminal.
 */
import { existsSync, statSync } from 'node:fs';
import { type Command, Option } from 'commander';
import { InputError } from '../core/errors.js';
import { walkHistory } from '../history/walk.js';
import type { History } from '../model/history.js';
import { historyCsv, historyHtml, historyMarkdown } from '../reporters/history.js';
import { writeOutput } from './write-output.js';

const FORMATS = ['json', 'csv', 'markdown', 'html'] as const;

interface HistoryOptions {
  every?: string;
  since?: string;
  maxCount?: string;
  format: (typeof FORMATS)[number];
  output?: string;
  restingOn: boolean;
  progress?: boolean;
}

/** The progress bar drawn on standard error when it is a terminal. */
function progressBar(enabled: boolean): { update(done: number, total: number): void; done(): void } {
  if (!enabled) return { update: () => undefined, done: () => undefined };
  const width = 30;
  return {
    update(done, total) {
      const filled = Math.round((width * done) / Math.max(1, total));
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} commits`);
    },
    done: () => process.stderr.write('\r\x1b[K'),
  };
}

/** A whole number ≥ 1 given as an option, or an input error. */
function count(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InputError(`${option} takes a whole number ≥ 1, not ${value}`);
  return n;
}

/** The pieces of the history in a format. */
function render(history: History, format: HistoryOptions['format']): Iterable<string> {
  if (format === 'csv') return historyCsv(history);
  if (format === 'markdown') return historyMarkdown(history);
  if (format === 'html') return historyHtml(history);
  return [`${JSON.stringify(history, null, 2)}\n`];
}

/** Adds the `history` subcommand. */
export function registerHistoryCommand(program: Command): void {
  program
    .command('history')
    .description("the project's proof gaps, axioms and declarations at each commit of a git range, read from git objects (no checkout)")
    .argument('<path>', 'the git repository (a work tree or a bare repository)')
    .argument('[range]', "git log's revision range, e.g. HEAD~200..HEAD (default: HEAD, all its first-parent history)")
    .option('--every <n>', 'keep every n-th commit of the range (the first and the last always)')
    .option('--since <date>', 'only commits after this date (as git log --since reads it)')
    .option('--max-count <n>', 'only the newest n commits of the range')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('json'))
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .option('--no-resting-on', 'leave out the transitive counts (declarations resting on a sorry or an axiom, theorems fully proved)')
    .option('--progress', 'draw the progress bar even when standard error is not a terminal')
    .action(async (path: string, range: string | undefined, opts: HistoryOptions) => {
      if (!existsSync(path) || !statSync(path).isDirectory()) throw new InputError(`not a folder: ${path}`);
      const bar = progressBar(opts.progress ?? process.stderr.isTTY === true);
      let records: History['records'];
      try {
        const every = count(opts.every, '--every');
        const maxCount = count(opts.maxCount, '--max-count');
        records = await walkHistory(path, {
          ...(range ? { range } : {}),
          ...(opts.since ? { since: opts.since } : {}),
          ...(maxCount ? { maxCount } : {}),
          ...(every ? { every } : {}),
          restingOn: opts.restingOn,
          onProgress: bar.update,
        });
      } catch (e) {
        if (e instanceof InputError) throw e;
        throw new InputError(`cannot read the history of ${path}: ${(e as Error).message.split('\n')[0]}`);
      } finally {
        bar.done();
      }
      await writeOutput(render({ schemaVersion: 1, range: range ?? 'HEAD', records }, opts.format), opts.output);
    });
}
