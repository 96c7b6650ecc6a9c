import { describe, expect, it } from 'vitest';
import { atLeast, buildReport } from '../../src/core/report.js';
import { type RunServices, runAuditors } from '../../src/core/runner.js';
import type { Auditor, AuditorRun } from '../../src/core/types.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';
import { TEST_RULE_DOCS } from '../helpers/rule-docs.js';

const run = (severity: 'info' | 'warning' | 'error'): AuditorRun => ({
  auditorId: 'demo',
  status: 'ok',
  findings: [{ auditorId: 'demo', messageId: 'm', severity, message: 'x' }],
  metrics: {},
  durationMs: 0,
});

describe('buildReport', () => {
  it('orders severities', () => {
    expect(atLeast('error', 'warning')).toBe(true);
    expect(atLeast('info', 'warning')).toBe(false);
  });

  it('fails only on findings at or above failOn', () => {
    const meta = { root: '/p', name: 'p' };
    expect(buildReport(meta, [run('warning')], 'error').summary.failed).toBe(false);
    const report = buildReport(meta, [run('warning'), run('error')], 'warning');
    expect(report.summary).toEqual({
      findings: { info: 0, warning: 1, error: 1 },
      auditors: { ok: 2, skipped: 0, error: 0 },
      failOn: 'warning',
      failed: true,
      failedAuditors: [],
      suppressed: 0,
      omitted: 0,
    });
    expect(report.schemaVersion).toBe(4);
    expect(report.tool.name).toBe('leanaudit');
  });

  it('lists the failed auditors, but not one whose failure is allowed, and sums the suppressed findings', () => {
    const meta = { root: '/p', name: 'p' };
    const failed = { ...run('warning'), auditorId: 'broken', status: 'error' as const, reason: 'boom', findings: [], suppressed: 2 };
    const allowed = { ...failed, auditorId: 'flaky', failureAllowed: true as const, suppressed: 1 };
    const report = buildReport(meta, [failed, allowed, run('info')], 'error');
    expect(report.summary).toMatchObject({ failed: false, failedAuditors: ['broken'], suppressed: 3 });
  });
});

describe('report schema', () => {
  it('accepts reports built from real auditor runs', async () => {
    const auditor: Auditor = {
      meta: {
        id: 'demo',
        description: 'd',
        rules: { m: { message: 'at {{x}}', severity: 'warning', docs: TEST_RULE_DOCS } },
        needs: ['llm'],
      },
      async run(ctx) {
        ctx.report({ messageId: 'm', data: { x: 1 }, location: { file: 'A.lean', line: 1, column: 0 }, evidence: { k: [1] } });
        ctx.metric('rate', 0.5);
      },
    };
    const services: RunServices = {
      root: '/p',
      config: {},
      signal: new AbortController().signal,
      project: () => Promise.reject(new Error('none')),
      entities: () => Promise.resolve([]),
    };
    const ran = await runAuditors([auditor], services);
    const skipped = await runAuditors([auditor], { ...services, unavailable: async () => 'no endpoint' });
    const report = buildReport({ root: '/p', name: 'p', files: 1, bytes: 10, declarations: 0 }, [...ran, ...skipped], 'warning');
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.summary.failed).toBe(true);
  });

  it('rejects a skipped run without a reason, an unknown severity and a 0-based line', () => {
    const report = buildReport({ root: '/p', name: 'p' }, [run('error')], 'error');
    expect(reportSchemaErrors(report)).toEqual([]);
    const noReason = structuredClone(report);
    noReason.runs[0]!.status = 'skipped';
    expect(reportSchemaErrors(noReason).join('\n')).toMatch(/reason/);
    const badSeverity = structuredClone(report) as unknown as { runs: { findings: { severity: string }[] }[] };
    badSeverity.runs[0]!.findings[0]!.severity = 'fatal';
    expect(reportSchemaErrors(badSeverity)).not.toEqual([]);
    const badLine = structuredClone(report);
    badLine.runs[0]!.findings[0]!.location = { file: 'A.lean', line: 0 };
    expect(reportSchemaErrors(badLine).join('\n')).toMatch(/line/);
  });
});
