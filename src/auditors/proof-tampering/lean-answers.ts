/**
 * The `#print axioms` checks of the needs-lean findings, run through the REPL when the user
 * configured it (`repl.command` or `repl.path`): each finding then carries Lean's list of axioms
 * and says it, or keeps naming the check with why Lean could not answer. A failed call is never a
 * verdict. `lake env leanchecker` and comparator are separate programs, not REPL commands: their
 * findings keep naming them.
 */
import type { AuditContext, FindingInput } from '../../core/types.js';
import type { LeanDecl, LeanProject } from '../../model/lean.js';
import { replForAudit } from '../../repl/audit-support.js';
import { replSettings } from '../../repl/config.js';
import { askAxioms } from '../../repl/print-axioms.js';
import { STANDARD_AXIOMS } from '../../repl/results.js';

/** The findings with Lean's answers where it was asked; unchanged when the REPL is not configured. */
export async function withLeanAnswers(ctx: AuditContext, project: LeanProject, findings: FindingInput[]): Promise<FindingInput[]> {
  const settings = replSettings(ctx.config);
  if (settings.command === undefined && settings.path === undefined) return findings;
  const asked = new Map<FindingInput, LeanDecl>();
  for (const finding of findings) {
    const check = finding.evidence?.check as { kind?: string } | undefined;
    const decl = finding.entityId !== undefined ? project.decls.get(finding.entityId) : undefined;
    if (check?.kind === 'print-axioms' && decl !== undefined) asked.set(finding, decl);
  }
  if (asked.size === 0) return findings;
  const answers = await askAxioms(ctx, replForAudit(ctx), project, [...new Set(asked.values())]);
  return findings.map((finding) => {
    const decl = asked.get(finding);
    const answer = decl && answers.get(decl);
    if (answer === undefined) return finding;
    if ('error' in answer) return { ...finding, evidence: { ...finding.evidence, leanError: answer.error } };
    const beyond = answer.axioms.filter((a) => !STANDARD_AXIOMS.has(a));
    return {
      ...finding,
      messageId: 'lean-answered',
      data: { ...finding.data, axioms: beyond.length ? beyond.join(', ') : 'only standard axioms' },
      evidence: { ...finding.evidence, axioms: answer.axioms },
    };
  });
}
