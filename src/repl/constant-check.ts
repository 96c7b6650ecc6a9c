/**
 * Library constants through the Lean REPL, for the names the dependency sources do not give (no
 * `.lake/packages` checked out): `#check @name` for each, in one command, in the environment of the
 * modules the project imports from its dependencies.
 */
import type { GroundedConstant } from '../core/types.js';
import type { LeanProject } from '../model/lean.js';
import { replSettings } from './config.js';
import { resolveLaunch } from './launch.js';
import { isCommandResponse } from './protocol.js';
import { renderQuery } from './queries.js';
import { runOnPool } from './run-pool.js';

export interface ConstantEnv {
  root: string;
  config: Record<string, unknown>;
  signal: AbortSignal;
  project(): Promise<LeanProject>;
}

/** `import` lines of the project's modules that name modules of other packages. */
function dependencyImports(project: LeanProject): string {
  const own = new Set(project.files.map((f) => f.module));
  const imports = new Set(project.files.flatMap((f) => f.imports).filter((m) => !own.has(m)));
  return [...imports]
    .sort()
    .map((m) => `import ${m}`)
    .join('\n');
}

/** The signatures `#check` prints for `names`, by name; empty when no REPL can run. */
export async function checkConstants(env: ConstantEnv, names: string[]): Promise<Map<string, GroundedConstant>> {
  const out = new Map<string, GroundedConstant>();
  const settings = replSettings(env.config);
  const launch = resolveLaunch(env.root, settings);
  if (!launch.ok || names.length === 0) return out;
  const project = await env.project().catch(() => undefined);
  if (!project) return out;
  const header = dependencyImports(project);
  const [result] = await runOnPool({ signal: env.signal, metric: () => undefined }, { settings, spec: launch.spec }, [
    {
      id: 'constants',
      header,
      weight: names.length,
      async run(session) {
        const base = await session.base();
        if (!base.ok) return [];
        const cmd = names.map((name) => renderQuery('check-constant', { name })).join('\n');
        const outcome = await session.send({ cmd, env: base.env });
        return outcome.ok && isCommandResponse(outcome.response) ? (outcome.response.messages ?? []) : [];
      },
    },
  ]);
  if (!result?.ok) return out;
  for (const message of result.value) {
    const name = names[message.pos.line - 1];
    if (name === undefined || message.severity !== 'info') continue;
    const colon = message.data.indexOf(' : ');
    if (colon < 0) continue;
    out.set(name, { name, signature: message.data.slice(colon + 1).trim(), source: 'Lean REPL (#check)' });
  }
  return out;
}
