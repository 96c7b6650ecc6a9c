/**
 * `leanaudit probe <repo> [theorem...]`: checks the Lean REPL setup of a project (how the REPL is
 * started, or why it cannot be and the command that enables it; the Lean version it answers with),
 * and with theorem names runs the mathlib-overlap probe on just those theorems.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { loadProject } from '../lean/project.js';
import { isWrittenAs } from '../lean/resolve/name-lookup.js';
import { ReplClient } from '../repl/client.js';
import { type ReplSettings, replSettings } from '../repl/config.js';
import { projectConstantTest } from '../repl/exact-probe.js';
import { resolveLaunch } from '../repl/launch.js';
import { isProbeable, overlapJobs, type Probed } from '../repl/overlap-jobs.js';
import type { ReplCommandSpec } from '../repl/process.js';
import { isCommandResponse } from '../repl/protocol.js';
import { runOnPool } from '../repl/run-pool.js';
import { CONFIG_HELP, type ConfigFlags, LEAN_HELP, loadRunConfig, TRUST_HELP } from './config.js';

interface ProbeOptions extends ConfigFlags {
  replCmd?: string;
  json?: boolean;
}

const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** Starts one REPL and asks for Lean's version: proves the start command works. */
async function smokeTest(spec: ReplCommandSpec, settings: ReplSettings): Promise<string> {
  const client = new ReplClient(spec, { limits: { maxOutputChars: 1 << 20, memoryPollMs: 1000 }, timeoutMs: settings.importTimeoutMs });
  try {
    const outcome = await client.send({ cmd: '#eval Lean.versionString' });
    if (!outcome.ok) return `the REPL did not answer: ${outcome.failure.cause}: ${outcome.failure.detail}`;
    if (!isCommandResponse(outcome.response)) return `the REPL answered ${JSON.stringify(outcome.response)}`;
    const version = outcome.response.messages?.find((m) => m.severity === 'info')?.data ?? '(no output)';
    return `the REPL answers: Lean ${version.replace(/^"|"$/g, '')} (${Math.round(outcome.ms)} ms)`;
  } finally {
    client.close();
  }
}

function describe(probed: Probed): Record<string, unknown> {
  const { decl, result } = probed;
  return { name: decl.fullName, file: decl.location?.file, line: decl.location?.line, ...result };
}

/** Adds the `probe` subcommand. */
export function registerProbeCommand(program: Command): void {
  program
    .command('probe')
    .description('check the Lean REPL setup of a project; with theorem names, run the exact? probe on them')
    .argument('<repo>', 'path of the Lean project')
    .argument('[theorems...]', 'theorems to probe (full or trailing names)')
    .option('--repl-cmd <cmd>', 'the whole command that starts the REPL (else $LEANAUDIT_REPL_CMD, repl.command, repl.path)')
    .option('--config <file>', CONFIG_HELP)
    .option('--trust-repo-config', TRUST_HELP)
    .option('--lean', LEAN_HELP)
    .option('--json', 'print the probe results as JSON')
    .action(async (repo: string, theorems: string[], opts: ProbeOptions) => {
      const root = resolve(repo);
      if (!existsSync(root) || !statSync(root).isDirectory()) throw new InputError(`no such repository: ${repo}`);
      const settings = replSettings(loadRunConfig(root, opts), opts.replCmd);
      const launch = resolveLaunch(root, settings);
      if (!launch.ok) {
        print(`Lean REPL unavailable: ${launch.reason}`);
        print(`to enable: ${launch.enable}`);
        process.exitCode = 1;
        return;
      }
      print(`REPL: ${launch.describe}`);
      if (theorems.length === 0) {
        print(await smokeTest(launch.spec, settings));
        return;
      }
      const project = await loadProject(root);
      const missing = theorems.filter((name) => ![...project.decls.values()].some((d) => isProbeable(d) && isWrittenAs(d.fullName, name)));
      if (missing.length) throw new InputError(`no theorem named ${missing.join(', ')} in ${repo}`);
      const options = {
        maxHeartbeats: settings.maxHeartbeats,
        timeoutMs: settings.timeoutMs,
        isProjectConstant: projectConstantTest(project),
      };
      const jobs = overlapJobs(project, options, (d) => theorems.some((name) => isWrittenAs(d.fullName, name)));
      const results = await runOnPool(
        { signal: new AbortController().signal, metric: () => undefined },
        { settings, spec: launch.spec },
        jobs,
      );
      const probed = results.flatMap((r) => (r.ok ? r.value.map(describe) : [{ file: r.id, error: r.error }]));
      if (opts.json) return print(JSON.stringify(probed, null, 2));
      for (const p of probed) {
        if ('error' in p) print(`${String(p.file)}: ${String(p.error)}`);
        else
          print(
            `${String(p.name)}: ${String(p.class)}${p.tactic ? `  \`${String(p.tactic)}\`` : ''}${p.cause ? `  (${String(p.cause)}: ${String(p.detail)})` : ''}  ${String(p.ms)} ms`,
          );
      }
    });
}
