/**
 * The project's notations (`notation`, `notation3`, `infix`, `infixl`, `infixr`, `prefix`,
 * `postfix`, and `macro`s led by an atom, local or not) as references: a declaration whose text
 * uses a notation's leading atoms (`H[` of `notation3 "H[" X "]" => entropy X volume`, `𝐱[` of
 * PhysLean's `macro "𝐱[" i:term "]" : term => `(positionOperator $i)`, `∇` then `×` of its
 * `macro "∇" "×" f:term:100 : term => `(curl $f)`) refers to the declarations its expansion
 * names; a `syntax` whose meaning a `macro_rules` gives is one too, known by the syntax's atoms
 * (PhysLean's `syntax "ℂT[" term,* "]" : term` with `` macro_rules | `(ℂT[$term, $terms,*]) => … ``). The identifier-level
 * reference graph cannot see these uses; teorth/pfr writes its entropy, conditional entropy and
 * mutual information almost only through such notations.
 *
 * Read from the source text, line by line, since the parser does not know `notation3` (a Mathlib
 * command, not Lean's): the namespace a notation stands in comes from the `namespace`/`end` lines
 * above it, the expansion's names resolve against the project's declarations through that
 * namespace and the file's `open`s, and a `local` notation counts only in its own file. Alphanumeric atoms must stand as whole words (`local notation3 "k" => …`).
 */
import { escapeRegExp } from '../../core/regexp.js';
import type { LeanDecl, LeanProject } from '../../model/lean.js';
import { lexTable } from '../syntax/lexer.js';
import { NameTable } from '../syntax/names.js';
import { hasNotationCommands } from '../syntax/parser.js';

export interface Notation {
  /** The first string atom of the notation, trimmed (`H[`, `+ᵥ`). */
  atom: string;
  /** The atoms that lead the notation, one after the other, trimmed (`∇`, `×` of `macro "∇" "×" f:term …`; `H[` alone of `"H[" X "]"`). */
  atoms: string[];
  /** Project declarations its expansion names. */
  targets: string[];
  /** The file that declares it (a `local` notation counts only there). */
  file: string;
  local: boolean;
}

const COMMAND =
  /^[ \t]*(?:@\[[^\]\n]*\][ \t]*)?(?:(local|scoped)[ \t]+)?(notation3?|infixl?|infixr|prefix|postfix|macro_rules|macro|syntax|elab_rules|elab)\b(?::\w+)?/;
/**
 * An arm of a `macro_rules`: `` | `(kind| pattern) => expansion ``, up to the next line that starts an arm. Lean reads
 * `` `(tactic | … `` with spaces as a quotation of that category too (`dynamicQuot`), so `kind` may be a term's first atom instead.
 */
const ARM = /`\((?:\s*([\w.]+)\s*\|)?([\s\S]*?)\)\s*=>([\s\S]*?)(?=\n[ \t]*\||$)/g;
/** A string literal of Lean. */
const STRING = /"(?:[^"\\]|\\.)*"/g;
/** An antiquotation of a macro's expansion (`$i` of `` `(positionOperator $i) ``): a variable of the macro, never a declaration. */
const ANTIQUOTATION = /\$[\p{L}_][\p{L}\p{N}_'.]*/gu;
const IDENT =
  /[A-Za-z_\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f\u0370-\u03ff\u1f00-\u1fff][\w.'\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f\u0370-\u03ff\u1f00-\u1fff\u2080-\u209c]*/gu;

/** A notation command as written: its text (continuation lines included), its command word, the namespaces it stands in (innermost first) and the file's opens above it. */
export interface NotationCommand {
  command: string;
  word: string;
  local: boolean;
  namespaces: string[];
  opens: string[];
}

/** The notation commands of one file (`syntax`, `macro_rules`, `elab` and `elab_rules` among them). */
function commandsOf(text: string): NotationCommand[] {
  const lines = text.split('\n');
  const stack: string[] = [];
  const opens: string[] = [];
  const found: NotationCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const ns = /^\s*namespace\s+(\S+)/.exec(line);
    if (ns) stack.push(ns[1]!);
    else if (/^\s*end\s+\S/.test(line) && stack.length > 0) {
      const closed = line.trim().slice(4).trim();
      const top = stack[stack.length - 1]!;
      if (closed === top || closed === top.split('.').pop()) stack.pop();
    }
    const open = /^\s*open\s+(?:scoped\s+)?([^(\n]+)/.exec(line);
    if (open) opens.push(...open[1]!.split(/\s+/).filter((w) => /^[A-Z]/.test(w)));
    const m = COMMAND.exec(line);
    if (!m) continue;
    let command = line;
    // The arms of a `macro_rules` or `elab_rules` may start at the margin.
    const continues = m[2] === 'macro_rules' || m[2] === 'elab_rules' ? /^(?:[ \t]+\S|\|)/ : /^[ \t]+\S/;
    while (i + 1 < lines.length && continues.test(lines[i + 1]!) && !COMMAND.test(lines[i + 1]!)) command += `\n${lines[++i]}`;
    const full = stack.join('.');
    const namespaces = full
      ? full
          .split('.')
          .map((_, k, parts) => parts.slice(0, k + 1).join('.'))
          .reverse()
      : [];
    found.push({ command, word: m[2]!, local: m[1] === 'local', namespaces, opens: [...opens] });
  }
  return found;
}

/**
 * The name a written identifier resolves to among the project's declarations, if any; a dotted one
 * that names none is read as field notation on the constant its first components name
 * (`complexLorentzTensor.Tensor`).
 */
function resolve(written: string, namespaces: string[], opens: string[], decls: Map<string, LeanDecl>): string | undefined {
  const name = written.replace(/^_root_\./, '');
  for (let end = name.length; end > 0; end = name.lastIndexOf('.', end - 1)) {
    const head = name.slice(0, end);
    for (const prefix of [...namespaces, ...opens]) if (decls.has(`${prefix}.${head}`)) return `${prefix}.${head}`;
    if (decls.has(head)) return head;
  }
  return undefined;
}

/** A string literal at the start of a text, after blanks: its contents. */
const LEADING_STRING = /^\s*"((?:[^"\\]|\\.)*)"/;

/**
 * The atoms a notation command's pattern (its text before `=>`) starts with, trimmed: the string
 * literals that follow the command word, its precedence and `(name := …)`, one after the other; or,
 * for a pattern led by a variable (`x " ⊕ " y`), its first string literal alone.
 */
function leadingAtoms(pattern: string): string[] {
  let rest = pattern.slice(COMMAND.exec(pattern)?.[0].length ?? 0).replace(/^\s*(?:\([^()]*\)\s*)*/, '');
  const atoms: string[] = [];
  for (let m = LEADING_STRING.exec(rest); m !== null; m = LEADING_STRING.exec(rest)) {
    if (m[1]!.trim() !== '') atoms.push(m[1]!.trim());
    rest = rest.slice(m[0].length);
  }
  if (atoms.length > 0) return atoms;
  const first = /"((?:[^"\\]|\\.)*)"/.exec(pattern)?.[1]?.trim();
  return first ? [first] : [];
}

/**
 * The atoms an arm of a `macro_rules` starts with: those of the project's `syntax` its pattern
 * starts with (blanks aside; the longest such), else the pattern's text before its first
 * antiquotation, split at blanks (a syntax of another package).
 */
function armAtoms(pattern: string, syntaxes: string[][]): string[] {
  const literal = pattern.split('$')[0]!.trim();
  const written = literal.replace(/\s+/g, '');
  let best: string[] = [];
  for (const atoms of syntaxes) if (atoms.join('').length > best.join('').length && written.startsWith(atoms.join(''))) best = atoms;
  return best.length > 0 ? best : literal.split(/\s+/).filter((part) => part !== '');
}

/** Lean's own punctuation: a notation led by it alone (`infix " | " => Stroke.stroke`) cannot be told from it in the text. */
const PUNCTUATION = new Set([
  '|',
  ',',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ':',
  ':=',
  '=>',
  '.',
  '·',
  '←',
  '→',
  '↦',
  '<|',
  '|>',
  '$',
  '@',
  '_',
  '⟨',
  '⟩',
]);

/** A notation-like command of the project: the atoms it is led by and what it expands to (one per arm of a `macro_rules` or `elab_rules`). */
export interface NotationDefinition {
  atoms: string[];
  expansion: string;
  /** Whether it makes a term (a `macro_rules` arm of another category, such as `tactic`, does not). */
  term: boolean;
  /** An `elab` or an arm of an `elab_rules`: its "expansion" is the elaborator's code, which names what it builds a term of or inspects, not a term it stands for. */
  elaborated: boolean;
  command: NotationCommand & { file: string };
}

/** Every notation, infix, macro, and arm of a `macro_rules` in the project's files, with its leading atoms and its expansion. */
export function notationDefinitions(
  project: Pick<LeanProject, 'files'>,
  sourceOf: (file: string) => string | undefined,
): NotationDefinition[] {
  const commands = project.files.flatMap((file) => {
    // The parser tells which files have such a command; a file it did not make is searched for the words.
    const parsed = hasNotationCommands(file);
    if (parsed === false) return [];
    const text = sourceOf(file.path);
    if (!text || (parsed === undefined && !/\b(?:notation3?|infix[lr]?|prefix|postfix|macro|macro_rules|syntax)\b/.test(text))) return [];
    return commandsOf(text).map((command) => ({ ...command, file: file.path }));
  });
  const syntaxes = commands.filter(({ word }) => word === 'syntax').map(({ command }) => leadingAtoms(command));
  const definitions: NotationDefinition[] = [];
  for (const command of commands) {
    if (command.word === 'syntax') continue;
    const elaborated = command.word === 'elab' || command.word === 'elab_rules';
    if (command.word === 'macro_rules' || command.word === 'elab_rules') {
      for (const [, kind, pattern, expansion] of command.command.matchAll(ARM)) {
        // `` `(abs | $x |) `` quotes a term when a project syntax opens with `abs`, which names no category then.
        const term = kind === undefined || kind === 'term' || syntaxes.some((atoms) => atoms[0] === kind);
        const written = term && kind !== undefined && kind !== 'term' ? `${kind} |${pattern!}` : pattern!;
        definitions.push({ atoms: armAtoms(written, syntaxes), expansion: expansion!, term, elaborated, command });
      }
      continue;
    }
    // The expansion follows the first `=>` outside the atoms (an atom may be `" => "` itself).
    const arrow = command.command.replace(STRING, (literal) => ' '.repeat(literal.length)).indexOf('=>');
    if (arrow >= 0)
      definitions.push({
        atoms: leadingAtoms(command.command.slice(0, arrow)),
        expansion: command.command.slice(arrow + 2),
        term: true,
        elaborated,
        command,
      });
  }
  return definitions;
}

/** The name table expansions are lexed with: one for all (making a table interns every keyword). */
let expansionNames: NameTable | undefined;

/** The text with its line and block comments blanked, as the lexer finds them (a `--` in a string stays). */
function withoutComments(text: string): string {
  if (!text.includes('--') && !text.includes('/-')) return text;
  const { comments } = lexTable(text, '<expansion>', undefined, (expansionNames ??= new NameTable())).table;
  let blanked = '';
  let from = 0;
  for (let c = 0; c < comments.length; c += 5) {
    const start = comments[c + 1]!;
    const end = comments[c + 2]!;
    blanked += text.slice(from, start) + ' '.repeat(end - start);
    from = end;
  }
  return blanked + text.slice(from);
}

/** The identifiers an expansion writes, its comments, string literals and antiquotations (`$x`) aside. */
export const writtenIdentifiers = (expansion: string): string[] =>
  withoutComments(expansion).replace(STRING, ' ').replace(ANTIQUOTATION, ' ').match(IDENT) ?? [];

/** The project declaration an identifier written in a notation's expansion names, through the notation's namespaces and opens. */
export const expansionTarget = (written: string, { command }: NotationDefinition, decls: Map<string, LeanDecl>): string | undefined =>
  resolve(written, command.namespaces, command.opens, decls);

/** Every notation of the project whose expansion names a project declaration: a `syntax` given its meaning by a term arm of a `macro_rules` counts as one. */
export function projectNotations(
  project: Pick<LeanProject, 'files' | 'decls'>,
  sourceOf: (file: string) => string | undefined,
): Notation[] {
  const notations: Notation[] = [];
  // A tactic's or command's expansion is made of tactic words (`first`, `exact`), which project declarations may share.
  for (const definition of notationDefinitions(project, sourceOf)) {
    const { atoms, expansion, term, elaborated, command } = definition;
    const atom = atoms[0];
    if (!term || elaborated || !atom || atoms.every((a) => PUNCTUATION.has(a))) continue;
    const targets = [...new Set(writtenIdentifiers(expansion).flatMap((w) => expansionTarget(w, definition, project.decls) ?? []))];
    if (targets.length > 0) notations.push({ atom, atoms, targets, file: command.file, local: command.local });
  }
  return notations;
}

const WORDLIKE = /^[\p{L}\p{N}_]/u;

/** A test for a notation's leading atoms in declaration text, blanks allowed between them: as a whole word when it starts or ends like one. */
function atomPattern(atoms: string[]): RegExp {
  const before = WORDLIKE.test(atoms[0]!) ? "(?<![\\p{L}\\p{N}_.'])" : '';
  const after = /[\p{L}\p{N}_]$/u.test(atoms[atoms.length - 1]!) ? "(?![\\p{L}\\p{N}_'])" : '';
  return new RegExp(`${before}${atoms.map(escapeRegExp).join('\\s*')}${after}`, 'u');
}

/** Declaration → the declarations it reaches through the notations its header or body uses. */
export function notationReferences(project: Pick<LeanProject, 'files'>, notations: Notation[]): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>();
  const patterns = notations.map((n) => ({ notation: n, pattern: atomPattern(n.atoms) }));
  for (const file of project.files) {
    const visible = patterns.filter(({ notation }) => !notation.local || notation.file === file.path);
    if (visible.length === 0) continue;
    for (const decl of file.decls) {
      const text = `${decl.header}\n${decl.body ?? ''}`;
      for (const { notation, pattern } of visible) {
        if (!text.includes(notation.atom) || !pattern.test(text)) continue;
        const set = uses.get(decl.fullName) ?? new Set<string>();
        for (const target of notation.targets) if (target !== decl.fullName) set.add(target);
        uses.set(decl.fullName, set);
      }
    }
  }
  return uses;
}
