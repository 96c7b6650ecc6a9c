/**
 * One file's code as the proof-tampering scans read it: its tokens without comments (a word in a
 * comment, string or docstring is never a token of another kind, so it cannot match) and the
 * commands they form, each from a token at the start of a line to the next.
 */
import { lex } from '../../lean/syntax/lexer.js';
import type { Token } from '../../model/lean.js';

/** One command: tokens [start, end) of the file's code tokens. */
export interface Command {
  start: number;
  end: number;
}

export interface FileCode {
  path: string;
  module: string;
  text: string;
  tokens: Token[];
  commands: Command[];
}

const COMMENT_KINDS: ReadonlySet<string> = new Set(['lineComment', 'blockComment', 'docComment', 'moduleDoc']);
/** Words at the start of a line that continue the command before them rather than begin one. */
const CONTINUATIONS: ReadonlySet<string> = new Set([
  'where',
  'with',
  'deriving',
  'termination_by',
  'decreasing_by',
  'then',
  'else',
  'do',
  'fun',
  'by',
  'at',
  'in',
]);

/** Whether a token at the start of a line begins a command: a keyword, attribute or identifier in the first column. */
const beginsCommand = (t: Token): boolean =>
  t.column === 0 && (t.kind === 'keyword' || t.kind === 'attributeOpen' || t.kind === 'ident') && !CONTINUATIONS.has(t.text);

export function fileCode(path: string, module: string, text: string): FileCode {
  const tokens = lex(text, path).tokens.filter((t) => !COMMENT_KINDS.has(t.kind));
  const commands: Command[] = [];
  let start = 0;
  for (let i = 1; i <= tokens.length; i++) {
    if (i < tokens.length && !beginsCommand(tokens[i]!)) continue;
    commands.push({ start, end: i });
    start = i;
  }
  return { path, module, text, tokens, commands };
}

/** The last component of an identifier as written (`env.addDeclCore` → `addDeclCore`). */
export const lastComponent = (word: string): string => word.slice(word.lastIndexOf('.') + 1);

/** The first token of a command past its attributes and modifiers (`@[simp] private theorem` → `theorem`). */
export function headOf(code: FileCode, command: Command): number {
  let i = command.start;
  while (i < command.end) {
    const t = code.tokens[i]!;
    if (t.kind === 'attributeOpen') {
      let depth = 1;
      for (i++; i < command.end && depth > 0; i++) {
        const u = code.tokens[i]!;
        if (u.kind === 'attributeOpen' || u.text === '[') depth++;
        else if (u.text === ']') depth--;
      }
      continue;
    }
    if (MODIFIERS.has(t.text)) {
      i++;
      continue;
    }
    return i;
  }
  return command.start;
}

const MODIFIERS: ReadonlySet<string> = new Set([
  'private',
  'protected',
  'noncomputable',
  'partial',
  'unsafe',
  'local',
  'scoped',
  'nonrec',
  'public',
  'meta',
]);

/** The declaration a command declares, as written (`theorem foo` → `foo`), if any. */
export function declaredName(code: FileCode, command: Command): string | undefined {
  const head = headOf(code, command);
  const next = code.tokens[head + 1];
  return DECLARING.has(code.tokens[head]!.text) && next?.kind === 'ident' ? next.text : undefined;
}

export const DECLARING: ReadonlySet<string> = new Set([
  'theorem',
  'lemma',
  'def',
  'abbrev',
  'instance',
  'example',
  'axiom',
  'opaque',
  'structure',
  'class',
  'inductive',
]);
