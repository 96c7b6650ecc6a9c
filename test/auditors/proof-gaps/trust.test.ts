import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as proofGaps from '../../../src/auditors/proof-gaps/index.js';
import type { AuditorRun, TheoremTrust } from '../../../src/core/types.js';
import { runCase, type TesterCase, writeCaseProject } from '../../helpers/auditor-tester.js';
import { loggedRequests, simCommand } from '../../helpers/lean-repl-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-trust-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const project: TesterCase = {
  code: [
    'import Test.Gap',
    'theorem middle : 1 = 1 := Test.step',
    'theorem top : 1 = 1 := middle',
    'theorem clean : 2 = 2 := rfl',
    'theorem own : 3 = 3 := by sorry',
    '',
  ].join('\n'),
  files: {
    'Test/Gap.lean': 'theorem Test.step : 1 = 1 := sorry\n',
    'Challenge.lean': 'theorem t : ∀ n : Nat, n + 0 = n := sorry\ntheorem u : True := sorry\ntheorem same : 1 = 1 := sorry\n',
    'Solution.lean': 'theorem t : ∀ n : Nat, 0 + n = n := by simp\ntheorem same : 1   =   1 := rfl\n',
    'comparator_config.json': JSON.stringify({
      challenge_module: 'Challenge',
      solution_module: 'Solution',
      theorem_names: ['t', 'u', 'same'],
      permitted_axioms: ['propext'],
    }),
    'lakefile.toml':
      'name = "Test"\n\n[[lean_lib]]\nname = "Test"\n\n[[lean_lib]]\nname = "Challenge"\n\n[[lean_lib]]\nname = "Solution"\n',
  },
};

const byName = (run: AuditorRun): Map<string, TheoremTrust> => new Map((run.trust ?? []).map((t) => [t.name, t]));
const stop = (t: TheoremTrust | undefined) => t?.rungs.find((r) => !r.reached);

async function audit(testCase: TesterCase): Promise<AuditorRun> {
  const root = writeCaseProject(testCase);
  try {
    return await runCase(proofGaps, root, testCase);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('proof-gaps trust levels', () => {
  it('rates each result on the source alone, naming the chain, and the check each higher rung needs', async () => {
    const run = await audit(project);
    const trust = byName(run);
    expect([...trust.keys()].sort()).toEqual(['clean', 'own', 'same', 't', 'top']);
    expect(trust.get('top')).toMatchObject({ level: 'none' });
    expect(stop(trust.get('top'))?.why).toBe('it rests on a `sorry` (Test.step): top → middle → Test.step');
    expect(stop(trust.get('own'))?.why).toBe('it has a `sorry` of its own');
    expect(trust.get('clean')).toMatchObject({ level: 'source', location: { file: 'Test/Main.lean', line: 4 } });
    expect(stop(trust.get('clean'))).toEqual({
      rung: 'axioms',
      reached: false,
      why: 'Lean was not run (configure repl to ask it)',
      check: { kind: 'print-axioms', command: '#print axioms clean' },
    });
    expect(
      trust
        .get('clean')!
        .rungs.slice(2)
        .map((r) => r.check),
    ).toEqual([{ kind: 'leanchecker', command: 'lake env leanchecker Test.Main' }, undefined]);
    expect(run.metrics).toMatchObject({ 'trust:none': 2, 'trust:source': 3, 'trust:axioms': 0 });
  });

  it('compares each comparator theorem with the challenge’s statement, whitespace aside, and names the run that decides', async () => {
    const run = await audit(project);
    const challenge = run.findings.filter((f) => f.messageId.startsWith('challenge-') && f.messageId !== 'challenge-statement');
    expect(challenge.map((f) => [f.messageId, f.message])).toEqual([
      [
        'challenge-statement-differs',
        'the statement of t in the solution reads differently from the challenge’s: `: ∀ n : Nat, 0 + n = n` against `: ∀ n : Nat, n + 0 = n`',
      ],
      ['challenge-theorem-missing', 'u, which comparator_config.json names, is not declared in Solution'],
    ]);
    expect(challenge[0]!.evidence?.check).toEqual({ kind: 'comparator', command: 'lake env comparator comparator_config.json' });
    const same = byName(run).get('same')!;
    expect(same.rungs[3]).toMatchObject({
      reached: false,
      why: "comparator was not run; its statement reads the same as Challenge.same's",
    });
  });

  it('asks Lean the axioms of the results when the user configured the REPL, against comparator’s permitted axioms', async () => {
    const logDir = mkdtempSync(join(dir, 'lean-'));
    const axioms = { clean: [], own: ['sorryAx'], top: ['sorryAx'], t: ['propext', 'Classical.choice'], same: ['propext'] };
    const run = await audit({ ...project, config: { repl: { command: simCommand(logDir, { axioms }) } } });
    const trust = byName(run);
    expect(trust.get('clean')).toMatchObject({ level: 'axioms' });
    expect(stop(trust.get('clean'))).toMatchObject({ rung: 'kernel', check: { kind: 'leanchecker' } });
    expect(trust.get('same')).toMatchObject({ level: 'axioms' });
    expect(stop(trust.get('t'))?.why).toBe('Lean lists axioms beyond the permitted ones: Classical.choice');
    expect(trust.get('top')!.rungs[1]).toMatchObject({ reached: false, why: 'Lean lists axioms beyond the permitted ones: sorryAx' });
    const printed = loggedRequests(logDir)
      .map((r) => String(r.request.cmd))
      .filter((cmd) => cmd.startsWith('#print axioms'));
    expect(printed).toHaveLength(1);
  });
});
