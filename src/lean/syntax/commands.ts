/**
 * Commands a project defines for itself. dwrensha/compfiles writes its problem statements as
 * `problem imo1959_p1 … := by …` after
 *
 *   syntax (name := problem) declModifiers "problem " declId ppIndent(declSig) declVal : command
 *
 * so `problem` starts a declaration there, and `snip begin` or `problem_file { … }` start
 * commands of their own. A `syntax`, `macro` or `elab` of the `command` category whose leading
 * atom is a plain word makes that word a command. When a name (`declId` or `ident`) follows the
 * atom and what the command declares is known, it is a declaration command: the first declaration
 * keyword a `macro`'s expansion uses (PhysLean's `informal_lemma n := …` expands to a `def`), else the
 * signature it takes (`declSig`, whose type is required, as a theorem's is: a theorem;
 * `optDeclSig`: a def). An `elab_rules` or `macro_rules` whose pattern uses a declaration command
 * tells better: the first declaration keyword after the pattern (compfiles' `determine` expands to
 * an `abbrev`). An `elab`'s code may build any name (Batteries' `library_note «a note»`
 * declares `LibraryNote.a_note`), so only its signature counts. A few commands of common
 * dependencies are known from the start (LIBRARY_COMMANDS in names.ts). A command word starts a
 * command only as the first token of its line, outside brackets, no more indented than the
 * command before it.
 */

import type { DeclKind } from '../../model/lean.js';
import { KEYWORD_COUNT, KIND, MULTI, MULTI_SYMBOLS, type TokenTable } from './lexer.js';
import { KEYWORD_LIST } from './names.js';

const COLON = 58;
const DOLLAR = 36;
const PAREN = 40;
const CLOSE_PAREN = 41;
const ARROW = MULTI + MULTI_SYMBOLS.indexOf('=>');
const DECLARATION_KEYWORDS: ReadonlySet<string> = new Set([
  'theorem',
  'lemma',
  'def',
  'abbrev',
  'instance',
  'structure',
  'class',
  'inductive',
  'axiom',
  'opaque',
  'example',
]);
const WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const K_MACRO = KEYWORD_LIST.indexOf('macro');

/** A project's command: the word that starts it and, for a declaration command, the kind of declaration it stands for. */
export interface ProjectCommand {
  word: string;
  kind?: DeclKind;
}

/**
 * The command defined by the `syntax`/`macro`/`elab` command on tokens [from, to) of `table`
 * (from is its keyword), or undefined if it defines none.
 */
export function projectCommandOf(table: TokenTable, from: number, to: number): ProjectCommand | undefined {
  const isIdent = (j: number, text: string): boolean => j < to && table.kind[j] === KIND.ident && table.is(j, text);
  const isSymbol = (j: number, code: number): boolean => j < to && table.kind[j] === KIND.symbol && table.code[j] === code;
  const rhs = (() => {
    for (let j = from; j < to; j++) if (isSymbol(j, ARROW)) return j;
    return to;
  })();
  const category = (() => {
    for (let j = rhs - 1; j > from; j--) if (isSymbol(j - 1, COLON) && isIdent(j, 'command')) return j;
    return -1;
  })();
  if (category < 0) return undefined;
  for (let j = from + 1; j < category; j++) {
    if (table.kind[j] !== KIND.string) continue;
    const word = table.textOf(j).slice(1, -1).trim();
    if (!WORD.test(word) || KEYWORD_LIST.includes(word)) return undefined;
    const isName = (k: number): boolean => isIdent(k, 'declId') || isIdent(k, 'ident');
    const name = isName(j + 1) ? j + 1 : isSymbol(j + 2, COLON) && isName(j + 3) ? j + 3 : -1;
    if (name < 0) return { word };
    const expansion = table.code[from] === K_MACRO ? expansionKind(table, rhs, to) : undefined;
    const kind = expansion ?? signatureKind(table, name, category);
    return kind === undefined ? { word } : { word, kind };
  }
  return undefined;
}

/**
 * The declaration command whose expansion the `elab_rules`/`macro_rules` command on tokens
 * [from, to) gives: the first declaration command word `isDeclarationWord` accepts (in the rule's
 * pattern), with the first declaration keyword after it; undefined if there is none.
 */
export function ruleExpansionOf(
  table: TokenTable,
  from: number,
  to: number,
  isDeclarationWord: (id: number) => boolean,
): ProjectCommand | undefined {
  for (let j = from + 1; j < to; j++) {
    if (table.kind[j] !== KIND.ident || !isDeclarationWord(table.code[j]!)) continue;
    const kind = expansionKind(table, j + 1, to);
    return kind === undefined ? undefined : { word: table.textOf(j), kind };
  }
  return undefined;
}

/**
 * The first declaration keyword of a macro's expansion (tokens [rhs, to)); undefined when it has
 * none, or when the name after it is computed (aesop's `def $(mkIdent $ `Check ++ optName.getId)`
 * declares `Check.tree` for `register_aesop_check_option tree`): what the command declares is not its
 * name argument then.
 */
function expansionKind(table: TokenTable, rhs: number, to: number): DeclKind | undefined {
  const isSymbol = (j: number, code: number): boolean => j < to && table.kind[j] === KIND.symbol && table.code[j] === code;
  for (let j = rhs; j < to; j++) {
    if (table.kind[j] !== KIND.keyword || table.code[j]! < 0 || table.code[j]! >= KEYWORD_COUNT) continue;
    const word = KEYWORD_LIST[table.code[j]!]!;
    if (!DECLARATION_KEYWORDS.has(word)) continue;
    const spliced =
      isSymbol(j + 1, DOLLAR) && isSymbol(j + 2, PAREN) && !(table.kind[j + 3] === KIND.ident && isSymbol(j + 4, CLOSE_PAREN));
    return spliced ? undefined : (word as DeclKind);
  }
  return undefined;
}

/** `declSig` (a type is required): a theorem; `optDeclSig`: a def. */
function signatureKind(table: TokenTable, from: number, to: number): DeclKind | undefined {
  for (let j = from; j < to; j++) {
    if (table.kind[j] !== KIND.ident) continue;
    if (table.is(j, 'declSig')) return 'theorem';
    if (table.is(j, 'optDeclSig')) return 'def';
  }
  return undefined;
}
