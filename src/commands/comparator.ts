/**
 * `leanaudit comparator <repo> [theorems...]`: writes a comparator challenge (leanprover/comparator)
 * for the project's headline theorems — the theorems paired with informal entities no other entity
 * uses, or the theorems named — so a user can have comparator check that the project proves
 * exactly those statements with the standard axioms.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { loadProject } from '../lean/project.js';
import { isTheoremKind } from '../lean/syntax/names.js';
import { type ChallengeTheorem, challengeName, comparatorChallenge } from '../lean/workspace/comparator-challenge.js';
import type { LeanProject } from '../model/lean.js';
import { CONFIG_HELP, type ConfigFlags, TRUST_HELP } from './config.js';
import { runExtract } from './extract.js';

interface ComparatorOptions extends ConfigFlags {
  out?: string;
  force?: boolean;
}

/** The theorems named, each by its full name. */
function named(project: LeanProject, names: string[]): ChallengeTheorem[] {
  return names.map((name) => {
    const file = project.files.find((f) => f.decls.some((d) => d.fullName === name && isTheoremKind(d.kind)));
    if (file === undefined) throw new InputError(`no theorem ${name} in the project`);
    return { decl: file.decls.find((d) => d.fullName === name && isTheoremKind(d.kind))!, file };
  });
}

/** The theorems paired with an informal entity that no other entity uses: the project's headline results. */
async function headline(repo: string, options: ComparatorOptions, project: LeanProject): Promise<ChallengeTheorem[]> {
  const { entities } = await runExtract(repo, options);
  const used = new Set(entities.flatMap((e) => e.uses));
  const names = new Set(
    entities.filter((e) => !used.has(e.id)).flatMap((e) => e.decls.filter((d) => isTheoremKind(d.kind)).map((d) => d.fullName)),
  );
  return project.files.flatMap((file) =>
    file.decls.filter((d) => names.has(d.fullName) && isTheoremKind(d.kind)).map((decl) => ({ decl, file })),
  );
}

/** Statements that use a declaration of their own file, which the challenge (importing only what that file imports) cannot see. */
function sameFileUses(theorems: readonly ChallengeTheorem[]): string[] {
  return theorems.flatMap(({ decl, file }) => {
    const own = new Set(file.decls.map((d) => d.fullName));
    const uses = decl.references.slice(0, decl.headerReferences).filter((name) => own.has(name) && name !== decl.fullName);
    return uses.length
      ? [`${decl.fullName} states ${uses.join(', ')}, declared in its own file ${file.path}: move them to a module the challenge imports`]
      : [];
  });
}

/** Writes the challenge, solution and config for the theorems; returns what was written and what to look at. */
export async function runComparator(
  repo: string,
  theorems: string[],
  options: ComparatorOptions,
): Promise<{ files: string[]; theorems: string[]; warnings: string[] }> {
  const root = resolve(repo);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new InputError(`no such repository: ${repo}`);
  const project = await loadProject(root);
  const chosen = theorems.length ? named(project, theorems) : await headline(repo, options, project);
  if (chosen.length === 0)
    throw new InputError('no headline theorem: name the theorems to state (leanaudit comparator <repo> <theorem>...)');
  const out = resolve(options.out ?? root);
  const files = comparatorChallenge(chosen);
  const existing = Object.keys(files).filter((name) => existsSync(join(out, name)));
  if (existing.length && !options.force) throw new InputError(`${existing.join(', ')} already in ${out}: --force replaces them`);
  mkdirSync(out, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(out, name), text);
  return {
    files: Object.keys(files).map((name) => join(out, name)),
    theorems: chosen.map((t) => challengeName(t.decl)),
    warnings: sameFileUses(chosen),
  };
}

/** Adds the `comparator` subcommand. */
export function registerComparatorCommand(program: Command): void {
  program
    .command('comparator')
    .description('write a comparator challenge, solution and config for the headline theorems of a project (or those named)')
    .argument('<repo>', 'path of the Lean project')
    .argument('[theorems...]', 'full names of the theorems to state (default: those paired with informal entities nothing else uses)')
    .option('--out <dir>', 'folder to write the three files in (default: the project root)')
    .option('--force', 'replace files of those names')
    .option('--config <file>', CONFIG_HELP)
    .option('--trust-repo-config', TRUST_HELP)
    .action(async (repo: string, theorems: string[], opts: ComparatorOptions) => {
      const result = await runComparator(repo, theorems, opts);
      const print = (line: string): void => {
        process.stdout.write(`${line}\n`);
      };
      print(`comparator: ${result.theorems.length} theorem(s): ${result.theorems.join(', ')}`);
      for (const file of result.files) print(`  wrote ${file}`);
      for (const warning of result.warnings) print(`  warning: ${warning}`);
      print(
        '  add `[[lean_lib]] name = "LeanauditChallenge"` and `[[lean_lib]] name = "LeanauditSolution"` to the lakefile, build, then run',
      );
      print('  lake env comparator comparator_config.json');
    });
}
