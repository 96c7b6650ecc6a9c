import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as directJudge from '../../src/auditors/direct-judge.js';
import * as roundtripJudge from '../../src/auditors/roundtrip-judge.js';
import { type RunServices, runAuditor, runAuditors } from '../../src/core/runner.js';
import type { PairedEntity } from '../../src/model/entity.js';
import { reply, type ScriptedServer, startOpenAIServer, userText } from '../helpers/openai-server.js';
import { entity, roleOf, scriptedJudge } from './fixtures/judge-entities.js';

let server: ScriptedServer;
let root: string;
const savedEnv = { ...process.env };

beforeEach(async () => {
  server = await startOpenAIServer(scriptedJudge);
  root = mkdtempSync(join(tmpdir(), 'leanaudit-roundtrip-'));
  process.env.LEANAUDIT_TEST_KEY = 'sk-roundtrip-SECRET';
});
afterEach(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
  process.env = { ...savedEnv };
});

const services = (entities: PairedEntity[], config: Record<string, unknown>): RunServices => ({
  root,
  config,
  signal: new AbortController().signal,
  project: () => Promise.reject(new Error('no project')),
  entities: async () => entities,
});

const config = (roundtripModel: string) => ({
  llm: {
    default: { baseURL: server.url, apiKeyEnv: 'LEANAUDIT_TEST_KEY', model: 'gpt-4o-mini' },
    roles: { 'roundtrip-judge': { model: roundtripModel }, 'back-translator': { model: 'qwen2.5-72b-instruct' } },
  },
});

const entities = () => [entity('a', '[F]'), entity('b', '[D]'), entity('c', '[S]'), entity('d', '[F] [RT-D]')];

describe('roundtrip-judge', () => {
  it('back-translates blind to the informal text, then judges the translation against it', async () => {
    const run = await runAuditor(roundtripJudge, services([entity('a', '[F] unique informal words')], config('deepseek-chat')));
    expect(run.status).toBe('ok');
    const bodies = server.requests.flatMap((r) => (r.body ? [r.body] : []));
    const back = bodies.find((b) => roleOf(b) === 'back')!;
    expect(userText(back)).toContain('theorem Demo.a (n : ℕ) : P_a n');
    expect(userText(back)).not.toContain('unique informal words');
    const judge = bodies.find((b) => roleOf(b) === 'roundtrip')!;
    expect(userText(judge)).toContain('unique informal words');
    expect(userText(judge)).toContain('back-translation of Demo.a');
    expect(run.findings[0]).toMatchObject({
      messageId: 'faithful',
      evidence: { protocol: 'roundtrip', backTranslation: 'back-translation of Demo.a' },
      provenance: { rubric: 'roundtrip-judge', model: 'deepseek-chat' },
    });
  });

  it('shows the comparing judge the pre-flags of the Lean statement, and the back-translator none', async () => {
    const e = entity('t', '[F]');
    e.decls[0]!.header = '(x y : ℝ) : x / y = 1';
    await runAuditor(roundtripJudge, services([e], config('deepseek-chat')));
    const bodies = server.requests.flatMap((r) => (r.body ? [r.body] : []));
    expect(userText(bodies.find((b) => roleOf(b) === 'roundtrip')!)).toContain('- `x / y` (division-by-zero)');
    expect(userText(bodies.find((b) => roleOf(b) === 'back')!)).not.toContain('Pre-flags');
  });

  it('measures agreement and κ with the direct judge (Faithful+Stronger grouped) at no extra call', async () => {
    const runs = await runAuditors([directJudge, roundtripJudge], services(entities(), config('deepseek-chat')));
    const rt = runs[1]!;
    expect(rt.metrics).toMatchObject({ 'agreement.pairs': 4, 'agreement.rate': 0.75, 'agreement.kappa': 0.5, sameModelFamily: 0 });
    expect(rt.findings.find((f) => f.messageId === 'agreement')!.message).toBe(
      "round-trip vs direct: agreement 75.0% and Cohen's κ 0.500 over 4 entities judged by both (Faithful and Stronger grouped)",
    );
    expect(rt.findings.some((f) => f.messageId === 'same-family')).toBe(false);
    expect(server.chatCalls()).toBe(4 + 8);
  });

  it('says when the round-trip and direct judges are the same model family', async () => {
    const [, rt] = await runAuditors([directJudge, roundtripJudge], services(entities(), config('gpt-4o')));
    expect(rt!.metrics.sameModelFamily).toBe(1);
    expect(rt!.findings.find((f) => f.messageId === 'same-family')!.message).toContain(
      'the round-trip judge (gpt-4o) and the direct judge (gpt-4o-mini) are the same model family (gpt)',
    );
  });

  it('says when the back-translator and the round-trip judge are one model family, though the direct judge is another', async () => {
    const llm = {
      default: { baseURL: server.url, apiKeyEnv: 'LEANAUDIT_TEST_KEY', model: 'gpt-4o-mini' },
      roles: { 'roundtrip-judge': { model: 'deepseek-chat' }, 'back-translator': { model: 'deepseek-reasoner' } },
    };
    const [, rt] = await runAuditors([directJudge, roundtripJudge], services(entities(), { llm }));
    expect(rt!.metrics.sameModelFamily).toBe(1);
    const same = rt!.findings.filter((f) => f.messageId === 'same-family');
    expect(same.map((f) => f.message)).toEqual([
      'the back-translator (deepseek-reasoner) and the round-trip judge (deepseek-chat) are the same model family (deepseek): their errors may be correlated; configure llm.roles to use a different family',
    ]);
  });

  it('computes the agreement with the cache off, from the direct verdicts of the same run', async () => {
    const llm = { ...config('deepseek-chat').llm, cacheDir: false };
    const [direct, rt] = await runAuditors([directJudge, roundtripJudge], services(entities(), { llm }));
    expect(direct!.status).toBe('ok');
    expect(rt!.metrics).toMatchObject({ 'agreement.pairs': 4, 'agreement.rate': 0.75 });
    const directCalls = server.requests.filter((r) => r.body && roleOf(r.body) === 'direct');
    expect(directCalls).toHaveLength(4);
  });

  it('reports that no agreement is computed when the direct judge has not run', async () => {
    const run = await runAuditor(roundtripJudge, services(entities(), config('deepseek-chat')));
    expect(run.metrics['agreement.pairs']).toBe(0);
    expect(run.findings.find((f) => f.messageId === 'no-agreement')!.message).toContain('run direct-judge first');
  });

  it('keeps a failed back-translation as an error on that entity, never a verdict', async () => {
    server.setScript((body) =>
      roleOf(body) === 'back' && userText(body).includes('Demo.b') ? { kind: 'status', status: 500 } : scriptedJudge(body),
    );
    const run = await runAuditor(roundtripJudge, services(entities(), { llm: { ...config('deepseek-chat').llm, retries: 0 } }));
    const failed = run.findings.find((f) => f.entityId === 'b')!;
    expect(failed).toMatchObject({ messageId: 'judge-failed', severity: 'error', provenance: { rubric: 'back-translator' } });
    expect(failed.message).toContain('back-translation:');
    expect(run.metrics).toMatchObject({ entities: 4, judged: 3, failed: 1, coveragePct: 100 });
  });

  it('shows the back-translator no comment or docstring, every text fenced, and keeps its report of instructions', async () => {
    const e = entity('c', '[F] the book says every n');
    e.decls[0]!.header = '(n : ℕ) -- Lemma 2.3 of the book: for every natural number n\n    /- the textbook proof -/ : P_c n';
    e.decls[0]!.variables = ['{α : Type*} /-- a group, as in the book -/', '[Group α]'];
    server.setScript((body) =>
      roleOf(body) === 'back' ? reply.json({ statement: 'for every n, P n', instructions_in_data: true }) : scriptedJudge(body),
    );
    const run = await runAuditor(roundtripJudge, services([e], config('deepseek-chat')));
    const back = server.requests.flatMap((r) => (r.body && roleOf(r.body) === 'back' ? [r.body] : []))[0]!;
    const user = userText(back);
    expect(user).toContain('theorem Demo.c (n : ℕ)\n     : P_c n');
    expect(user).not.toMatch(/book|textbook/);
    expect(user).toContain('{α : Type*}\n[Group α]');
    const fence = /<<<(DATA-[0-9a-f]{20})\n/.exec(user)![1]!;
    expect(back.messages[0]!.content).toContain(fence);
    const judge = server.requests.flatMap((r) => (r.body && roleOf(r.body) === 'roundtrip' ? [r.body] : []))[0]!;
    expect(userText(judge)).toContain('for every n, P n');
    expect(run.findings.find((f) => f.messageId === 'instructions-in-input')).toMatchObject({
      entityId: 'c',
      evidence: { field: 'input' },
    });
  });
});
