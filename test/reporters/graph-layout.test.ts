import { describe, expect, it } from 'vitest';
import { layeredLayout } from '../../src/reporters/graph-layout.js';

const OPTIONS = { nodeHeight: 20, nodeGap: 10, rowGap: 30, rowNodes: 3, margin: 5 };
const nodes = (...ids: string[]) => ids.map((id) => ({ id, width: 40 }));

describe('layered layout', () => {
  it('puts each node below every node it depends on', () => {
    const edges = [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
      { from: 'a', to: 'c' },
      { from: 'd', to: 'c' },
    ];
    const { nodes: placed } = layeredLayout(nodes('a', 'b', 'c', 'd'), edges, OPTIONS);
    for (const e of edges) expect(placed.get(e.from)!.y).toBeLessThan(placed.get(e.to)!.y);
  });

  it('sets a node with no dependency just above its first dependent, not at the top', () => {
    const edges = [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
      { from: 'd', to: 'c' },
    ];
    const { nodes: placed } = layeredLayout(nodes('a', 'b', 'c', 'd'), edges, OPTIONS);
    expect(placed.get('d')!.y).toBe(placed.get('b')!.y);
  });

  it('places every node of a cycle, once', () => {
    const edges = [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
      { from: 'c', to: 'a' },
    ];
    const layout = layeredLayout(nodes('a', 'b', 'c', 'a'), edges, OPTIONS);
    expect([...layout.nodes.keys()].sort()).toEqual(['a', 'b', 'c']);
    expect(new Set([...layout.nodes.values()].map((n) => n.y)).size).toBe(3);
  });

  it('wraps a wide rank onto rows, no two nodes overlapping', () => {
    const leaves = Array.from({ length: 7 }, (_, i) => `l${i}`);
    const layout = layeredLayout(
      nodes('root', ...leaves),
      leaves.map((to) => ({ from: 'root', to })),
      OPTIONS,
    );
    const rows = new Map<number, { x: number; width: number }[]>();
    for (const n of layout.nodes.values()) rows.set(n.y, [...(rows.get(n.y) ?? []), n]);
    expect(rows.size).toBe(4);
    for (const row of rows.values()) {
      expect(row.length).toBeLessThanOrEqual(3);
      const sorted = row.sort((a, b) => a.x - b.x);
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i]!.x - sorted[i]!.width / 2).toBeGreaterThan(sorted[i - 1]!.x + sorted[i - 1]!.width / 2);
    }
    for (const n of layout.nodes.values()) {
      expect(n.x - n.width / 2).toBeGreaterThanOrEqual(0);
      expect(n.x + n.width / 2).toBeLessThanOrEqual(layout.width);
      expect(n.y + OPTIONS.nodeHeight / 2).toBeLessThanOrEqual(layout.height);
    }
  });

  it('orders a rank by its dependencies, so that parallel chains do not cross', () => {
    const edges = [
      { from: 'a1', to: 'a2' },
      { from: 'b1', to: 'b2' },
    ];
    const { nodes: placed } = layeredLayout(nodes('a1', 'b1', 'b2', 'a2'), edges, { ...OPTIONS, rowNodes: 10 });
    expect(placed.get('a1')!.x < placed.get('b1')!.x).toBe(placed.get('a2')!.x < placed.get('b2')!.x);
  });
});
