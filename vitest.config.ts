import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = dirname(fileURLToPath(import.meta.url));

/** True when `shared/fixtures` (real REPL transcripts, the pfr blueprint) sits beside this repository. */
function sharedFixturesPresent(): boolean {
  for (let dir = root; dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, '..', 'shared', 'fixtures'))) return true;
  }
  return false;
}

/** Test files that read the shared fixtures, found by the helpers they import. */
function testsNeedingSharedFixtures(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts') && /helpers\/(shared-fixtures|lean-repl-fixtures)\.js/.test(readFileSync(path, 'utf8'))) {
        found.push(resolve(path).slice(root.length + 1));
      }
    }
  };
  walk(join(root, 'test'));
  return found;
}

// A fresh clone without ../shared runs everything else and says what it left out; CI, which has
// shared/ beside the clone, never leaves anything out.
const excluded = sharedFixturesPresent() || process.env.CI ? [] : testsNeedingSharedFixtures();
if (excluded.length > 0) {
  process.stderr.write(
    `leanaudit tests: ../shared/fixtures not found beside the repository; leaving out ${excluded.length} test files that replay its real Lean REPL transcripts and blueprint: ${excluded.join(', ')}\n`,
  );
}

/**
 * Tests that load the machine (a browser, the SARIF multitool, a 2,500-file project): they run after
 * the others, so the tests that time growth ratios do not share the CPU with them.
 */
const heavy = ['test/e2e/html-browser.test.ts', 'test/e2e/sarif-validation.test.ts', 'test/e2e/interrupt.test.ts'];

const shared = {
  exclude: ['**/node_modules/**', ...excluded],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The developer's own ~/.config/leanaudit/config.json must not reach the tests (the CLI tests' children inherit this too).
  // Nor its answer cache: the tests' answers go to a folder of their own.
  env: {
    XDG_CONFIG_HOME: join(root, 'test', 'fixtures', 'no-user-config'),
    XDG_CACHE_HOME: join(tmpdir(), `leanaudit-test-cache-${process.pid}`),
  },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'main',
          include: ['test/**/*.test.ts'],
          exclude: [...shared.exclude, ...heavy],
          sequence: { groupOrder: 0 },
        },
      },
      { test: { ...shared, name: 'heavy', include: heavy, sequence: { groupOrder: 1 } } },
    ],
  },
});
