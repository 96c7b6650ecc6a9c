/**
 * comparator's theorems read statically: each name of `theorem_names` looked up in the challenge
 * module and in the solution module, and their statements (binders and type) compared as text,
 * whitespace aside. Text that reads the same is what comparator would compare; text that differs
 * may still elaborate to the same statement (another notation, an unfolded definition), which
 * only a comparator run decides.
 */
import type { ComparatorConfig } from '../../lean/workspace/comparator.js';
import type { LeanDecl, LeanFile } from '../../model/lean.js';

export interface ChallengePair {
  name: string;
  challenge?: LeanDecl;
  solution?: LeanDecl;
  solutionFile?: LeanFile;
  /** Both found and their statements read the same. */
  same: boolean;
}

const statementText = (decl: LeanDecl): string => decl.header.replace(/\s+/g, ' ').trim();

const declIn = (files: readonly LeanFile[], module: string | undefined, name: string): [LeanDecl, LeanFile] | undefined => {
  for (const file of files) {
    if (file.module !== module) continue;
    const decl = file.decls.find((d) => d.fullName === name);
    if (decl !== undefined) return [decl, file];
  }
  return undefined;
};

/** Each theorem comparator names, with its challenge and solution declarations as found. */
export function challengePairs(files: readonly LeanFile[], config: ComparatorConfig): ChallengePair[] {
  return config.theorems.map((name) => {
    const challenge = declIn(files, config.challenge, name)?.[0];
    const solved = declIn(files, config.solution, name);
    const solution = solved?.[0];
    return {
      name,
      ...(challenge ? { challenge } : {}),
      ...(solved ? { solution, solutionFile: solved[1] } : {}),
      same: challenge !== undefined && solution !== undefined && statementText(challenge) === statementText(solution),
    };
  });
}
