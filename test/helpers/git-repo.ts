/** A throwaway git repository built commit by commit, for the tests that read history from git objects. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
};

export class GitRepo {
  readonly dir = mkdtempSync(join(tmpdir(), 'leanaudit-git-'));
  private count = 0;

  constructor() {
    this.git('init', '-q', '-b', 'main');
  }

  git(...args: string[]): string {
    return execFileSync('git', ['-C', this.dir, ...args], { encoding: 'utf8', env: ENV });
  }

  /** Writes these files (undefined: deletes), commits them with `subject`, returns the commit's hash. */
  commit(subject: string, files: Record<string, string | undefined>): string {
    for (const [path, text] of Object.entries(files)) {
      if (text === undefined) rmSync(join(this.dir, path));
      else {
        mkdirSync(dirname(join(this.dir, path)), { recursive: true });
        writeFileSync(join(this.dir, path), text);
      }
    }
    this.git('add', '-A');
    // Commits a second apart, so that dates order them.
    const date = `${1_700_000_000 + ++this.count} +0000`;
    execFileSync('git', ['-C', this.dir, 'commit', '-q', '--no-verify', '-m', subject], {
      env: { ...ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    });
    return this.git('rev-parse', 'HEAD').trim();
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
