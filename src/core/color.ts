/** Whether leanaudit colors what it writes: one rule for every command. */

/**
 * Colors for text written to `stream`: never under NO_COLOR (set and not empty), always under
 * FORCE_COLOR (set, and neither `0` nor `false`), never for TERM=dumb, else only on a TTY.
 */
export function colorFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}
