/**
 * The dependency graph of the HTML report, drawn as SVG as a blueprint draws its own: one node per
 * entity, filled by proof status (proved, with a `sorry`, not formalized) and outlined by the
 * judges' verdict; an arrow from each entity to the ones that depend on it, solid when the Lean code
 * reflects the dependency, dashed when it does not, dotted when it was not checked. Laid out by
 * dagre (layered, as Graphviz's dot), so the layout needs no browser.
 */
import dagre from '@dagrejs/dagre';
import type { EntityView, Report } from '../core/types.js';
import { dependencyEdges, findingsByEntity, type GraphEdge, proofStatus, verdicts } from './entities.js';
import { escapeHtml } from './escape.js';

const NODE_HEIGHT = 26;
const CHAR_WIDTH = 7.2;
/** Longer ids are cut in the node (the full id is its tooltip). */
const LABEL_CHARS = 32;

/** The worst verdict the judges gave, which outlines the node. */
function verdictClass(entity: EntityView, judged: ReturnType<typeof verdicts>): string {
  const words = judged.map((v) => v.verdict);
  if (words.includes('Different')) return 'v-different';
  if (words.includes('Stronger')) return 'v-stronger';
  if (words.includes('Faithful')) return 'v-faithful';
  return entity.selfConsistency ? 'v-self' : 'v-none';
}

const label = (id: string): string => (id.length > LABEL_CHARS ? `${id.slice(0, LABEL_CHARS - 1)}…` : id);

/** The SVG path of an edge through dagre's points. */
const pathOf = (points: { x: number; y: number }[]): string =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

/** The graph as an SVG element, each node a link made by `href`; empty when the report has no dependencies. */
export function dependencyGraphSvg(report: Report, href: (entityId: string) => string): string {
  const entities = report.entities ?? [];
  const edges = dependencyEdges(report);
  if (edges.length === 0) return '';
  const inGraph = new Set(edges.flatMap((e) => [e.from, e.to]));
  const shown = entities.filter((e) => inGraph.has(e.id));
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: 'TB', nodesep: 18, ranksep: 46, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const e of shown) g.setNode(e.id, { width: Math.max(40, label(e.id).length * CHAR_WIDTH + 18), height: NODE_HEIGHT });
  for (const e of edges) g.setEdge(e.from, e.to);
  dagre.layout(g);
  const { width = 0, height = 0 } = g.graph();
  const byEntity = findingsByEntity(report);
  const out: string[] = [
    `<svg class="graph" xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width)}" height="${Math.ceil(height)}" viewBox="0 0 ${Math.ceil(width)} ${Math.ceil(height)}" role="img" aria-label="dependency graph">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#57606a"/></marker></defs>',
  ];
  for (const edge of edges) {
    const points = g.edge(edge.from, edge.to)?.points ?? [];
    out.push(
      `<path class="edge e-${edge.status}" data-from="${escapeHtml(edge.from)}" data-to="${escapeHtml(edge.to)}" d="${pathOf(points)}" marker-end="url(#arrow)"><title>${escapeHtml(edgeTitle(edge))}</title></path>`,
    );
  }
  for (const entity of shown) {
    const node = g.node(entity.id);
    const x = node.x - node.width / 2;
    const y = node.y - node.height / 2;
    const cls = `node p-${proofStatus(entity).replace(/\s+/g, '-')} ${verdictClass(entity, verdicts(byEntity.get(entity.id) ?? []))}`;
    out.push(
      `<a class="${cls}" href="${escapeHtml(href(entity.id))}" data-entity="${escapeHtml(entity.id)}"><title>${escapeHtml(`${entity.kind} ${entity.id}: ${proofStatus(entity)}`)}</title>` +
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${node.width.toFixed(1)}" height="${node.height}" rx="5"/>` +
        `<text x="${node.x.toFixed(1)}" y="${(node.y + 4).toFixed(1)}" text-anchor="middle">${escapeHtml(label(entity.id))}</text></a>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}

function edgeTitle(edge: GraphEdge): string {
  const how: Record<GraphEdge['status'], string> = {
    reflected: 'the Lean code reflects it',
    unreflected: 'the Lean code does not reflect it',
    'unreflected-unproved': 'not reflected, the proof is not written yet',
    unreachable: 'the Lean code cannot reflect it (declared later, or not imported)',
    weak: 'a citation by analogy or for terminology only, not followed',
    'not-checkable': 'cannot be checked (a side has no Lean declaration, or only instances)',
    unconfirmed: 'a guessed dependency the edge filter did not confirm',
    unchecked: 'not checked (crossfile-reuse did not run)',
  };
  return `${edge.to} depends on ${edge.from}: ${how[edge.status]}`;
}
