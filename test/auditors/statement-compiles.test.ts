import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as statementCompiles from '../../src/auditors/statement-compiles.js';
import { type RunServices, runAuditor } from '../../src/core/runner.js';
import type { CompileStatus } from '../../src/core/types.js';
import type { PairedEntity } from '../../src/model/entity.js';
import { categoryOf, withSorryProof } from '../../src/repl/statements.js';
import { assertFindings, runCase, type TesterCase, writeCaseProject } from '../helpers/auditor-tester.js';
import { loggedRequests, type StandinScenario, simCommand } from '../helpers/lean-repl-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-statements-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const error = (line: number, column: number, data: string) => ({
  messages: [{ severity: 'error', pos: { line, column }, endPos: { line, column: column + 3 }, data }],
});
const scenario: StandinScenario = {
  importMs: 10,
  rules: [
    { match: '∑ k in', response: error(1, 81, "unexpected token 'in'; expected ','") },
    { match: 'foo x := by', response: error(1, 26, 'Unknown identifier `foo`') },
    { match: 'sorry$', transcript: 'Mathlib__H20231215_2#1' },
  ],
};

const jsonl = [
  {
    name: 'mathd_algebra_478',
    formal_statement: 'theorem mathd_algebra_478 (b h v : ℝ) (h₀ : 0 < b ∧ 0 < h ∧ 0 < v) (h₁ : v = 1 / 3 * (b * h)) :\n  v = 65 := by\n',
  },
  {
    name: 'mathd_algebra_141',
    formal_statement: 'theorem mathd_algebra_141 (a b : ℝ) (h₁ : a * b = 180) : a ^ 2 + b ^ 2 = 369 := by sorry',
  },
  {
    name: 'amc12a_2019_p21',
    formal_statement:
      'theorem amc12a_2019_p21 (z : ℂ) (h₀ : z = (1 + Complex.I) / Real.sqrt 2) : (∑ k in Finset.Icc 1 12, z ^ k ^ 2) = 36 := by\n  nlinarith',
  },
].map((r) => JSON.stringify(r));

const folderFile = `import Mathlib

/-- The classic. -/
theorem imo_1959_p1 (n : ℕ) (h₀ : 0 < n) : Nat.gcd (21 * n + 4) (14 * n + 3) = 1 := by
  sorry

theorem imo_bad (x : ℝ) : foo x := by
  sorry
`;

const testCase = (logDir: string, extra: Partial<TesterCase> = {}): TesterCase => ({
  code: 'def unrelated : Nat := 1\n',
  files: {
    'bench/minif2f.jsonl': `${[...jsonl, '{"name": "truncated", "formal_statement": '].join('\n')}\n`,
    'bench/lean/Imo.lean': folderFile,
  },
  config: { repl: { command: simCommand(logDir, scenario), workers: 2 } },
  options: { inputs: ['bench/minif2f.jsonl', 'bench/lean'] },
  ...extra,
});

describe('statement-compiles', () => {
  it('reports the statements Lean rejects with its message and position, and pass rates per category', async () => {
    const logDir = mkdtempSync(join(dir, 'a-'));
    const c = testCase(logDir);
    const root = writeCaseProject(c);
    try {
      const run = await runCase(statementCompiles, root, c);
      assertFindings(
        run,
        [
          {
            messageId: 'does-not-compile',
            file: join(root, 'bench/lean/Imo.lean'),
            line: 7,
            column: 26,
            message: 'imo_bad does not elaborate: 7:26: Unknown identifier `foo`',
          },
          { messageId: 'bad-input', file: join(root, 'bench/minif2f.jsonl'), line: 4, severity: 'warning' as const },
          {
            messageId: 'does-not-compile',
            file: join(root, 'bench/minif2f.jsonl'),
            line: 3,
            message: "amc12a_2019_p21 does not elaborate: 1:81: unexpected token 'in'; expected ','",
          },
        ].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
      );
      expect(run.findings.find((f) => f.entityId === 'imo_bad')!.evidence).toMatchObject({ compile_pass: false, category: 'imo' });
      expect(run.metrics).toMatchObject({
        statements: 5,
        compiled: 3,
        failed: 2,
        unchecked: 0,
        compileRate: 0.6,
        'compileRate:mathd_algebra': 1,
        'compileRate:amc12a': 0,
        'compileRate:imo': 0.5,
      });
      const sent = loggedRequests(logDir).map((r) => r.request);
      expect([...new Set(sent.filter((r) => String(r.cmd).startsWith('import')).map((r) => r.cmd))].sort()).toEqual([
        'import Mathlib',
        'import Mathlib\nimport Aesop\n\nset_option maxHeartbeats 400000\n\nopen BigOperators Real Nat Topology Rat',
      ]);
      expect(sent.find((r) => String(r.cmd).includes('mathd_algebra_141'))!.cmd).toBe(
        'theorem mathd_algebra_141 (a b : ℝ) (h₁ : a * b = 180) : a ^ 2 + b ^ 2 = 369 := by\n  sorry',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('takes the benchmarks of the contamination section when it has no inputs of its own, and skips when there are none', async () => {
    const c = testCase(mkdtempSync(join(dir, 'b-')), { options: {} });
    c.config = { ...c.config, contamination: { bench: ['bench/lean'] } };
    const root = writeCaseProject(c);
    try {
      expect((await runCase(statementCompiles, root, c)).metrics).toMatchObject({ statements: 2, compiled: 1, failed: 1 });
      const none = { ...c, config: { repl: c.config!.repl } };
      expect(await runCase(statementCompiles, root, none)).toMatchObject({
        status: 'skipped',
        reason: expect.stringMatching(/no formal statements to check/),
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('without a benchmark, reports the compile status the run computed for the paired entities, and skips when all are unknown alike', async () => {
    const entity = (id: string, fullName: string) =>
      ({
        id,
        location: { file: 'blueprint/src/content.tex', line: 4 },
        decls: [{ fullName, location: { file: 'Demo/Basic.lean', line: 10 } }],
      }) as unknown as PairedEntity;
    const statuses = new Map<string, CompileStatus>([
      ['good', { state: 'compiles' }],
      ['bad', { state: 'fails', messages: [{ declaration: 'Demo.bad', line: 12, column: 22, message: 'Unknown identifier `foo`' }] }],
      ['open', { state: 'unknown', reason: 'REPL crashed on Demo/Other.lean' }],
    ]);
    const services = (map: Map<string, CompileStatus>): RunServices => ({
      root: dir,
      config: {},
      signal: new AbortController().signal,
      project: () => Promise.reject(new Error('unused')),
      entities: async () => [entity('good', 'Demo.good'), entity('bad', 'Demo.bad'), entity('open', 'Demo.open')],
      compileStatus: async () => map,
    });
    const run = await runAuditor(statementCompiles, services(statuses));
    expect(run.status).toBe('ok');
    expect(run.findings.map((f) => [f.messageId, f.severity, f.entityId, f.location?.file, f.location?.line])).toEqual([
      ['entity-does-not-compile', 'error', 'bad', 'Demo/Basic.lean', 12],
      ['entity-unchecked', 'info', 'open', 'blueprint/src/content.tex', 4],
    ]);
    expect(run.findings[0]!.message).toBe('bad: Demo.bad does not elaborate: 12:22: Unknown identifier `foo`');
    expect(run.metrics).toMatchObject({ statements: 3, compiled: 1, failed: 1, unchecked: 1, compileRate: 0.5 });
    const noRepl = new Map<string, CompileStatus>([...statuses.keys()].map((id) => [id, { state: 'unknown', reason: 'no Lean REPL' }]));
    expect(await runAuditor(statementCompiles, services(noRepl))).toMatchObject({
      status: 'skipped',
      reason: 'the paired entities could not be checked: no Lean REPL',
    });
  });

  it('replaces the proof of the last theorem by sorry, keeping what comes before it', () => {
    expect(withSorryProof('abbrev answer : ℕ := sorry\n\ntheorem t : answer = 3 := by\n  norm_num [answer]')).toBe(
      'abbrev answer : ℕ := sorry\n\ntheorem t : answer = 3 := by\n  sorry',
    );
    expect(withSorryProof('def x := 1')).toBeUndefined();
    expect(['mathd_algebra_478', 'amc12a_2019_p21', 'imo_1959_p1', 'induction_12dvd4expnp1p20'].map(categoryOf)).toEqual([
      'mathd_algebra',
      'amc12a',
      'imo',
      'induction',
    ]);
  });
});
