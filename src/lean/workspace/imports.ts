/**
 * The project's import graph, by module name: which files import a file, directly or not, which
 * files a file sees (those it imports, directly or not), and which files Lean ever has in one
 * environment. Two modules meet only where some module imports both (or one imports the other):
 * the roots above them, the files no project file imports (a library's root file, a test file of
 * its own), are what they share then. Imports of other packages (Mathlib) are left out. An import
 * is found by its module name, else as the one module ending in it (a package nested in the
 * repository names its modules from its own root).
 */
import type { LeanFile } from '../../model/lean.js';

/** A module name without the quotes of its components: `import A.«01Rewriting»` names the module of `A/01Rewriting.lean`. */
const unquoted = (module: string): string => module.replace(/[«»]/g, '');

export class ImportGraph {
  /** Per file (by index), the files that import it directly. */
  private readonly importers: number[][];
  /** Per file (by index), the files it imports directly. */
  private readonly imported: number[][];
  /** Per file, whether one of its imports names a project module no file is (a file left out, unreadable): what it sees is unknown. */
  private readonly unresolved: boolean[];
  /** Per file, the roots above it (itself when none imports it), once asked for. */
  private readonly roots: (readonly number[] | undefined)[];

  constructor(files: readonly Pick<LeanFile, 'module' | 'imports'>[]) {
    const indexOf = new Map<string, number>();
    files.forEach((file, k) => {
      if (!indexOf.has(unquoted(file.module))) indexOf.set(unquoted(file.module), k);
    });
    const bySuffix = suffixIndex([...indexOf.keys()]);
    const projectRoots = new Set([...indexOf.keys()].map((module) => module.split('.')[0]!));
    this.importers = files.map(() => []);
    this.imported = files.map(() => []);
    this.unresolved = files.map(() => false);
    files.forEach((file, k) => {
      for (const raw of file.imports) {
        const module = unquoted(raw);
        const target = indexOf.get(module) ?? indexOf.get(bySuffix.get(module) ?? '');
        if (target === undefined) {
          if (projectRoots.has(module.split('.')[0]!)) this.unresolved[k] = true;
        } else if (target !== k) {
          this.importers[target]!.push(k);
          this.imported[k]!.push(target);
        }
      }
    });
    this.roots = new Array<readonly number[] | undefined>(files.length);
  }

  /** File k and the files that import it, directly or not. */
  importersOf(k: number): Set<number> {
    const seen = new Set([k]);
    const todo = [k];
    for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
      for (const importer of this.importers[next]!) if (!seen.has(importer)) seen.add(importer), todo.push(importer);
    }
    return seen;
  }

  /**
   * The files file k sees: itself and those it imports, directly or not; undefined when that is
   * not known (an import of a project module no file is), where every file is to be taken as seen.
   */
  seenBy(k: number): Set<number> | undefined {
    const seen = new Set([k]);
    const todo = [k];
    for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
      if (this.unresolved[next]) return undefined;
      for (const file of this.imported[next]!) if (!seen.has(file)) seen.add(file), todo.push(file);
    }
    return seen;
  }

  /** Whether files a and b are ever in one environment: one file, one importing the other, or both imported by a third. */
  together(a: number, b: number): boolean {
    if (a === b) return true;
    const rootsOfB = this.rootsOf(b);
    return this.rootsOf(a).some((root) => rootsOfB.includes(root));
  }

  /** The roots above file k, from those above its importers (an import cycle, which Lean rejects, is cut where it closes). */
  private rootsOf(k: number, visiting = new Set<number>()): readonly number[] {
    const known = this.roots[k];
    if (known !== undefined) return known;
    const importers = this.importers[k]!;
    if (importers.length === 0) return (this.roots[k] = [k]);
    visiting.add(k);
    const found = new Set<number>();
    for (const importer of importers) if (!visiting.has(importer)) for (const root of this.rootsOf(importer, visiting)) found.add(root);
    visiting.delete(k);
    const roots = found.size > 0 ? [...found] : [k];
    this.roots[k] = roots;
    return roots;
  }
}

/** Module name suffix (`Foo.Bar` of `Pkg.Foo.Bar`) -> the one module ending in it; a suffix of several modules is left out. */
function suffixIndex(modules: string[]): Map<string, string> {
  const found = new Map<string, string | null>();
  for (const module of modules) {
    const parts = module.split('.');
    for (let i = 1; i < parts.length; i++) {
      const suffix = parts.slice(i).join('.');
      found.set(suffix, found.has(suffix) ? null : module);
    }
  }
  return new Map([...found].filter((entry): entry is [string, string] => entry[1] !== null));
}
