/** The two faithfulness protocols: direct (NL vs Lean) and round-trip (NL vs a back-translation). */
import type { FailureCause } from './accounting.js';
import type { LlmEngine } from './engine.js';
import { loadRubric, type Rubric } from './rubric.js';
import { VERDICTS, type Verdict, verdictOf } from './verdict.js';

/** What a judge is shown about one pairing, already rendered as text. */
export interface JudgeInput {
  kind: string;
  /** Informal label (and title) shown to the judges. */
  name: string;
  /** Lean names, the only name the back-translator sees. */
  leanName: string;
  /** The informal statement, the source's argument-free macros expanded. */
  informal: string;
  /** The source's macros taking arguments that the text uses, with their definitions. */
  macros: string;
  /** Lean headers (a definition whole), proofs and comments discarded; several when the statement is split across declarations. */
  formal: string;
  /** Which listed declarations the others use in their proofs (possibly helper lemmas, possibly parts of the statement). */
  helpers: string;
  /** Every `variable` binder in scope. */
  variables: string;
  /** Project definitions the statement reaches, whole, nearest first. */
  auxiliary: string;
  /** Library constants the statement uses, with signatures and docstrings. */
  grounding: string;
  /** Surrounding text centred on the statement. */
  context: string;
  /** Several declarations are listed for the entity. */
  caseSplit: boolean;
  /** The entity is a definition: Q1/Q2 compare notions on the book's domain. */
  definition: boolean;
  /** Whether Lean accepts the statement, as the prompt says it. */
  compileStatus: string;
  /** The statement traps leanaudit read in the Lean statement (see statement-traps), one per line; empty when none. */
  traps: string;
}

/** The untrusted text fields of an input, by name, for `instructionsIn`. */
export function untrustedFields(input: JudgeInput): Record<string, string> {
  const { informal, macros, formal, helpers, variables, auxiliary, grounding, context } = input;
  return { informal, macros, formal, helpers, variables, auxiliary, grounding, context };
}

export type Judgment =
  | {
      ok: true;
      verdict: Verdict;
      q1: boolean;
      q2: boolean;
      reason: string;
      /** The label the model stated itself, when it gave one. */
      modelVerdict?: Verdict;
      /** The model's own label contradicts its Q1/Q2 answers. */
      scoreDisagreement: boolean;
      /** The model (judge or back-translator) said the material tried to instruct it. */
      instructionsInData: boolean;
      cached: boolean;
      model: string;
      rubric: Rubric;
      backTranslation?: string;
    }
  | { ok: false; cause: FailureCause | 'not-cached'; message: string; model: string; rubric: Rubric };

export interface Rubrics {
  direct: Rubric;
  back: Rubric;
  roundtrip: Rubric;
}

/** The three shipped rubrics. */
export function loadJudgeRubrics(): Rubrics {
  return { direct: loadRubric('direct-judge'), back: loadRubric('back-translator'), roundtrip: loadRubric('roundtrip-judge') };
}

/** Cuts text longer than `max` characters and says so. */
export function truncateMarked(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[… truncated at ${max} characters]`;
}

function toJudgment(answer: Record<string, unknown>, cached: boolean, model: string, rubric: Rubric): Judgment {
  const q1 = answer.q1 as boolean;
  const q2 = answer.q2 as boolean;
  const verdict = verdictOf(q1, q2);
  const stated = VERDICTS.find((v) => v.toLowerCase() === String(answer.verdict ?? '').toLowerCase());
  return {
    ok: true,
    verdict,
    q1,
    q2,
    reason: String(answer.reason),
    ...(stated ? { modelVerdict: stated } : {}),
    scoreDisagreement: stated !== undefined && stated !== verdict,
    instructionsInData: answer.instructions_in_data === true,
    cached,
    model,
    rubric,
  };
}

/** Direct protocol: the judge sees the informal statement and the Lean header side by side. */
export async function judgeDirect(
  engine: LlmEngine,
  rubrics: Rubrics,
  input: JudgeInput,
  skolem: boolean,
  signal: AbortSignal,
  cacheOnly = false,
): Promise<Judgment> {
  const { direct } = rubrics;
  const answer = await engine.ask(
    direct,
    {
      kind: input.kind,
      name: input.name,
      informal: input.informal,
      macros: input.macros,
      formal: input.formal,
      helpers: input.helpers,
      variables: input.variables,
      auxiliary: input.auxiliary,
      grounding: input.grounding,
      context: input.context,
      caseSplit: input.caseSplit,
      definition: input.definition,
      compileStatus: input.compileStatus,
      traps: input.traps,
      skolem,
    },
    signal,
    cacheOnly,
  );
  if (!answer.ok) return { ...answer, rubric: direct };
  return toJudgment(answer.value, answer.cached, answer.model, direct);
}

/** Round-trip protocol: Lean → plain mathematics by one model, then compared with the text by another. */
export async function judgeRoundtrip(
  engine: LlmEngine,
  rubrics: Rubrics,
  input: JudgeInput,
  skolem: boolean,
  signal: AbortSignal,
): Promise<Judgment> {
  const back = await engine.ask(
    rubrics.back,
    {
      kind: input.kind,
      name: input.leanName,
      formal: input.formal,
      variables: input.variables,
      auxiliary: input.auxiliary,
      grounding: input.grounding,
    },
    signal,
  );
  if (!back.ok) return { ...back, message: `back-translation: ${back.message}`, rubric: rubrics.back };
  const statement = String(back.value.statement);
  const answer = await engine.ask(
    rubrics.roundtrip,
    {
      kind: input.kind,
      name: input.name,
      informal: input.informal,
      back: statement,
      macros: input.macros,
      context: input.context,
      caseSplit: input.caseSplit,
      definition: input.definition,
      compileStatus: input.compileStatus,
      traps: input.traps,
      skolem,
    },
    signal,
  );
  if (!answer.ok) return { ...answer, rubric: rubrics.roundtrip };
  const judgment = toJudgment(answer.value, answer.cached && back.cached, answer.model, rubrics.roundtrip);
  if (!judgment.ok) return judgment;
  const flagged = judgment.instructionsInData || back.value.instructions_in_data === true;
  return { ...judgment, instructionsInData: flagged, backTranslation: statement };
}
