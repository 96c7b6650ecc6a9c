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

/** Runs `leanaudit <args>` from the package root with colors off; fails fast when the build is missing. */
export function leanaudit(...args: string[]): CliResult {
  if (!existsSync(join(ROOT, 'dist', 'src', 'cli.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
