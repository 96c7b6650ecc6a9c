import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as leanscorer from '../../src/auditors/leanscorer.js';
import { type RunServices, runAuditor } from '../../src/core/runner.js';
import type { CompileStatus } from '../../src/core/types.js';
import type { PairedEntity } from '../../src/model/entity.js';
import { type ChatRequestBody, reply, type ScriptedServer, startOpenAIServer, userText } from '../helpers/openai-server.js';
import { entity } from './fixtures/judge-entities.js';

let server: ScriptedServer;
let root: string;
const savedEnv = { ...process.env };

const isDecompose = (body: ChatRequestBody) => body.messages[0]!.content.startsWith('You take a statement');

/** Decomposes into two conclusions and a condition; labels by markers in the informal text carried into the items. */
function scorer(body: ChatRequestBody) {
  const text = userText(body);
  if (isDecompose(body)) {
    const veto = text.includes('[VETO]');
    return reply.json({
      items: [
        { kind: 'condition', text: 'n is a natural number' },
        { kind: 'conclusion', text: veto ? 'P n holds [VETO]' : 'P n holds' },
        { kind: 'conclusion', text: 'Q n holds' },
      ],
    });
  }
  const veto = text.includes('[VETO]');
  return reply.json({
    labels: [
      { item: 1, label: 'match', reason: 'n : ℕ' },
      { item: 2, label: veto ? 'Major' : 'Match', reason: veto ? 'Lean proves something else' : 'same' },
      { item: 3, label: 'Minor', reason: 'stated for a more general type' },
    ],
    missing: { label: 'Match', reason: 'no condition added' },
  });
}

beforeEach(async () => {
  server = await startOpenAIServer(scorer);
  root = mkdtempSync(join(tmpdir(), 'leanaudit-leanscorer-'));
  process.env.LEANAUDIT_TEST_KEY = 'sk-leanscorer-SECRET';
});
afterEach(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
  process.env = { ...savedEnv };
});

const services = (entities: PairedEntity[], llm: Record<string, unknown> = {}, extra: Partial<RunServices> = {}): RunServices => ({
  root,
  config: { llm: { default: { baseURL: server.url, apiKeyEnv: 'LEANAUDIT_TEST_KEY', model: 'gpt-4o-mini' }, retries: 0, ...llm } },
  signal: new AbortController().signal,
  project: () => Promise.reject(new Error('no project')),
  entities: async () => entities,
  ...extra,
});

describe('leanscorer', () => {
  it('decomposes blind to the Lean, labels the numbered items against it, and keeps raw labels and score in the evidence', async () => {
    const run = await runAuditor(leanscorer, services([entity('a', 'For every n, P n and Q n.')]));
    expect(run.status).toBe('ok');
    const bodies = server.requests.flatMap((r) => (r.body ? [r.body] : []));
    const decompose = bodies.find(isDecompose)!;
    expect(userText(decompose)).toContain('For every n, P n and Q n.');
    expect(userText(decompose)).not.toContain('theorem Demo.a');
    const label = bodies.find((b) => !isDecompose(b))!;
    expect(userText(label)).toContain('1. (condition) n is a natural number\n2. (conclusion) P n holds\n3. (conclusion) Q n holds');
    expect(userText(label)).toContain('theorem Demo.a (n : ℕ) : P_a n');
    expect(userText(label)).not.toContain('For every n, P n and Q n.');
    expect(label.messages[0]!.content).toContain('Major');
    const finding = run.findings.find((f) => f.entityId === 'a')!;
    // labels Match, Match, Minor, Match (missing): n = 4, one Minor, δ = 0.1: S = 0.675 ≥ 0.6
    expect(finding).toMatchObject({
      messageId: 'passes',
      severity: 'info',
      evidence: { labels: ['Match', 'Match', 'Minor', 'Match'], score: 0.675, alpha: 0.6, veto: false, pass: true },
    });
    expect((finding.evidence!.items as { kind: string }[]).map((i) => i.kind)).toEqual([
      'condition',
      'conclusion',
      'conclusion',
      'missing',
    ]);
    expect(finding.message).toBe('a: passes LeanScorer (score 0.675 ≥ α 0.6, no Major item): 3 Match, 1 Minor, 0 Major');
  });

  it('shows the labeller the pre-flags of the Lean statement', async () => {
    const e = entity('t', 'For every n, P n and Q n.');
    e.decls[0]!.header = '(n : ℕ) : n - 1 < n';
    await runAuditor(leanscorer, services([e]));
    const bodies = server.requests.flatMap((r) => (r.body ? [r.body] : []));
    expect(userText(bodies.find((b) => !isDecompose(b))!)).toContain('- `n - 1` (nat-subtraction)');
    expect(userText(bodies.find(isDecompose)!)).not.toContain('Pre-flags');
  });

  it('fails a statement with a Major item through the veto even when the printed score passes α', async () => {
    const run = await runAuditor(leanscorer, services([entity('v', '[VETO] For every n, P n and Q n.')], { leanscorerAlpha: 0.4 }));
    const finding = run.findings.find((f) => f.entityId === 'v')!;
    // Match, Major, Minor, Match: sorted f 1, 1, .5, 0; μ = .225, .45, .675, .9: S = max(.225, .45, .5, 0) = 0.5 ≥ 0.4
    expect(finding).toMatchObject({
      messageId: 'fails',
      severity: 'warning',
      evidence: { score: 0.5, veto: true, passWithoutVeto: true, pass: false },
    });
    expect(finding.message).toContain('a Major item; the score 0.5 alone would pass α 0.4');
    expect(run.metrics).toMatchObject({ passed: 0, failed: 1, vetoed: 1, vetoOnly: 1, alpha: 0.4 });
  });

  it('scores a statement Lean rejects as failing without a call, and a failed call as an error, never a score', async () => {
    server.setScript((body) => (userText(body).includes('broken') ? reply.status(500) : scorer(body)));
    const statuses = new Map<string, CompileStatus>([
      ['bad', { state: 'fails', messages: [{ declaration: 'Demo.bad', line: 3, column: 0, message: 'type mismatch' }] }],
    ]);
    const run = await runAuditor(
      leanscorer,
      services([entity('bad', 'x'), entity('err', 'broken')], {}, { compileStatus: async () => statuses }),
    );
    expect(run.findings.find((f) => f.entityId === 'bad')).toMatchObject({ messageId: 'does-not-compile' });
    expect(run.findings.find((f) => f.entityId === 'err')).toMatchObject({ messageId: 'judge-failed', severity: 'error' });
    expect(server.requests.filter((r) => r.body && userText(r.body).includes('P_bad'))).toHaveLength(0);
    expect(run.metrics).toMatchObject({ failed: 1, notCompiled: 1, errors: 1 });
  });
});
