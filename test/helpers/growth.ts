/** CPU time (user and system) spent since `start`, in milliseconds: unlike wall time, it does not count the time other processes of a shared machine hold the cores. */
const cpuMs = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/**
 * How a step's time grows with its input: the best of a few timings (of CPU time) at size n and at 8n.
 * A linear or n log n step gives about 8 to 10; a quadratic one 64. Tests assert it loosely (the
 * machine is shared), the bench prints it.
 */
export function growthRatio<T>(make: (n: number) => T, work: (input: T) => unknown, n: number, rounds = 5): number {
  const small = make(n);
  const large = make(8 * n);
  const time = (input: T): number => {
    const start = process.cpuUsage();
    work(input);
    return cpuMs(start);
  };
  // One untimed run of each, then the two sizes in turn: a pause of the shared machine or of the collector then costs one
  // round of one size, not all of them, and both sizes run on code V8 compiled for both.
  time(small);
  time(large);
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let r = 0; r < rounds; r++) {
    bestSmall = Math.min(bestSmall, time(small));
    bestLarge = Math.min(bestLarge, time(large));
  }
  return bestLarge / bestSmall;
}

/** growthRatio for a step that is asynchronous (reads files, yields to the event loop). */
export async function asyncGrowthRatio<T>(
  make: (n: number) => T,
  work: (input: T) => Promise<unknown>,
  n: number,
  rounds = 3,
): Promise<number> {
  const small = make(n);
  const large = make(8 * n);
  const time = async (input: T): Promise<number> => {
    const start = process.cpuUsage();
    await work(input);
    return cpuMs(start);
  };
  await time(small);
  await time(large);
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let r = 0; r < rounds; r++) {
    bestSmall = Math.min(bestSmall, await time(small));
    bestLarge = Math.min(bestLarge, await time(large));
  }
  return bestLarge / bestSmall;
}

/** Below this ratio between 8x and 1x a step is taken as n log n at worst: quadratic growth gives 64. */
export const LOOSELY_LINEAR = 24;
