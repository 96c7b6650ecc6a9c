import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as proofTampering from '../../../src/auditors/proof-tampering/index.js';
import { runCase, type TesterCase, writeCaseProject } from '../../helpers/auditor-tester.js';
import { loggedRequests, simCommand } from '../../helpers/lean-repl-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-needs-lean-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const code = [
  'partial def spin (n : Nat) : Nat := spin (n + 1)',
  'opaque Flag : Prop',
  'partial def loop (n : Nat) : Nat := loop n',
  // needs-lean speaks of programs a theorem is about.
  'theorem about : spin 0 = spin 0 ∧ (Flag → Flag) ∧ loop 0 = loop 0 := ⟨rfl, id, rfl⟩',
  '',
].join('\n');

async function run(testCase: TesterCase) {
  const root = writeCaseProject(testCase);
  try {
    return await runCase(proofTampering, root, testCase);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const rows = (findings: { messageId: string; entityId?: string; message: string }[]) =>
  findings.filter((f) => ['needs-lean', 'lean-answered'].includes(f.messageId)).map((f) => [f.messageId, f.entityId, f.message]);

describe('proof-tampering needs-lean checks through the REPL', () => {
  it('only names the check when the REPL is not configured', async () => {
    const result = await run({ code });
    expect(rows(result.findings).map((r) => r[0])).toEqual(['needs-lean', 'needs-lean', 'needs-lean']);
  });

  it('runs the `#print axioms` checks when it is, saying what Lean lists; an unanswered check stays named, never a verdict', async () => {
    const logDir = mkdtempSync(join(dir, 'r-'));
    const axioms = { spin: ['propext'], Flag: [] };
    const result = await run({ code, config: { repl: { command: simCommand(logDir, { axioms }) } } });
    expect(rows(result.findings)).toEqual([
      [
        'lean-answered',
        'spin',
        'spin is `partial`: the kernel sees an opaque constant, and only compiled code runs its equations; `#print axioms spin` lists: only standard axioms',
      ],
      ['lean-answered', 'Flag', expect.stringMatching(/`#print axioms Flag` lists: only standard axioms$/)],
      ['needs-lean', 'loop', expect.stringMatching(/needs Lean to decide: `#print axioms loop`$/)],
    ]);
    const loop = result.findings.find((f) => f.entityId === 'loop')!;
    expect(loop.evidence).toMatchObject({ check: { kind: 'print-axioms' }, leanError: "unknown constant 'loop'" });
    expect(loggedRequests(logDir).map((r) => r.request.cmd)).toEqual([
      'import Test.Main',
      '#print axioms spin\n#print axioms Flag\n#print axioms loop',
    ]);
  });
});
