/** Locates `<repo>/../shared/fixtures/…`, looked up in the repository's ancestors (worktrees sit deeper). */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Real absolute path of `shared/fixtures/<segments>` beside the repository (or one of its ancestors), links resolved. */
export function sharedFixture(...segments: string[]): string {
  for (let dir = repoRoot; ; dir = dirname(dir)) {
    const candidate = join(dir, '..', 'shared', 'fixtures', ...segments);
    if (existsSync(candidate)) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`shared/fixtures/${segments.join('/')} not found beside the repository`);
  }
}
