import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explain } from '../../src/commands/auditors.js';
import { DOCUMENTED, generatedFiles } from '../../src/commands/docs.js';
import { InputError } from '../../src/core/errors.js';
import { packageRoot } from '../../src/core/paths.js';

const root = packageRoot();

describe('the generated reference', () => {
  it('is up to date: every committed file is what `npm run docs` writes from the source', () => {
    const stale = [...generatedFiles()].filter(([path, text]) => {
      try {
        return readFileSync(join(root, path), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    expect(
      stale.map(([path]) => path),
      'run `npm run docs` and commit the result',
    ).toEqual([]);
    const pages = readdirSync(join(root, 'docs', 'auditors')).map((name) => `docs/auditors/${name}`);
    expect(
      pages.filter((path) => !generatedFiles().has(path)),
      'pages of auditors that no longer exist',
    ).toEqual([]);
  });

  it('documents every rule: what, why and an example, each said in a sentence or two', () => {
    for (const meta of DOCUMENTED) {
      for (const [id, rule] of Object.entries(meta.rules)) {
        const where = `${meta.id}/${id}`;
        expect(rule.docs.what.length, where).toBeGreaterThan(20);
        expect(rule.docs.why.length, where).toBeGreaterThan(20);
        expect(rule.docs.example?.length ?? 0, where).toBeGreaterThan(5);
        expect(rule.docs.what.length + rule.docs.why.length, where).toBeLessThan(600);
      }
    }
  });
});

describe('leanaudit auditors --explain', () => {
  it("prints a rule's section and an auditor's page, as the docs have them", () => {
    const rule = explain('proof-gaps/native-decide');
    expect(rule).toMatch(/^### native-decide\n\nRule `proof-gaps\/native-decide` · default severity \*\*warning\*\*/);
    expect(readFileSync(join(root, 'docs', 'auditors', 'proof-gaps.md'), 'utf8')).toContain(rule);
    expect(explain('suppressions')).toContain('### unused-directive');
  });

  it('names the nearest rule or auditor for an unknown id', () => {
    expect(() => explain('proof-gaps/native-decid')).toThrow(InputError);
    expect(() => explain('proof-gaps/native-decid')).toThrow('did you mean "proof-gaps/native-decide"?');
    expect(() => explain('proof-gap')).toThrow('did you mean "proof-gaps"?');
    // A rule's own name, without its auditor, leads to the rule.
    expect(() => explain('native-decide')).toThrow('did you mean "proof-gaps/native-decide"?');
    expect(() => explain('native-decid')).toThrow('did you mean "proof-gaps/native-decide"?');
  });
});
