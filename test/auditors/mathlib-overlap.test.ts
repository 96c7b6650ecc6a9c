import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as mathlibOverlap from '../../src/auditors/mathlib-overlap.js';
import { assertFindings, runCase, type TesterCase, testAuditor, writeCaseProject } from '../helpers/auditor-tester.js';
import { loggedRequests, type StandinScenario, simCommand } from '../helpers/lean-repl-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-overlap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = { pos: { line: 0, column: 0 }, endPos: { line: 0, column: 0 } };
const suggestion = (tactic: string) => ({ messages: [{ severity: 'info', ...at, data: `Try this:\n  [apply] ${tactic}` }] });
const verified = (tactic: string, usedConstants: string[], axioms: string) => ({
  tactics: [
    { tactic, proofState: 0, pos: { line: 2, column: 2 }, endPos: { line: 2, column: 2 + tactic.length }, goals: '⊢ goal', usedConstants },
  ],
  messages: [{ severity: 'info', pos: { line: 4, column: 0 }, endPos: { line: 4, column: 6 }, data: axioms }],
});
const none = "'_leanaudit_probe' does not depend on any axioms";

/** Answers as Lean would for the theorems of `code` below; any other exact? fails as in self_proof_check. */
const scenario: StandinScenario = {
  importMs: 20,
  rules: [
    { match: '_leanaudit_probe : 0 < 1 := by\\n  exact\\?', response: suggestion('exact Nat.one_pos') },
    { match: 'exact Nat.one_pos\\n\\n#print axioms', response: verified('exact Nat.one_pos', ['Nat.one_pos'], none) },
    { match: '\\(h : p\\) : p := by\\n  exact\\?', response: suggestion('exact h') },
    { match: '  exact h\\n\\n#print axioms', response: verified('exact h', [], none) },
    { match: '0 < 1 ∧ 0 < 1 := by\\n  exact\\?', response: suggestion("exact ⟨one_pos', one_pos'⟩") },
    {
      match: "exact ⟨one_pos', one_pos'⟩\\n",
      response: verified("exact ⟨one_pos', one_pos'⟩", ["one_pos'", 'And.intro'], "'_leanaudit_probe' depends on axioms: [propext]"),
    },
    { match: '2 ≤ 2 ∧ True := by\\n  exact\\?', response: suggestion('exact ⟨helper, trivial⟩') },
    {
      match: 'exact ⟨helper, trivial⟩\\n',
      response: verified('exact ⟨helper, trivial⟩', ['helper', 'trivial', 'And.intro'], "'_leanaudit_probe' depends on axioms: [sorryAx]"),
    },
    { match: '4 = 4 := by\\n  exact\\?', fault: 'hang' },
    { match: '5 = 5 := by\\n  exact\\?', response: suggestion('exact rfl') },
    { match: '  exact rfl\\n\\n#print axioms', response: verified('exact rfl', ['rfl', 'OfNat.ofNat', 'instOfNatNat', 'Nat'], none) },
    { match: 'exact\\?$', transcript: 'self_proof_check#0' },
  ],
};

const code = `import Mathlib

theorem one_pos' : 0 < 1 := by norm_num

theorem from_hyp (p : Prop) (h : p) : p := h

theorem uses_earlier : 0 < 1 ∧ 0 < 1 := ⟨one_pos', one_pos'⟩

theorem helper : 2 ≤ 2 := by sorry

theorem via_sorry : 2 ≤ 2 ∧ True := ⟨helper, trivial⟩

theorem slow : 4 = 4 := rfl

theorem after_slow : 5 = 5 := rfl
`;

const config = (sub: string) => ({ repl: { command: simCommand(mkdtempSync(join(dir, sub)), scenario), workers: 2, timeoutMs: 1500 } });

testAuditor(mathlibOverlap, {
  valid: [
    {
      name: 'a file where exact? finds nothing',
      code: 'import Mathlib\n\ntheorem hard (n : Nat) : n * 0 = 7 := by sorry\n',
      config: config('valid-'),
    },
  ],
  invalid: [
    {
      name: 'overlap, trivial, project reuse, a sorry-dependent suggestion and a hung probe',
      code,
      config: config('invalid-'),
      findings: [
        {
          messageId: 'overlap',
          line: 3,
          entityId: "one_pos'",
          severity: 'warning',
          message: "one_pos' is already in the library: `exact Nat.one_pos` closes it",
        },
        { messageId: 'trivial', line: 5, entityId: 'from_hyp' },
        { messageId: 'closed-by-project', line: 7, severity: 'info' },
        { messageId: 'rejected-sorry', line: 11, severity: 'info' },
        { messageId: 'probe-failed', line: 13, message: /exact\? on slow did not finish \(timeout\): no response within 1500 ms/ },
        { messageId: 'trivial', line: 15, entityId: 'after_slow' },
      ],
    },
  ],
});

describe('mathlib-overlap metrics and environments', () => {
  it('counts the classes like the audit table and probes each theorem before it exists', async () => {
    const logDir = mkdtempSync(join(dir, 'metrics-'));
    const testCase: TesterCase = { code, config: { repl: { command: simCommand(logDir, scenario), workers: 1, timeoutMs: 1500 } } };
    const root = writeCaseProject(testCase);
    try {
      const run = await runCase(mathlibOverlap, root, testCase);
      expect(run.metrics).toMatchObject({
        proofsProbed: 7,
        overlap: 1,
        overlapRate: 0.143,
        closedByProject: 1,
        trivial: 2,
        notFound: 2,
        rejectedSorry: 1,
        failed: 1,
        timeouts: 1,
        replWorkers: 1,
        replRestarts: 1,
      });
      expect(run.findings.find((f) => f.messageId === 'overlap')!.evidence).toMatchObject({
        lemma: 'Nat.one_pos',
        constants: ['Nat.one_pos'],
        constantsFrom: 'usedConstants',
      });
      const probes = loggedRequests(logDir).filter((r) => String(r.request.cmd).includes('exact?'));
      const lineageBefore = (statement: string) => probes.find((r) => String(r.request.cmd).includes(statement))!.lineage!.join('\n');
      expect(lineageBefore('0 < 1 ∧ 0 < 1')).toContain("theorem one_pos'");
      expect(lineageBefore('0 < 1 ∧ 0 < 1')).not.toContain('theorem uses_earlier');
      expect(lineageBefore('5 = 5')).toContain('theorem slow');
      expect(lineageBefore('5 = 5')).not.toContain('theorem after_slow');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('skips a project without theorems', async () => {
    const testCase: TesterCase = { code: 'def x : Nat := 1\n', config: config('none-') };
    const root = writeCaseProject(testCase);
    try {
      expect(await runCase(mathlibOverlap, root, testCase)).toMatchObject({
        status: 'skipped',
        reason: 'the project has no theorem to probe',
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('without lake or a configured REPL, is skipped with the reason and the command that enables it', async () => {
    const testCase: TesterCase = { code };
    const root = writeCaseProject(testCase);
    const saved = { PATH: process.env.PATH, CMD: process.env.LEANAUDIT_REPL_CMD };
    process.env.PATH = '';
    delete process.env.LEANAUDIT_REPL_CMD;
    try {
      const run = await runCase(mathlibOverlap, root, testCase);
      expect(run.status).toBe('skipped');
      expect(run.reason).toBe('no `lake` on PATH: the Lean toolchain is not installed');
      expect(run.enable).toMatch(/git clone.*leanprover-community\/repl.*LEANAUDIT_REPL_CMD=/s);
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.CMD !== undefined) process.env.LEANAUDIT_REPL_CMD = saved.CMD;
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reports a file whose imports do not elaborate, and goes on with the others', async () => {
    const logDir = mkdtempSync(join(dir, 'header-'));
    const broken: StandinScenario = {
      rules: [
        {
          match: '^import Missing',
          response: {
            messages: [
              { severity: 'error', pos: { line: 1, column: 0 }, endPos: { line: 1, column: 14 }, data: "unknown module prefix 'Missing'" },
            ],
          },
        },
        ...scenario.rules!,
      ],
    };
    const testCase: TesterCase = {
      code: 'import Missing\n\ntheorem x : 0 < 1 := by norm_num\n',
      files: { 'Test/Other.lean': "import Mathlib\n\ntheorem one_pos' : 0 < 1 := by norm_num\n" },
      config: { repl: { command: simCommand(logDir, broken), workers: 2 } },
    };
    const root = writeCaseProject(testCase);
    try {
      const run = await runCase(mathlibOverlap, root, testCase);
      assertFindings(run, [
        { messageId: 'probe-failed', line: 3, message: /\(header\): the header does not elaborate: 1:0: unknown module prefix 'Missing'/ },
        { messageId: 'overlap', line: 3, file: 'Test/Other.lean' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is an error, not ok, when no probe could run: a REPL that times out on every theorem checked nothing', async () => {
    const testCase: TesterCase = { code: 'import Mathlib\n\ntheorem slow : 4 = 4 := rfl\n', config: config('all-failed') };
    const root = writeCaseProject(testCase);
    try {
      const run = await runCase(mathlibOverlap, root, testCase);
      expect(run).toMatchObject({
        status: 'error',
        reason: 'probed none of the theorems asked: 1 probes failed, 0 files could not be read',
      });
      expect(run.findings.map((f) => f.messageId)).toEqual(['probe-failed']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
