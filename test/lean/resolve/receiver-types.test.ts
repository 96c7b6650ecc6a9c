import { describe, expect, it } from 'vitest';
import { receiverType } from '../../../src/lean/resolve/receiver-types.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import { addLink } from '../../../src/lean/syntax/scope-links.js';
import type { ScopeLink } from '../../../src/model/lean.js';
import { growthRatio, LOOSELY_LINEAR } from '../../helpers/growth.js';

/** A declaration's texts, its `variable` commands as a chain. */
const decl = (header: string, body?: string, variables: string[] = []) => ({
  header,
  variables: variables.reduce<ScopeLink | undefined>((parent, command) => addLink(parent, [command]), undefined),
  ...(body === undefined ? {} : { body }),
});

describe('receiverType', () => {
  it("reads the head of the type a binder gives a local: the body's binders first, then the header's, then the variables'", () => {
    const d = decl("(hX hY : IdentDistrib X Y μ μ') (f : @Foo.Bar α) : True", 'by\n  have hX : Other.Thing := sorry\n  trivial', [
      'variable (g : Mathlib.G)',
      'variable (g : Later.G2)',
    ]);
    expect(receiverType(d, 'hX')).toBe('Thing');
    expect(receiverType(d, 'hY')).toBe('IdentDistrib');
    expect(receiverType(d, 'f')).toBe('Bar');
    expect(receiverType(d, 'g')).toBe('G2');
    expect(receiverType(d, 'absent')).toBeUndefined();
  });

  it('reads letters outside the basic plane (𝓞) as letters, and no name after a dot as a binder', () => {
    expect(receiverType(decl('(z : 𝓞) : ℤ'), 'z')).toBe('𝓞');
    expect(receiverType(decl('(x : T) : x.y : U'), 'y')).toBeUndefined();
  });

  it('takes no `:=` or `::` for a binder, and a later binder of a name over an earlier one', () => {
    expect(receiverType(decl('(n := m) (a :: rest)'), 'n')).toBeUndefined();
    expect(receiverType(decl('', '∀ x : A, ∀ x : B, True'), 'x')).toBe('B');
  });

  it('reads each text once: a statement using n locals through field notation grows linearly', () => {
    const text = (n: number) =>
      `theorem t ${Array.from({ length: n }, (_, i) => `(h${i} : T${i})`).join(' ')} : ${Array.from({ length: n }, (_, i) => `h${i}.f`).join(' + ')} = 0 := rfl`;
    // Parsed afresh each time: the types read from a declaration's text are kept with it.
    const types = (source: string) => {
      const decl = parseLean(source, 'R.lean').decls.at(-1)!;
      const n = decl.header.split('(').length - 1;
      return Array.from({ length: n }, (_, i) => receiverType(decl, `h${i}`));
    };
    expect(types(text(3))).toEqual(['T0', 'T1', 'T2']);
    expect(growthRatio(text, types, 400)).toBeLessThan(LOOSELY_LINEAR);
  });
});
