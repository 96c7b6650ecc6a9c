import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { leanaudit } from './cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-suppression-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const project = join(tmp, 'algebra-basics');
cpSync(SAMPLE, project, { recursive: true });
const gauss = join(project, 'AlgebraBasics', 'GaussianIntegers.lean');
const original = readFileSync(gauss, 'utf8');

const audit = (...args: string[]): Report =>
  JSON.parse(leanaudit('audit', project, '--only', 'proof-gaps', '--format', 'json', ...args).stdout);
const rules = (report: Report): string[] =>
  report.runs.flatMap((run) => run.findings.map((f) => `${f.auditorId}/${f.messageId}:${f.location?.line}`));

describe('inline suppression in Lean source', () => {
  it('suppresses the finding below a directive, counts it, and reports a directive that suppresses nothing', () => {
    const before = audit();
    expect(rules(before)).toContain('proof-gaps/sorry-in-proof:68');
    writeFileSync(
      gauss,
      original
        .replace(
          'def divRound (z w : GaussInt) : GaussInt := sorry',
          '-- leanaudit-disable-next-line proof-gaps/sorry-in-proof: not a proof, so this suppresses nothing\ndef divRound (z w : GaussInt) : GaussInt := sorry',
        )
        .replace(
          '    norm (z + -(divRound z w * w)) < norm w := by\n  sorry',
          '    norm (z + -(divRound z w * w)) < norm w := by\n  -- leanaudit-disable-next-line proof-gaps/sorry-in-proof: exercise 4.8\n  sorry',
        ),
    );
    const after = audit();
    expect(rules(after)).not.toContain('proof-gaps/sorry-in-proof:70');
    expect(rules(after)).toContain('proof-gaps/sorry-in-data:63');
    expect(after.summary.suppressed).toBe(1);
    expect(after.runs[0]).toMatchObject({ auditorId: 'proof-gaps', suppressed: 1 });
    expect(after.summary.findings.error).toBe(before.summary.findings.error - 1);
    const own = after.runs.find((run) => run.auditorId === 'suppressions')!;
    expect(own.findings.map((f) => [f.messageId, f.severity, f.location])).toEqual([
      ['unused-directive', 'info', { file: 'AlgebraBasics/GaussianIntegers.lean', line: 62, column: 0 }],
    ]);
    expect(own.metrics).toMatchObject({ directives: 2, suppressed: 1, unused: 1 });
    const terminal = leanaudit('audit', project, '--only', 'proof-gaps');
    expect(terminal.stdout).toContain('(1 suppressed inline)');
  });

  it('keeps fingerprints and baselines working: a suppressed known finding is no longer found, nothing new appears', () => {
    writeFileSync(gauss, original);
    const baseline = join(tmp, 'baseline.json');
    expect(leanaudit('audit', project, '--only', 'proof-gaps', '--write-baseline', baseline).status).toBe(0);
    writeFileSync(
      gauss,
      original.replace(
        '  sorry\n\nend GaussInt',
        '  -- leanaudit-disable-next-line proof-gaps/sorry-in-proof: exercise 4.8\n  sorry\n\nend GaussInt',
      ),
    );
    const run = leanaudit('audit', project, '--only', 'proof-gaps', '--baseline', baseline, '--format', 'json');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.summary.baseline).toMatchObject({ new: 0, absent: 1 });
    expect(report.summary.suppressed).toBe(1);
  });
});
