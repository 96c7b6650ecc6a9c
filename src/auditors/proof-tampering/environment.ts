/**
 * Metaprograms that change the environment as the file is elaborated: `addDecl` and its unchecked
 * forms, `modifyEnv`/`setEnv`, a constant put into the kernel's map by hand. Libraries of tactics
 * call `addDecl` and `modifyEnv` in the elaborators they define (batteries' `alias`, environment
 * extensions), so those two count only where the code runs on the spot: `run_cmd`, `run_elab`,
 * `run_meta`, `#eval`, or `run_tac`/`by_elab` inside a proof. The unchecked and
 * by-hand forms count anywhere: no honest elaborator needs them.
 */
import type { FindingInput } from '../../core/types.js';
import { hitAt } from './hit.js';
import { type FileCode, headOf, lastComponent } from './source.js';

/** Commands whose code runs as the file is elaborated (not `initialize`: its code runs at import, in `IO`, and registers the handlers libraries need). */
const RUN_ON_THE_SPOT: ReadonlySet<string> = new Set(['run_cmd', 'run_elab', 'run_meta', '#eval', '#eval!']);
const RUN_IN_PROOF: ReadonlySet<string> = new Set(['run_tac', 'by_elab']);
const CHANGES: ReadonlySet<string> = new Set(['addDecl', 'addAndCompile', 'modifyEnv', 'setEnv', 'replaceConstant']);
/** Calls that add a constant the kernel never checks, or put one into its map by hand. */
const FORGES: ReadonlySet<string> = new Set(['addDeclCore', 'addDeclWithoutChecking', 'setCheckedSync', 'unsafeAddDecl']);
/** Two last components naming the constant map's insertion (`env.constants.insert`, `constants.map₁.insert`). */
const FORGED_INSERT = /(^|\.)(constants|map₁)\.insert$/;

export function environmentChanges(code: FileCode): FindingInput[] {
  const found: FindingInput[] = [];
  for (const command of code.commands) {
    const head = code.tokens[headOf(code, command)]!;
    let running = RUN_ON_THE_SPOT.has(head.text) ? head.text : undefined;
    for (let i = command.start; i < command.end; i++) {
      const t = code.tokens[i]!;
      if (t.kind !== 'ident' && t.kind !== 'keyword') continue;
      if (RUN_IN_PROOF.has(t.text)) running ??= t.text;
      const call = lastComponent(t.text);
      const forged = FORGES.has(call) || FORGED_INSERT.test(t.text);
      if (!forged && !(running !== undefined && CHANGES.has(call))) continue;
      found.push(
        hitAt(
          code.path,
          t,
          'environment-change',
          { call: t.text, where: running !== undefined ? `code \`${running}\` runs as the file is elaborated` : 'an elaborator' },
          { call: t.text, ...(running !== undefined ? { runs: running } : {}) },
        ),
      );
    }
  }
  return found;
}
