/**
 * A layered layout for the report's dependency graph that stays near linear in its size: ranks by
 * longest path (cycles broken by a depth-first walk), order within a rank by a few barycenter
 * sweeps, wide ranks wrapped onto several rows, edges drawn straight. It gives up dagre's crossing
 * minimisation and edge routing, whose cost grows far faster than the graph on a big blueprint.
 */

export interface LayoutNode {
  id: string;
  width: number;
}

export interface LayoutEdge {
  from: string;
  to: string;
}

export interface PlacedNode {
  id: string;
  /** Centre of the node. */
  x: number;
  y: number;
  width: number;
}

export interface Layout {
  nodes: Map<string, PlacedNode>;
  width: number;
  height: number;
}

export interface LayoutOptions {
  nodeHeight: number;
  /** Gap between two nodes of a row. */
  nodeGap: number;
  /** Gap between two rows. */
  rowGap: number;
  /** A rank wider than this many nodes is wrapped onto several rows. */
  rowNodes: number;
  margin: number;
}

const SWEEPS = 4;

/** Edges whose removal leaves the graph acyclic: those closing a cycle in an iterative depth-first walk. */
function backEdges(ids: string[], out: Map<string, string[]>): Set<string> {
  const state = new Map<string, 1 | 2>();
  const back = new Set<string>();
  for (const root of ids) {
    if (state.has(root)) continue;
    const stack: [string, number][] = [[root, 0]];
    state.set(root, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const next = out.get(top[0])?.[top[1]++];
      if (next === undefined) {
        state.set(top[0], 2);
        stack.pop();
      } else if (state.get(next) === 1) back.add(`${top[0]}\u0000${next}`);
      else if (!state.has(next)) {
        state.set(next, 1);
        stack.push([next, 0]);
      }
    }
  }
  return back;
}

/** Each node's rank: one below its deepest dependency; a node with no dependency sits just above its first dependent. */
function ranks(ids: string[], ins: Map<string, string[]>, outs: Map<string, string[]>): Map<string, number> {
  const indegree = new Map(ids.map((id) => [id, ins.get(id)?.length ?? 0]));
  const rank = new Map<string, number>();
  const order: string[] = ids.filter((id) => indegree.get(id) === 0);
  for (let i = 0; i < order.length; i++) {
    const id = order[i]!;
    const r = Math.max(-1, ...(ins.get(id) ?? []).map((u) => rank.get(u)!)) + 1;
    rank.set(id, r);
    for (const v of outs.get(id) ?? []) {
      const left = indegree.get(v)! - 1;
      indegree.set(v, left);
      if (left === 0) order.push(v);
    }
  }
  for (const id of ids) {
    if ((ins.get(id)?.length ?? 0) > 0) continue;
    const below = (outs.get(id) ?? []).map((v) => rank.get(v)!);
    if (below.length) rank.set(id, Math.min(...below) - 1);
  }
  return rank;
}

/** Reorders each rank by the mean position of its neighbours in the ranks already placed, sweeping down then up. */
function order(layers: string[][], ins: Map<string, string[]>, outs: Map<string, string[]>): void {
  const pos = new Map<string, number>();
  const place = (layer: string[]): void => layer.forEach((id, i) => pos.set(id, (i + 0.5) / layer.length));
  layers.forEach(place);
  const sweep = (layer: string[], neighbours: Map<string, string[]>): void => {
    const key = new Map<string, number>();
    for (const id of layer) {
      const known = (neighbours.get(id) ?? []).filter((n) => pos.has(n));
      key.set(id, known.length ? known.reduce((s, n) => s + pos.get(n)!, 0) / known.length : pos.get(id)!);
    }
    layer.sort((a, b) => key.get(a)! - key.get(b)!);
    place(layer);
  };
  for (let s = 0; s < SWEEPS; s++) {
    for (let i = 1; i < layers.length; i++) sweep(layers[i]!, ins);
    for (let i = layers.length - 2; i >= 0; i--) sweep(layers[i]!, outs);
  }
}

/** Places the nodes of a directed graph in rows, each edge pointing down unless it closes a cycle. */
export function layeredLayout(nodes: LayoutNode[], edges: LayoutEdge[], options: LayoutOptions): Layout {
  const ids = [...new Set(nodes.map((n) => n.id))];
  const widths = new Map(nodes.map((n) => [n.id, n.width]));
  const allOut = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, key: string, value: string): void => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const e of edges) if (widths.has(e.from) && widths.has(e.to) && e.from !== e.to) push(allOut, e.from, e.to);
  const back = backEdges(ids, allOut);
  const ins = new Map<string, string[]>();
  const outs = new Map<string, string[]>();
  for (const [from, targets] of allOut) {
    for (const to of new Set(targets)) {
      if (back.has(`${from}\u0000${to}`)) continue;
      push(outs, from, to);
      push(ins, to, from);
    }
  }
  const rank = ranks(ids, ins, outs);
  const layers: string[][] = [];
  for (const id of ids) (layers[rank.get(id)!] ??= []).push(id);
  const ranked = layers.filter((l) => l !== undefined);
  order(ranked, ins, outs);
  const rows = ranked.flatMap((layer) => {
    const count = Math.ceil(layer.length / options.rowNodes);
    const size = Math.ceil(layer.length / count);
    return Array.from({ length: count }, (_, i) => layer.slice(i * size, (i + 1) * size));
  });
  const rowWidth = (row: string[]): number => row.reduce((s, id) => s + widths.get(id)!, 0) + options.nodeGap * (row.length - 1);
  const width = Math.max(0, ...rows.map(rowWidth)) + 2 * options.margin;
  const placed = new Map<string, PlacedNode>();
  rows.forEach((row, r) => {
    let x = (width - rowWidth(row)) / 2;
    const y = options.margin + r * (options.nodeHeight + options.rowGap) + options.nodeHeight / 2;
    for (const id of row) {
      const w = widths.get(id)!;
      placed.set(id, { id, x: x + w / 2, y, width: w });
      x += w + options.nodeGap;
    }
  });
  const height = rows.length * (options.nodeHeight + options.rowGap) - options.rowGap + 2 * options.margin;
  return { nodes: placed, width, height: Math.max(height, 0) };
}
