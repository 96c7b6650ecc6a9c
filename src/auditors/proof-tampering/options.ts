/**
 * Options that make Lean accept proofs it did not check: proofs elaborated as `sorry`
 * (`debug.byAsSorry`, `debug.proofAsSorry`, `debug.terminalTacticsAsSorry`), the kernel's check
 * skipped (`debug.skipKernelTC`); and the warning every `sorry` gives silenced (`warn.sorry false`) — in
 * a `set_option` (quoted components `debug.«skipKernelTC»` read as Lean reads them) or given to
 * every file by the lakefile (`moreLeanArgs`, `weakLeanArgs`, `leanOptions`). The plain
 * `set_option debug.skipKernelTC true` is proof-gaps' `skip-kernel-tc`, not repeated here.
 */
import type { FindingInput } from '../../core/types.js';
import { hitAt } from './hit.js';
import type { FileCode } from './source.js';

/** Each option and the value that turns checking off. */
const UNCHECKING: ReadonlyMap<string, string> = new Map([
  ['debug.byAsSorry', 'true'],
  ['debug.proofAsSorry', 'true'],
  ['debug.terminalTacticsAsSorry', 'true'],
  ['debug.skipKernelTC', 'true'],
  ['warn.sorry', 'false'],
]);

/** `warn.sorry false` only silences the build's warnings: the sorries stay, and are counted; the others change what is checked. */
const ruleOf = (option: string): string => (option === 'warn.sorry' ? 'sorry-warning-off' : 'proof-checking-option');

/** An option's name as Lean reads it: `«…»` quotes dropped. */
const unquoted = (name: string): string => name.replace(/[«»]/g, '');

export function sourceOptions(code: FileCode): FindingInput[] {
  const found: FindingInput[] = [];
  const { tokens } = code;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i]!.text !== 'set_option') continue;
    const written = tokens[i + 1]!.text;
    const name = unquoted(written);
    const value = tokens[i + 2]!.text;
    if (UNCHECKING.get(name) !== value) continue;
    if (written === 'debug.skipKernelTC') continue;
    found.push(hitAt(code.path, tokens[i]!, ruleOf(name), { option: `${name} ${value}`, where: 'set here' }, { option: name, value }));
  }
  return found;
}

/** `name = value`, `name=value` (a `-D` argument) or `` ⟨`name, value⟩ `` on one line of a lakefile. */
const LAKEFILE_OPTION =
  /(debug\.«?(?:byAsSorry|proofAsSorry|terminalTacticsAsSorry|skipKernelTC)»?|warn\.«?sorry»?)["'`]?\s*(?:=|,)\s*["']?(true|false)\b/g;

/** The unchecking options a lakefile (`lakefile.lean` or `lakefile.toml`) gives every file it builds. */
export function lakefileOptions(path: string, text: string): FindingInput[] {
  const found: FindingInput[] = [];
  const comment = path.endsWith('.toml') ? /#.*$/ : /--.*$/;
  text.split('\n').forEach((raw, k) => {
    const line = raw.replace(comment, '');
    for (const match of line.matchAll(LAKEFILE_OPTION)) {
      const name = unquoted(match[1]!);
      if (UNCHECKING.get(name) !== match[2]) continue;
      found.push(
        hitAt(
          path,
          { line: k + 1, column: match.index },
          ruleOf(name),
          { option: `${name} ${match[2]}`, where: 'given to every file by the lakefile' },
          { option: name, value: match[2] },
        ),
      );
    }
  });
  return found;
}
