import { describe, expect, it } from 'vitest';
import { atLeast, buildReport } from '../../src/core/report.js';
import type { AuditorRun } from '../../src/core/types.js';

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
    });
    expect(report.schemaVersion).toBe(1);
    expect(report.tool.name).toBe('leanaudit');
  });
});
