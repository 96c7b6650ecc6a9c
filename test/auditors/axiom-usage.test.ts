import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as axiomUsage from '../../src/auditors/axiom-usage.js';
import { assertFindings, runCase, type TesterCase, testAuditor, writeCaseProject } from '../helpers/auditor-tester.js';
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

/** Hand-written transcripts of `#print axioms` answers (see test/fixtures/lean-repl/README.md). */
const handWritten = join(import.meta.dirname, '..', 'fixtures', 'lean-repl');
const nativeProject = [
  'theorem computed : 2 + 2 = 4 := by native_decide',
  'theorem bitblasted (x : BitVec 8) : x + 0 = x := by bv_decide',
  'theorem clean : 2 = 2 := rfl',
  '',
].join('\n');
const answeredBy = (transcript: string, logDir: string): TesterCase => ({
  code: nativeProject,
  config: {
    repl: {
      command: simCommand(logDir, { transcripts: handWritten, rules: [{ match: '^#print axioms', transcript: `${transcript}#1` }] }),
    },
  },
});

describe('axiom-usage on the native-computation axioms of each toolchain', () => {
  for (const [transcript, axioms] of [
    ['print-axioms-native-aux', 'computed._native.native_decide.ax_1'],
    ['print-axioms-reduce-bool', 'Lean.ofReduceBool, Lean.trustCompiler'],
  ] as const) {
    it(`reads ${transcript} as native code, never as foreign axioms`, async () => {
      const logDir = mkdtempSync(join(dir, 'n-'));
      const testCase = answeredBy(transcript, logDir);
      const root = writeCaseProject(testCase);
      try {
        const run = await runCase(axiomUsage, root, testCase);
        assertFindings(run, [
          { messageId: 'native', line: 1, message: `computed trusts compiled code: it depends on ${axioms}` },
          { messageId: 'native', line: 2, entityId: 'bitblasted' },
        ]);
        expect(run.metrics).toMatchObject({ checked: 3, withNativeCode: 2, standardOnly: 1 });
        expect(loggedRequests(logDir).map((r) => r.request.cmd)).toEqual([
          'import Test.Main',
          '#print axioms computed\n#print axioms bitblasted\n#print axioms clean',
        ]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  }

  it('sends the batch in an environment without a `module` header, and reads a refusal as unchecked, never a verdict', async () => {
    const logDir = mkdtempSync(join(dir, 'r-'));
    const testCase = answeredBy('print-axioms-module', logDir);
    const root = writeCaseProject(testCase);
    try {
      const run = await runCase(axiomUsage, root, testCase);
      expect(run.findings.map((f) => [f.messageId, f.entityId])).toEqual([
        ['unchecked', 'computed'],
        ['unchecked', 'bitblasted'],
        ['unchecked', 'clean'],
      ]);
      expect(run.findings[0]!.message).toMatch(/cannot use `#print axioms` in a `module`/);
      expect(loggedRequests(logDir).every((r) => !/^\s*module\b/.test(String(r.request.cmd)))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
