import { describe, expect, it } from 'vitest';
import { parseLean } from '../../src/lean/parser.js';
import { receiverType } from '../../src/lean/receiver-types.js';
import { growthRatio, LOOSELY_LINEAR } from '../helpers/growth.js';

const declOf = (text: string) => parseLean(text, 'R.lean').decls.at(-1)!;

describe('receiverType', () => {
  it('reads the head of the type a binder gives a local: the body first, then the statement, then the innermost variable', () => {
    const decl = declOf(
      [
        'variable (hX : Outer.IdentDistrib X Y) (hZ : Far)',
        'variable {hZ : Near μ}',
        'theorem t (hA hB : @Foo.Bar a) {c : Baz} [inst : Cls c] (xs : List α) : (x :: xs : List α) = y := by',
        '  have hA : Inner b := sorry',
        '  exact hX.entropy_congr',
      ].join('\n'),
    );
    expect(receiverType(decl, 'hA')).toBe('Inner');
    expect(receiverType(decl, 'hB')).toBe('Bar');
    expect(receiverType(decl, 'c')).toBe('Baz');
    expect(receiverType(decl, 'inst')).toBe('Cls');
    expect(receiverType(decl, 'xs')).toBe('List');
    expect(receiverType(decl, 'x')).toBeUndefined();
    expect(receiverType(decl, 'hX')).toBe('IdentDistrib');
    expect(receiverType(decl, 'hZ')).toBe('Near');
    // A field after a `.` is no binder, nor is a type's head: `Summable fun n : ℕ` types `n`, not `Summable`.
    const other = declOf('theorem u : Summable fun n : ℕ ↦ f n := by\n  have h : s.x y : T := sorry');
    expect(receiverType(other, 'n')).toBe('ℕ');
    expect(receiverType(other, 'Summable')).toBeUndefined();
    expect(receiverType(other, 'x')).toBeUndefined();
    expect(receiverType(other, 'y')).toBe('T');
  });

  it('reads each text once: a statement using n locals through field notation grows linearly', () => {
    const text = (n: number) =>
      `theorem t ${Array.from({ length: n }, (_, i) => `(h${i} : T${i})`).join(' ')} : ${Array.from({ length: n }, (_, i) => `h${i}.f`).join(' + ')} = 0 := rfl`;
    // Parsed afresh each time: the types read from a declaration's text are kept with it.
    const types = (source: string) => {
      const decl = declOf(source);
      const n = decl.header.split('(').length - 1;
      return Array.from({ length: n }, (_, i) => receiverType(decl, `h${i}`));
    };
    expect(types(text(3))).toEqual(['T0', 'T1', 'T2']);
    expect(growthRatio(text, types, 400)).toBeLessThan(LOOSELY_LINEAR);
  });
});
