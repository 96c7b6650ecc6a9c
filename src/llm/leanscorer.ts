/**
 * LeanScorer (Mathesis): the informal statement decomposed into atomic conditions and conclusions,
 * each labelled Match / Minor / Major against the Lean statement, plus one item for missing or
 * implicit conditions, aggregated by a Sugeno integral. The aggregation is the one Mathesis prints;
 * the Major veto its prose describes (a Major mismatch fails the formalization) is applied
 * on top, because the printed formula alone lets {Major, Match, Match} score 0.667 and pass α = 0.6.
 */

import type { FailureCause } from './accounting.js';
import type { LlmEngine } from './engine.js';
import type { JudgeInput } from './protocols.js';
import { loadRubric, type Rubric } from './rubric.js';

export const LABELS = ['Match', 'Minor', 'Major'] as const;
export type Label = (typeof LABELS)[number];

/** f: Match 1, Minor 0.5, Major 0. */
export const LABEL_VALUE: Record<Label, number> = { Match: 1, Minor: 0.5, Major: 0 };

/** δ = 0.1 when at most one item is Minor, else 0.2. */
export function minorPenalty(nMinor: number): number {
  return nMinor <= 1 ? 0.1 : 0.2;
}

/** μ(s) = max((|s|/n)(1 − δ·n_minor), 0), with n_minor the Minor items of the whole statement. */
export function fuzzyMeasure(size: number, n: number, nMinor: number): number {
  return Math.max((size / n) * (1 - minorPenalty(nMinor) * nMinor), 0);
}

/** The Sugeno integral as printed: items sorted by f descending, S = max over i of min(f(x₍ᵢ₎), μ({x₍₁₎…x₍ᵢ₎})). */
export function sugeno(labels: readonly Label[]): number {
  const n = labels.length;
  if (n === 0) return 0;
  const nMinor = labels.filter((l) => l === 'Minor').length;
  const values = labels.map((l) => LABEL_VALUE[l]).sort((a, b) => b - a);
  let best = 0;
  values.forEach((f, i) => {
    best = Math.max(best, Math.min(f, fuzzyMeasure(i + 1, n, nMinor)));
  });
  return best;
}

export interface LeanScore {
  /** The Sugeno integral exactly as printed. */
  sugeno: number;
  /** Some item is Major: the statement fails whatever its score. */
  veto: boolean;
  /** No Major item and `sugeno >= alpha`. */
  pass: boolean;
  /** Whether the printed formula alone (`sugeno >= alpha`) would have passed it. */
  passWithoutVeto: boolean;
}

/** Scores labelled items against the threshold α: pass iff no item is Major and S ≥ α. */
export function leanScore(labels: readonly Label[], alpha: number): LeanScore {
  const s = Math.round(sugeno(labels) * 1000) / 1000;
  const veto = labels.includes('Major');
  return { sugeno: s, veto, pass: !veto && s >= alpha, passWithoutVeto: s >= alpha };
}

export interface LeanScorerRubrics {
  decompose: Rubric;
  label: Rubric;
}

/** The two shipped LeanScorer rubrics. */
export function loadLeanScorerRubrics(): LeanScorerRubrics {
  return { decompose: loadRubric('leanscorer-decompose'), label: loadRubric('leanscorer-label') };
}

export interface ScoredItem {
  kind: 'condition' | 'conclusion' | 'missing';
  text: string;
  label: Label;
  reason: string;
}

export type LeanScorerResult =
  | {
      ok: true;
      items: ScoredItem[];
      score: LeanScore;
      alpha: number;
      cached: boolean;
      model: string;
      instructionsInData: boolean;
    }
  | { ok: false; cause: FailureCause | 'not-cached' | 'unparseable'; message: string; model: string; rubric: Rubric };

/** Decomposes the informal statement, labels each item (and the missing-conditions item) against the Lean, and scores the labels. */
export async function judgeLeanScorer(
  engine: LlmEngine,
  rubrics: LeanScorerRubrics,
  input: JudgeInput,
  alpha: number,
  signal: AbortSignal,
): Promise<LeanScorerResult> {
  const decomposition = await engine.ask(
    rubrics.decompose,
    {
      kind: input.kind,
      name: input.name,
      informal: input.informal,
      macros: input.macros,
      context: input.context,
      definition: input.definition,
    },
    signal,
  );
  if (!decomposition.ok) return { ...decomposition, message: `decomposition: ${decomposition.message}`, rubric: rubrics.decompose };
  const parts = decomposition.value.items as { kind: 'condition' | 'conclusion'; text: string }[];
  const items = parts.map((p, i) => `${i + 1}. (${p.kind}) ${p.text}`).join('\n');
  const labelled = await engine.ask(
    rubrics.label,
    {
      kind: input.kind,
      name: input.name,
      items,
      formal: input.formal,
      helpers: input.helpers,
      variables: input.variables,
      auxiliary: input.auxiliary,
      grounding: input.grounding,
      compileStatus: input.compileStatus,
      traps: input.traps,
      definition: input.definition,
    },
    signal,
  );
  if (!labelled.ok) return { ...labelled, message: `labelling: ${labelled.message}`, rubric: rubrics.label };
  const answers = labelled.value.labels as { item: number; label: Label; reason: string }[];
  const missing = labelled.value.missing as { label: Label; reason: string };
  const byItem = new Map(answers.map((a) => [a.item, a]));
  const unlabelled = parts.findIndex((_, i) => !byItem.has(i + 1));
  if (unlabelled >= 0) {
    return {
      ok: false,
      cause: 'unparseable',
      message: `labelling: item ${unlabelled + 1} has no label`,
      model: labelled.model,
      rubric: rubrics.label,
    };
  }
  const scored: ScoredItem[] = [
    ...parts.map((p, i) => ({ kind: p.kind, text: p.text, label: byItem.get(i + 1)!.label, reason: byItem.get(i + 1)!.reason })),
    { kind: 'missing' as const, text: 'conditions the Lean statement adds or leaves out', label: missing.label, reason: missing.reason },
  ];
  return {
    ok: true,
    items: scored,
    score: leanScore(
      scored.map((s) => s.label),
      alpha,
    ),
    alpha,
    cached: decomposition.cached && labelled.cached,
    model: labelled.model,
    instructionsInData: decomposition.value.instructions_in_data === true || labelled.value.instructions_in_data === true,
  };
}
