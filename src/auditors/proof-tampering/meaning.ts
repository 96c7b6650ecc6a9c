/**
 * Declarations that change what a statement means while it reads the same: an instance of a core
 * class for a core type (`local instance : Add Nat`, `OfNat Nat 2` at high priority), a notation
 * or macro that gives a core word or symbol another meaning (`local notation "True" => False`,
 * `≈`), and a `prelude` file defining a function the kernel computes natively (`Nat.gcd`), whose
 * definition the kernel then disagrees with. An instance for the project's own type, or a notation
 * on a fresh symbol, changes nothing already written.
 */
import type { FindingInput } from '../../core/types.js';
import type { Token } from '../../model/lean.js';
import { hitAt } from './hit.js';
import { type Command, type FileCode, headOf } from './source.js';

/** Core classes whose instances decide what arithmetic, order, equality and numerals mean. */
const CORE_CLASSES: ReadonlySet<string> = new Set([
  'Add',
  'Sub',
  'Mul',
  'Div',
  'Mod',
  'Neg',
  'Pow',
  'HAdd',
  'HSub',
  'HMul',
  'HDiv',
  'HMod',
  'HPow',
  'OfNat',
  'LE',
  'LT',
  'BEq',
  'DecidableEq',
  'Decidable',
  'Zero',
  'One',
  'Dvd',
  'Max',
  'Min',
  'NatCast',
  'IntCast',
  'Append',
  'HAppend',
]);
/** Types of core Lean and Mathlib whose meaning every reader assumes. */
const CORE_TYPES: ReadonlySet<string> = new Set([
  'Nat',
  'ℕ',
  'Int',
  'ℤ',
  'Bool',
  'Prop',
  'String',
  'Char',
  'Fin',
  'UInt8',
  'UInt16',
  'UInt32',
  'UInt64',
  'Float',
  'Rat',
  'ℚ',
  'Real',
  'ℝ',
  'Complex',
  'ℂ',
  'List',
  'Array',
]);
/** Words and symbols of core Lean a notation must not redefine. */
const CORE_SYMBOLS: ReadonlySet<string> = new Set([
  'True',
  'False',
  '=',
  '≠',
  '≈',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '≤',
  '<',
  '≥',
  '>',
  '∧',
  '∨',
  '¬',
  '↔',
  '→',
  '∀',
  '∃',
  '∣',
  '∘',
  '×',
  '∈',
  '∉',
  '⊆',
  '∩',
  '∪',
  '∅',
  '==',
  '!=',
  '&&',
  '||',
  'Nat',
  'ℕ',
  'Int',
  'ℤ',
  'Prop',
  'sorry',
  'rfl',
  'trivial',
  'decide',
  'id',
  'fun',
  'Eq',
  'Not',
  'And',
  'Or',
  'Iff',
]);
/**
 * A word rather than a symbol. A global notation on a core symbol overloads it (aesop's tests write
 * `infix " ∈ " => Mem` for their own lists, and Lean picks by type); a local or scoped one, or one
 * on a word such as `True`, is there to read differently in its scope.
 */
const WORD = /^[\p{L}_]/u;
const NOTATION_COMMANDS: ReadonlySet<string> = new Set(['notation', 'infix', 'infixl', 'infixr', 'prefix', 'postfix', 'macro']);
/** Functions the kernel computes natively (GMP) rather than by their definition. */
const KERNEL_ACCELERATED: ReadonlySet<string> = new Set(
  [
    'add',
    'sub',
    'mul',
    'div',
    'mod',
    'gcd',
    'beq',
    'ble',
    'land',
    'lor',
    'xor',
    'shiftLeft',
    'shiftRight',
    'pow',
    'log2',
    'pred',
    'succ',
  ].map((f) => `Nat.${f}`),
);

export function meaningChanges(code: FileCode): FindingInput[] {
  const found: FindingInput[] = [];
  const prelude = code.tokens[0]?.text === 'prelude';
  for (const command of code.commands) {
    const h = headOf(code, command);
    const head = code.tokens[h]!;
    if (head.text === 'instance') {
      const instance = coreInstance(code.tokens, h, command);
      if (instance !== undefined) found.push(hitAt(code.path, head, 'core-instance', instance, instance));
    } else if (NOTATION_COMMANDS.has(head.text)) {
      const symbol = coreSymbol(code.tokens, h, command);
      const scoped = code.tokens.slice(command.start, h).some((t) => t.text === 'local' || t.text === 'scoped');
      if (symbol !== undefined && (scoped || WORD.test(symbol)))
        found.push(hitAt(code.path, head, 'core-notation', { symbol, command: head.text }, { symbol }));
    } else if (prelude && head.text === 'def') {
      const name = code.tokens[h + 1]?.text;
      if (name !== undefined && KERNEL_ACCELERATED.has(name))
        found.push(hitAt(code.path, head, 'prelude-redefinition', { name }, { name }));
    }
  }
  return found;
}

/** The class and type of an instance of a core class for a core type, e.g. `Add Nat`. */
function coreInstance(tokens: Token[], h: number, command: Command): { class: string; type: string } | undefined {
  let depth = 0;
  for (let i = h + 1; i < command.end; i++) {
    const t = tokens[i]!;
    if (t.text === '(' || t.text === '[' || t.text === '{' || t.text === '⦃') depth++;
    else if (t.text === ')' || t.text === ']' || t.text === '}' || t.text === '⦄') depth--;
    else if (depth === 0 && (t.text === 'where' || t.text === ':=')) return undefined;
    else if (depth === 0 && t.text === ':') {
      const cls = tokens[i + 1]?.text ?? '';
      const name = cls.slice(cls.lastIndexOf('.') + 1);
      if (!CORE_CLASSES.has(name)) return undefined;
      const type = tokens[i + 2]?.text ?? '';
      return CORE_TYPES.has(type.slice(type.lastIndexOf('.') + 1)) ? { class: name, type } : undefined;
    }
  }
  return undefined;
}

/** A core word or symbol among the atoms (string literals) of a notation before its `=>`. */
function coreSymbol(tokens: Token[], h: number, command: Command): string | undefined {
  for (let i = h + 1; i < command.end && tokens[i]!.text !== '=>'; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'string') continue;
    const atom = t.text.slice(1, -1).trim();
    if (CORE_SYMBOLS.has(atom)) return atom;
  }
  return undefined;
}
