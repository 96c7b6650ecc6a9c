/**
 * statement-compiles — What it checks: elaborates every formal statement of a benchmark (a folder of
 * `.lean` files, or the `formal_statement`s of a JSONL/JSON release) with its proof replaced by
 * `sorry`, in the environment of its imports, and reports the ones Lean rejects with Lean's own
 * messages and positions; pass rates per category. Without a benchmark it reports the compile status
 * of the project's paired entities, the run's shared result that the judges read too.
 *
 * Why it matters: a benchmark statement that does not elaborate cannot be proved, and scores computed
 * over it are wrong; the judges read the result as `compile_pass`.
 *
 * Example: `theorem t (x : ℝ) : x ^ 2 ≥ 0 := by` under a header without `import Mathlib` →
 * "unknown identifier 'ℝ'".
 */
import { resolve } from 'node:path';
import { BENCH_INPUT_SCHEMA } from '../contamination/config.js';
import type { InputProblem } from '../contamination/input.js';
import { InputError } from '../core/errors.js';
import type { AuditContext, AuditorMeta } from '../core/types.js';
import type { FileJob } from '../repl/pool.js';
import { runOnPool } from '../repl/run-pool.js';
import { checkStatements, type FormalStatement, readStatements, type StatementInput, type StatementResult } from '../repl/statements.js';
import { replEnableCommand, replForAudit } from './utils/repl.js';

export const meta: AuditorMeta = {
  id: 'statement-compiles',
  description: 'each benchmark statement, proof replaced by sorry, elaborated in the environment of its imports',
  rules: {
    'does-not-compile': {
      message: '{{id}} does not elaborate: {{line}}:{{column}}: {{message}}',
      severity: 'error',
      docs: {
        what: "A benchmark's formal statement, its proof replaced by `sorry`, that Lean rejects in the environment of its imports; Lean's first error is given.",
        why: 'A statement that does not elaborate cannot be proved, and scores computed over it are wrong.',
        example: "theorem t (x : ℝ) : x ^ 2 ≥ 0 := by  -- under a header without import Mathlib: unknown identifier 'ℝ'",
      },
    },
    unchecked: {
      message: '{{id}} could not be checked: {{reason}}',
      severity: 'warning',
      docs: {
        what: 'A statement that could not be checked: the REPL failed or timed out on it.',
        why: 'Not a verdict: its compile status is unknown.',
        example: 'the import of the header timed out',
      },
    },
    'bad-input': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'A benchmark input that could not be read as statements: a malformed JSON line, a record without `formal_statement`.',
        why: 'The pass rates are over the statements read; skipped input is said, never silently dropped.',
        example: 'minif2f.jsonl:12: no formal_statement field',
      },
    },
    'entity-does-not-compile': {
      message: '{{id}}: {{declaration}} does not elaborate: {{line}}:{{column}}: {{message}}',
      severity: 'error',
      docs: {
        what: 'A Lean declaration paired with an informal entity is rejected by Lean in its own file (a theorem with its proof replaced by sorry, a definition as written).',
        why: 'The judges treat such a statement as Different without asking a model; the error says what to fix.',
        example: 'theorem main (m : ℕ) : Bound m := by sorry  -- unknown identifier Bound',
      },
    },
    'entity-unchecked': {
      message: '{{id}} could not be checked: {{reason}}',
      severity: 'info',
      docs: {
        what: 'The compile status of a paired entity is unknown: no Lean REPL runs here, or the REPL failed on its file.',
        why: 'The judges are told the status is unknown; install Lean (or set repl.command) to check it.',
        example: '{"repl": {"command": "lake env repl"}}',
      },
    },
  },
  needs: ['lean-project', 'repl'],
  options: {
    type: 'object',
    additionalProperties: false,
    properties: {
      inputs: {
        type: 'array',
        items: BENCH_INPUT_SCHEMA,
        description: 'benchmarks to check (a folder of .lean files, or a JSONL/JSON release); default: contamination.bench',
      },
      header: { type: 'string', description: 'header (imports, options, opens) for JSONL/JSON statements' },
    },
  },
};

export interface StatementCompilesOptions {
  /** Benchmarks to check; default: the `contamination.bench` inputs of the configuration. */
  inputs?: (string | StatementInput)[];
  /** Header (imports, options, opens) for JSONL/JSON statements. */
  header?: string;
}

function inputsOf(ctx: AuditContext, options: StatementCompilesOptions): StatementInput[] {
  const raw = options.inputs ?? (ctx.config.contamination as { bench?: unknown } | undefined)?.bench;
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new InputError('statement-compiles: inputs must be a list of paths or {path, header?} objects');
  return raw.map((entry: unknown) => {
    const spec = typeof entry === 'string' ? { path: entry } : (entry as StatementInput);
    if (typeof spec?.path !== 'string') throw new InputError('statement-compiles: every input needs a path');
    return {
      ...spec,
      path: resolve(ctx.root, spec.path),
      ...((spec.header ?? options.header) ? { header: spec.header ?? options.header } : {}),
    };
  });
}

/** Checks the statements and reports failures and pass rates. */
export async function run(ctx: AuditContext, options: StatementCompilesOptions = {}): Promise<void> {
  const inputs = inputsOf(ctx, options);
  if (inputs.length === 0) return checkEntities(ctx);
  const problems: InputProblem[] = [];
  const statements: FormalStatement[] = [];
  for (const input of inputs) statements.push(...(await readStatements(input, problems)));
  for (const p of problems) ctx.report({ messageId: 'bad-input', location: p.location, data: { message: p.message } });
  if (statements.length === 0) ctx.skip('the inputs hold no formal statement');
  const repl = replForAudit(ctx);
  const byHeader = new Map<string, FormalStatement[]>();
  for (const s of statements) byHeader.set(s.header, [...(byHeader.get(s.header) ?? []), s]);
  const chunk = Math.max(1, Math.ceil(statements.length / (repl.settings.workers * 4)));
  const parts = new Map<string, FormalStatement[]>();
  const jobs: FileJob<StatementResult[]>[] = [];
  for (const [header, group] of byHeader) {
    for (let i = 0; i < group.length; i += chunk) {
      const part = group.slice(i, i + chunk);
      const id = `part ${parts.size + 1}`;
      parts.set(id, part);
      jobs.push({ id, header, weight: part.length, run: (session) => checkStatements(session, part, repl.settings.timeoutMs) });
    }
  }
  const perCategory = new Map<string, { total: number; pass: number }>();
  const totals = { statements: statements.length, compiled: 0, failed: 0, unchecked: 0 };
  for (const outcome of await runOnPool(ctx, repl, jobs)) {
    const list = outcome.ok ? outcome.value : parts.get(outcome.id)!.map((statement) => ({ statement, failure: outcome.error }));
    for (const result of list) record(ctx, result, totals, perCategory);
  }
  for (const [name, value] of Object.entries(totals)) ctx.metric(name, value);
  ctx.metric('compileRate', totals.compiled + totals.failed ? round(totals.compiled / (totals.compiled + totals.failed)) : 0);
  for (const [category, { total, pass }] of perCategory) ctx.metric(`compileRate:${category}`, round(pass / total));
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** The compile status of the paired entities, as the run computed it once for this auditor and the judges. */
async function checkEntities(ctx: AuditContext): Promise<void> {
  const entities = await ctx
    .entities()
    .catch(() => ctx.skip('no formal statements to check: no benchmark configured and no paired entities'));
  const statuses = await ctx.compileStatus();
  const checked = entities.filter((e) => statuses.has(e.id));
  if (checked.length === 0) ctx.skip('no formal statements to check: no benchmark configured and no paired entity was checked');
  const reasons = new Set(checked.map((e) => statuses.get(e.id)!).map((s) => (s.state === 'unknown' ? s.reason : '')));
  if (!reasons.has('') && reasons.size === 1)
    ctx.skip(`the paired entities could not be checked: ${[...reasons][0]}`, replEnableCommand(ctx));
  const totals = { statements: checked.length, compiled: 0, failed: 0, unchecked: 0 };
  for (const entity of checked) {
    const status = statuses.get(entity.id)!;
    if (status.state === 'compiles') totals.compiled += 1;
    else if (status.state === 'unknown') {
      totals.unchecked += 1;
      ctx.report({
        messageId: 'entity-unchecked',
        entityId: entity.id,
        location: entity.location,
        data: { id: entity.id, reason: status.reason },
      });
    } else {
      totals.failed += 1;
      const first = status.messages[0]!;
      const decl = entity.decls.find((d) => d.fullName === first.declaration);
      ctx.report({
        messageId: 'entity-does-not-compile',
        entityId: entity.id,
        location: decl ? { file: decl.location.file, line: first.line, column: first.column } : entity.location,
        evidence: { compile_pass: false, messages: status.messages },
        data: { id: entity.id, declaration: first.declaration, line: first.line, column: first.column, message: first.message },
      });
    }
  }
  for (const [name, value] of Object.entries(totals)) ctx.metric(name, value);
  ctx.metric('compileRate', totals.compiled + totals.failed ? round(totals.compiled / (totals.compiled + totals.failed)) : 0);
}

function record(
  ctx: AuditContext,
  result: StatementResult,
  totals: Record<string, number>,
  perCategory: Map<string, { total: number; pass: number }>,
): void {
  const { statement } = result;
  if (result.pass === undefined) {
    totals.unchecked! += 1;
    ctx.report({
      messageId: 'unchecked',
      entityId: statement.id,
      location: statement.location,
      data: { id: statement.id, reason: result.failure ?? '' },
    });
    return;
  }
  const category = perCategory.get(statement.category) ?? { total: 0, pass: 0 };
  category.total += 1;
  perCategory.set(statement.category, category);
  if (result.pass) {
    totals.compiled! += 1;
    category.pass += 1;
    return;
  }
  totals.failed! += 1;
  const first = result.errors![0]!;
  const inFile = statement.firstLine !== undefined;
  const line = inFile ? statement.firstLine! + first.pos.line - 1 : first.pos.line;
  ctx.report({
    messageId: 'does-not-compile',
    entityId: statement.id,
    location: inFile ? { file: statement.location.file, line, column: first.pos.column } : statement.location,
    evidence: { compile_pass: false, category: statement.category, messages: result.errors },
    data: { id: statement.id, line, column: first.pos.column, message: first.data },
  });
}
