/**
 * Reference lists: each declaration's `references` built from the references the resolver found
 * in it, in order of use, some of them conditional on the declaration's text.
 */
import type { LeanDecl, LeanFile } from '../../model/lean.js';

/** A project's declarations, numbered (the first of each full name, in order): the declaration, its full name, whether it declares constructors or fields. */
export interface ProjectDeclarations {
  list: LeanDecl[];
  names: string[];
  hasMembers: boolean[];
}

/** The declarations of the files, in order. */
export function allDeclarations(files: LeanFile[]): LeanDecl[] {
  const all: LeanDecl[] = [];
  for (const file of files) for (const decl of file.decls) all.push(decl);
  return all;
}

/** By full name, the first declaration of each (`firstOf[k]`: the number of the first with the k-th's full name). */
export const firstByName = (all: readonly LeanDecl[], firstOf: Int32Array): Map<string, LeanDecl> =>
  new Map(all.filter((_, k) => firstOf[k] === k).map((decl) => [decl.fullName, decl]));

/** The declarations numbered as the resolvers number them: in this order. */
export function projectDeclarations(list: LeanDecl[]): ProjectDeclarations {
  return { list, names: list.map((decl) => decl.fullName), hasMembers: list.map((decl) => (decl.members?.length ?? 0) > 0) };
}

/** What a reference found holds under: always; the header or body of the constant `c` of `c.f` names the type. */
export const ALWAYS = 0;
export const IF_CONSTANT_NAMES = 1;

/**
 * Builds each declaration's `references` from the references found in it in order of use: each
 * target once, never the declaration itself, a conditional one only when its type is named where it must be.
 */
export class ReferenceLists {
  /** Declaration number -> the last declaration (counted by `mark`) that listed it: no set per declaration. */
  private readonly listedBy: Int32Array;
  private mark = 0;
  private decl: LeanDecl | undefined;
  /** Whether the `variable`s in force for the declaration name a word. */
  private variablesName: (word: string) => boolean = () => false;
  /** The declaration's references found so far, in the first `count` slots (reused from declaration to declaration), and their numbers. */
  private readonly found: string[] = [];
  private readonly foundNumbers: number[] = [];
  private count = 0;

  constructor(private readonly project: ProjectDeclarations) {
    this.listedBy = new Int32Array(project.list.length);
  }

  /** Starts the references of `decl`, where `variablesName` tells whether the `variable`s in force name a word. */
  start(decl: LeanDecl, variablesName: (word: string) => boolean): void {
    this.mark++;
    this.decl = decl;
    this.variablesName = variablesName;
    this.count = 0;
    decl.headerReferences = 0;
  }

  /** The header's references are all added. */
  headerDone(): void {
    this.decl!.headerReferences = this.count;
  }

  /**
   * All the declaration's references are added: its list is made of exactly their number (an array
   * grown by push keeps room for 17 or more, where most declarations have a few).
   */
  end(): void {
    this.decl!.references = this.found.slice(0, this.count);
  }

  add(target: number, condition = ALWAYS, constant = -1, type = ''): void {
    const { list, names, hasMembers } = this.project;
    const decl = this.decl!;
    if (target < 0 || this.listedBy[target] === this.mark || names[target] === decl.fullName) return;
    if (condition === IF_CONSTANT_NAMES) {
      const named = list[constant]!;
      if (!textNames(named, 'header', type) && !(hasMembers[constant] && textNames(named, 'body', type))) return;
    }
    this.listedBy[target] = this.mark;
    this.foundNumbers[this.count] = target;
    this.found[this.count++] = names[target]!;
  }

  /** Whether the type `word` is named where the declaration's locals may be typed: its own text, its namespace, or a definition its statement names. */
  typed(word: string): boolean {
    return this.typedHere(this.decl!, word) || this.typedByHeader(word);
  }

  /** Whether the type `word` is named where the declaration's locals are typed (its statement, `variable`s or body) or is its namespace. */
  private typedHere(decl: LeanDecl, word: string): boolean {
    return mentions(decl.namespace, word) || textNames(decl, 'header', word) || this.variablesName(word) || textNames(decl, 'body', word);
  }

  /**
   * Whether a proposition the declaration's statement names (`def B3 : Prop := IsEmpty FreyPackage`)
   * mentions the type `word`: a local introduced from the statement (`intro P` of `B4 → B3`) is typed there.
   */
  typedByHeader(word: string): boolean {
    const { list } = this.project;
    for (let k = 0; k < this.decl!.headerReferences; k++) {
      const named = list[this.foundNumbers[k]!]!;
      if (isProposition(named) && textNames(named, 'body', word)) return true;
    }
    return false;
  }
}

/** Whether a declaration defines a proposition (`def B3 : Prop := …`). */
const isProposition = (decl: LeanDecl): boolean => (decl.kind === 'def' || decl.kind === 'abbrev') && /:\s*Prop\s*$/.test(decl.header);
/** The words (maximal runs of ASCII letters, digits, `_` and `'`) of declarations' headers and bodies, read once each. */
const wordSets = { header: new WeakMap<LeanDecl, ReadonlySet<string>>(), body: new WeakMap<LeanDecl, ReadonlySet<string>>() };

/** The words of `text`: `mentions(text, word)` for a word of word characters is whether this set has it. */
export function wordsOf(text: string): Set<string> {
  return new Set(text.match(/[0-9A-Za-z_']+/g));
}

/**
 * Whether a declaration's header or body names `word`: the text's words are gathered once, where a
 * search per question made a statement naming n fields through n variables cost n².
 */
function textNames(decl: LeanDecl, part: 'header' | 'body', word: string): boolean {
  const text = decl[part];
  if (text === undefined) return false;
  if (!/^[0-9A-Za-z_']+$/.test(word)) return mentions(text, word);
  let words = wordSets[part].get(decl);
  if (words === undefined) wordSets[part].set(decl, (words = wordsOf(text)));
  return words.has(word);
}

const isWordCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 39;

/**
 * Whether `word` occurs in `text` as a whole name component. The ends of the text are tested
 * before reading past them: V8 compiles a read out of bounds as a case of its own, once it happens.
 */
function mentions(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    const after = i + word.length;
    if ((i === 0 || !isWordCode(text.charCodeAt(i - 1))) && (after === text.length || !isWordCode(text.charCodeAt(after)))) return true;
  }
  return false;
}
