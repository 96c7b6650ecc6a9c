import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplClient } from '../../src/repl/client.js';
import type { ReplCommandSpec } from '../../src/repl/process.js';
import { isCommandResponse, isProofStepResponse, isReplError, type ReplRequest } from '../../src/repl/protocol.js';
import { recordedRequests, recordedResponses, replaySpec, simSpec, transcriptsDir } from '../helpers/lean-repl-fixtures.js';

const limits = { maxOutputChars: 8_000_000, memoryPollMs: 50 };
const clients: ReplClient[] = [];
const client = (spec: ReplCommandSpec, timeoutMs = 10_000, extra: Partial<typeof limits & { memoryLimitBytes: number }> = {}) => {
  const c = new ReplClient(spec, { limits: { ...limits, ...extra }, timeoutMs });
  clients.push(c);
  return c;
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'leanaudit-repl-'));
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
  rmSync(dir, { recursive: true, force: true });
});

async function replay(name: string): Promise<unknown[]> {
  const c = client(replaySpec(name));
  const out: unknown[] = [];
  for (const request of recordedRequests(name)) {
    const outcome = await c.send(request as unknown as ReplRequest);
    if (!outcome.ok) throw new Error(`${name}: ${outcome.failure.cause}: ${outcome.failure.detail}`);
    out.push(outcome.response);
  }
  return out;
}

describe('REPL client against the recorded transcripts', () => {
  const names = readdirSync(transcriptsDir())
    .filter((f) => f.endsWith('.expected.out'))
    .map((f) => f.replace(/\.expected\.out$/, ''));

  it('parses every recorded response of every transcript into the recorded JSON', async () => {
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) expect(await replay(name), name).toEqual(recordedResponses(name));
  }, 120_000);

  it('reads exact? in tactic mode: a Completed proof state with the suggestion, then the failure as a protocol error', async () => {
    const [imported, first, found, second, failed] = await replay('Mathlib__exact');
    expect(imported).toEqual({ env: 0 });
    expect(isCommandResponse(first as never) && (first as { sorries: unknown[] }).sorries).toEqual([
      { proofState: 0, pos: { line: 1, column: 27 }, goal: '⊢ 0 < 1', endPos: { line: 1, column: 32 } },
    ]);
    expect(isProofStepResponse(found as never)).toBe(true);
    expect(found).toMatchObject({
      proofStatus: 'Completed',
      goals: [],
      messages: [{ severity: 'info', data: 'Try this:\n  [apply] exact Nat.one_pos' }],
    });
    expect(second).toMatchObject({ env: 2 });
    expect(isReplError(failed as never)).toBe(true);
    expect((failed as { message: string }).message).toMatch(/^Lean error:\n`exact\?` could not close the goal/);
  });

  it('shows that exact? cannot close a theorem with itself (self_proof_check)', async () => {
    const responses = await replay('self_proof_check');
    expect(responses[0]).toMatchObject({ env: 0, messages: [{ severity: 'error', pos: { line: 1, column: 25 } }] });
    const errors = responses.filter((r) => isReplError(r as never));
    expect(errors).toHaveLength(4);
    expect(responses[5]).toMatchObject({
      env: 3,
      tactics: [{ tactic: 'sorry', usedConstants: expect.arrayContaining(['sorryAx', 'False']) }],
    });
  });

  it('reports an unknown environment as a protocol error, not a failure', async () => {
    const [response] = await replay('unknown_environment');
    expect(response).toEqual({ message: 'Unknown environment.' });
  });

  it('keeps pickled environments and usedConstants of allTactics', async () => {
    expect(await replay('pickle_environment_with_imports')).toEqual([{ env: 0 }, { env: 1 }, { env: 1 }, { env: 2 }, { env: 3 }]);
    const [tactics] = await replay('all_tactics');
    expect((tactics as { tactics: { usedConstants: string[] }[] }).tactics.map((t) => t.usedConstants)).toEqual([
      ['instOfNatNat', 'Nat', 'OfNat.ofNat'],
      [],
    ]);
  });
});

describe('REPL client faults', () => {
  const ok = { cmd: 'def ok := 1' };

  it.each([
    ['crash', 'crashed', /exited with code 3.*simulated crash/],
    ['crash-mid', 'crashed', /exited with code 134; \d+ characters of an unfinished response/],
    ['hang', 'timeout', /no response within 500 ms/],
    ['garbage', 'protocol', /unparseable response: not JSON/],
  ])('%s: fails the request with cause %s, restarts, and answers the next request', async (fault, cause, detail) => {
    const c = client(simSpec(dir, {}), 500);
    expect((await c.send(ok)).ok).toBe(true);
    const failed = await c.send({ cmd: `def bad := 1 -- standin-fault:${fault}` });
    expect(failed).toMatchObject({ ok: false, failure: { cause } });
    if (!failed.ok) expect(failed.failure.detail).toMatch(detail);
    const after = await c.send(ok);
    expect(after).toMatchObject({ ok: true, response: { env: 0 } });
    expect(c.restarts).toBe(1);
    expect(c.failures).toEqual({ [cause]: 1 });
  });

  it('kills a process whose response exceeds the output limit, and accepts a large one under it', async () => {
    const spec = simSpec(dir, { rules: [{ match: 'big', fault: 'huge', hugeChars: 3_000_000 }] });
    const small = client(spec, 10_000, { maxOutputChars: 1_000_000 });
    expect(await small.send({ cmd: 'big' })).toMatchObject({ ok: false, failure: { cause: 'output-limit' } });
    const large = client(spec, 10_000, { maxOutputChars: 4_000_000 });
    const outcome = await large.send({ cmd: 'big' });
    expect(outcome.ok && isCommandResponse(outcome.response) && outcome.response.messages![0]!.data.length).toBe(3_000_000);
  });

  it('kills a process tree that grows past the memory limit', async () => {
    const c = client(simSpec(dir, { rules: [{ match: 'greedy', fault: 'memory', memoryMb: 300 }] }), 20_000, {
      memoryLimitBytes: 150 * 2 ** 20,
    });
    const outcome = await c.send({ cmd: 'greedy' });
    expect(outcome).toMatchObject({
      ok: false,
      failure: { cause: 'memory', detail: expect.stringMatching(/exceeds the limit of 150 MB/) },
    });
    expect((await c.send(ok)).ok).toBe(true);
  });

  it('cancels a pending request when the signal aborts', async () => {
    const c = client(simSpec(dir, {}), 10_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await c.send({ cmd: 'standin-fault:hang' }, { signal: controller.signal })).toMatchObject({
      ok: false,
      failure: { cause: 'aborted' },
    });
  });

  it('reports a command that cannot start', async () => {
    const c = client({ file: join(dir, 'no-such-repl'), cwd: dir });
    expect(await c.send(ok)).toMatchObject({ ok: false, failure: { cause: 'spawn' } });
  });
});
