/**
 * Project macros that stand for `sorry`: a `macro`, `notation` or `macro_rules` arm led by one word
 * whose expansion writes `sorry`, `admit`, `sorryAx` or `lcProof`, names an axiom the project declares, or uses
 * another such word; and an `elab` or `elab_rules` arm whose code admits the goal (`admitGoal`,
 * `g.admit`, `mkSorry`, an evaluated `` `(tactic| sorry) ``), names such an axiom or uses such a word. lecopivo/SciLean proves 2,478 goals with
 * `macro "sorry_proof" : term => `(sorryProofAxiom)` over `axiom sorryProofAxiom {P : Prop} : P`:
 * no `sorry` token, nothing grep or a token count sees, yet each is an unproven claim; its
 * `macro "ad" : conv => `(conv| simp (disch:=sorry) only […])` closes side goals with `sorry`. The
 * words are found here, with the files that see them: a macro's word is a token only where its
 * module is imported (`ad` may be a variable elsewhere), and a `local` one in its own file. Their
 * uses are found on tokens by `macroSorriesOf` (gaps.ts), as `sorry` is.
 */

import { expansionTarget, type NotationDefinition, notationDefinitions, writtenIdentifiers } from '../../lean/resolve/notations.js';
import type { ImportGraph } from '../../lean/workspace/imports.js';
import type { LeanDecl, LeanProject } from '../../model/lean.js';

const SORRY_WORDS: ReadonlySet<string> = new Set(['sorry', 'admit', 'sorryAx', 'lcProof']);
/**
 * What an elaborator's code calls to admit a goal or make a sorry term, by last component:
 * `admitGoal g`, `g.admit`, `mkSorry`, `mkLabeledSorry`, a quoted `` `(tactic| sorry) ``. Not
 * `sorryAx` alone: meta code names it to inspect terms as often as to build them.
 */
const ADMITTING_CALLS: ReadonlySet<string> = new Set(['sorry', 'admit', 'admitGoal', 'mkSorry', 'mkLabeledSorry']);

/** Whether an identifier an elaborator's code writes admits a goal or makes a sorry (see ADMITTING_CALLS). */
const admits = (written: string): boolean => ADMITTING_CALLS.has(written.slice(written.lastIndexOf('.') + 1));

/** An atom the lexer reads as one identifier (no dot): what a use of the macro can be found by on tokens. */
const ONE_WORD = /^[\p{L}_][\p{L}\p{N}_'!?]*$/u;

/** The project's axioms (full name → the file declaring it, by index), and which files see each: where the macros naming them may stand. */
class ProjectAxioms {
  private readonly fileOf = new Map<string, number>();
  private readonly seenBy = new Map<number, Set<number>>();

  constructor(
    files: LeanProject['files'],
    private readonly imports: ImportGraph,
  ) {
    files.forEach((file, k) => {
      for (const decl of file.decls) if (decl.kind === 'axiom' && !this.fileOf.has(decl.fullName)) this.fileOf.set(decl.fullName, k);
    });
  }

  /** Whether `name` is an axiom of the project that file `k` imports (or declares). */
  visible(name: string, k: number): boolean {
    const declaring = this.fileOf.get(name);
    if (declaring === undefined) return false;
    let importers = this.seenBy.get(declaring);
    if (importers === undefined) this.seenBy.set(declaring, (importers = this.imports.importersOf(declaring)));
    return importers.has(k);
  }
}

/**
 * What a definition (in file `k`) makes its word stand for: `sorry`/`admit`/`sorryAx`, a project axiom
 * its file sees (aesop's tests name rule sets like axioms of other tests), or what another sorry macro stands for.
 */
function standsFor(
  definition: NotationDefinition,
  k: number,
  found: ReadonlyMap<string, SorryMacro[]>,
  decls: Map<string, LeanDecl>,
  axioms: ProjectAxioms,
  sees: (k: number, macro: SorryMacro) => boolean,
): string | undefined {
  for (const written of writtenIdentifiers(definition.expansion)) {
    if (definition.elaborated ? admits(written) : SORRY_WORDS.has(written)) return definition.elaborated ? 'sorry' : written;
    const through = found.get(written)?.find((macro) => sees(k, macro));
    if (through !== undefined) return through.standsFor;
    const target = expansionTarget(written, definition, decls);
    if (target !== undefined && axioms.visible(target, k)) return target;
  }
  return undefined;
}

/** A sorry macro: its word, what it stands for (`sorry`, or the full name of a project axiom), and where it is defined. */
export interface SorryMacro {
  word: string;
  standsFor: string;
  file: string;
  local: boolean;
}

/**
 * The project's sorry macros. A word defined several times (SciLean's `sorry_proof` as a term and as
 * a tactic) is one where any of its definitions is; a macro that uses another counts once the other
 * is known.
 */
export function sorryMacros(
  project: Pick<LeanProject, 'files' | 'decls'>,
  sourceOf: (file: string) => string | undefined,
  imports: ImportGraph,
): SorryMacro[] {
  const candidates = notationDefinitions(project, sourceOf).filter(({ atoms }) => atoms.length === 1 && ONE_WORD.test(atoms[0]!));
  if (candidates.length === 0) return [];
  const indexOf = new Map(project.files.map((file, k) => [file.path, k]));
  const axioms = new ProjectAxioms(project.files, imports);
  // A word stands for sorry only in the files that see its macro: `macro_rules` making `trivial` a sorry in one file leaves `trivial` alone in files not importing it.
  const importers = new Map<number, Set<number>>();
  const sees = (k: number, macro: SorryMacro): boolean => {
    const defining = indexOf.get(macro.file) ?? -1;
    if (macro.local || defining < 0) return k === defining;
    let seeing = importers.get(defining);
    if (seeing === undefined) importers.set(defining, (seeing = imports.importersOf(defining)));
    return seeing.has(k);
  };
  const standing = new Map<string, SorryMacro[]>();
  const found: SorryMacro[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const definition of candidates) {
      const { atoms, command } = definition;
      if (found.some((macro) => macro.word === atoms[0] && macro.file === command.file)) continue;
      const stands = standsFor(definition, indexOf.get(command.file) ?? -1, standing, project.decls, axioms, sees);
      if (stands === undefined) continue;
      const macro = { word: atoms[0]!, standsFor: stands, file: command.file, local: command.local };
      standing.set(macro.word, [...(standing.get(macro.word) ?? []), macro]);
      found.push(macro);
      grew = true;
    }
  }
  return found;
}

/** Per file (path), the sorry macros it sees: word → what it stands for. Files that see none are left out. */
export function sorryMacrosByFile(
  project: Pick<LeanProject, 'files'>,
  macros: SorryMacro[],
  imports: ImportGraph,
): Map<string, Map<string, string>> {
  const byFile = new Map<string, Map<string, string>>();
  if (macros.length === 0) return byFile;
  const indexOf = new Map(project.files.map((file, k) => [file.path, k]));
  for (const macro of macros) {
    const defining = indexOf.get(macro.file);
    if (defining === undefined) continue;
    for (const k of macro.local ? [defining] : imports.importersOf(defining)) {
      const path = project.files[k]!.path;
      const words = byFile.get(path) ?? new Map<string, string>();
      if (!words.has(macro.word)) words.set(macro.word, macro.standsFor);
      byFile.set(path, words);
    }
  }
  return byFile;
}
