/**
 * Files whose gaps the project's own configuration declares deliberate: the library the lakefile
 * names as its `testDriver` (batteries' `BatteriesTest`, aesop's `AesopTest`: linter and tactic
 * tests state axioms and sorries on purpose, and `#guard_msgs` checks the warnings they give), and
 * the challenge module of leanprover/comparator (`comparator_config.json`: carleson's
 * `Challenge.lean` states the theorems with `sorry`, which `Solution.lean` proves).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { READ_LIMITS, readRepoText } from '../../core/repo-file.js';
import { lakefileIfReadable } from '../../lean/workspace/lakefile.js';
import type { LeanProject } from '../../model/lean.js';

/** Why a file's gaps are deliberate: it is in the test library, or it is comparator's challenge module. */
export type DeliberateGaps = { test: string } | { challenge: string; solution?: string };

/** comparator's configuration file, at the project root. */
export const COMPARATOR_CONFIG = 'comparator_config.json';

/** The challenge and solution modules `comparator_config.json` names, if it is readable. */
function comparatorModules(root: string): { challenge: string; solution?: string } | undefined {
  if (!existsSync(join(root, COMPARATOR_CONFIG))) return undefined;
  try {
    const text = readRepoText(root, COMPARATOR_CONFIG, READ_LIMITS.config);
    const config = JSON.parse(text) as { challenge_module?: unknown; solution_module?: unknown };
    if (typeof config.challenge_module !== 'string') return undefined;
    return {
      challenge: config.challenge_module,
      ...(typeof config.solution_module === 'string' ? { solution: config.solution_module } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The project's files whose gaps are deliberate, by path, with the reason. */
export function deliberateGapFiles(project: Pick<LeanProject, 'root' | 'files' | 'libraries'>): Map<string, DeliberateGaps> {
  const files = new Map<string, DeliberateGaps>();
  const testDriver = lakefileIfReadable(project.root)?.testDriver;
  // The test driver may be an executable (`lake test` runs it): only a library's files are tests here.
  if (testDriver !== undefined && project.libraries.includes(testDriver)) {
    for (const file of project.files) if (file.library === testDriver) files.set(file.path, { test: testDriver });
  }
  const comparator = comparatorModules(project.root);
  if (comparator !== undefined) {
    for (const file of project.files) if (file.module === comparator.challenge) files.set(file.path, comparator);
  }
  return files;
}
