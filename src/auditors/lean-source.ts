/**
 * lean-source
 *
 * What it checks: the problems met while reading the project's Lean source — unterminated
 * comments, strings and «names», invalid UTF-8, binary or oversized `.lean` files, very long
 * lines, `end` commands that close the wrong scope, duplicate declarations, a file the parser
 * failed on (`parse-failed`: a leanaudit bug, left out of every count), namespaces nested too deep
 * to read and scopes with too many `open`s to resolve names in all — each with file:line;
 * and, when the root has no lakefile, the Lake packages below it (each should be audited on its own).
 *
 * Why it matters: every other auditor reads the same source model; where it could not read the
 * source, their counts are incomplete there. Kept apart from proof-gaps so that its severity can be
 * set, and it can be disabled, on its own, and so that `--only proof-gaps` keeps proof-gap counts
 * alone.
 *
 * Example: `/- never closed` on line 12 gives `unterminated-comment` at that line; the rest of the
 * file is commented out for Lean, and for leanaudit.
 */
import type { AuditContext, AuditorMeta } from '../core/types.js';

export const meta: AuditorMeta = {
  id: 'lean-source',
  description: 'Lean source leanaudit could not read cleanly (unterminated comments/strings, bad encoding, binary files)',
  rules: {
    'unterminated-comment': { message: '{{message}}', severity: 'error' },
    'unterminated-string': { message: '{{message}}', severity: 'warning' },
    'unterminated-name': { message: '{{message}}', severity: 'warning' },
    'long-line': { message: '{{message}}', severity: 'warning' },
    'invalid-utf8': { message: '{{message}}', severity: 'warning' },
    'binary-file': { message: '{{message}}', severity: 'error' },
    'file-too-large': { message: '{{message}}', severity: 'error' },
    'unreadable-file': { message: 'cannot read the file: {{message}}', severity: 'error' },
    'parse-failed': { message: '{{message}}', severity: 'error' },
    'unreadable-lakefile': { message: 'cannot read the lakefile: {{message}}', severity: 'warning' },
    'nested-package': { message: '{{message}}', severity: 'warning' },
    'unmatched-end': { message: '{{message}}', severity: 'warning' },
    'mismatched-end': { message: '{{message}}', severity: 'warning' },
    'duplicate-declaration': { message: '{{message}}', severity: 'warning' },
    'namespace-too-deep': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'Namespaces nested more than 256 deep; the rest of the file is not read, as for an unreadable file.',
        why: 'Each declaration below would carry every enclosing namespace in its name: a file of n nested namespaces would give n² of output. No real project nests more than a few.',
        example: 'namespace N0 namespace N1 … namespace N256   -- reading stops here',
      },
    },
    'too-many-opens': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: "More than 512 namespaces (enclosing ones, and opened ones that name some of the project's declarations) are in scope at a declaration; its names are resolved in the first 512.",
        why: 'Resolving every name against thousands of `open`s would make each declaration cost as much as all of them; a real file has a few dozen. References past the cut may be missed, so its reuse findings are less sure.',
        example: 'open N1\nopen N2\n-- … 600 more, each a namespace of the project\ntheorem t : x = x := rfl',
      },
    },
    'source-problem': { message: '{{message}}', severity: 'warning' },
  },
  needs: ['lean-project'],
};

/** Reports every source problem of the project. */
export async function run(ctx: AuditContext): Promise<void> {
  const project = await ctx.project();
  const problems = [...project.files.flatMap((f) => f.problems), ...(project.problems ?? [])];
  for (const p of problems) {
    const known = p.messageId in meta.rules;
    ctx.report({
      messageId: known ? p.messageId : 'source-problem',
      data: { message: p.message },
      location: p.location,
    });
  }
  ctx.metric('problems', problems.length);
  ctx.metric('files-with-problems', project.files.filter((f) => f.problems.length > 0).length);
}
