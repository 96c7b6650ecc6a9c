/**
 * Files whose gaps the project's own configuration declares deliberate: the library the lakefile
 * names as its `testDriver` (batteries' `BatteriesTest`, aesop's `AesopTest`: linter and tactic
 * tests state axioms and sorries on purpose, and `#guard_msgs` checks the warnings they give), and
 * the challenge module of leanprover/comparator (`comparator_config.json`: carleson's
 * `Challenge.lean` states the theorems with `sorry`, which `Solution.lean` proves).
 */
import { READ_LIMITS, readRepoText } from '../../core/repo-file.js';
import { readComparatorConfig } from '../../lean/workspace/comparator.js';
import { lakefileIfReadable } from '../../lean/workspace/lakefile.js';
import type { LeanProject } from '../../model/lean.js';

/** Why a file's gaps are deliberate: it is in the test library, or it is comparator's challenge module. */
export type DeliberateGaps = { test: string } | { challenge: string; solution?: string };

/** An exemption the repository asked for and did not get: what it named, and why it cannot be one. */
export interface RefusedExemption {
  what: string;
  why: string;
}

/** Whether the lakefile makes `library` a default target (`defaultTargets = [...]`, `@[default_target] lean_lib`). */
function isDefaultTarget(root: string, file: string, library: string): boolean {
  let text: string;
  try {
    text = readRepoText(root, file, READ_LIMITS.lake);
  } catch {
    return false;
  }
  const toml = /defaultTargets\s*=\s*\[([^\]]*)\]/.exec(text)?.[1];
  if (toml?.split(',').some((t) => t.trim().replace(/^["']|["']$/g, '') === library)) return true;
  const name = library.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`@\\[default_target\\]\\s*lean_lib\\s+«?${name}»?(\\s|$)`).test(text);
}

/**
 * The test driver when it cannot be the audited library, or why not: a test library is one the
 * package builds apart from what it ships, so one that is a default target, the only library, or
 * imported by another library's files is the library itself, and its gaps count.
 */
function testDriverOf(project: Pick<LeanProject, 'root' | 'files' | 'libraries'>): { library?: string; refused?: RefusedExemption } {
  const lakefile = lakefileIfReadable(project.root);
  const testDriver = lakefile?.testDriver;
  // The test driver may be an executable (`lake test` runs it): only a library's files are tests here.
  if (testDriver === undefined || !project.libraries.includes(testDriver)) return {};
  const what = `testDriver = "${testDriver}"`;
  if (project.libraries.length === 1) return { refused: { what, why: 'it is the only library, so it is the audited one' } };
  if (lakefile && isDefaultTarget(project.root, lakefile.file, testDriver))
    return { refused: { what, why: 'it is a default target of the package, built as what it ships' } };
  const testModules = new Set(project.files.filter((f) => f.library === testDriver).map((f) => f.module));
  const importer = project.files.find((f) => f.library !== testDriver && f.imports.some((m) => testModules.has(m)));
  if (importer) return { refused: { what, why: `${importer.path} of library ${importer.library} imports it` } };
  return { library: testDriver };
}

/** The project's files whose gaps are deliberate, by path, with the reason; and the exemptions refused. */
export function deliberateGapFiles(project: Pick<LeanProject, 'root' | 'files' | 'libraries'>): {
  files: Map<string, DeliberateGaps>;
  refused: RefusedExemption[];
} {
  const files = new Map<string, DeliberateGaps>();
  const refused: RefusedExemption[] = [];
  const driver = testDriverOf(project);
  if (driver.refused) refused.push(driver.refused);
  if (driver.library !== undefined) {
    for (const file of project.files) if (file.library === driver.library) files.set(file.path, { test: driver.library });
  }
  const comparator = readComparatorConfig(project.root);
  if (comparator !== undefined && comparator.challenge === comparator.solution) {
    refused.push({
      what: `comparator_config.json's challenge_module "${comparator.challenge}"`,
      why: 'it is also the solution module, so the statements it leaves unproved are the solution’s',
    });
  } else if (comparator !== undefined) {
    const why = { challenge: comparator.challenge, ...(comparator.solution !== undefined ? { solution: comparator.solution } : {}) };
    for (const file of project.files) if (file.module === comparator.challenge) files.set(file.path, why);
  }
  return { files, refused };
}
