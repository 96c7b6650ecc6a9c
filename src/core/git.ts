/** What git knows of the audited folder: the repository root, the commit checked out, the web address of its origin. */
import { execFileSync } from 'node:child_process';
import { relative, sep } from 'node:path';
import type { RepositoryMeta } from './types.js';

/**
 * Runs a read-only git command in `cwd`, or undefined when git is absent or refuses. The audited
 * repository is untrusted: its own configuration may not start a filesystem monitor.
 */
function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', ['-c', 'core.fsmonitor=false', ...args], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
    }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The web address of a git remote (`git@github.com:o/r.git`, `https://user:token@host/o/r.git`
 * → `https://github.com/o/r`), credentials removed; undefined for a local path or an unknown form.
 */
export function webUrl(remote: string): string | undefined {
  const scp = /^(?:[\w.-]+@)?([\w.-]+):(?!\/\/)([\w./~-]+?)(?:\.git)?\/?$/.exec(remote);
  if (scp && !remote.includes('://')) return `https://${scp[1]}/${scp[2]}`;
  let url: URL;
  try {
    url = new URL(remote);
  } catch {
    return undefined;
  }
  if (!['https:', 'http:', 'ssh:', 'git:'].includes(url.protocol) || url.hostname === '') return undefined;
  const path = url.pathname.replace(/\.git\/?$/, '').replace(/\/$/, '');
  return `https://${url.hostname}${path}`;
}

/** The git repository holding `root`, or undefined when it is not in one (or git is not installed). */
export function repositoryOf(root: string): RepositoryMeta | undefined {
  const top = git(root, ['rev-parse', '--show-toplevel']);
  if (top === undefined || top === '') return undefined;
  const commit = git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  const remote = git(root, ['config', '--get', 'remote.origin.url']);
  const url = remote ? webUrl(remote) : undefined;
  return {
    root: top,
    path: relative(top, root).split(sep).join('/'),
    ...(commit && /^[0-9a-f]{40,64}$/.test(commit) ? { commit } : {}),
    ...(url ? { url } : {}),
  };
}
