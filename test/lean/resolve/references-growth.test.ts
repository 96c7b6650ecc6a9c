/**
 * How linking references grows with the number of `open`s and repeated names: CPU-time ratios, kept in a file of
 * their own so that they run in a fresh worker, not on a heap the other reference tests have filled.
 */
import { describe, expect, it } from 'vitest';
import { linkReferences, MAX_OPENS_READ, referenceGraph } from '../../../src/lean/resolve/references.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import { growthRatio, LOOSELY_LINEAR } from '../../helpers/growth.js';

const link = (...sources: string[]) => {
  const files = sources.map((src, i) => parseLean(src, `F${i}.lean`));
  const model = linkReferences(files);
  return { ...model, graph: referenceGraph(files, model.decls) };
};
const refs = (model: ReturnType<typeof link>, name: string) => model.decls.get(name)!.references;

describe('scopes of many `open`s', () => {
  const namespaces = (n: number) =>
    Array.from({ length: n }, (_, i) => `namespace N${i}\ntheorem l${i} : 1 = 1 := rfl\nend N${i}`).join('\n');
  const opens = (n: number) => Array.from({ length: n }, (_, i) => `open N${i}`).join('\n');

  it('resolves through the first MAX_OPENS_READ opened namespaces of a scope, and says where a scope had more', () => {
    const n = MAX_OPENS_READ + 10;
    const model = link(namespaces(n), `import F0\n${opens(n)}\ntheorem t : 1 = 1 := l0 ▸ l${n - 1} ▸ rfl`);
    expect(refs(model, 't')).toEqual(['N0.l0']);
    expect(model.problems.filter((p) => p.messageId === 'too-many-opens')).toEqual([
      expect.objectContaining({ location: expect.objectContaining({ file: 'F1.lean', line: n + 2 }) }),
    ]);
    const few = link(namespaces(3), `import F0\n${opens(3)}\ntheorem t : 1 = 1 := l2 ▸ rfl`);
    expect(refs(few, 't')).toEqual(['N2.l2']);
    expect(few.problems).toEqual([]);
  });

  it("costs the `open`s that name the project's namespaces: n `open`s of others, each before a theorem, grow linearly", () => {
    const files = (n: number) => [
      parseLean(
        Array.from({ length: n }, (_, i) => `open Other${i}\ntheorem t${i} : 1 = 1 := t${Math.max(0, i - 1)}`).join('\n'),
        'M.lean',
      ),
    ];
    expect(refs({ ...linkReferences(files(3)) } as ReturnType<typeof link>, 't2')).toEqual(['t1']);
    expect(growthRatio(files, (f) => linkReferences(f), 1000)).toBeLessThan(LOOSELY_LINEAR);
  });
});

describe('duplicate declarations at scale', () => {
  it('finds the repeats of one name in time that grows with their number, not its square', () => {
    const files = (n: number) => [
      parseLean(Array.from({ length: n }, () => 'theorem foo : True := trivial').join('\n'), 'Main.lean', { module: 'Main' }),
    ];
    expect(linkReferences(files(5)).problems).toHaveLength(4);
    expect(growthRatio(files, (f) => linkReferences(f), 10_000)).toBeLessThan(LOOSELY_LINEAR);
  });
});

describe('opens at scale', () => {
  it('resolves under many `open` lines in time that grows with their number (composing every pair of them doubled the work at each)', () => {
    const files = (n: number) => {
      const opens = Array.from({ length: n }, (_, k) => `open N${k}`).join('\n');
      const decls = Array.from({ length: n }, (_, k) => `def N${k}.f${k} := 1`).join('\n');
      return [parseLean(`${decls}\n${opens}\ntheorem t : f0 = f0 := rfl\ntheorem u : f1 = f1 := rfl`, 'Main.lean', { module: 'Main' })];
    };
    expect(linkReferences(files(6)).decls.get('t')?.references).toEqual(['N0.f0']);
    expect(growthRatio(files, (f) => linkReferences(f), 6)).toBeLessThan(LOOSELY_LINEAR);
  });
});
