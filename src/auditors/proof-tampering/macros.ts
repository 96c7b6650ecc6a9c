/**
 * Project syntax whose expansion or elaborator leaves a gap proof-gaps does not see at its uses:
 * `native_decide` (or `bv_decide`, `decide +native`) behind a tactic macro or a `macro_rules`
 * rewrite of a core tactic, an elaborator that admits the goal through a helper one call away or
 * is registered by `@[tactic …]`, an elaborator building ``sorryAx`` with `mkConst`, and a macro
 * spelled with look-alike letters (Cyrillic `о` in `sоrry`), which Lean reads as one atom. Each use
 * in a declaration is reported there, in the files that see the definition (its own, and those
 * importing it; a `local` one in its own file only). Direct sorry macros are proof-gaps'
 * `sorry-macro`.
 */
import type { FindingInput } from '../../core/types.js';
import type { ImportGraph } from '../../lean/workspace/imports.js';
import type { Token } from '../../model/lean.js';
import { hitAt } from './hit.js';
import { type Command, DECLARING, declaredName, type FileCode, headOf, lastComponent } from './source.js';

/** What a word of the project's syntax does, and where it is defined. */
interface Hiding {
  word: string;
  does: string;
  file: number;
  line: number;
  local: boolean;
}

const NATIVE: ReadonlySet<string> = new Set(['native_decide', 'bv_decide', 'ofReduceBool', 'ofReduceNat']);
const ADMITTING: ReadonlySet<string> = new Set(['admitGoal', 'admit', 'mkSorry', 'mkLabeledSorry']);
/** Functions that make a constant into a term. */
const BUILDS: ReadonlySet<string> = new Set(['mkConst', 'Expr.const', '.const', 'mkApp', 'mkAppN', 'mkApp2']);
const DEFINING: ReadonlySet<string> = new Set(['macro', 'macro_rules', 'elab', 'elab_rules', 'syntax']);
/** Look-alike letters (Cyrillic, Greek) and the Latin letter each passes for. */
const LOOK_ALIKES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    а: 'a',
    е: 'e',
    о: 'o',
    р: 'p',
    с: 'c',
    у: 'y',
    х: 'x',
    і: 'i',
    ј: 'j',
    ѕ: 's',
    ο: 'o',
    α: 'a',
    ε: 'e',
    ι: 'i',
    κ: 'k',
    ν: 'v',
    ρ: 'p',
    τ: 't',
    υ: 'u',
    χ: 'x',
  }),
);

/** What the tokens of a definition's code do that hides a gap, if anything. */
function hides(tokens: Token[], from: number, to: number, helpers: ReadonlyMap<string, string>): string | undefined {
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    const word = lastComponent(t.text);
    if (t.kind === 'ident' && NATIVE.has(word)) return `runs \`${word}\`: the kernel trusts compiled code`;
    if (t.text === 'native' && tokens[i - 1]?.text === '+' && tokens[i - 2]?.text === 'decide')
      return 'runs `decide +native`: the kernel trusts compiled code';
    if ((t.kind === 'ident' || t.kind === 'keyword') && ADMITTING.has(word) && tokens[i - 1]?.text !== '`')
      return `admits the goal (\`${word}\`)`;
    if (word === 'sorryAx' && tokens.slice(Math.max(from, i - 4), i).some((u) => BUILDS.has(u.text))) return 'builds `sorryAx`';
    const helper = t.kind === 'ident' ? helpers.get(word) : undefined;
    if (helper !== undefined) return `calls \`${t.text}\`, which ${helper}`;
  }
  return undefined;
}

/** The word a definition command introduces: its first atom, or the tactic a `macro_rules` arm rewrites. */
function wordOf(code: FileCode, command: Command, head: number): string | undefined {
  const { tokens } = code;
  for (let i = head + 1; i < command.end && tokens[i]!.text !== '=>'; i++) {
    const t = tokens[i]!;
    if (t.kind === 'string') return t.text.slice(1, -1).trim();
    if (t.text === '|' && tokens[i - 1]?.text !== '`(' && tokens[i + 1]?.kind === 'ident') {
      if (tokens[i - 1]?.kind === 'ident' && tokens[i - 2]?.text === '(') return tokens[i + 1]!.text;
    }
  }
  return undefined;
}

/** `syntax (name := X) "word"`: the word each syntax kind name stands for, per file. */
function syntaxNames(code: FileCode): Map<string, string> {
  const names = new Map<string, string>();
  const { tokens } = code;
  for (const command of code.commands) {
    const h = headOf(code, command);
    if (tokens[h]!.text !== 'syntax' || tokens[h + 2]?.text !== 'name' || tokens[h + 3]?.text !== ':=') continue;
    const atom = tokens.slice(h + 4, command.end).find((t) => t.kind === 'string');
    if (atom !== undefined) names.set(tokens[h + 4]!.text, atom.text.slice(1, -1).trim());
  }
  return names;
}

const NO_HELPERS: ReadonlyMap<string, string> = new Map();

/** The project's helper definitions whose code admits the goal: name (last component) → what it does. */
function helpersOf(codes: FileCode[]): Map<string, string> {
  const helpers = new Map<string, string>();
  for (const code of codes) {
    for (const command of code.commands) {
      const h = headOf(code, command);
      if (code.tokens[h]!.text !== 'def') continue;
      const name = code.tokens[h + 1]?.text;
      if (name === undefined) continue;
      const does = hides(code.tokens, h + 2, command.end, NO_HELPERS);
      if (does?.startsWith('admits')) helpers.set(lastComponent(name), does);
    }
  }
  return helpers;
}

/** A word spelled with look-alike letters, and the Latin word it passes for. */
function lookAlike(word: string): string | undefined {
  if (!/[^\x00-\x7f]/.test(word)) return undefined;
  const latin = [...word].map((c) => LOOK_ALIKES.get(c) ?? c).join('');
  return /^[\x00-\x7f]+$/.test(latin) ? latin : undefined;
}

function hidingsOf(code: FileCode, k: number, helpers: ReadonlyMap<string, string>): Hiding[] {
  const found: Hiding[] = [];
  const { tokens } = code;
  const kinds = syntaxNames(code);
  for (const command of code.commands) {
    const h = headOf(code, command);
    const head = tokens[h]!;
    const local = tokens.slice(command.start, h).some((t) => t.text === 'local');
    let word: string | undefined;
    if (DEFINING.has(head.text)) word = wordOf(code, command, h);
    else if (head.text === 'def' && command.start < h) {
      const tactic = tokens.slice(command.start, h).findIndex((t) => t.text === 'tactic' || t.text === 'term_elab');
      if (tactic >= 0) word = kinds.get(tokens[command.start + tactic + 1]?.text ?? '');
    }
    if (word === undefined || word === '') continue;
    const latin = lookAlike(word);
    const does = latin !== undefined ? `is spelled with look-alike letters as \`${latin}\`` : hides(tokens, h + 1, command.end, helpers);
    if (does !== undefined) found.push({ word, does, file: k, line: head.line, local });
  }
  return found;
}

/** The uses of each hiding word in the declarations of the files that see it. */
export function macroUses(codes: FileCode[], imports: ImportGraph, paths: string[]): FindingInput[] {
  const helpers = helpersOf(codes);
  const hidings = codes.flatMap((code, k) => hidingsOf(code, k, helpers));
  const found: FindingInput[] = [];
  for (const hiding of hidings) {
    const seeing = hiding.local ? [hiding.file] : [...imports.importersOf(hiding.file)];
    for (const k of seeing) {
      const code = codes[k];
      if (code === undefined) continue;
      for (const command of code.commands) {
        const h = headOf(code, command);
        if (!DECLARING.has(code.tokens[h]!.text)) continue;
        for (const at of usesIn(code, command, hiding.word)) {
          const decl = declaredName(code, command) ?? `the ${code.tokens[h]!.text} at line ${code.tokens[h]!.line}`;
          found.push(
            hitAt(
              code.path,
              at,
              'macro-hides-gap',
              { word: hiding.word, decl, does: hiding.does, defined: `${paths[hiding.file]}:${hiding.line}` },
              {
                word: hiding.word,
                definedAt: `${paths[hiding.file]}:${hiding.line}`,
                chain: [`${code.path}:${at.line} ${hiding.word}`, `${paths[hiding.file]}:${hiding.line} ${hiding.does}`],
              },
            ),
          );
        }
      }
    }
  }
  return found;
}

/** Where a command uses a word: as a token, or (a word the lexer splits, spelled with other scripts) as text starting a token. */
function usesIn(code: FileCode, command: Command, word: string): Token[] {
  const { tokens, text } = code;
  const uses: Token[] = [];
  for (let i = command.start; i < command.end; i++) {
    const t = tokens[i]!;
    if (t.kind === 'string' || t.kind === 'char') continue;
    if (t.text === word || (t.text !== word && text.startsWith(word, t.start) && word.length > t.text.length)) uses.push(t);
  }
  return uses;
}
