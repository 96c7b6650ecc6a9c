/**
 * Files whose gaps the project's own configuration declares deliberate: the library the lakefile
 * names as its `testDriver` (batteries' `BatteriesTest`, aesop's `AesopTest`: linter and tactic
 * tests state axioms and sorries on purpose, and `#guard_msgs` checks the warnings they give), and
 * the challenge module of leanprover/comparator (`comparator_config.json`: carleson's
 * `Challenge.lean` states the theorems with `sorry`, which `Solution.lean` proves).
 */
import { readComparatorConfig } from '../../lean/workspace/comparator.js';
import { lakefileIfReadable } from '../../lean/workspace/lakefile.js';
import type { LeanProject } from '../../model/lean.js';

/** Why a file's gaps are deliberate: it is in the test library, or it is comparator's challenge module. */
export type DeliberateGaps = { test: string } | { challenge: string; solution?: string };

/** The project's files whose gaps are deliberate, by path, with the reason. */
export function deliberateGapFiles(project: Pick<LeanProject, 'root' | 'files' | 'libraries'>): Map<string, DeliberateGaps> {
  const files = new Map<string, DeliberateGaps>();
  const testDriver = lakefileIfReadable(project.root)?.testDriver;
  // The test driver may be an executable (`lake test` runs it): only a library's files are tests here.
  if (testDriver !== undefined && project.libraries.includes(testDriver)) {
    for (const file of project.files) if (file.library === testDriver) files.set(file.path, { test: testDriver });
  }
  const comparator = readComparatorConfig(project.root);
  if (comparator !== undefined) {
    const why = { challenge: comparator.challenge, ...(comparator.solution !== undefined ? { solution: comparator.solution } : {}) };
    for (const file of project.files) if (file.module === comparator.challenge) files.set(file.path, why);
  }
  return files;
}
