/**
 * The Node process leanaudit runs in. The `leanaudit` command starts the CLI in a child Node process
 * with NODE_FLAGS (V8's heap settings can only be given when a process starts, not from inside it,
 * nor through NODE_OPTIONS), passing on its arguments, standard streams, environment and exit status;
 * the child ends when the first process does, however that ends (even by SIGKILL).
 */
import { spawn } from 'node:child_process';

/**
 * V8's first full collections come at an old generation of about 16, 40 and 140 MB: a project model
 * of a few hundred MB is marked again and again while it grows. Starting with room for 512 MB
 * skips them (none in a scan of the 126.7 MB benchmark tree, against three) for 6–9% less CPU in all
 * (median of ten alternating full scans), with the same peak memory; garbage is still collected,
 * young objects by scavenges and the old generation once it passes 512 MB.
 */
export const NODE_FLAGS: readonly string[] = ['--initial-heap-size=512'];

/**
 * Whether this process should start the CLI again with NODE_FLAGS: not when it was started with Node
 * flags of its own (NODE_FLAGS, or the user's `--inspect`, `--max-old-space-size`, …, which a child
 * would not share) or LEANAUDIT_RELAUNCH=0.
 */
export const shouldRelaunch = (execArgv: readonly string[] = process.execArgv, env: NodeJS.ProcessEnv = process.env): boolean =>
  execArgv.length === 0 && env.LEANAUDIT_RELAUNCH !== '0';

/** Set in the child's environment by `relaunch`, for `followParent` (which takes it out again). */
const RELAUNCHED = 'LEANAUDIT_RELAUNCHED';

/** How the child ended: its exit code, or the signal that ended it. */
export interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Where process groups exist, the child has one of its own, so that a signal reaches it once, from
 * this process: a terminal's Ctrl-C (SIGINT to the foreground group) as much as `kill` or CI
 * cancelling a job. On Windows a console's Ctrl-C reaches both processes: the child alone reacts.
 */
const OWN_GROUP = process.platform !== 'win32';
const FORWARDED: readonly NodeJS.Signals[] = OWN_GROUP ? ['SIGINT', 'SIGTERM', 'SIGHUP'] : ['SIGTERM', 'SIGHUP'];

/**
 * Runs `script` with `args` in a child Node process started with NODE_FLAGS, sharing this one's
 * standard streams and environment, and resolves when it ends. SIGINT, SIGTERM and SIGHUP sent to
 * this process are passed on to the child (the audit's Ctrl-C: it stops and writes what it has).
 * Where the child has a process group of its own, job control is passed on too: Ctrl-Z (SIGTSTP)
 * stops the child and then this process, and SIGCONT (the shell's `fg` or `bg`) resumes the child.
 */
export function relaunch(script: string, args: readonly string[]): Promise<ChildEnd> {
  const child = spawn(process.execPath, [...NODE_FLAGS, script, ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [RELAUNCHED]: '1' },
    detached: OWN_GROUP,
  });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  const ignore = (): void => {};
  const stop = (): void => {
    child.kill('SIGSTOP');
    process.kill(process.pid, 'SIGSTOP');
  };
  const resume = (): void => {
    child.kill('SIGCONT');
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  if (OWN_GROUP) process.on('SIGTSTP', stop).on('SIGCONT', resume);
  else process.on('SIGINT', ignore);
  return new Promise((resolve, reject) => {
    const done = (): void => {
      for (const signal of FORWARDED) process.off(signal, forward);
      process.off('SIGINT', ignore).off('SIGTSTP', stop).off('SIGCONT', resume);
    };
    child.once('error', (error) => {
      done();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      done();
      resolve({ code, signal });
    });
  });
}

/**
 * In a child started by `relaunch`: ends this process at once (as by SIGKILL) when the first one
 * ends, which closes the channel between them. Elsewhere it does nothing.
 */
export function followParent(): void {
  if (process.env[RELAUNCHED] !== '1' || process.channel === undefined) return;
  delete process.env[RELAUNCHED];
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGKILL'));
}

/** Ends this process as the child ended: with its exit code, or killed by the same signal. */
export function endAs(end: ChildEnd): void {
  if (end.signal !== null) {
    process.kill(process.pid, end.signal);
    return;
  }
  process.exitCode = end.code ?? 1;
}
