/**
 * The written notation table of the Lean-aware channel: each ASCII or long spelling and the one
 * form it is compared as. Text is NFC-normalized only: NFKC would turn `ℝ` into `R`. `≠` is never
 * mapped to `!=`, which is Boolean `bne` in Lean 4, a different operator.
 */

/** Bumped whenever the table or the Lean canonical form (lean-canon.ts) changes; part of the configuration hash. */
export const NOTATION_VERSION = 3;

/** [spelling, canonical form]: a token spelled as the left side is compared as the right side. */
export const NOTATION: readonly (readonly [string, string])[] = [
  ['->', '→'],
  ['<->', '↔'],
  ['forall', '∀'],
  ['exists', '∃'],
  ['λ', 'fun'],
  ['=>', '↦'],
  ['<=', '≤'],
  ['>=', '≥'],
  ['/\\', '∧'],
  ['\\/', '∨'],
  ['Not', '¬'],
  ['Nat', 'ℕ'],
  ['Int', 'ℤ'],
  ['Rat', 'ℚ'],
  ['Real', 'ℝ'],
  ['Complex', 'ℂ'],
];

/** Big operators whose binder may be written `x in s` or `x ∈ s` (Mathlib changed the notation). */
export const BIG_OPERATORS: ReadonlySet<string> = new Set(['∑', '∏', '⋃', '⋂', '⨆', '⨅']);

/** Binders whose names are bound variables, renamed in order of appearance. */
export const BINDER_KEYWORDS: ReadonlySet<string> = new Set(['∀', '∃', '∃!', 'fun', '∑', '∏', '⋃', '⋂', '⨆', '⨅']);

const TABLE = new Map(NOTATION);

/** The canonical spelling of one token text (NFC already applied). */
export function canonicalNotation(text: string): string {
  return TABLE.get(text) ?? text;
}
