/** A fuzzing job: the audit path on one fuzzed project, or one pathological family timed at one size. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditPath, type PathOutcome } from './audit-path.js';
import { FAMILIES, type FamilyInput, frameOutput, inputBytes } from './families.js';

/** A fuzzed project to run, or a family to time at size n (in `dir`). */
export type Job = { kind: 'input'; dir: string; alone: string[] } | { kind: 'family'; family: string; n: number; dir: string };

/** What the child answers. */
export interface JobResult {
  outcome: PathOutcome;
  ms: number;
  bytes: number;
  /** The process's peak resident memory so far, in bytes. */
  maxRss: number;
}

const peakRss = (): number => process.resourceUsage().maxRSS * 1024;

/** Writes a family's files into `dir` (a project), or returns its other input. */
function place(input: FamilyInput, dir: string): void {
  if (!('files' in input)) return;
  mkdirSync(dir, { recursive: true });
  for (const [path, text] of Object.entries(input.files)) writeFileSync(join(dir, path), text);
}

/** Runs a family's input: the audit path over its project, or what its input is for. */
async function runFamilyInput(input: FamilyInput, dir: string): Promise<PathOutcome> {
  if ('replOutput' in input) {
    frameOutput(input.replOutput);
    return { violations: [], declarations: 0, findings: 0, outputChars: 0 };
  }
  return auditPath(dir, { invariants: false });
}

/** Runs one job, catching what it throws as a violation. */
export async function runJob(job: Job): Promise<JobResult> {
  if (job.kind === 'input') {
    const started = performance.now();
    const outcome = await auditPath(job.dir, { invariants: true, alone: job.alone }).catch(thrown);
    return { outcome, ms: performance.now() - started, bytes: 0, maxRss: peakRss() };
  }
  const family = FAMILIES.find((f) => f.id === job.family)!;
  // A small size first, untimed, so the time measured is the step's, not the compiler's warming up.
  const warm = family.make(Math.max(1, Math.floor(family.base / 16)));
  place(warm, `${job.dir}-warm`);
  await runFamilyInput(warm, `${job.dir}-warm`).catch(thrown);
  const input = family.make(job.n);
  place(input, job.dir);
  const started = performance.now();
  const outcome = await runFamilyInput(input, job.dir).catch(thrown);
  return { outcome, ms: performance.now() - started, bytes: inputBytes(input), maxRss: peakRss() };
}

/** An exception out of the audit path: the first violation of all. */
const thrown = (e: unknown): PathOutcome => ({
  violations: [`exception: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`],
  declarations: 0,
  findings: 0,
  outputChars: 0,
});
