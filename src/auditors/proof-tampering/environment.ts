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
import { declaredName, type FileCode, headOf, lastComponent } from './source.js';

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
  for (const [k, command] of code.commands.entries()) {
    const before = found.length;
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
    if (found.length > before) found.push(...usesOfAdded(code, k, found[before]!.location!.line));
  }
  return found;
}

/** The names a command quotes as new (`` `forged ``; not ``` ``False ```, which names an existing constant): the constants its code may add. */
function quotedNames(code: FileCode, from: number, to: number): Set<string> {
  const names = new Set<string>();
  for (let i = from + 1; i < to; i++) {
    const t = code.tokens[i]!;
    const tick = code.tokens[i - 1]!;
    const resolved = code.tokens[i - 2]?.text === '`' && code.tokens[i - 2]!.end === tick.start;
    if (t.kind === 'ident' && tick.text === '`' && tick.end === t.start && !resolved) names.add(t.text);
  }
  return names;
}

/** The declarations after command k (in its file) that use a constant it quotes: where the change reaches, with the chain. */
function usesOfAdded(code: FileCode, k: number, line: number): FindingInput[] {
  const command = code.commands[k]!;
  const added = quotedNames(code, command.start, command.end);
  const found: FindingInput[] = [];
  for (const later of code.commands.slice(k)) {
    const name = declaredName(code, later);
    if (name === undefined) continue;
    const from = later === command ? headOf(code, later) : later.start;
    const used = code.tokens
      .slice(from + 2, later.end)
      .find((t) => t.kind === 'ident' && added.has(t.text) && code.tokens[code.tokens.indexOf(t) - 1]?.text !== '`');
    if (used === undefined) continue;
    const at = `${code.path}:${line}`;
    found.push(
      hitAt(
        code.path,
        code.tokens[headOf(code, later)]!,
        'uses-added-constant',
        { decl: name, name: used.text, at },
        { chain: [`${code.path}:${used.line} ${name} uses ${used.text}`, `${at} adds it`] },
      ),
    );
  }
  return found;
}
