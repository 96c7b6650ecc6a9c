/**
 * `leanaudit scan <repo>`: the declaration model of a Lean project as JSON Lines, one declaration per
 * line, after the scope records (each `open` or `variable` command) it refers to.
 */

import { once } from 'node:events';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { ignoring, repeatable } from '../core/config.js';
import { InputError } from '../core/errors.js';
import { loadProject } from '../lean/project.js';
import type { LeanDecl, LeanFile, ScopeLink } from '../model/lean.js';
import { logLine, logText } from '../reporters/escape.js';
import { CONFIG_HELP, loadRunConfig, TRUST_HELP } from './config.js';

interface ScanOptions {
  output?: string;
  body: boolean;
  config?: string;
  trustRepoConfig?: boolean;
  ignore?: string[];
}

/**
 * The scope records of a scan: each link of a chain of `open`s or `variable`s gets a number and a
 * record (`{"scope": n, "parent": m, "opens": […]}`) the first time a declaration refers to it, so the
 * output holds each `open` and `variable` once, where a list per declaration made n such commands
 * give n² lines' worth of output.
 */
export class ScopeRecords {
  private readonly numbers = new WeakMap<ScopeLink, number>();
  private count = 0;

  /** The number of `last`'s record; the records of the links of its chain not given yet are added to `out`, first to last. */
  refer(last: ScopeLink | undefined, kind: 'opens' | 'variables', out: Record<string, unknown>[]): number | undefined {
    if (last === undefined) return undefined;
    const fresh: ScopeLink[] = [];
    let link: ScopeLink | undefined = last;
    for (; link !== undefined && !this.numbers.has(link); link = link.parent) fresh.push(link);
    let parent = link === undefined ? undefined : this.numbers.get(link);
    for (let k = fresh.length - 1; k >= 0; k--) {
      const number = ++this.count;
      this.numbers.set(fresh[k]!, number);
      out.push({ scope: number, ...(parent !== undefined ? { parent } : {}), [kind]: fresh[k]!.items });
      parent = number;
    }
    return this.numbers.get(last);
  }
}

/** The JSON Lines records of a declaration: the scope records it is the first to refer to, then its own, with the file and module it belongs to. */
export function scanRecords(file: LeanFile, decl: LeanDecl, scopes: ScopeRecords, withBody = true): Record<string, unknown>[] {
  const { body, bodyRange, opens, variables, ...rest } = decl;
  const records: Record<string, unknown>[] = [];
  const opensNumber = scopes.refer(opens, 'opens', records);
  const variablesNumber = scopes.refer(variables, 'variables', records);
  records.push({
    module: file.module,
    ...(file.library !== undefined ? { library: file.library } : {}),
    ...rest,
    ...(opensNumber !== undefined ? { opens: opensNumber } : {}),
    ...(variablesNumber !== undefined ? { variables: variablesNumber } : {}),
    ...(withBody && body !== undefined ? { body } : {}),
    ...(bodyRange ? { bodyRange } : {}),
  });
  return records;
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
    .description(
      'dump the declaration model of a Lean project as JSON Lines (one line per declaration, and per `open` or `variable` command)',
    )
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
      const scopes = new ScopeRecords();
      try {
        for (const file of project.files) {
          for (const decl of file.decls) {
            for (const record of scanRecords(file, decl, scopes, opts.body)) await writeLine(out, JSON.stringify(record));
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
        process.stderr.write(
          `${logLine(`${p.location.file}:${p.location.line}:${p.location.column ?? 0}: ${p.messageId}: ${p.message}`)}\n`,
        );
      }
      for (const s of project.skipped) process.stderr.write(`${logLine(`skipped ${s.path}: ${s.reason}`)}\n`);
      process.stderr.write(
        logText(`${project.name}: ${project.files.length} files, ${count} declarations, ${problems.length} source problems\n`),
      );
    });
}
