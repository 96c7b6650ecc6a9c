/** Locations of the shared Lean REPL transcripts and a command spec that runs the stand-in REPL. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReplCommandSpec } from '../../src/repl/process.js';
import { sharedFixture } from './shared-fixtures.js';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..', '..');
const standinScript = join(here, 'repl-standin.mjs');

/** `<repo>/../shared/fixtures/lean-repl`. */
const leanReplFixtures = (): string => sharedFixture('lean-repl');

export const transcriptsDir = (): string => join(leanReplFixtures(), 'transcripts');

/** The recorded responses of a transcript, parsed. */
export function recordedResponses(name: string): unknown[] {
  return readFileSync(join(transcriptsDir(), `${name}.expected.out`), 'utf8')
    .split(/\n[ \t]*\n/)
    .filter((b) => b.trim() !== '')
    .map((b) => JSON.parse(b) as unknown);
}

/** The requests of a transcript, joined as the REPL joins lines, parsed. */
export function recordedRequests(name: string): Record<string, unknown>[] {
  const blocks: string[] = [];
  let current = '';
  for (const line of readFileSync(join(transcriptsDir(), `${name}.in`), 'utf8').split('\n')) {
    if (line.trim() === '') {
      if (current) blocks.push(current);
      current = '';
    } else current += line.trimEnd();
  }
  if (current) blocks.push(current);
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

/** Runs the stand-in with these arguments, in `cwd`. */
function standinSpec(args: string[], cwd = repoRoot): ReplCommandSpec {
  return { file: process.execPath, args: [standinScript, ...args], cwd };
}

/** The stand-in replaying one transcript. */
export const replaySpec = (name: string): ReplCommandSpec => standinSpec(['--replay', join(transcriptsDir(), name)]);

/** A scenario for the stand-in's `--sim` mode (see repl-standin.mjs). */
export interface StandinScenario {
  importMs?: number;
  unpickleMs?: number;
  defaultMs?: number;
  transcripts?: string;
  axioms?: Record<string, string[]>;
  rules?: {
    match: string;
    response?: unknown;
    transcript?: string;
    delayMs?: number;
    fault?: string;
    hugeChars?: number;
    memoryMb?: number;
  }[];
}

/** Writes a scenario into `dir` and returns the spec of a simulating stand-in (logging to `dir/requests.jsonl`). */
export function simSpec(dir: string, scenario: StandinScenario): ReplCommandSpec {
  return standinSpec(simArgs(dir, scenario), dir);
}

/** The same stand-in as a shell command line, as `repl.command` or $LEANAUDIT_REPL_CMD would give it. */
export function simCommand(dir: string, scenario: StandinScenario): string {
  return [process.execPath, standinScript, ...simArgs(dir, scenario)].map((a) => JSON.stringify(a)).join(' ');
}

function simArgs(dir: string, scenario: StandinScenario): string[] {
  const file = join(dir, `scenario-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ transcripts: transcriptsDir(), ...scenario }));
  return ['--sim', file, '--log', join(dir, 'requests.jsonl')];
}

/** The requests the simulating stand-ins in `dir` received, with the lineage of their environment. */
export function loggedRequests(dir: string): { pid: number; request: Record<string, unknown>; lineage: string[] | null }[] {
  const file = join(dir, 'requests.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as never);
}
