/** The sample report with what the HTML report draws beyond findings: entities, a dependency, a verdict, a source URL, an excerpt. */
import type { Report } from '../../src/core/types.js';
import { sampleReport } from './sample-report.js';

/** The sample report with entities, a dependency, a judge's verdict, a source URL and an excerpt. */
export function richReport(): Report {
  const report = sampleReport();
  report.project.repository = { root: '/work', path: 'lean', commit: 'c'.repeat(40), url: 'https://github.com/o/r' };
  report.project.sourceUrl = 'https://github.com/o/r/blob/ccc/{path}#L{line}';
  report.entities = [
    {
      id: 'lem:base',
      kind: 'lemma',
      statement: 'The base case.',
      origin: 'blueprint',
      leanNames: ['Foo.base'],
      decls: [{ fullName: 'Foo.base', kind: 'theorem', header: ': True', location: { file: 'Foo/A.lean', line: 1 }, hasSorry: false }],
      unresolved: [],
      uses: [],
    },
    {
      id: 'thm:bar',
      kind: 'theorem',
      title: 'Bar',
      statement: 'Bar holds, by the base case.',
      location: { file: 'blueprint/src/ch1.tex', line: 9 },
      origin: 'blueprint',
      leanNames: ['Foo.bar'],
      decls: [
        { fullName: 'Foo.bar', kind: 'theorem', header: '(n : Nat) : n = n', location: { file: 'Foo/B.lean', line: 11 }, hasSorry: true },
      ],
      unresolved: [],
      uses: ['lem:base'],
    },
  ];
  report.runs[2]!.dependencies = [{ from: 'lem:base', to: 'thm:bar', source: 'uses', status: 'unreflected-unproved' }];
  report.runs[1]!.findings.push({
    auditorId: 'direct-judge',
    messageId: 'different',
    severity: 'warning',
    message: 'thm:bar: Different — the Lean statement drops a hypothesis',
    entityId: 'thm:bar',
    evidence: { protocol: 'direct', verdict: 'Different', reason: 'the Lean statement drops a hypothesis' },
    provenance: { model: 'gpt-test' },
  });
  report.runs[0]!.findings[0]!.excerpt = { startLine: 9, lines: ['theorem bar', '  (n : Nat) :', '  n = n := by', '  sorry', ''] };
  return report;
}
