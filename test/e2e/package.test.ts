import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';

const ROOT = packageRoot();

/** The files `npm pack` would put in the tarball (scripts off: the build is npm test's). */
function packedFiles(): string[] {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
  const [pack] = JSON.parse(run.stdout) as { files: { path: string }[] }[];
  return pack!.files.map((f) => f.path);
}

/** Relative module specifiers a compiled file imports (static and dynamic). */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
}

describe('npm pack', () => {
  const files = packedFiles();

  it('ships the license, the CLI, its compiled code and the data it reads', () => {
    for (const needed of ['LICENSE', 'package.json', 'bin/leanaudit.js', 'dist/src/cli.js', 'schemas/report.schema.json'])
      expect(files).toContain(needed);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    expect(files.some((f) => f.startsWith('rubrics/'))).toBe(true);
  });

  it('ships no test or bench code and no source map', () => {
    expect(files.filter((f) => /(^|\/)(test|bench)\//.test(f) || f.endsWith('.map') || f.endsWith('.ts'))).toEqual([]);
  });

  it('leaves no import dangling: every relative import of a shipped module is shipped', () => {
    const shipped = new Set(files);
    const dangling = files
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => relativeImports(f).map((spec) => [f, normalize(join(dirname(f), spec))] as const))
      .filter(([, target]) => !shipped.has(target));
    expect(dangling).toEqual([]);
  });
});
