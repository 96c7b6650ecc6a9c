import { describe, expect, it } from 'vitest';
import { formatMessage, type RunServices, runAuditor, runAuditors } from '../../src/core/runner.js';
import type { Auditor } from '../../src/core/types.js';

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
    rules: { found: { message: 'found {{what}} at {{where}}', severity: 'warning' } },
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
});
