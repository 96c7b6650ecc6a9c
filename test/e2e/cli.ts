/** Runs the built CLI (`node bin/leanaudit.js`, after `npm run build`) as a user would. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/core/paths.js';

const ROOT = packageRoot();
const BIN = join(ROOT, 'bin', 'leanaudit.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `leanaudit <args>` from the package root with colors off and no GitHub job summary; fails fast when the build is missing. */
export function leanaudit(...args: string[]): CliResult {
  return leanauditWith({}, ...args);
}

/** As `leanaudit`, with these variables added to (or, when undefined, taken out of) the environment. */
export function leanauditWith(vars: Record<string, string | undefined>, ...args: string[]): CliResult {
  if (!existsSync(join(ROOT, 'dist', 'src', 'cli.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  delete env.GITHUB_STEP_SUMMARY;
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
