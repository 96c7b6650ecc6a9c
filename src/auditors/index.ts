/** Every auditor leanaudit knows, in the order `audit` runs them. One line per auditor. */
import type { Auditor } from '../core/types.js';
import * as axiomUsage from './axiom-usage.js';
import * as contamination from './contamination.js';
import * as crossfileReuse from './crossfile-reuse/index.js';
import * as directJudge from './direct-judge.js';
import * as leanSource from './lean-source.js';
import * as leanscorer from './leanscorer.js';
import * as mathlibOverlap from './mathlib-overlap.js';
import * as pairing from './pairing.js';
import * as proofGaps from './proof-gaps/index.js';
import * as proofTampering from './proof-tampering/index.js';
import * as roundtripJudge from './roundtrip-judge.js';
import * as statementCompiles from './statement-compiles.js';
import * as statementTraps from './statement-traps/index.js';

export const AUDITORS: Auditor[] = [
  proofGaps,
  proofTampering,
  leanSource,
  pairing,
  directJudge,
  roundtripJudge,
  leanscorer,
  crossfileReuse,
  contamination,
  mathlibOverlap,
  axiomUsage,
  statementCompiles,
  statementTraps,
];

/** The auditor with this id, or undefined. */
export function findAuditor(id: string): Auditor | undefined {
  return AUDITORS.find((a) => a.meta.id === id);
}
