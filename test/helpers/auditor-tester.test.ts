import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Auditor } from '../../src/core/types.js';
import { assertFindings, runCase, type TesterCase, testAuditor, writeCaseProject } from './auditor-tester.js';
import { TEST_RULE_DOCS } from './rule-docs.js';

/** A tiny auditor: theorems without a docstring, located at the declaration when it has a location. */
const undocumented: Auditor = {
  meta: {
    id: 'undocumented-theorem',
    description: 'theorems without a docstring',
    rules: { 'missing-doc': { message: 'theorem {{name}} has no docstring', severity: 'info', docs: TEST_RULE_DOCS } },
  },
  async run(ctx) {
    const project = await ctx.project();
    let count = 0;
    for (const decl of project.files.flatMap((f) => f.decls)) {
      if (decl.kind !== 'theorem' || decl.doc !== undefined) continue;
      count += 1;
      ctx.report({
        messageId: 'missing-doc',
        data: { name: decl.fullName },
        entityId: decl.fullName,
        ...(decl.location ? { location: decl.location } : {}),
      });
    }
    ctx.metric('undocumented', count);
  },
};

testAuditor(undocumented, {
  valid: [
    { name: 'documented theorem', code: '/-- Theorem 1.1: one plus one. -/\ntheorem two : 1 + 1 = 2 := rfl\n' },
    { name: 'defs are out of scope', code: 'def double (n : Nat) : Nat := 2 * n\n' },
  ],
  invalid: [
    {
      name: 'two bare theorems in a namespace',
      code: 'namespace Foo\n\ntheorem a : True := trivial\n\n/-- documented -/\ntheorem b : True := trivial\n\ntheorem c : 2 = 2 := rfl\n\nend Foo\n',
      findings: [
        { messageId: 'missing-doc', line: 3, entityId: 'Foo.a', message: 'theorem Foo.a has no docstring' },
        { messageId: 'missing-doc', line: 8, entityId: 'Foo.c' },
      ],
    },
    {
      name: 'a theorem in another file of the library',
      code: 'theorem here : True := trivial\n',
      files: { 'Test/Other.lean': '\n\ntheorem there : True := trivial\n' },
      findings: [
        { messageId: 'missing-doc', line: 1 },
        { messageId: 'missing-doc', line: 3, file: 'Test/Other.lean' },
      ],
    },
  ],
});

describe('the tester itself', () => {
  const testCase: TesterCase = { code: 'theorem a : True := trivial\n' };

  it('fails on a wrong line, a wrong message id or a missing finding', async () => {
    const root = writeCaseProject(testCase);
    try {
      const run = await runCase(undocumented, root, testCase);
      expect(() => assertFindings(run, [{ messageId: 'missing-doc', line: 1 }])).not.toThrow();
      expect(() => assertFindings(run, [{ messageId: 'missing-doc', line: 2 }])).toThrow(/line/);
      expect(() => assertFindings(run, [{ messageId: 'other' }])).toThrow();
      expect(() => assertFindings(run, [])).toThrow(/expected 0 findings, got 1/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('catches an auditor that relies on locations being present', async () => {
    const careless: Auditor = {
      meta: { ...undocumented.meta, id: 'careless' },
      async run(ctx) {
        for (const decl of (await ctx.project()).files.flatMap((f) => f.decls)) {
          ctx.report({
            messageId: 'missing-doc',
            data: { name: decl.name },
            location: { file: decl.location.file, line: decl.location.line },
          });
        }
      },
    };
    const root = writeCaseProject(testCase);
    try {
      expect((await runCase(careless, root, testCase)).status).toBe('ok');
      const stripped = await runCase(careless, root, testCase, true);
      expect(stripped.status).toBe('error');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('hands the case options to the auditor and unfilled placeholders fail', async () => {
    const withOptions: Auditor<{ word?: string }> = {
      meta: { ...undocumented.meta, id: 'opts', rules: { said: { message: 'said {{word}}', severity: 'info', docs: TEST_RULE_DOCS } } },
      async run(ctx, options) {
        ctx.report({ messageId: 'said', ...(options.word ? { data: { word: options.word } } : {}) });
      },
    };
    const root = writeCaseProject(testCase);
    try {
      const run = await runCase(withOptions as Auditor, root, { ...testCase, options: { word: 'hi' } });
      expect(run.findings[0]!.message).toBe('said hi');
      const unfilled = await runCase(withOptions as Auditor, root, testCase);
      expect(() => assertFindings(unfilled, [{ messageId: 'said' }])).toThrow(/unfilled placeholder/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
