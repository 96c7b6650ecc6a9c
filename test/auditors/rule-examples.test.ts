/**
 * Every Lean example in the rule docs of the auditors that read source alone, run as a case: written as the
 * one file of a project, it must give a finding of its rule, as ESLint and Biome check their rule docs. An
 * abridged example (`exampleNeeds`: a size, a second file) and one that is not Lean (a lakefile line, a
 * situation) are the rule's own tests' to cover.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDITORS } from '../../src/auditors/index.js';
import { exampleLanguage } from '../../src/core/rule-docs.js';
import { runCase, writeCaseProject } from '../helpers/auditor-tester.js';

/** The auditors that read the project's source and nothing else (no REPL, no entities, no model). */
const SOURCE_ONLY = new Set(['proof-gaps', 'proof-tampering', 'lean-source']);

describe('rule examples', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
  for (const auditor of AUDITORS.filter((a) => SOURCE_ONLY.has(a.meta.id))) {
    for (const [id, rule] of Object.entries(auditor.meta.rules)) {
      const { example, exampleNeeds } = rule.docs;
      if (example === undefined || exampleNeeds !== undefined || exampleLanguage(example) !== 'lean') continue;
      it(`${auditor.meta.id}/${id}: its example gives it`, async () => {
        const testCase = { code: `${example}\n` };
        const root = writeCaseProject(testCase);
        roots.push(root);
        const run = await runCase(auditor, root, testCase);
        expect(run.findings.map((f) => f.messageId)).toContain(id);
      });
    }
  }
});
