/** What the reports say of an entity: its pairing and proof status, the judges' verdicts, its dependencies. */
import type { DependencyStatus, EntityView, Finding, Report } from '../core/types.js';
import { allFindings } from './common.js';

export type PairingStatus = 'paired' | 'partly paired' | 'unresolved' | 'no Lean name';
export type ProofStatus = 'proved' | 'sorry' | 'not formalized';

/** Whether the entity's Lean names all resolved to declarations. */
export function pairingStatus(entity: EntityView): PairingStatus {
  if (entity.leanNames.length === 0 && entity.decls.length === 0) return 'no Lean name';
  if (entity.decls.length === 0) return 'unresolved';
  return entity.unresolved.length > 0 ? 'partly paired' : 'paired';
}

/** Proved when it has declarations and none has a `sorry` in its proof or value. */
export function proofStatus(entity: EntityView): ProofStatus {
  if (entity.decls.length === 0) return 'not formalized';
  return entity.decls.some((d) => d.hasSorry) ? 'sorry' : 'proved';
}

/** One judge's word on an entity: its verdict (or why there is none) and reason. */
export interface Verdict {
  auditorId: string;
  verdict: string;
  reason?: string;
  model?: string;
}

/** The verdict a judge finding records (`evidence.verdict`), else its rule (`judge-failed`, `not-judged`). */
function verdictOf(f: Finding): Verdict | undefined {
  const evidence = f.evidence ?? {};
  const isJudge = typeof evidence.protocol === 'string' || typeof evidence.verdict === 'string';
  if (!isJudge) return undefined;
  const reason = typeof evidence.reason === 'string' ? evidence.reason : typeof evidence.cause === 'string' ? evidence.cause : undefined;
  return {
    auditorId: f.auditorId,
    verdict: typeof evidence.verdict === 'string' ? evidence.verdict : f.messageId,
    ...(reason !== undefined ? { reason } : {}),
    ...(f.provenance?.model ? { model: f.provenance.model } : {}),
  };
}

/** Findings by the entity they are about. */
export function findingsByEntity(report: Report): Map<string, Finding[]> {
  const byEntity = new Map<string, Finding[]>();
  for (const f of allFindings(report)) {
    if (f.entityId === undefined) continue;
    const list = byEntity.get(f.entityId) ?? [];
    list.push(f);
    byEntity.set(f.entityId, list);
  }
  return byEntity;
}

/** The judges' verdicts among an entity's findings. */
export function verdicts(findings: readonly Finding[]): Verdict[] {
  return findings.flatMap((f) => verdictOf(f) ?? []);
}

/** A dependency edge of the graph: `to` depends on `from`; `unchecked` when no auditor checked it. */
export interface GraphEdge {
  from: string;
  to: string;
  status: DependencyStatus | 'unchecked';
}

/** The dependency edges between the report's entities: as crossfile-reuse checked them, else as the entities state them. */
export function dependencyEdges(report: Report): GraphEdge[] {
  const ids = new Set((report.entities ?? []).map((e) => e.id));
  const checked = report.runs.flatMap((run) => run.dependencies ?? []);
  const edges = new Map<string, GraphEdge>();
  for (const d of checked) edges.set(`${d.from}\u0000${d.to}`, { from: d.from, to: d.to, status: d.status });
  for (const e of report.entities ?? []) {
    for (const used of e.uses) {
      const key = `${used}\u0000${e.id}`;
      if (!edges.has(key)) edges.set(key, { from: used, to: e.id, status: 'unchecked' });
    }
  }
  return [...edges.values()].filter((e) => ids.has(e.from) && ids.has(e.to) && e.from !== e.to);
}
