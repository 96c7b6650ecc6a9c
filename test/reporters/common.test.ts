import { describe, expect, it } from 'vitest';
import {
  claimCells,
  claimStatistics,
  enableNotes,
  formatBytes,
  groupByFile,
  metricsText,
  position,
  severityTotals,
} from '../../src/reporters/common.js';
import { ENABLE, reportWithoutLean, sampleReport } from './sample-report.js';

describe('reporter helpers', () => {
  it('shows key metrics: zeros and per-file breakdowns are left to the JSON report, the rest capped', () => {
    const run = sampleReport().runs[0]!;
    expect(metricsText(run)).toBe('sorries=2 axioms=1 ratio=0.125');
    run.metrics = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`m${i}`, i + 1]));
    expect(metricsText(run)).toBe('m0=1 m1=2 m2=3 m3=4 m4=5 m5=6 m6=7 m7=8 (+3 more)');
  });

  it('groups findings by sorted file, by position inside a file, loose ones last', () => {
    const groups = groupByFile(sampleReport().runs.flatMap((r) => r.findings));
    expect(groups.map((g) => [g.file, g.findings.map((f) => f.location?.line ?? null)])).toEqual([
      ['Foo/A.lean', [3]],
      ['Foo/B.lean', [4, 12]],
      [undefined, [null]],
    ]);
  });

  it('formats positions with 1-based columns, sizes and totals', () => {
    expect(position({ file: 'A.lean', line: 3, column: 0 })).toBe('3:1');
    expect(position({ file: 'A.lean', line: 3 })).toBe('3');
    expect(position(undefined)).toBe('-');
    expect([formatBytes(999), formatBytes(9916), formatBytes(123_400_000)]).toEqual(['999 B', '9.9 kB', '123.4 MB']);
    expect(severityTotals({ error: 1, warning: 2, info: 0 })).toBe('1 error, 2 warnings, 0 info');
  });

  it('gathers the skipped auditors one command enables, once', () => {
    expect(enableNotes(sampleReport())).toEqual([]);
    expect(enableNotes(reportWithoutLean())).toEqual([
      { auditors: ['mathlib-overlap', 'axiom-usage'], reason: 'no `lake` on PATH', command: ENABLE },
    ]);
  });
});

describe('claimStatistics', () => {
  it("reads proof-gaps' per-kind and per-chapter metrics into rows, all first, with shares", () => {
    const report = sampleReport();
    const run = report.runs.find((r) => r.auditorId === 'proof-gaps')!;
    run.metrics = {
      ...run.metrics,
      'kind:lemma:entities': 4,
      'kind:lemma:stated': 4,
      'kind:lemma:proved': 2,
      'kind:lemma:fully-proved': 1,
      'chapter:Intro: basics:lemma:entities': 4,
      'chapter:Intro: basics:lemma:stated': 4,
    };
    const rows = claimStatistics(report);
    expect(rows.map(claimCells)).toEqual([
      ['all', 'lemma', '4', '4 (100%)', '2 (50%)', '1 (25%)'],
      ['Intro: basics', 'lemma', '4', '4 (100%)', '0 (0%)', '0 (0%)'],
    ]);
  });
});
