/** Searching sorted number lists. */

/** The index of the first entry of the ascending `list` that is >= `value` (`list.length` if none). */
export function firstAtOrAfter(list: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
