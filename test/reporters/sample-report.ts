/** A fixed report exercising every reporter branch: ok/skipped/error runs, located and loose findings. */
import { buildReport } from '../../src/core/report.js';
import type { AuditorMeta, AuditorRun, Report } from '../../src/core/types.js';
import { TEST_RULE_DOCS } from '../helpers/rule-docs.js';

const gapsMeta: AuditorMeta = {
  id: 'proof-gaps',
  description: 'sorry, admit, axioms and escape hatches',
  rules: {
    'sorry-in-proof': { message: 'sorry in the proof of {{name}}', severity: 'error', docs: TEST_RULE_DOCS },
    axiom: { message: 'axiom {{name}}', severity: 'error', docs: TEST_RULE_DOCS },
  },
};

const judgeMeta: AuditorMeta = {
  id: 'direct-judge',
  description: 'LLM judgment of statement fidelity',
  rules: { different: { message: '{{name}} differs from its informal statement', severity: 'warning', docs: TEST_RULE_DOCS } },
  needs: ['llm', 'entities'],
};

const runs: AuditorRun[] = [
  {
    auditorId: 'proof-gaps',
    status: 'ok',
    durationMs: 12,
    metrics: { sorries: 2, axioms: 1, ratio: 0.125, opaque: 0, 'file:Foo/B.lean:sorries': 2 },
    meta: gapsMeta,
    findings: [
      {
        auditorId: 'proof-gaps',
        messageId: 'sorry-in-proof',
        severity: 'error',
        message: 'sorry in the proof of Foo.bar',
        entityId: 'Foo.bar',
        location: { file: 'Foo/B.lean', line: 12, column: 2, endLine: 12, endColumn: 7 },
      },
      {
        auditorId: 'proof-gaps',
        messageId: 'axiom',
        severity: 'warning',
        message: 'axiom Foo.choice | with a pipe',
        location: { file: 'Foo/A.lean', line: 3, column: 0 },
        related: [{ location: { file: 'Foo/B.lean', line: 1 }, message: 'used here' }],
      },
      {
        auditorId: 'proof-gaps',
        messageId: 'sorry-in-proof',
        severity: 'error',
        message: 'sorry in the proof of Foo.baz',
        location: { file: 'Foo/B.lean', line: 4, column: 4 },
      },
    ],
  },
  {
    auditorId: 'direct-judge',
    status: 'skipped',
    reason: 'needs llm: no endpoint configured',
    durationMs: 0,
    metrics: {},
    meta: judgeMeta,
    findings: [],
  },
  {
    auditorId: 'crossfile-reuse',
    status: 'error',
    reason: 'graph too large',
    durationMs: 3,
    metrics: {},
    findings: [
      {
        auditorId: 'crossfile-reuse',
        messageId: 'unused',
        severity: 'info',
        message: 'lemma Foo.aux is never used',
        evidence: { uses: 0 },
      },
    ],
  },
];

/** The fixture report; version, time and root are fixed so snapshots stay stable. */
export function sampleReport(failOn: 'error' | 'warning' | 'info' = 'error'): Report {
  const report = buildReport(
    {
      root: '/repo',
      name: 'foo',
      leanToolchain: 'leanprover/lean4:v4.28.0',
      mathlibRev: '8f9d9cff6bd728b17a24e163c9402775d9e6a365',
      libraries: ['Foo'],
      files: 2,
      bytes: 5300,
      declarations: 14,
      skipped: [{ path: '.lake', reason: 'build output' }],
    },
    structuredClone(runs),
    failOn,
    { now: new Date('2026-01-01T00:00:00Z') },
  );
  return { ...report, tool: { ...report.tool, version: '0.0.0-test' } };
}

/** The command that enables the Lean-backed auditors, as a run without Lean gives it. */
export const ENABLE = 'curl https://elan.lean-lang.org/elan-init.sh -sSf | sh && git clone https://github.com/leanprover-community/repl';

/** The sample report with two Lean-backed auditors skipped for want of Lean, sharing the command that enables them. */
export function reportWithoutLean(): Report {
  const report = sampleReport();
  const skipped = { findings: [], metrics: {}, durationMs: 0, status: 'skipped' as const, reason: 'no `lake` on PATH', enable: ENABLE };
  report.runs.push({ ...skipped, auditorId: 'mathlib-overlap' }, { ...skipped, auditorId: 'axiom-usage' });
  return report;
}
