/** `leanaudit scan <repo>`: the declaration model of a Lean project as JSON Lines, one declaration per line. */

import { once } from 'node:events';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { ignoring, repeatable } from '../core/config.js';
import { InputError } from '../core/errors.js';
import { loadProject } from '../lean/project.js';
import type { LeanDecl, LeanFile } from '../model/lean.js';
import { CONFIG_HELP, loadRunConfig, TRUST_HELP } from './config.js';

interface ScanOptions {
  output?: string;
  body: boolean;
  config?: string;
  trustRepoConfig?: boolean;
  ignore?: string[];
}

/** One JSON Lines record: a declaration with the file and module it belongs to. */
export function scanRecord(file: LeanFile, decl: LeanDecl, withBody = true): Record<string, unknown> {
  const { body, bodyRange, ...rest } = decl;
  return {
    module: file.module,
    ...(file.library !== undefined ? { library: file.library } : {}),
    ...rest,
    ...(withBody && body !== undefined ? { body } : {}),
    ...(bodyRange ? { bodyRange } : {}),
  };
}

/** Writes one line, waiting for the stream to drain; rejects with the stream's error (EPIPE). */
async function writeLine(out: Writable, line: string): Promise<void> {
  if (out.errored) throw out.errored;
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}

/** Adds the `scan` subcommand. */
export function registerScanCommand(program: Command): void {
  program
    .command('scan')
    .description('dump the declaration model of a Lean project as JSON Lines (one declaration per line)')
    .argument('<repo>', 'path of the Lean project')
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .option('--no-body', 'leave proofs and values out (headers only)')
    .option('--config <file>', `${CONFIG_HELP}, for its ignore`)
    .option('--trust-repo-config', TRUST_HELP)
    .option(
      '--ignore <pattern>',
      "leave out the .lean files this path pattern matches, after the configuration's ignore (repeatable)",
      repeatable,
    )
    .action(async (repo: string, opts: ScanOptions) => {
      if (!existsSync(repo) || !statSync(repo).isDirectory()) throw new InputError(`not a folder: ${repo}`);
      const loaded = loadRunConfig(repo, opts);
      const config = ignoring(loaded, opts.ignore);
      const project = await loadProject(repo, config.ignore ? { ignore: config.ignore } : {});
      const out: Writable = opts.output ? createWriteStream(opts.output) : process.stdout;
      out.on('error', () => undefined);
      let count = 0;
      try {
        for (const file of project.files) {
          for (const decl of file.decls) {
            await writeLine(out, JSON.stringify(scanRecord(file, decl, opts.body)));
            count++;
          }
        }
      } catch (e) {
        // The reader went away (`scan … | head`): stop writing, as Unix tools do.
        if ((e as NodeJS.ErrnoException).code !== 'EPIPE') throw e;
        return;
      }
      if (opts.output) {
        out.end();
        await once(out, 'finish');
      }
      const problems = [...project.files.flatMap((f) => f.problems), ...(project.problems ?? [])];
      for (const p of problems) {
        process.stderr.write(`${p.location.file}:${p.location.line}:${p.location.column ?? 0}: ${p.messageId}: ${p.message}\n`);
      }
      for (const s of project.skipped) process.stderr.write(`skipped ${s.path}: ${s.reason}\n`);
      process.stderr.write(`${project.name}: ${project.files.length} files, ${count} declarations, ${problems.length} source problems\n`);
    });
}
