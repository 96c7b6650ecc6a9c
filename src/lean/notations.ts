/**
 * The project's notations (`notation`, `notation3`, `infix`, `infixl`, `infixr`, `prefix`,
 * `postfix`, and `macro`s led by an atom, local or not) as references: a declaration whose text
 * uses a notation's leading atoms (`H[` of `notation3 "H[" X "]" => entropy X volume`, `𝐱[` of
 * PhysLean's `macro "𝐱[" i:term "]" : term => `(positionOperator $i)`, `∇` then `×` of its
 * `macro "∇" "×" f:term:100 : term => `(curl $f)`) refers to the declarations its expansion
 * names. A `syntax` whose meaning a separate `macro_rules` gives is not read. The identifier-level
 * reference graph cannot see these uses; teorth/pfr writes its entropy, conditional entropy and
 * mutual information almost only through such notations.
 *
 * Read from the source text, line by line, since the parser does not know `notation3` (a Mathlib
 * command, not Lean's): the namespace a notation stands in comes from the `namespace`/`end` lines
 * above it, the expansion's names resolve against the project's declarations through that
 * namespace and the file's `open`s, and a `local` notation counts only in its own file. Alphanumeric atoms must stand as whole words (`local notation3 "k" => …`).
 */
import { escapeRegExp } from '../core/regexp.js';
import type { LeanDecl, LeanProject } from './types.js';

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

const COMMAND = /^[ \t]*(?:@\[[^\]\n]*\][ \t]*)?(?:(local|scoped)[ \t]+)?(?:notation3?|infixl?|infixr|prefix|postfix|macro)\b(?::\w+)?/;
/** A string literal of Lean. */
const STRING = /"(?:[^"\\]|\\.)*"/g;
/** An antiquotation of a macro's expansion (`$i` of `` `(positionOperator $i) ``): a variable of the macro, never a declaration. */
const ANTIQUOTATION = /\$[\p{L}_][\p{L}\p{N}_'.]*/gu;
const IDENT = /[A-Za-z_\u0370-\u03ff\u1f00-\u1fff][\w.'\u0370-\u03ff\u1f00-\u1fff\u2080-\u209c]*/gu;

/** The notation commands of one file: each with its text (continuation lines included), namespace and opens. */
function commandsOf(text: string): { command: string; local: boolean; namespaces: string[]; opens: string[] }[] {
  const lines = text.split('\n');
  const stack: string[] = [];
  const opens: string[] = [];
  const found: { command: string; local: boolean; namespaces: string[]; opens: string[] }[] = [];
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
    while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1]!) && !COMMAND.test(lines[i + 1]!)) command += `\n${lines[++i]}`;
    const full = stack.join('.');
    const namespaces = full ? full.split('.').map((_, k, parts) => parts.slice(0, k + 1).join('.')).reverse() : [];
    found.push({ command, local: m[1] === 'local', namespaces, opens: [...opens] });
  }
  return found;
}

/** The name a written identifier resolves to among the project's declarations, if any. */
function resolve(written: string, namespaces: string[], opens: string[], decls: Map<string, LeanDecl>): string | undefined {
  const name = written.replace(/^_root_\./, '');
  for (const prefix of [...namespaces, ...opens]) if (decls.has(`${prefix}.${name}`)) return `${prefix}.${name}`;
  return decls.has(name) ? name : undefined;
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

/** Every notation of the project whose expansion names a project declaration. */
export function projectNotations(project: Pick<LeanProject, 'files' | 'decls'>, sourceOf: (file: string) => string | undefined): Notation[] {
  const notations: Notation[] = [];
  for (const file of project.files) {
    const text = sourceOf(file.path);
    if (!text || !/\b(?:notation3?|infix[lr]?|prefix|postfix|macro)\b/.test(text)) continue;
    for (const { command, local, namespaces, opens } of commandsOf(text)) {
      // The expansion follows the first `=>` outside the atoms (an atom may be `" => "` itself).
      const arrow = command.replace(STRING, (literal) => ' '.repeat(literal.length)).indexOf('=>');
      if (arrow < 0) continue;
      const atoms = leadingAtoms(command.slice(0, arrow));
      const atom = atoms[0];
      if (!atom) continue;
      const written = command.slice(arrow + 2).replace(STRING, ' ').replace(ANTIQUOTATION, ' ').match(IDENT) ?? [];
      const targets = [...new Set(written.flatMap((w) => resolve(w, namespaces, opens, project.decls) ?? []))];
      if (targets.length > 0) notations.push({ atom, atoms, targets, file: file.path, local });
    }
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
