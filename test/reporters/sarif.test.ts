import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { renderText } from '../../src/reporters/index.js';
import { sarifReporter as sarifReporterPieces } from '../../src/reporters/sarif.js';
import { TEST_RULE_DOCS } from '../helpers/rule-docs.js';
import { hostileReport, INJECTED_COMMAND, RAW_CONTROL } from './hostile-report.js';
import { ENABLE, reportWithoutLean, sampleReport } from './sample-report.js';

/** The sarif report as one text. */
const sarifReporter = (...args: Parameters<typeof sarifReporterPieces>): string => renderText(sarifReporterPieces(...args));

interface SarifLog {
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        rules: {
          id: string;
          name: string;
          shortDescription: { text: string };
          fullDescription: { text: string };
          help: { text: string; markdown: string };
          helpUri?: string;
          defaultConfiguration: { level: string };
        }[];
      };
    };
    originalUriBaseIds: Record<string, { uri: string }>;
    versionControlProvenance?: { repositoryUri: string; revisionId: string }[];
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string } }[] }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations?: {
        physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: Record<string, number>; contextRegion?: unknown };
      }[];
      relatedLocations?: unknown[];
    }[];
  }[];
}

const log = (report: Report = sampleReport()): SarifLog => JSON.parse(sarifReporter(report)) as SarifLog;

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
      name: 'SorryInProof',
      shortDescription: { text: TEST_RULE_DOCS.what },
      fullDescription: { text: `${TEST_RULE_DOCS.what} ${TEST_RULE_DOCS.why}` },
      defaultConfiguration: { level: 'error' },
    });
    // No page link unless the user gives where the pages are: the help is embedded.
    expect(run!.tool.driver.rules[0]!.helpUri).toBeUndefined();
    expect(JSON.stringify(log())).not.toContain('github.com/leanaudit');
    expect(run!.tool.driver.rules[3]!.defaultConfiguration.level).toBe('note');
  });

  it("gives each rule its documentation as help, for code scanning's rule view", () => {
    const rule = log().runs[0]!.tool.driver.rules[0] as unknown as {
      fullDescription: { text: string };
      help: { text: string; markdown: string };
    };
    expect(rule.fullDescription.text).toBe(`${TEST_RULE_DOCS.what} ${TEST_RULE_DOCS.why}`);
    expect(rule.help).toEqual({
      text: `${TEST_RULE_DOCS.what}\n\nWhy it matters: ${TEST_RULE_DOCS.why}`,
      markdown: `${TEST_RULE_DOCS.what}\n\n**Why it matters:** ${TEST_RULE_DOCS.why}`,
    });
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
    // The finding without a location is a notification, not a result (code scanning needs a file).
    expect(run!.results).toHaveLength(3);
    expect(run!.originalUriBaseIds.SRCROOT!.uri).toBe('file:///repo/');
  });

  it('records skipped and failed auditors as notifications', () => {
    const [invocation] = log().runs[0]!.invocations;
    expect(invocation!.executionSuccessful).toBe(false);
    expect(invocation!.toolExecutionNotifications.map((n) => [n.level, n.message.text])).toEqual([
      ['note', 'direct-judge skipped: needs llm: no endpoint configured'],
      ['error', 'crossfile-reuse error: graph too large'],
      ['note', 'lemma Foo.aux is never used'],
    ]);
    const withoutLean = (JSON.parse(sarifReporter(reportWithoutLean())) as SarifLog).runs[0]!.invocations[0]!;
    expect(withoutLean.toolExecutionNotifications.map((n) => n.message.text).filter((text) => text.includes('lake'))).toEqual([
      'mathlib-overlap skipped: no `lake` on PATH',
      'axiom-usage skipped: no `lake` on PATH',
      `to enable mathlib-overlap, axiom-usage (no \`lake\` on PATH): ${ENABLE}`,
    ]);
    expect(invocation!.toolExecutionNotifications[2]).toMatchObject({ descriptor: { id: 'crossfile-reuse/unused' } });
  });
});

describe('hostile names', () => {
  it('keeps every string as data in valid JSON', () => {
    const report = hostileReport();
    const text = sarifReporter(report);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).not.toContain(INJECTED_COMMAND);
    const parsed = JSON.parse(text) as SarifLog;
    const told = [...parsed.runs[0]!.results, ...parsed.runs[0]!.invocations[0]!.toolExecutionNotifications.slice(2)].map(
      (r) => r.message.text,
    );
    expect(told).toEqual(report.runs.flatMap((r) => r.findings.map((f) => f.message)));
  });
});

describe('rules for code scanning', () => {
  it('builds help from the rule docs when the auditor wrote them, and links the rule page under the base given', () => {
    const report = sampleReport();
    report.runs[0]!.meta!.rules['sorry-in-proof']!.docs = {
      what: 'A `sorry` stands in a proof. The kernel accepts it.',
      why: 'The theorem is not proved.',
      example: 'theorem t : 1 = 1 := sorry',
    };
    const rule = (JSON.parse(sarifReporter(report, { docsUrl: 'https://docs.example/rules/' })) as SarifLog).runs[0]!.tool.driver.rules[0]!;
    expect(rule.shortDescription.text).toBe('A `sorry` stands in a proof.');
    expect(rule.fullDescription.text).toBe('A `sorry` stands in a proof. The kernel accepts it. The theorem is not proved.');
    expect(rule.help.markdown).toBe(
      'A `sorry` stands in a proof. The kernel accepts it.\n\n**Why it matters:** The theorem is not proved.\n\nExample:\n\n```lean\ntheorem t : 1 = 1 := sorry\n```',
    );
    expect(rule.helpUri).toBe('https://docs.example/rules/proof-gaps.md#sorry-in-proof');
  });

  it('gives every rule a rendered name, descriptions without placeholders and help', () => {
    for (const rule of log().runs[0]!.tool.driver.rules) {
      expect(rule.name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      for (const text of [rule.shortDescription.text, rule.fullDescription.text, rule.help.text, rule.help.markdown]) {
        expect(text).not.toContain('{{');
        expect(text.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('paths for code scanning', () => {
  it('are relative to the repository root when the project is a subfolder, with the commit as provenance', () => {
    const report = sampleReport();
    report.project.repository = { root: '/work', path: 'lean/foo', commit: 'c'.repeat(40), url: 'https://github.com/o/r' };
    const [run] = log(report).runs;
    expect(run!.originalUriBaseIds.SRCROOT!.uri).toBe('file:///work/');
    expect(run!.results[0]!.locations![0]!.physicalLocation.artifactLocation.uri).toBe('lean/foo/Foo/B.lean');
    expect(run!.versionControlProvenance).toEqual([{ repositoryUri: 'https://github.com/o/r', revisionId: 'c'.repeat(40) }]);
  });

  it('carry the source lines around a result as its context region', () => {
    const report = sampleReport();
    report.runs[0]!.findings[0]!.excerpt = { startLine: 10, lines: ['a', 'b', '  sorry', 'c'] };
    const location = log(report).runs[0]!.results.find((r) => r.message.text.includes('Foo.bar'))!.locations![0]!;
    expect(location.physicalLocation.contextRegion).toEqual({ startLine: 10, endLine: 13, snippet: { text: 'a\nb\n  sorry\nc\n' } });
  });
});

describe('SARIF blueprint progress', () => {
  it("carries the blueprint's progress per kind as a property of the run", async () => {
    const report = sampleReport();
    const run = report.runs.find((r) => r.auditorId === 'proof-gaps')!;
    run.metrics = { ...run.metrics, 'kind:lemma:entities': 2, 'kind:lemma:proved': 1 };
    const log = JSON.parse(sarifReporter(report)) as { runs: { properties: Record<string, unknown> }[] };
    expect(log.runs[0]!.properties.blueprintProgress).toEqual([{ kind: 'lemma', entities: 2, stated: 0, proved: 1, fullyProved: 0 }]);
  });
});
