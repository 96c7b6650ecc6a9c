/**
 * The dependency graph of the HTML report, drawn as SVG as a blueprint draws its own: one node per
 * entity, filled by proof status (proved, with a `sorry`, not formalized) and outlined by the
 * judges' verdict; an arrow from each entity to the ones that depend on it, solid when the Lean code
 * reflects the dependency, dashed when it does not, thin and grey when it was not checked. Laid out by
 * graph-layout.ts, so the layout needs no browser; the page's script pans, zooms and searches it.
 */
import type { EntityView, Report } from '../core/types.js';
import { dependencyEdges, findingsByEntity, type GraphEdge, proofStatus, verdicts } from './entities.js';
import { escapeHtml } from './escape.js';
import { layeredLayout, type PlacedNode } from './graph-layout.js';

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

/** The SVG path of an edge: straight, from the bottom of the upper node to the top of the lower one. */
function pathOf(from: PlacedNode, to: PlacedNode): string {
  const down = from.y <= to.y ? 1 : -1;
  const half = NODE_HEIGHT / 2;
  return `M${from.x.toFixed(1)},${(from.y + down * half).toFixed(1)} L${to.x.toFixed(1)},${(to.y - down * half).toFixed(1)}`;
}

/**
 * The graph as an SVG element, each node a link made by `href`; only the entities in `only` when
 * given; empty when the report has no dependencies.
 */
export function dependencyGraphSvg(report: Report, href: (entityId: string) => string, only?: ReadonlySet<string>): string {
  const entities = report.entities ?? [];
  const edges = dependencyEdges(report).filter((e) => !only || (only.has(e.from) && only.has(e.to)));
  if (edges.length === 0) return '';
  const inGraph = new Set(edges.flatMap((e) => [e.from, e.to]));
  const shown = entities.filter((e) => inGraph.has(e.id));
  const layout = layeredLayout(
    shown.map((e) => ({ id: e.id, width: Math.max(40, label(e.id).length * CHAR_WIDTH + 18) })),
    edges,
    { nodeHeight: NODE_HEIGHT, nodeGap: 18, rowGap: 46, rowNodes: 40, margin: 8 },
  );
  const width = Math.ceil(layout.width);
  const height = Math.ceil(layout.height);
  const byEntity = findingsByEntity(report);
  const out: string[] = [
    `<svg class="graph" id="graph-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="dependency graph">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#57606a"/></marker></defs>',
  ];
  for (const edge of edges) {
    out.push(
      `<path class="edge e-${edge.status}" data-from="${escapeHtml(edge.from)}" data-to="${escapeHtml(edge.to)}" d="${pathOf(layout.nodes.get(edge.from)!, layout.nodes.get(edge.to)!)}" marker-end="url(#arrow)"><title>${escapeHtml(edgeTitle(edge))}</title></path>`,
    );
  }
  for (const entity of shown) {
    const node = layout.nodes.get(entity.id)!;
    const x = node.x - node.width / 2;
    const y = node.y - NODE_HEIGHT / 2;
    const cls = `node p-${proofStatus(entity).replace(/\s+/g, '-')} ${verdictClass(entity, verdicts(byEntity.get(entity.id) ?? []))}`;
    out.push(
      `<a class="${cls}" href="${escapeHtml(href(entity.id))}" data-entity="${escapeHtml(entity.id)}" data-lean="${escapeHtml(entity.decls.map((d) => d.fullName).join(' '))}"><title>${escapeHtml(`${entity.kind} ${entity.id}: ${proofStatus(entity)}`)}</title>` +
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${node.width.toFixed(1)}" height="${NODE_HEIGHT}" rx="5"/>` +
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
