/**
 * Path patterns of the configuration's `ignore` and `--ignore`, matched by picomatch against paths
 * relative to the repository with `/` separators: `*` within one folder or file name, `**` across
 * folders, `?` one character, `[…]` a class, `{a,b}` alternatives; dot files are matched like any
 * other; a pattern that matches a folder matches everything below it (`AesopTest` is
 * `AesopTest/**`). What an ignore list cannot mean is refused: `!` (a negated pattern would ignore
 * every other file), a leading `/`, `..` and `\`.
 */
import picomatch from 'picomatch';
import { InputError } from './errors.js';

/** Why `pattern` cannot be used as an ignore pattern, or undefined when it can. */
export function unsupported(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'an empty pattern';
  if (pattern.startsWith('!')) return 'negation (!) is not supported: list the paths to leave out';
  if (pattern.startsWith('/')) return 'patterns are relative to the repository: drop the leading /';
  if (pattern.includes('\\')) return 'use / to separate folders (\\ is not supported)';
  if (pattern.split('/').includes('..')) return '.. leads out of the repository';
  return undefined;
}

/** Throws an InputError naming the first pattern that cannot be used and why. */
export function checkPatterns(patterns: readonly string[]): void {
  for (const pattern of patterns) {
    const why = unsupported(pattern);
    if (why !== undefined) throw new InputError(`ignore pattern ${JSON.stringify(pattern)}: ${why}`);
  }
}

/** The test of one pattern: the path it names, or anything below it. */
export function patternTest(pattern: string): (path: string) => boolean {
  const trimmed = pattern.replace(/^\.\//, '').replace(/\/+$/, '');
  return picomatch([trimmed, `${trimmed}/**`], { dot: true });
}

/** A test for paths against several patterns: the first pattern a path matches, or undefined. */
export function matcher(patterns: readonly string[]): (path: string) => string | undefined {
  checkPatterns(patterns);
  const compiled = patterns.map((pattern) => [pattern, patternTest(pattern)] as const);
  return (path) => compiled.find(([, test]) => test(path))?.[0];
}
