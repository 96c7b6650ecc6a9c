/** Findings built for tests of fingerprints and baselines. */
import type { Finding } from '../../src/core/types.js';

/** A proof-gaps `sorry-in-proof` finding in `entityId`, at `file:line`, column 2. */
export const sorryFinding = (entityId: string, line: number, file = 'A/B.lean'): Finding => ({
  auditorId: 'proof-gaps',
  messageId: 'sorry-in-proof',
  severity: 'error',
  message: `\`sorry\` in the proof of ${entityId}`,
  entityId,
  location: { file, line, column: 2 },
});
