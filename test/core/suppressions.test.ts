import { describe, expect, it } from 'vitest';
import { applySuppressions, type Directive, type DirectiveScan } from '../../src/core/suppressions.js';
import type { AuditorMeta, AuditorRun, Finding } from '../../src/core/types.js';
import { TEST_RULE_DOCS } from '../helpers/rule-docs.js';

const meta: AuditorMeta = {
  id: 'gaps',
  description: 'd',
  rules: {
    sorry: { message: 'sorry', severity: 'error', docs: TEST_RULE_DOCS },
    axiom: { message: 'axiom', severity: 'error', docs: TEST_RULE_DOCS },
  },
};
const finding = (messageId: string, line: number, file = 'A.lean'): Finding => ({
  auditorId: 'gaps',
  messageId,
  severity: 'error',
  message: messageId,
  location: { file, line },
});
const run = (findings: Finding[], status: AuditorRun['status'] = 'ok'): AuditorRun => ({
  auditorId: 'gaps',
  status,
  findings,
  metrics: {},
  durationMs: 0,
  meta,
});
const directive = (kind: Directive['kind'], line: number, ...rules: string[]): Directive => ({
  kind,
  rules,
  location: { file: 'A.lean', line },
});
const scanOf = (...directives: Directive[]): DirectiveScan => ({ directives: new Map([['A.lean', directives]]), invalid: [] });
const context = { knownRules: ['gaps/sorry', 'gaps/axiom', 'other/rule'], config: {} };

describe('applySuppressions', () => {
  it('drops the findings a directive covers, counts them, and reports nothing when every directive was used', () => {
    const gaps = run([
      finding('sorry', 5),
      finding('sorry', 6),
      finding('axiom', 9),
      finding('sorry', 5, 'B.lean'),
      { ...finding('axiom', 1), location: undefined } as Finding,
    ]);
    const own = applySuppressions([gaps], scanOf(directive('next-line', 4, 'gaps/sorry'), directive('file', 8, 'gaps/axiom')), context);
    expect(gaps.findings.map((f) => `${f.messageId}@${f.location?.file ?? '-'}:${f.location?.line ?? '-'}`)).toEqual([
      'sorry@A.lean:6',
      'sorry@B.lean:5',
      'axiom@-:-',
    ]);
    expect(gaps.suppressed).toBe(2);
    expect(own).toMatchObject({
      auditorId: 'suppressions',
      status: 'ok',
      findings: [],
      metrics: { directives: 2, suppressed: 2, unused: 0 },
    });
  });

  it('reports a directive that suppresses nothing, and one naming an unknown rule with the nearest known one', () => {
    const gaps = run([finding('sorry', 5)]);
    const own = applySuppressions([gaps], scanOf(directive('next-line', 2, 'gaps/sorry', 'gaps/axiom', 'gaps/sory')), context)!;
    expect(gaps.findings).toHaveLength(1);
    expect(gaps.suppressed).toBeUndefined();
    expect(own.findings.map((f) => [f.messageId, f.severity, f.message, f.location?.line])).toEqual([
      ['unused-directive', 'info', '`leanaudit-disable-next-line gaps/sorry` suppresses nothing: no gaps/sorry finding on line 3', 2],
      ['unused-directive', 'info', '`leanaudit-disable-next-line gaps/axiom` suppresses nothing: no gaps/axiom finding on line 3', 2],
      ['invalid-directive', 'warning', '`leanaudit-disable-next-line` names an unknown rule gaps/sory; did you mean "gaps/sorry"?', 2],
    ]);
  });

  it('calls no directive unused whose auditor did not finish here, or whose rule is off', () => {
    const scan = scanOf(directive('file', 1, 'gaps/sorry'), directive('file', 1, 'other/rule'));
    expect(applySuppressions([run([], 'error')], scan, context)!.findings).toEqual([]);
    expect(applySuppressions([run([])], scan, { ...context, config: { rules: { 'gaps/sorry': 'off' } } })!.findings).toEqual([]);
    expect(
      applySuppressions([run([])], scan, { ...context, config: { rules: { 'suppressions/unused-directive': 'off' } } })!.findings,
    ).toEqual([]);
  });

  it('is absent from a project without directives', () => {
    expect(applySuppressions([run([finding('sorry', 1)])], { directives: new Map(), invalid: [] }, context)).toBeUndefined();
  });
});
