/** `leanaudit extract <repo>`: informal entities paired with Lean declarations, as JSON Lines. */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { extractAndPair, type PairedExtraction } from '../../extractors/index.js';
import { SOURCE_KINDS, type SourceKind } from '../../extractors/types.js';
import { ignoring, repeatable } from '../core/config.js';
import { InputError } from '../core/errors.js';
import { loadProject } from '../lean/project.js';
import { logLine, logText } from '../reporters/escape.js';
import { CONFIG_HELP, type ConfigFlags, loadRunConfig, TRUST_HELP } from './config.js';
import { writeOutput } from './write-output.js';

export interface ExtractCommandOptions extends ConfigFlags {
  source?: SourceKind | 'auto';
  /** Path patterns of `.lean` files to leave out, after the configuration's `ignore`. */
  ignore?: string[];
  signal?: AbortSignal;
}

/** Extracts and pairs the entities of `repo`; throws InputError on a missing repository or bad config. */
export async function runExtract(repo: string, options: ExtractCommandOptions = {}): Promise<PairedExtraction> {
  const root = resolve(repo);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new InputError(`no such repository: ${repo}`);
  const config = ignoring(loadRunConfig(root, options), options.ignore);
  const signal = options.signal ?? new AbortController().signal;
  let loaded: ReturnType<typeof loadProject> | undefined;
  const project = () => (loaded ??= loadProject(root, { signal, ...(config.ignore ? { ignore: config.ignore } : {}) }));
  return extractAndPair({ root, config, project }, options.source);
}

/** The one-paragraph summary printed to stderr after extraction. */
export function extractSummary(x: PairedExtraction): string {
  const c = x.coverage;
  const rate = c.withLeanNames === 0 ? 'n/a' : `${((100 * c.found) / c.withLeanNames).toFixed(1)}%`;
  const lines = [
    `extract: source ${x.source}, ${x.files.length} file(s), ${c.entities} entities`,
    `  with Lean names ${c.withLeanNames}, all names found ${c.found} (${rate}), proof-complete ${c.proofComplete}`,
    `  Lean names ${c.leanNames}, found ${c.leanNamesFound}, declared in dependencies ${c.leanNamesInDependencies}; problems ${x.problems.length}`,
  ];
  for (const c of x.candidates ?? []) {
    const what = `${c.source} (${c.files.length} file(s), ${c.entities} entities, ${c.pairedDecls} declarations paired)`;
    lines.push(c.outcome === 'chosen' ? `  source chosen: ${what}` : `  ${c.outcome}: ${what}: ${c.reason ?? ''}`);
  }
  if (x.projectError) lines.push(`  Lean project not read: ${x.projectError}`);
  return `${lines.join('\n')}\n`;
}

/** Adds the `extract` subcommand. */
export function registerExtractCommand(program: Command): void {
  program
    .command('extract')
    .description('pair the informal entities of a repository with its Lean declarations; writes JSON Lines')
    .argument('<repo>', 'the Lean repository')
    .addOption(new Option('--source <format>', 'informal source format').choices(['auto', ...SOURCE_KINDS]).default('auto'))
    .option('-o, --output <file>', 'write the JSON Lines here instead of stdout')
    .option('--config <file>', CONFIG_HELP)
    .option('--trust-repo-config', TRUST_HELP)
    .option(
      '--ignore <pattern>',
      "leave out the .lean files this path pattern matches, after the configuration's ignore (repeatable)",
      repeatable,
    )
    .option('-q, --quiet', 'no summary or problems on stderr')
    .action(
      async (
        repo: string,
        opts: {
          source: SourceKind | 'auto';
          output?: string;
          config?: string;
          trustRepoConfig?: boolean;
          ignore?: string[];
          quiet?: boolean;
        },
      ) => {
        const result = await runExtract(repo, {
          source: opts.source,
          ...(opts.config ? { config: opts.config } : {}),
          ...(opts.trustRepoConfig ? { trustRepoConfig: true } : {}),
          ...(opts.ignore ? { ignore: opts.ignore } : {}),
        });
        await writeOutput(
          (function* () {
            for (const entity of result.entities) yield `${JSON.stringify(entity)}\n`;
          })(),
          opts.output,
        );
        if (opts.quiet) return;
        for (const p of result.problems) process.stderr.write(`${logLine(`${p.location.file}:${p.location.line}: ${p.message}`)}\n`);
        process.stderr.write(logText(extractSummary(result)));
      },
    );
}
