/**
 * How a step's time grows with its input: the best of a few timings at size n and at 8n. A linear or
 * n log n step gives about 8 to 10; a quadratic one 64. Tests assert it loosely (the machine is shared),
 * the bench prints it.
 */
export function growthRatio<T>(make: (n: number) => T, work: (input: T) => unknown, n: number, rounds = 3): number {
  const time = (input: T): number => {
    let best = Infinity;
    for (let r = 0; r < rounds; r++) {
      const start = performance.now();
      work(input);
      best = Math.min(best, performance.now() - start);
    }
    return best;
  };
  const small = make(n);
  const large = make(8 * n);
  time(small);
  return time(large) / time(small);
}

/** Below this ratio between 8x and 1x a step is taken as n log n at worst: quadratic growth gives 64. */
export const LOOSELY_LINEAR = 24;
