/** The fuzzer's real inputs: the `.lean` files of the corpus folders, and a fuzzed project made of them. */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { below, mutate, pick, type Random } from './mutations.js';

/** Folders never walked: build outputs, dependencies, version control. */
const SKIPPED = new Set(['.lake', 'lake-packages', 'build', 'node_modules', '.git']);

/** Files larger than this are not taken as seeds (mutations make inputs large enough). */
const MAX_SEED_BYTES = 1 << 20;

/** The `.lean` files under `dirs` (regular files up to 1 MB), sorted, so a seed picks the same files on every run. */
export function corpusFiles(dirs: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !SKIPPED.has(entry.name)) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.lean') && statSync(path).size <= MAX_SEED_BYTES) found.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  return found.sort();
}

/** A fuzzed project: one mutated file beside up to two real ones, as it was made. */
export interface FuzzedProject {
  /** The real file mutated. */
  source: string;
  steps: string[];
  /** The mutated file's path in the project, and its size. */
  path: string;
  bytes: number;
  /** The real files beside it. */
  companions: string[];
  /** Whether the mutated file must parse alone as in the project: none of its companions defines a command of its own. */
  comparable: boolean;
}

/** Whether a file may define a command (see src/lean/syntax/commands.ts), which changes how the other files of its project parse. */
const mayDefineCommands = (text: string): boolean => /\b(?:syntax|macro|elab)\b/.test(text);

/** The path of the mutated file in every fuzzed project. */
export const FUZZED_PATH = 'Fuzzed.lean';

/** Writes a fuzzed project made from `files` into `dir`: a mutated file and up to two untouched ones. */
export function makeProject(files: readonly string[], next: Random, dir: string, largeEvery?: number): FuzzedProject {
  const source = pick(next, files);
  const { bytes, steps } = mutate(readFileSync(source), next, largeEvery);
  const companions = Array.from({ length: below(next, 3) }, () => pick(next, files)).filter((c) => c !== source);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, FUZZED_PATH), bytes);
  let comparable = true;
  companions.forEach((companion, k) => {
    const text = readFileSync(companion);
    comparable &&= !mayDefineCommands(text.toString('latin1'));
    writeFileSync(join(dir, `Companion${k}.lean`), text);
  });
  return { source, steps, path: FUZZED_PATH, bytes: bytes.length, companions, comparable };
}
