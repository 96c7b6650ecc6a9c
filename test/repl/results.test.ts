import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandResponse, Message, ProofStepResponse, ReplError } from '../../src/repl/protocol.js';
import { isNativeAxiom, readExact, readPrintAxioms } from '../../src/repl/results.js';
import { recordedResponses } from '../helpers/lean-repl-fixtures.js';

const older = (tag: string) =>
  readFileSync(join(import.meta.dirname, 'fixtures', `Mathlib__exact.${tag}.expected.out`), 'utf8')
    .split(/\n[ \t]*\n/)
    .filter((b) => b.trim())
    .map((b) => JSON.parse(b) as unknown);

const info = (data: string, line = 1): Message => ({ severity: 'info', pos: { line, column: 0 }, endPos: { line, column: 6 }, data });
const error = (data: string, line = 1): Message => ({ severity: 'error', pos: { line, column: 2 }, endPos: { line, column: 8 }, data });

describe('readExact', () => {
  it('reads the suggestion in all three forms Lean has printed, and the failure', () => {
    const current = recordedResponses('Mathlib__exact');
    expect(readExact((current[2] as ProofStepResponse).messages)).toEqual({ kind: 'suggestion', tactic: 'exact Nat.one_pos' });
    expect(readExact(undefined, current[4] as ReplError)).toMatchObject({
      kind: 'not-found',
      message: expect.stringMatching(/^`exact\?` could not close the goal/),
    });
    for (const tag of ['v4.19.0', 'v4.24.0']) {
      const responses = older(tag);
      expect(readExact((responses[2] as ProofStepResponse).messages), tag).toEqual({ kind: 'suggestion', tactic: 'exact Nat.one_pos' });
      expect(readExact(undefined, responses[4] as ReplError).kind, tag).toBe('not-found');
    }
  });

  it('reads command-mode exact?: a suggestion among other messages (root_goals) and the error of self_proof_check', () => {
    const [rootGoals] = recordedResponses('root_goals') as CommandResponse[];
    expect(readExact(rootGoals!.messages)).toEqual({ kind: 'suggestion', tactic: 'exact Nat.zero_eq_one_mod_iff.mp rfl' });
    const [selfProof] = recordedResponses('self_proof_check') as CommandResponse[];
    expect(readExact(selfProof!.messages).kind).toBe('not-found');
  });

  it('keeps a multi-line suggestion, dedented', () => {
    expect(readExact([info('Try this:\n  [apply] exact\n    (foo a).trans\n      bar')])).toEqual({
      kind: 'suggestion',
      tactic: 'exact\n  (foo a).trans\n    bar',
    });
  });

  it('tells a heartbeat timeout from another error', () => {
    const timeout =
      '(deterministic) timeout at `whnf`, maximum number of heartbeats (200000) has been reached\nUse `set_option maxHeartbeats <num>` to set the limit.';
    expect(readExact([error(timeout)]).kind).toBe('timeout');
    expect(readExact([error("unknown identifier 'Foo.bar'")])).toEqual({ kind: 'error', message: "1:2: unknown identifier 'Foo.bar'" });
    expect(readExact([])).toMatchObject({ kind: 'error' });
  });
});

describe('readPrintAxioms', () => {
  it('reads one-line, wrapped and empty axiom lists, and unknown constants', () => {
    const report = readPrintAxioms([
      info("'Classical.em' depends on axioms: [propext, Classical.choice, Quot.sound]", 1),
      info("'My.long_theorem_name'' depends on axioms: [propext,\n sorryAx,\n Classical.choice,\n Lean.ofReduceBool,\n Quot.sound]", 2),
      info("'Nat.add_zero' does not depend on any axioms", 3),
      error("unknown constant 'Nope'", 4),
      { severity: 'warning', pos: { line: 5, column: 0 }, data: 'declaration uses `sorry`' },
    ]);
    expect(Object.fromEntries(report.axioms)).toEqual({
      'Classical.em': ['propext', 'Classical.choice', 'Quot.sound'],
      "My.long_theorem_name'": ['propext', 'sorryAx', 'Classical.choice', 'Lean.ofReduceBool', 'Quot.sound'],
      'Nat.add_zero': [],
    });
    expect(report.errors).toEqual([{ line: 4, message: "unknown constant 'Nope'" }]);
  });
});

describe('isNativeAxiom', () => {
  it('knows the native-computation axioms of older toolchains and the auxiliary ones of current toolchains', () => {
    for (const name of [
      'Lean.ofReduceBool',
      'Lean.ofReduceNat',
      'Lean.trustCompiler',
      'computed._native.native_decide.ax_1',
      'Foo.bar._native.bv_decide.ax_1_2',
      '_private.Foo.0.baz._native.native_decide.ax',
    ])
      expect(isNativeAxiom(name), name).toBe(true);
  });

  it('leaves other axioms alone, also ones whose names only look alike', () => {
    for (const name of [
      'propext',
      'sorryAx',
      'ofReduceBool',
      'my._native.thing',
      'native_decide.ax_1',
      'Foo._native_ax',
      'x._native.tac.axiom',
    ])
      expect(isNativeAxiom(name), name).toBe(false);
  });
});
