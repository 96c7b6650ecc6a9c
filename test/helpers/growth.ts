/**
 * How a step's time grows with its input: the least CPU time (this process's, so that other processes
 * on a shared machine count for little) of several runs at size n and at 8n, taken in turn. A linear or
 * n log n step gives about 8 to 12, more where the larger input outgrows the caches; a quadratic one 64.
 * Tests assert it loosely, the bench prints it.
 */
export function growthRatio<T>(make: (n: number) => T, work: (input: T) => unknown, n: number, rounds = 5): number {
  const small = make(n);
  const large = make(8 * n);
  const cpu = (input: T): number => {
    const start = process.cpuUsage();
    work(input);
    const used = process.cpuUsage(start);
    return used.user + used.system;
  };
  cpu(small);
  cpu(large);
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let r = 0; r < rounds; r++) {
    bestSmall = Math.min(bestSmall, cpu(small));
    bestLarge = Math.min(bestLarge, cpu(large));
  }
  return bestLarge / bestSmall;
}

/** Below this ratio between 8x and 1x a step is taken as n log n at worst: quadratic growth gives 64. */
export const LOOSELY_LINEAR = 32;
