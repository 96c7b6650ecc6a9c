/**
 * What a Lean-channel match shares with a benchmark item, part by part, and whether that is evidence
 * of copying. A copied statement brings its conclusion with it, or most of itself; two statements of
 * different problems often share a short hypothesis or two (`0 < y`, `y < x`, `a ≠ b`) and their
 * variables' types, and hypotheses sorted side by side make n-grams across them. So a match that
 * shares neither conclusion counts only when it covers enough of the item's hypotheses, counted in
 * tokens of their statements (brackets, names and variable binders left out), or reaches the dirty
 * threshold on its own.
 */
import type { StatementShape } from './lean-canon.js';

/** What a corpus statement shares with an item's statement. */
export interface SharedParts {
  /** The conclusion is shared: a shared n-gram lies mostly in either statement's conclusion, or shared n-grams cover the item's whole conclusion. */
  conclusion: boolean;
  /** Tokens of the item's conclusion that shared n-grams cover. */
  conclusionTokens: number;
  /** Tokens of the item's hypotheses' statements that shared n-grams cover. */
  hypothesisTokens: number;
  /** Hypotheses of the item whose whole statement shared n-grams cover. */
  hypotheses: number;
}

/** Whether the n-gram at `[start, start + length)` has more than half of its tokens at or after `conclusion`. */
export function mostlyInConclusion(start: number, length: number, conclusion: number): boolean {
  return 2 * (start + length - Math.max(start, conclusion)) > length;
}

/**
 * The parts of an item's statement (`shape`, `tokens` long) that the shared n-grams `grams`
 * (`[start, length]` in its tokens) cover; `theirConclusion` when one of them lies mostly in the
 * corpus statement's conclusion.
 */
export function sharedParts(
  shape: StatementShape,
  tokens: number,
  grams: Iterable<[number, number]>,
  theirConclusion: boolean,
): SharedParts {
  const covered = new Uint8Array(tokens);
  let conclusion = theirConclusion;
  for (const [start, length] of grams) {
    covered.fill(1, start, start + length);
    if (mostlyInConclusion(start, length, shape.conclusion)) conclusion = true;
  }
  const count = (from: number, to: number): number => covered.subarray(from, to).reduce((n, c) => n + c, 0);
  const conclusionTokens = count(shape.conclusion, tokens);
  return {
    conclusion: conclusion || (conclusionTokens > 0 && conclusionTokens === tokens - shape.conclusion),
    conclusionTokens,
    hypothesisTokens: shape.hypotheses.reduce((n, [from, to]) => n + count(from, to), 0),
    hypotheses: shape.hypotheses.filter(([from, to]) => from < to && count(from, to) === to - from).length,
  };
}

/**
 * Whether a match is evidence of copying: it reaches `dirty` coverage, shares the conclusion, or
 * covers at least `hypothesisTokens` tokens of the item's hypotheses (0: every match counts).
 */
export function isEvidence(shared: SharedParts, coverage: number, limits: { dirty: number; hypothesisTokens: number }): boolean {
  return coverage >= limits.dirty || shared.conclusion || shared.hypothesisTokens >= limits.hypothesisTokens;
}
