/**
 * `--focus`: one entity and everything it depends on, transitively, in the report's dependency
 * graph: what a referee reads for one headline theorem. The findings kept are those about these
 * entities or inside their Lean declarations.
 */
import { DirectedGraph } from 'graphology';
import type { EntityView, Finding, Report } from '../core/types.js';
import { dependencyEdges } from './entities.js';

export interface Focus {
  /** The entity asked for. */
  root: EntityView;
  /** Its id and the ids of every entity it depends on. */
  ids: Set<string>;
}

/** The entity with this label, else the one paired with this Lean name. */
export function entityNamed(report: Report, name: string): EntityView | undefined {
  const entities = report.entities ?? [];
  return (
    entities.find((e) => e.id === name) ?? entities.find((e) => e.leanNames.includes(name) || e.decls.some((d) => d.fullName === name))
  );
}

/** The entity named and its ancestors; undefined when no entity has that label or Lean name. */
export function focusOn(report: Report, name: string): Focus | undefined {
  const root = entityNamed(report, name);
  if (!root) return undefined;
  const graph = new DirectedGraph();
  for (const e of report.entities ?? []) graph.mergeNode(e.id);
  for (const edge of dependencyEdges(report)) graph.mergeEdge(edge.from, edge.to);
  const ids = new Set([root.id]);
  const queue = [root.id];
  while (queue.length) {
    for (const used of graph.inNeighbors(queue.pop()!)) {
      if (ids.has(used)) continue;
      ids.add(used);
      queue.push(used);
    }
  }
  return { root, ids };
}

/** Whether a finding is about a focused entity or lies in one of their Lean declarations. */
export function inFocus(report: Report, focus: Focus): (finding: Finding) => boolean {
  const spans = (report.entities ?? [])
    .filter((e) => focus.ids.has(e.id))
    .flatMap((e) => e.decls.flatMap((d) => (d.location ? [d.location] : [])));
  return (f) => {
    if (f.entityId !== undefined && focus.ids.has(f.entityId)) return true;
    const at = f.location;
    return at !== undefined && spans.some((s) => s.file === at.file && at.line >= s.line && at.line <= (s.endLine ?? s.line));
  };
}
