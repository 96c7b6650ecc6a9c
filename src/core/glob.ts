/**
 * Path patterns of the configuration's `ignore`, matched against paths relative to the repository
 * with `/` separators: `*` matches within one folder or file name, `**` across folders, `?` one
 * character; a pattern that matches a folder matches everything below it (`AesopTest` is
 * `AesopTest/**`).
 */
import { escapeRegExp } from './regexp.js';

/** The regular expression of a pattern. */
export function globToRegExp(pattern: string): RegExp {
  const trimmed = pattern.replace(/^\.\//, '').replace(/\/+$/, '');
  let body = '';
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i]!;
    if (c === '*' && trimmed[i + 1] === '*') {
      const slash = trimmed[i + 2] === '/';
      body += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') body += '[^/]*';
    else if (c === '?') body += '[^/]';
    else body += escapeRegExp(c);
  }
  return new RegExp(`^${body}(?:/.*)?$`);
}

/** A test for paths against several patterns: the first pattern a path matches, or undefined. */
export function matcher(patterns: readonly string[]): (path: string) => string | undefined {
  const compiled = patterns.map((pattern) => [pattern, globToRegExp(pattern)] as const);
  return (path) => compiled.find(([, regexp]) => regexp.test(path))?.[0];
}
