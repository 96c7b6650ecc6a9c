/**
 * The known name nearest to a misspelt one (`failon` → `failOn`, `proof-gaps/native-decid` →
 * `proof-gaps/native-decide`), for error messages. Written here: a dozen lines of edit distance
 * are not worth a dependency.
 */

/** The Levenshtein distance between `a` and `b`, letter case ignored. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[t.length]!;
}

/** The name among `known` nearest to `name` (the first of equals), or undefined when there is none. */
export function nearest(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** `; did you mean "x"?` for an unknown `name`, or nothing when nothing is known. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const near = nearest(name, known);
  return near === undefined ? '' : `; did you mean "${near}"?`;
}
