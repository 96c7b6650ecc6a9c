/**
 * A comparator challenge written from a project's own theorems: `LeanauditChallenge.lean` states
 * each theorem with `sorry`, `LeanauditSolution.lean` proves it by the project's theorem, and
 * `comparator_config.json` names them, so that comparator (leanprover/comparator) checks that the
 * project proves exactly those statements with the standard axioms. Each theorem is restated as
 * `LeanauditChallenge.<its name>` in its own namespace, with the `open`s and `variable`s its
 * statement was read under; the challenge imports what the theorem's file imports, never the file
 * itself (its theorem would be the one to check).
 */
import type { LeanDecl, LeanFile, ScopeLink } from '../../model/lean.js';
import { COMPARATOR_CONFIG } from './comparator.js';

export const CHALLENGE_MODULE = 'LeanauditChallenge';
export const SOLUTION_MODULE = 'LeanauditSolution';
const STANDARD_AXIOMS = ['propext', 'Quot.sound', 'Classical.choice'];

/** A theorem to state, with the file that declares it. */
export interface ChallengeTheorem {
  decl: LeanDecl;
  file: LeanFile;
}

/** The items of a scope chain, first link first. */
function chainItems(link: ScopeLink | undefined): string[] {
  const items: string[] = [];
  for (let at = link; at !== undefined; at = at.parent) items.unshift(...at.items);
  return items;
}

/** The challenge's name of a theorem. */
export const challengeName = (decl: LeanDecl): string => `${CHALLENGE_MODULE}.${decl.fullName}`;

/** One theorem stated in its namespace, under its opens and variables, with `value` as its proof. */
function stated(decl: LeanDecl, value: string): string {
  const opens = chainItems(decl.opens);
  const variables = chainItems(decl.variables);
  return [
    'section',
    ...(decl.namespace ? [`namespace ${decl.namespace}`] : []),
    ...(opens.length ? [`open ${opens.join(' ')}`] : []),
    ...variables.map((v) => `variable ${v}`),
    `theorem _root_.${challengeName(decl)} ${decl.header.trim()} := ${value}`,
    ...(decl.namespace ? [`end ${decl.namespace}`] : []),
    'end',
  ].join('\n');
}

const importsOf = (modules: Iterable<string>): string[] => [...new Set(modules)].sort().map((m) => `import ${m}`);

/** The three files, by name, for these theorems. */
export function comparatorChallenge(theorems: readonly ChallengeTheorem[]): Record<string, string> {
  const header = '/-! Written by `leanaudit comparator`: each theorem of the project, stated for comparator to check. -/';
  const challenge = [
    ...importsOf(theorems.flatMap((t) => t.file.imports)),
    '',
    header,
    '',
    ...theorems.map((t) => `${stated(t.decl, 'sorry')}\n`),
  ].join('\n');
  const solution = [
    ...importsOf(theorems.map((t) => t.file.module)),
    '',
    header,
    '',
    ...theorems.map((t) => `${stated(t.decl, `@${t.decl.fullName}`)}\n`),
  ].join('\n');
  const config = {
    challenge_module: CHALLENGE_MODULE,
    solution_module: SOLUTION_MODULE,
    theorem_names: theorems.map((t) => challengeName(t.decl)),
    permitted_axioms: STANDARD_AXIOMS,
  };
  return {
    [`${CHALLENGE_MODULE}.lean`]: challenge,
    [`${SOLUTION_MODULE}.lean`]: solution,
    [COMPARATOR_CONFIG]: `${JSON.stringify(config, null, 4)}\n`,
  };
}
