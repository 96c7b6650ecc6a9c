/**
 * The trust levels of the results (a theorem or lemma nothing else in the project uses, and each
 * solution theorem comparator names), recorded with the report's trust records, not as findings
 * (a finished project has thousands); and the findings of comparator's theorems whose statement is
 * missing or reads differently from the challenge's.
 */
import { type AuditContext, type FindingInput, TRUST_RUNGS, type TrustLevel } from '../../core/types.js';
import { COMPARATOR_CONFIG, readComparatorConfig } from '../../lean/workspace/comparator.js';
import type { LeanDecl, LeanProject } from '../../model/lean.js';
import { replSettings } from '../../repl/config.js';
import { type AxiomsAnswer, askAxioms } from '../../repl/print-axioms.js';
import { replForAudit } from '../utils/repl.js';
import { type ChallengePair, challengePairs } from './challenge.js';
import type { Dependents } from './resting-on.js';
import { rateTrust } from './trust.js';

const RESULT_KINDS: ReadonlySet<string> = new Set(['theorem', 'lemma']);

/** Why the source reading of `decl` stops, from the gaps (each declaration with one, and what it is) it has or reaches. */
function sourceGap(decl: LeanDecl, dependents: Dependents, gaps: ReadonlyMap<LeanDecl, string>): string | undefined {
  const own = gaps.get(decl);
  if (own !== undefined) return `it has ${own} of its own`;
  const chain = dependents.chain(decl, new Set(gaps.keys()));
  if (chain === undefined) return undefined;
  const gap = chain.at(-1)!;
  return `it rests on ${gaps.get(gap)} (${gap.fullName}): ${chain.map((d) => d.fullName).join(' → ')}`;
}

/** Lean's axioms for the results, when the user configured the REPL (never started on its own for this). */
async function leanAxioms(ctx: AuditContext, project: LeanProject, results: LeanDecl[]): Promise<Map<LeanDecl, AxiomsAnswer>> {
  const settings = replSettings(ctx.config);
  if (settings.command === undefined && settings.path === undefined) return new Map();
  return askAxioms(ctx, replForAudit(ctx), project, results);
}

/**
 * Reports the trust level of each result and comparator's statement comparisons; `gaps` holds each
 * declaration with a gap of its own and what it is; `skip` the files whose declarations are not results.
 */
export async function reportTrust(
  ctx: AuditContext,
  project: LeanProject,
  dependents: Dependents,
  gaps: ReadonlyMap<LeanDecl, string>,
  skip: (path: string) => boolean,
): Promise<void> {
  const config = readComparatorConfig(project.root);
  const pairs = config ? challengePairs(project.files, config) : [];
  const paired = new Map(pairs.flatMap((p) => (p.solution ? [[p.solution, p] as const] : [])));
  const moduleOf = new Map<LeanDecl, string>();
  const results: LeanDecl[] = [];
  for (const file of project.files) {
    for (const decl of file.decls) {
      moduleOf.set(decl, file.module);
      if (paired.has(decl) || (!skip(file.path) && RESULT_KINDS.has(decl.kind) && decl.name !== '' && !dependents.isUsed(decl)))
        results.push(decl);
    }
  }
  const axioms = await leanAxioms(ctx, project, results);
  const counts = Object.fromEntries(['none', ...TRUST_RUNGS].map((level) => [level, 0])) as Record<TrustLevel, number>;
  for (const decl of results) {
    const pair = paired.get(decl);
    const gap = sourceGap(decl, dependents, gaps);
    const answer = axioms.get(decl);
    const trust = rateTrust({
      decl,
      module: moduleOf.get(decl)!,
      ...(gap !== undefined ? { sourceGap: gap } : {}),
      ...(answer !== undefined ? { axioms: answer } : {}),
      ...(pair && config
        ? {
            permitted: config.permittedAxioms,
            comparatorConfig: COMPARATOR_CONFIG,
            ...(pair.challenge ? { statementMatch: { same: pair.same, challenge: `${config.challenge}.${pair.name}` } } : {}),
          }
        : {}),
    });
    counts[trust.level]++;
    ctx.trust?.({ name: decl.fullName, ...(decl.location ? { location: decl.location } : {}), ...trust });
  }
  for (const level of ['none', ...TRUST_RUNGS] as const) ctx.metric(`trust:${level}`, counts[level]);
  for (const pair of pairs) {
    const finding = challengeFinding(pair, config!.challenge, config!.solution);
    if (finding) ctx.report(finding);
  }
}

/** A comparator theorem missing from a module, or whose statement reads differently from the challenge's. */
function challengeFinding(pair: ChallengePair, challenge: string, solution: string | undefined): FindingInput | undefined {
  const check = { kind: 'comparator', command: `lake env comparator ${COMPARATOR_CONFIG}` };
  if (pair.challenge === undefined || pair.solution === undefined) {
    const missing = pair.challenge === undefined ? challenge : (solution ?? 'the solution module');
    return {
      messageId: 'challenge-theorem-missing',
      data: { name: pair.name, module: missing },
      ...(pair.challenge?.location ? { location: pair.challenge.location } : {}),
      evidence: { check },
    };
  }
  if (pair.same) return undefined;
  return {
    messageId: 'challenge-statement-differs',
    entityId: pair.solution.fullName,
    ...(pair.solution.location ? { location: pair.solution.location } : {}),
    data: { name: pair.name, challenge: pair.challenge.header.trim(), solution: pair.solution.header.trim() },
    ...(pair.challenge.location ? { related: [{ location: pair.challenge.location, message: `the challenge's ${pair.name}` }] } : {}),
    evidence: { check, challenge: pair.challenge.header, solution: pair.solution.header },
  };
}
