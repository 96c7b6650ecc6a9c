import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as axiomUsage from '../../src/auditors/axiom-usage.js';
import { runCase, type TesterCase, testAuditor, writeCaseProject } from '../helpers/auditor-tester.js';
import { loggedRequests, type StandinScenario, simCommand } from '../helpers/lean-repl-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-axioms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LONG = 'a_theorem_with_a_rather_long_name_to_force_wrapping';
/** What Lean's #print axioms would answer for the project below (the stand-in wraps long lists as Lean does). */
const scenario: StandinScenario = {
  importMs: 20,
  axioms: {
    helper: ['sorryAx'],
    clean: [],
    uses_helper: ['sorryAx'],
    computed: ['Lean.ofReduceBool', 'Lean.trustCompiler'],
    assumes: ['choice_plus'],
    [LONG]: ['propext', 'Classical.choice', 'Quot.sound', 'choice_plus', 'Lean.ofReduceBool'],
  },
};

const basic = `import Mathlib

axiom choice_plus : True

theorem helper : 1 = 1 := by sorry

theorem clean : 2 = 2 := rfl
`;

const main = `import Test.Basic

theorem uses_helper : 1 = 1 := helper

theorem computed : 2 + 2 = 4 := by native_decide

theorem assumes : True := choice_plus

private theorem hidden : True := trivial

theorem ${LONG} : True := by native_decide

theorem ghost : 3 = 3 := rfl
`;

const caseFor = (logDir: string): TesterCase => ({
  code: main,
  files: { 'Test/Basic.lean': basic },
  config: { repl: { command: simCommand(logDir, scenario), workers: 2 } },
});

testAuditor(axiomUsage, {
  valid: [
    {
      name: 'theorems on the standard axioms only',
      code: 'theorem clean : 2 = 2 := rfl\n',
      config: caseFor(mkdtempSync(join(dir, 'v-'))).config,
    },
  ],
  invalid: [
    {
      name: 'sorryAx directly and through another file, native code, project axioms, unnamed and private theorems',
      ...caseFor(mkdtempSync(join(dir, 'i-'))),
      findings: [
        { messageId: 'sorry', file: 'Test/Basic.lean', line: 5 },
        {
          messageId: 'sorry-transitive',
          line: 3,
          severity: 'error',
          message: 'uses_helper depends on sorryAx through helper, although its own proof has no sorry',
        },
        { messageId: 'native', line: 5, message: 'computed trusts compiled code: it depends on Lean.ofReduceBool, Lean.trustCompiler' },
        { messageId: 'project-axiom', line: 7, message: 'assumes depends on axioms the project declares: choice_plus' },
        { messageId: 'unchecked', line: 9, message: /private declarations cannot be named/ },
        { messageId: 'native', line: 11 },
        { messageId: 'project-axiom', line: 11 },
        { messageId: 'unchecked', line: 13, message: "ghost could not be checked: unknown constant 'ghost'" },
      ],
    },
  ],
});

describe('axiom-usage', () => {
  it('counts theorems by the axioms Lean reports, from one batched command per environment', async () => {
    const logDir = mkdtempSync(join(dir, 'm-'));
    const testCase = caseFor(logDir);
    const root = writeCaseProject(testCase);
    try {
      const run = await runCase(axiomUsage, root, testCase);
      expect(run.metrics).toMatchObject({
        theorems: 8,
        checked: 6,
        standardOnly: 1,
        withSorryAx: 2,
        withSorryAxTransitive: 1,
        withNativeCode: 2,
        withProjectAxioms: 2,
        unchecked: 2,
        replWorkers: 1,
        replImports: 1,
      });
      const long = run.findings.find((f) => f.entityId === LONG)!;
      expect(long.evidence).toEqual({ axioms: ['propext', 'Classical.choice', 'Quot.sound', 'choice_plus', 'Lean.ofReduceBool'] });
      const requests = loggedRequests(logDir).map((r) => r.request.cmd as string);
      expect(requests).toEqual([
        'import Test.Basic\nimport Test.Main',
        expect.stringMatching(/^#print axioms helper\n#print axioms clean\n[\s\S]*#print axioms ghost$/),
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('isolates a theorem that crashes the REPL: the batch is split until only that theorem is unchecked', async () => {
    const logDir = mkdtempSync(join(dir, 'b-'));
    const crashing: StandinScenario = { ...scenario, rules: [{ match: '#print axioms computed\\b', fault: 'crash' }] };
    const testCase: TesterCase = { ...caseFor(logDir), config: { repl: { command: simCommand(logDir, crashing), workers: 1 } } };
    const root = writeCaseProject(testCase);
    try {
      const run = await runCase(axiomUsage, root, testCase);
      const unchecked = run.findings.filter((f) => f.messageId === 'unchecked').map((f) => f.entityId);
      expect(unchecked.sort()).toEqual(['computed', 'ghost', 'hidden']);
      expect(run.findings.find((f) => f.entityId === 'computed')!.message).toMatch(
        /computed could not be checked: crashed: the REPL exited/,
      );
      expect(run.findings.find((f) => f.messageId === 'sorry-transitive')?.entityId).toBe('uses_helper');
      expect(run.metrics).toMatchObject({ checked: 5, unchecked: 3 });
      const batches = loggedRequests(logDir)
        .map((r) => String(r.request.cmd ?? ''))
        .filter((cmd) => cmd.startsWith('#print axioms'))
        .map((cmd) => cmd.split('\n').length);
      // 7 theorems, `computed` the 4th: 7 crashes; 4 crashes, its halves 2 (fine) and 2 (crashes: 1 fine, 1 crashes); then 3.
      expect(batches).toEqual([7, 4, 2, 2, 1, 1, 3]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('turns a crashed batch into unchecked theorems; a run that checked none of them is an error, not ok', async () => {
    const logDir = mkdtempSync(join(dir, 'c-'));
    const crashing: StandinScenario = { ...scenario, rules: [{ match: '#print axioms', fault: 'crash' }] };
    const testCase: TesterCase = { code: 'theorem clean : 2 = 2 := rfl\n', config: { repl: { command: simCommand(logDir, crashing) } } };
    const root = writeCaseProject(testCase);
    try {
      const run = await runCase(axiomUsage, root, testCase);
      expect(run).toMatchObject({
        status: 'error',
        reason: expect.stringMatching(/^checked none of the 1 theorems asked \(first: crashed/),
      });
      expect(run.findings.map((f) => [f.messageId, f.message])).toEqual([
        ['unchecked', expect.stringMatching(/clean could not be checked: crashed: the REPL exited with code 3/)],
      ]);
      expect(run.metrics).toMatchObject({ checked: 0, unchecked: 1 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
