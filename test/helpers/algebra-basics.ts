/** Facts about samples/algebra-basics that tests assert: its metadata and its true proof gaps. */
import { join } from 'node:path';
import { packageRoot } from '../../src/core/paths.js';

export const SAMPLE = join(packageRoot(), 'samples', 'algebra-basics');

/** The project metadata a report of the sample must carry. */
export const SAMPLE_PROJECT = {
  root: SAMPLE,
  name: 'algebra-basics',
  leanToolchain: 'leanprover/lean4:v4.28.0',
  mathlibRev: '8f9d9cff6bd728b17a24e163c9402775d9e6a365',
  libraries: ['AlgebraBasics'],
  files: 6,
  declarations: 49,
};

/**
 * Every proof gap of the library, by rule and `file:line`. Not gaps: the sorry in a block comment
 * (Groups/Basic.lean:53), in a docstring (Groups/Basic.lean:59), in a string (Modular.lean:34) and
 * in the hidden scratch folder (.scratch/Attempt.lean:5).
 */
export const SAMPLE_GAPS = [
  ['proof-gaps/sorry-in-data', 'AlgebraBasics/GaussianIntegers.lean:62'],
  ['proof-gaps/sorry-in-proof', 'AlgebraBasics/GaussianIntegers.lean:68'],
  ['proof-gaps/sorry-in-proof', 'AlgebraBasics/GaussianIntegers.lean:82'],
  ['proof-gaps/sorry-in-proof', 'AlgebraBasics/Groups/Basic.lean:49'],
  ['proof-gaps/sorry-in-proof', 'AlgebraBasics/Groups/Order.lean:22'],
  ['proof-gaps/axiom', 'AlgebraBasics/Groups/Order.lean:35'],
  ['proof-gaps/sorry-in-proof', 'AlgebraBasics/Modular.lean:20'],
  ['proof-gaps/native-decide', 'AlgebraBasics/Modular.lean:30'],
  ['proof-gaps/sorry-in-proof', 'AlgebraBasics/Parity.lean:37'],
];

/** The blueprint's claims the code contradicts: cor:pow-card's proof is marked \leanok, its Lean rests on orderOf_dvd_card' (a sorry). */
export const SAMPLE_CLAIMS = [['proof-gaps/claim-rests-on-gap', 'blueprint/src/chapter/order.tex:28']];
