import { describe, expect, it } from 'vitest';
import { NameLookup } from '../../../src/lean/resolve/name-lookup.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import type { LeanProject } from '../../../src/model/lean.js';
import { growthRatio, LOOSELY_LINEAR } from '../../helpers/growth.js';

const projectOf = (text: string): LeanProject => {
  const file = parseLean(text, 'M.lean');
  return { decls: new Map(file.decls.map((d) => [d.fullName, d])), files: [file], root: '.' } as unknown as LeanProject;
};

describe('NameLookup', () => {
  it('resolves a full name, else a suffix of whole components naming one declaration, else gives the candidates', () => {
    const lookup = new NameLookup(
      projectOf('namespace A.B\ndef c := 1\ndef d := 1\nend A.B\nnamespace X.B\ndef d := 1\nend X.B\ndef Bc := 1\ndef e.f := 1'),
    );
    expect(lookup.resolve('A.B.c').decl?.fullName).toBe('A.B.c');
    expect(lookup.resolve('B.c').decl?.fullName).toBe('A.B.c');
    expect(lookup.resolve('c').decl?.fullName).toBe('A.B.c');
    expect(lookup.resolve('B.d')).toEqual({ candidates: ['A.B.d', 'X.B.d'] });
    expect(lookup.resolve('d')).toEqual({ candidates: ['A.B.d', 'X.B.d'] });
    // Suffixes are of whole components: `c` is no suffix of `Bc`, nor `B.c` of `Bc`.
    expect(lookup.resolve('f').decl?.fullName).toBe('e.f');
    expect(lookup.resolve('.c')).toEqual({ candidates: [] });
    expect(lookup.resolve('Z.B.c')).toEqual({ candidates: [] });
    expect(lookup.resolve('B.c', true)).toEqual({ candidates: ['A.B.c'] });
  });

  it('indexes a name of n components in time linear in its length (a map of its suffixes was quadratic)', () => {
    const text = (n: number) => `def ${Array.from({ length: n }, (_, i) => `a${i}`).join('.')} := 1`;
    expect(
      growthRatio(
        (n) => projectOf(text(n)),
        (project) => new NameLookup(project).resolve('a1.a2'),
        2000,
        15,
      ),
    ).toBeLessThan(LOOSELY_LINEAR);
  });
});
