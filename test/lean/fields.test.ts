import { describe, expect, it } from 'vitest';
import { classifyFieldsByType, declaredFields, instantiatedStructure } from '../../src/lean/fields.js';
import { proofGapsOf } from '../../src/lean/gaps.js';
import { parseLean } from '../../src/lean/parser.js';
import { linkReferences } from '../../src/lean/references.js';

const model = (src: string) => {
  const file = parseLean(src, 'F.lean');
  const { decls } = linkReferences([file]);
  return { file, decls, src };
};

const STRUCTURE = [
  'structure PosintDecimal where',
  '  digits : List Nat',
  '  /-- the list is not empty -/',
  '  nonempty : digits ≠ []',
  '  nonzero (h : True) : digits.head nonempty ≠ 0 := by simp',
  '  a b : Nat',
  '  f : Nat → Nat',
  '  mono : ∀ x y, x ≤ y →',
  '    f x ≤ f y',
  '  cont : Continuous f',
  '  isOpen : IsOpen (Set.univ : Set Nat)',
  '  pos : ∃ n, f n > 0',
  '  default : Nat := 0',
  '  measurable : Set Nat → Prop',
  '  union_mem : ∀ E, measurable E → measurable (E ∪ E)',
  '  d : Digit',
  '  r : ℝ≥0',
  '  bound : r ≥ 0',
].join('\n');

describe('declaredFields', () => {
  it('reads each field of a `where` body as a proposition, data or unknown by its type', () => {
    const { decls } = model(STRUCTURE);
    expect(Object.fromEntries(declaredFields(decls.get('PosintDecimal')!))).toEqual({
      digits: false,
      nonempty: true,
      nonzero: true,
      a: false,
      b: false,
      f: false,
      mono: true,
      cont: true,
      isOpen: true,
      pos: true,
      default: false,
      measurable: false,
      union_mem: true,
      d: undefined,
      r: false,
      bound: true,
    });
  });

  it('reads the `(names : type)` groups of the old syntax', () => {
    const { decls } = model('structure Old :=\n  (x y : Nat) (hx : x > 0) (g : Nat → Nat)');
    expect(Object.fromEntries(declaredFields(decls.get('Old')!))).toEqual({ x: false, y: false, hx: true, g: false });
  });
});

describe('instantiatedStructure', () => {
  it('finds the project structure at the head of a declaration’s type, through namespaces', () => {
    const { decls } = model(
      'namespace N\nstructure S where\n  x : Nat\nend N\nopen N\ndef s (n : Nat) : S where\n  x := n\ndef t : Nat := 0',
    );
    expect(instantiatedStructure(decls.get('s')!, { decls })?.fullName).toBe('N.S');
    expect(instantiatedStructure(decls.get('t')!, { decls })).toBeUndefined();
  });
});

describe('classifyFieldsByType', () => {
  it('lets a project structure’s field types decide, and keeps the name rule for fields it does not declare', () => {
    const { file, decls, src } = model(
      [
        STRUCTURE,
        'def p : PosintDecimal where',
        '  digits := sorry',
        '  nonempty := sorry',
        '  nonzero _ := sorry',
        '  mono := sorry',
        '  extra_field := sorry',
      ].join('\n'),
    );
    const byName = proofGapsOf(file, src).map((g) => [g.field, g.kind]);
    expect(byName).toEqual([
      ['digits', 'sorry-in-data'],
      ['nonempty', 'sorry-in-data'],
      ['nonzero', 'sorry-in-data'],
      ['mono', 'sorry-in-data'],
      ['extra_field', 'sorry-in-proof'],
    ]);
    const byType = classifyFieldsByType(proofGapsOf(file, src), { decls }).map((g) => [g.field, g.kind, g.context, g.structure]);
    expect(byType).toEqual([
      ['digits', 'sorry-in-data', 'data-field', 'PosintDecimal'],
      ['nonempty', 'sorry-in-proof', 'proof-field', 'PosintDecimal'],
      ['nonzero', 'sorry-in-proof', 'proof-field', 'PosintDecimal'],
      ['mono', 'sorry-in-proof', 'proof-field', 'PosintDecimal'],
      ['extra_field', 'sorry-in-proof', 'proof-field', undefined],
    ]);
  });

  it('reads the fields a structure inherits from the project structures it extends', () => {
    const { file, decls, src } = model(
      [
        'namespace N',
        'structure Base where',
        '  x : Nat',
        '  positive : x > 0',
        'class Extra (α : Type) where',
        '  ok : True',
        'end N',
        'open N',
        'structure Both extends Base, Extra Nat where',
        '  y : Nat',
        'def b : Both where',
        '  x := sorry',
        '  positive := sorry',
        '  ok := sorry',
        '  y := sorry',
      ].join('\n'),
    );
    const byType = classifyFieldsByType(proofGapsOf(file, src), { decls }).map((g) => [g.field, g.kind, g.structure]);
    expect(byType).toEqual([
      ['x', 'sorry-in-data', 'N.Base'],
      ['positive', 'sorry-in-proof', 'N.Base'],
      ['ok', 'sorry-in-proof', 'N.Extra'],
      ['y', 'sorry-in-data', 'Both'],
    ]);
  });
});

describe('classifyFieldsByType on values', () => {
  it('reads a sorry that is the value of a declaration of a proposition as a proof', () => {
    const { file, decls, src } = model(
      [
        'instance [CompactSpace M] : DiscreteTopology (PontryaginDual M) := sorry',
        'def h : 1 = 2 := sorry',
        'instance : Fact (1 < 2) := ⟨sorry⟩',
        'def bound : ℝ≥0 := sorry',
        'def n : Nat := sorry',
        'instance : Inhabited Foo := sorry',
      ].join('\n'),
    );
    const classified = classifyFieldsByType(proofGapsOf(file, src), { decls }).map((g) => [g.line, g.kind, g.context]);
    expect(classified).toEqual([
      [1, 'sorry-in-proof', 'proof-value'],
      [2, 'sorry-in-proof', 'proof-value'],
      [3, 'sorry-in-proof', 'proof-value'],
      [4, 'sorry-in-data', 'value'],
      [5, 'sorry-in-data', 'value'],
      [6, 'sorry-in-data', 'value'],
    ]);
  });
});
