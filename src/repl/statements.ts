/**
 * Formal statements to check outside a built project: the theorems of a folder of `.lean` files,
 * or the `formal_statement`s of a JSONL/JSON benchmark; each is elaborated with its proof replaced
 * by `sorry` in the environment of its imports.
 */
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BenchSpec } from '../contamination/config.js';
import { DEFAULT_READ_LIMITS, type InputProblem, readTextUpTo } from '../contamination/input.js';
import { readItemsFile } from '../contamination/items.js';
import { isProofKind } from '../lean/syntax/names.js';
import { parseLean } from '../lean/syntax/parser.js';
import { discoverLeanFiles } from '../lean/workspace/discovery.js';
import type { LeanDecl } from '../model/lean.js';
import type { Location } from '../model/location.js';
import { planFile } from './file-plan.js';
import type { WorkerSession } from './pool.js';
import { errorsOf, isCommandResponse, type Message } from './protocol.js';
import { renderQuery } from './queries.js';

/** The header miniF2F-style JSONL releases put before every `formal_statement`. */
export const DEFAULT_HEADER = 'import Mathlib\nimport Aesop\n\nset_option maxHeartbeats 400000\n\nopen BigOperators Real Nat Topology Rat';

export interface StatementInput extends BenchSpec {
  /** Imports and preamble for the statements of a JSONL/JSON file. */
  header?: string;
}

export interface FormalStatement {
  id: string;
  category: string;
  header: string;
  /** The statement with `:= by sorry` in place of its proof, or undefined when none could be read. */
  text?: string;
  location: Location;
  /** Line of the `.lean` file where the statement starts (Lean's line 1); absent for JSON records. */
  firstLine?: number;
}

export interface StatementResult {
  statement: FormalStatement;
  /** `compile_pass`: true when Lean reports no error. */
  pass?: boolean;
  errors?: Message[];
  /** Why the statement could not be checked (REPL failure, unreadable statement). */
  failure?: string;
}

/** The category of a benchmark id: its words before the first one that starts with a digit (`mathd_algebra_478` → `mathd_algebra`). */
export function categoryOf(id: string): string {
  const words = id.split(/[_.\-/:]/);
  const cut = words.findIndex((w) => /^\d/.test(w));
  return (cut > 0 ? words.slice(0, cut) : words.slice(0, 1)).join('_') || id;
}

/** Everything of `formal` up to the end of its last theorem's statement, with the proof replaced by `sorry`. */
export function withSorryProof(formal: string): string | undefined {
  const decl = [...parseLean(formal, 'statement.lean').decls].reverse().find((d: LeanDecl) => isProofKind(d.kind));
  if (!decl) return undefined;
  return renderQuery('statement-sorry', { statement: formal.slice(0, decl.headerRange.end) });
}

function fromLeanFolder(folder: string, problems: InputProblem[]): FormalStatement[] {
  const out: FormalStatement[] = [];
  for (const path of discoverLeanFiles(folder).files) {
    const file = join(folder, path);
    let text: string;
    try {
      text = readTextUpTo(file, DEFAULT_READ_LIMITS.recordBytes);
    } catch (e) {
      problems.push({ location: { file, line: 1 }, message: (e as Error).message });
      continue;
    }
    const parsed = parseLean(text, relative(folder, file));
    const { header } = planFile(text, parsed);
    for (const decl of parsed.decls.filter((d) => isProofKind(d.kind))) {
      const id = decl.name || `${path}:${decl.location.line}`;
      out.push({
        id,
        category: categoryOf(id),
        header,
        text: renderQuery('statement-sorry', { statement: text.slice(decl.range.start, decl.headerRange.end) }),
        location: { ...decl.location, file },
        firstLine: text.slice(0, decl.range.start).split('\n').length,
      });
    }
  }
  return out;
}

/** The statements of one input; unreadable records go to `problems`. */
export async function readStatements(input: StatementInput, problems: InputProblem[]): Promise<FormalStatement[]> {
  if (statSync(input.path).isDirectory()) return fromLeanFolder(input.path, problems);
  const items = await readItemsFile(input, problems);
  return items
    .filter((item) => item.formal !== undefined)
    .map((item) => {
      const text = withSorryProof(item.formal!);
      return {
        id: item.id,
        category: categoryOf(item.id),
        header: input.header ?? DEFAULT_HEADER,
        ...(text ? { text } : {}),
        location: item.location,
      };
    });
}

/** Elaborates each statement in the environment of its header, in the worker's session. */
export async function checkStatements(
  session: WorkerSession,
  statements: FormalStatement[],
  timeoutMs: number,
): Promise<StatementResult[]> {
  const results: StatementResult[] = [];
  for (const statement of statements) {
    if (statement.text === undefined) {
      results.push({ statement, failure: 'no theorem, lemma or example could be read in the statement' });
      continue;
    }
    const base = await session.base();
    if (!base.ok) {
      results.push({ statement, failure: base.reason });
      continue;
    }
    const outcome = await session.send({ cmd: statement.text, env: base.env }, { timeoutMs });
    if (!outcome.ok) results.push({ statement, failure: `${outcome.failure.cause}: ${outcome.failure.detail}` });
    else if (!isCommandResponse(outcome.response))
      results.push({ statement, failure: (outcome.response as { message?: string }).message ?? 'no environment' });
    else {
      const errors = errorsOf(outcome.response);
      results.push({ statement, pass: errors.length === 0, errors });
    }
  }
  return results;
}
