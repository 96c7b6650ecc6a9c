/**
 * A trust level per result: how far the evidence for a theorem reaches along the ladder
 * source read → axioms listed by Lean → kernel replay (leanchecker) → statement matched against a
 * challenge (comparator), and what stopped it. The source rung is this auditor's own reading (no
 * gap in the proof, none reached through other declarations); the axioms rung is Lean's
 * `#print axioms`, asked only when the user configured the REPL; leanaudit runs neither
 * leanchecker nor comparator, so those rungs name the command that would.
 */
import { type LeanCheck, type TheoremTrust, TRUST_RUNGS, type TrustLevel, type TrustRungOutcome } from '../../core/types.js';
import type { LeanDecl } from '../../model/lean.js';
import type { AxiomsAnswer } from '../../repl/print-axioms.js';
import { STANDARD_AXIOMS } from '../../repl/results.js';

export type Trust = Pick<TheoremTrust, 'level' | 'rungs'>;
type RungOutcome = TrustRungOutcome;

/** What is known of one result when its trust is rated. */
export interface TrustInput {
  decl: LeanDecl;
  module: string;
  /** Why the source reading stops (a gap of its own, or the chain to one), if it does. */
  sourceGap?: string;
  /** Lean's answer, when the REPL was asked. */
  axioms?: AxiomsAnswer;
  /** The axioms a solution may use (comparator's `permitted_axioms`), else the standard three. */
  permitted?: readonly string[];
  /** comparator's config file, when the theorem is one it names. */
  comparatorConfig?: string;
  /** The static comparison of its statement with the challenge's, when comparator names it. */
  statementMatch?: { same: boolean; challenge: string };
}

function axiomsRung(input: TrustInput): RungOutcome {
  const check: LeanCheck = { kind: 'print-axioms', command: `#print axioms ${input.decl.fullName}` };
  const answer = input.axioms;
  if (answer === undefined) return { rung: 'axioms', reached: false, why: 'Lean was not run (configure repl to ask it)', check };
  if ('error' in answer) return { rung: 'axioms', reached: false, why: `Lean could not answer: ${answer.error}`, check };
  const allowed = new Set(input.permitted ?? STANDARD_AXIOMS);
  const beyond = answer.axioms.filter((a) => !allowed.has(a));
  return beyond.length === 0
    ? { rung: 'axioms', reached: true, why: `Lean lists only ${answer.axioms.length ? answer.axioms.join(', ') : 'no axioms'}` }
    : { rung: 'axioms', reached: false, why: `Lean lists axioms beyond the permitted ones: ${beyond.join(', ')}`, check };
}

function challengeRung(input: TrustInput): RungOutcome {
  if (input.comparatorConfig === undefined || input.statementMatch === undefined)
    return { rung: 'challenge', reached: false, why: 'no comparator challenge states it (`leanaudit comparator` writes one)' };
  const check: LeanCheck = { kind: 'comparator', command: `lake env comparator ${input.comparatorConfig}` };
  const statically = input.statementMatch.same
    ? `its statement reads the same as ${input.statementMatch.challenge}'s`
    : `its statement reads differently from ${input.statementMatch.challenge}'s`;
  return { rung: 'challenge', reached: false, why: `comparator was not run; ${statically}`, check };
}

/** Rates one result: each rung's outcome, the level the first unreached rung stops at. */
export function rateTrust(input: TrustInput): Trust {
  const rungs: RungOutcome[] = [
    input.sourceGap === undefined
      ? { rung: 'source', reached: true, why: 'no gap in its proof nor in the declarations it reaches' }
      : { rung: 'source', reached: false, why: input.sourceGap },
    axiomsRung(input),
    {
      rung: 'kernel',
      reached: false,
      why: 'the kernel replay was not run',
      check: { kind: 'leanchecker', command: `lake env leanchecker ${input.module}` },
    },
    challengeRung(input),
  ];
  const stop = rungs.findIndex((r) => !r.reached);
  const level: TrustLevel = stop === 0 ? 'none' : TRUST_RUNGS[(stop === -1 ? TRUST_RUNGS.length : stop) - 1]!;
  return { level, rungs };
}
