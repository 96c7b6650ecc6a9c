/**
 * statement-traps
 *
 * What it checks: each theorem's statement (binders, hypotheses, conclusion) for the terms that
 * make a statement that compiles say something other than it seems to: truncated ℕ subtraction,
 * rounding ℕ/ℤ division, casts after the operation, `x / 0 = 0`, `Real.sqrt`/`Real.log` out of their
 * domain, contradictory or restated hypotheses, a `True` conclusion, a number bound and never used.
 * Each finding names the term, the value that springs the trap, and shows the informal statement
 * when the declaration is paired.
 *
 * Why it matters: released benchmark statements are wrong far more often than their proofs; these
 * are the classic ways, and Lean accepts every one of them.
 *
 * Example: `theorem t (n : ℕ) : (↑(n - 1) : ℝ) / n < 1` — for n = 0 the numerator is 0, not -1.
 */
import { readRepoFile } from '../../core/repo-file.js';
import type { AuditContext } from '../../core/types.js';
import { statementTraps } from '../../lean/resolve/statement-traps.js';
import type { LeanDecl, LeanFile } from '../../model/lean.js';
import type { Location } from '../../model/location.js';

export { meta } from './rules.js';

const STATEMENT_KINDS: ReadonlySet<string> = new Set(['theorem', 'lemma', 'example']);
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Reports the traps of every theorem's statement. */
export async function run(ctx: AuditContext): Promise<void> {
  const project = await ctx.project();
  const informal = await informalByDecl(ctx);
  let statements = 0;
  let withTraps = 0;
  for (const file of project.files) {
    let lines: LineStarts | undefined;
    for (const decl of file.decls) {
      if (!STATEMENT_KINDS.has(decl.kind)) continue;
      statements++;
      const traps = statementTraps(decl.header);
      if (traps.length > 0) withTraps++;
      for (const trap of traps) {
        const source = informal.get(decl.fullName);
        ctx.report({
          messageId: trap.kind,
          ...(source ? { entityId: source.id } : {}),
          location: locate(decl, (lines ??= lineStarts(fileText(ctx.root, file))), trap.offset),
          data: { name: decl.fullName || decl.kind, term: trap.term, why: trap.why },
          evidence: {
            term: trap.term,
            ...(trap.degenerate ? { degenerate: `${trap.degenerate.variable} = ${trap.degenerate.value}` } : {}),
            ...(source ? { informal: source.statement } : {}),
          },
        });
      }
    }
  }
  ctx.metric('statements', statements);
  ctx.metric('statements-with-traps', withTraps);
}

/** The informal statement each paired declaration states, when the repository has an informal source. */
async function informalByDecl(ctx: AuditContext): Promise<Map<string, { id: string; statement: string }>> {
  const entities = await ctx.entities().catch(() => []);
  const byDecl = new Map<string, { id: string; statement: string }>();
  for (const entity of entities) for (const decl of entity.decls) byDecl.set(decl.fullName, { id: entity.id, statement: entity.statement });
  return byDecl;
}

function fileText(root: string, file: LeanFile): string | undefined {
  try {
    return readRepoFile(root, file.path, MAX_FILE_BYTES).toString('utf8');
  } catch {
    return undefined;
  }
}

/** A file's text with the offset each line starts at. */
interface LineStarts {
  text: string | undefined;
  starts: number[];
}

function lineStarts(text: string | undefined): LineStarts {
  const starts = [0];
  if (text !== undefined) for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) starts.push(k + 1);
  return { text, starts };
}

/** Where the trap's term stands: its line and column when the file reads as the model read it, else the declaration's place. */
function locate(decl: LeanDecl, { text, starts }: LineStarts, offset: number): Location | undefined {
  if (decl.location === undefined) return undefined;
  const start = decl.headerRange.start;
  if (text === undefined || text.slice(start, decl.headerRange.end) !== decl.header) return decl.location;
  const at = start + offset;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return { file: decl.location.file, line: lo + 1, column: at - starts[lo]! };
}
