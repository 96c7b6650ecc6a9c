import { describe, expect, it } from 'vitest';
import { receiverType } from '../../src/lean/receiver-types.js';

const decl = (header: string, body?: string, variables: string[] = []) => ({ header, variables, ...(body === undefined ? {} : { body }) });

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
});
