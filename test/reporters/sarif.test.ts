import { describe, expect, it } from 'vitest';
import { sarifReporter } from '../../src/reporters/sarif.js';
import { ENABLE, reportWithoutLean, sampleReport } from './sample-report.js';

interface SarifLog {
  version: string;
  runs: {
    tool: {
      driver: { name: string; rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }[] };
    };
    originalUriBaseIds: Record<string, { uri: string }>;
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string } }[] }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations?: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: Record<string, number> } }[];
      relatedLocations?: unknown[];
    }[];
  }[];
}

const log = (): SarifLog => JSON.parse(sarifReporter(sampleReport())) as SarifLog;

describe('sarif reporter', () => {
  it('builds one rule per auditor message from the auditors metadata', () => {
    const [run] = log().runs;
    expect(log().version).toBe('2.1.0');
    expect(run!.tool.driver.name).toBe('leanaudit');
    expect(run!.tool.driver.rules.map((r) => r.id)).toEqual([
      'proof-gaps/sorry-in-proof',
      'proof-gaps/axiom',
      'direct-judge/different',
      'crossfile-reuse/unused',
    ]);
    expect(run!.tool.driver.rules[0]).toMatchObject({
      shortDescription: { text: 'sorry in the proof of {{name}}' },
      defaultConfiguration: { level: 'error' },
    });
    expect(run!.tool.driver.rules[3]!.defaultConfiguration.level).toBe('note');
  });

  it('points each result at its rule with 1-based columns relative to the source root', () => {
    const [run] = log().runs;
    const rules = run!.tool.driver.rules;
    for (const r of run!.results) expect(rules[r.ruleIndex]!.id).toBe(r.ruleId);
    expect(run!.results[0]!.locations![0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'Foo/B.lean', uriBaseId: 'SRCROOT' },
      region: { startLine: 12, startColumn: 3, endLine: 12, endColumn: 8 },
    });
    expect(run!.results[1]).toMatchObject({ level: 'warning', relatedLocations: [expect.objectContaining({ id: 0 })] });
    expect(run!.results[3]).not.toHaveProperty('locations');
    expect(run!.originalUriBaseIds.SRCROOT!.uri).toBe('file:///repo/');
  });

  it('records skipped and failed auditors as notifications', () => {
    const [invocation] = log().runs[0]!.invocations;
    expect(invocation!.executionSuccessful).toBe(false);
    expect(invocation!.toolExecutionNotifications.map((n) => [n.level, n.message.text])).toEqual([
      ['note', 'direct-judge skipped: needs llm: no endpoint configured'],
      ['error', 'crossfile-reuse error: graph too large'],
    ]);
    const withoutLean = (JSON.parse(sarifReporter(reportWithoutLean())) as SarifLog).runs[0]!.invocations[0]!;
    expect(withoutLean.toolExecutionNotifications.slice(2).map((n) => n.message.text)).toEqual([
      'mathlib-overlap skipped: no `lake` on PATH',
      'axiom-usage skipped: no `lake` on PATH',
      `to enable mathlib-overlap, axiom-usage (no \`lake\` on PATH): ${ENABLE}`,
    ]);
  });
});
