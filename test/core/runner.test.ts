import { describe, expect, it } from 'vitest';
import { baselineOf } from '../../src/core/baseline.js';
import { buildReport } from '../../src/core/report.js';
import { formatMessage, MAX_FINDINGS_PER_RULE, type RunServices, runAuditor, runAuditors } from '../../src/core/runner.js';
import type { Auditor } from '../../src/core/types.js';
import { TEST_RULE_DOCS } from '../helpers/rule-docs.js';

const services = (config = {}): RunServices => ({
  root: '/tmp/project',
  config,
  signal: new AbortController().signal,
  project: () => Promise.reject(new Error('no project in this test')),
  entities: () => Promise.resolve([]),
});

const reporter: Auditor = {
  meta: {
    id: 'demo',
    description: 'reports one finding',
    rules: { found: { message: 'found {{what}} at {{where}}', severity: 'warning', docs: TEST_RULE_DOCS } },
  },
  async run(ctx) {
    ctx.report({ messageId: 'found', data: { what: 'sorry', where: 'A.lean' } });
    ctx.metric('count', 1);
  },
};

describe('runner', () => {
  it('fills message templates and leaves unknown placeholders visible', () => {
    expect(formatMessage('a {{x}} b {{ y }} {{z}}', { x: 1, y: 'two' })).toBe('a 1 b two {{z}}');
  });

  it('stamps auditor id and default severity onto findings', async () => {
    const run = await runAuditor(reporter, services());
    expect(run.status).toBe('ok');
    expect(run.metrics).toEqual({ count: 1 });
    expect(run.findings).toEqual([{ auditorId: 'demo', severity: 'warning', messageId: 'found', message: 'found sorry at A.lean' }]);
  });

  it('keeps MAX_FINDINGS_PER_RULE findings of a rule and counts the rest, which the summary counts and fail the run', async () => {
    const flood: Auditor = {
      meta: { ...reporter.meta, rules: { ...reporter.meta.rules, other: { message: 'other', severity: 'info', docs: TEST_RULE_DOCS } } },
      async run(ctx) {
        for (let i = 0; i < MAX_FINDINGS_PER_RULE + 5; i++) ctx.report({ messageId: 'found', data: { what: 'sorry', where: `${i}` } });
        ctx.report({ messageId: 'other' });
      },
    };
    const run = await runAuditor(flood, services());
    expect(run.findings).toHaveLength(MAX_FINDINGS_PER_RULE + 1);
    expect(run.omitted).toEqual({ found: { severity: 'warning', count: 5 } });
    const report = buildReport({ root: '/p', name: 'p' }, [run], 'warning');
    expect(report.summary).toMatchObject({ findings: { error: 0, warning: MAX_FINDINGS_PER_RULE + 5, info: 1 }, omitted: 5, failed: true });
    // Omitted findings fail the run even where every kept one is known to a baseline.
    const baseline = baselineOf(report);
    const again = buildReport({ root: '/p', name: 'p' }, [run], 'warning', { baseline: { baseline, file: 'b.json' } });
    expect(again.summary.baseline?.new).toBe(0);
    expect(again.summary.failed).toBe(true);
  });

  it('asks the suppressions about a located finding as it is reported, before keeping or counting it', async () => {
    const located: Auditor = {
      meta: reporter.meta,
      async run(ctx) {
        for (let line = 1; line <= 4; line++)
          ctx.report({ messageId: 'found', data: { what: 'x', where: 'y' }, location: { file: 'A.lean', line } });
      },
    };
    const asked: string[] = [];
    const run = await runAuditor(located, {
      ...services(),
      suppresses: (rule, location) => {
        asked.push(`${rule}@${location.line}`);
        return location.line % 2 === 0;
      },
    });
    expect(asked).toEqual(['demo/found@1', 'demo/found@2', 'demo/found@3', 'demo/found@4']);
    expect(run.findings.map((f) => f.location?.line)).toEqual([1, 3]);
    expect(run.suppressed).toBe(2);
  });

  it('lets the configuration override severity and disable an auditor', async () => {
    const [run] = await runAuditors([reporter], services({ auditors: { demo: { severity: 'error' } } }));
    expect(run!.findings[0]!.severity).toBe('error');
    const [off] = await runAuditors([reporter], services({ auditors: { demo: { enabled: false } } }));
    expect(off).toMatchObject({ status: 'skipped', reason: 'disabled in the configuration', findings: [] });
  });

  it('turns ctx.skip into a skipped run and a throw into an error run, keeping earlier findings', async () => {
    const skipper: Auditor = { meta: { ...reporter.meta, id: 'skipper' }, run: async (ctx) => ctx.skip('no lake on PATH') };
    const thrower: Auditor = {
      meta: { ...reporter.meta, id: 'thrower' },
      async run(ctx) {
        ctx.report({ messageId: 'found', data: { what: 'x', where: 'y' } });
        throw new Error('boom');
      },
    };
    const [skipped, failed] = await runAuditors([skipper, thrower], services());
    expect(skipped).toMatchObject({ auditorId: 'skipper', status: 'skipped', reason: 'no lake on PATH' });
    expect(failed).toMatchObject({ auditorId: 'thrower', status: 'error', reason: 'boom' });
    expect(failed!.findings).toHaveLength(1);
  });

  it('sets each rule apart: rules > auditors.<id>.severity > the rule default; off drops the findings', async () => {
    const two: Auditor = {
      meta: {
        id: 'two',
        description: 'two rules',
        rules: {
          a: { message: 'a', severity: 'warning', docs: TEST_RULE_DOCS },
          b: { message: 'b', severity: 'info', docs: TEST_RULE_DOCS },
        },
      },
      async run(ctx) {
        ctx.report({ messageId: 'a' });
        ctx.report({ messageId: 'b' });
      },
    };
    const severities = async (config: object) =>
      (await runAuditor(two, services(config))).findings.map((f) => `${f.messageId}:${f.severity}`);
    expect(await severities({})).toEqual(['a:warning', 'b:info']);
    expect(await severities({ auditors: { two: { severity: 'error' } } })).toEqual(['a:error', 'b:error']);
    expect(await severities({ auditors: { two: { severity: 'error' } }, rules: { 'two/b': 'info' } })).toEqual(['a:error', 'b:info']);
    expect(await severities({ rules: { 'two/a': 'off' } })).toEqual(['b:info']);
  });

  it('ends an auditor past its timeoutMs as an error, aborting its signal and keeping nothing it reports later', async () => {
    let aborted: unknown;
    const slow: Auditor = {
      meta: { ...reporter.meta, id: 'slow' },
      async run(ctx) {
        ctx.signal.addEventListener('abort', () => (aborted = ctx.signal.reason));
        await new Promise((resolve) => setTimeout(resolve, 200));
        ctx.report({ messageId: 'found', data: { what: 'late', where: 'x' } });
      },
    };
    const run = await runAuditor(slow, services({ auditors: { slow: { timeoutMs: 20 } } }));
    expect(run).toMatchObject({ status: 'error', reason: 'timed out after 20 ms (auditors.slow.timeoutMs)', findings: [] });
    expect(String(aborted)).toContain('timed out after 20 ms');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(run.findings).toEqual([]);
    expect((await runAuditor(reporter, services({ auditors: { demo: { timeoutMs: 1000 } } }))).status).toBe('ok');
  });

  it('marks a failure the configuration allows, and only a failure', async () => {
    const thrower: Auditor = {
      meta: { ...reporter.meta, id: 'thrower' },
      run: async () => {
        throw new Error('boom');
      },
    };
    const allow = { auditors: { thrower: { allowFailure: true }, demo: { allowFailure: true } } };
    expect(await runAuditor(thrower, services(allow))).toMatchObject({ status: 'error', failureAllowed: true });
    expect(await runAuditor(thrower, services())).not.toHaveProperty('failureAllowed');
    expect(await runAuditor(reporter, services(allow))).not.toHaveProperty('failureAllowed');
  });
});
