/**
 * lean-source
 *
 * What it checks: the problems met while reading the project's Lean source — unterminated
 * comments, strings and «names», invalid UTF-8, binary or oversized `.lean` files, very long
 * lines, `end` commands that close the wrong scope, duplicate declarations, a file the parser
 * failed on (`parse-failed`: a leanaudit bug, left out of every count) — each with file:line;
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
    'unreadable-metadata': { message: '{{message}}', severity: 'warning' },
    'nested-package': { message: '{{message}}', severity: 'warning' },
    'unmatched-end': { message: '{{message}}', severity: 'warning' },
    'mismatched-end': { message: '{{message}}', severity: 'warning' },
    'duplicate-declaration': { message: '{{message}}', severity: 'warning' },
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
