import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidateNames, classifyFieldsByType, declaredFields, instantiatedStructure } from '../../../src/auditors/proof-gaps/fields.js';
import { linkReferences } from '../../../src/lean/resolve/references.js';
import { proofGapsOf } from '../../../src/lean/syntax/gaps.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import { addLink } from '../../../src/lean/syntax/scope-links.js';
import { growthRatio, LOOSELY_LINEAR } from '../../helpers/growth.js';

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
    // One file cannot tell what a one-word field holds; `extra_field` is snake_case, a proof.
    const byName = proofGapsOf(file, src).map((g) => [g.field, g.kind]);
    expect(byName).toEqual([
      ['digits', 'sorry-undetermined'],
      ['nonempty', 'sorry-undetermined'],
      ['nonzero', 'sorry-undetermined'],
      ['mono', 'sorry-undetermined'],
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

describe('classifyFieldsByType on structures declared outside the project', () => {
  const src = [
    'open CategoryTheory',
    'def flat : Subfunctor F where',
    '  obj R := { ρ | ρ.IsFlat }',
    '  map := sorry',
    'instance act : DistribMulAction G P where',
    '  one_smul := sorry',
    '  smul := sorry',
    '  mul_smul := sorry',
    '  smul_zero := sorry',
    '  smul_add := sorry',
    'instance : Inhabited P where',
    '  default := sorry',
  ].join('\n');
  const classified = (root?: string) => {
    const { file, decls } = model(src);
    return classifyFieldsByType(proofGapsOf(file, src), { decls, ...(root ? { root } : {}) }).map((g) => [
      g.field,
      g.kind,
      g.context,
      g.structure,
    ]);
  };

  it('reads a field by its name where the name says (`one_smul` a proof, `default` data) and leaves `map` undetermined', () => {
    expect(classified()).toEqual([
      ['map', 'sorry-undetermined', 'field', undefined],
      ['one_smul', 'sorry-in-proof', 'proof-field', undefined],
      ['smul', 'sorry-in-data', 'data-field', undefined],
      ['mul_smul', 'sorry-in-proof', 'proof-field', undefined],
      ['smul_zero', 'sorry-in-proof', 'proof-field', undefined],
      ['smul_add', 'sorry-in-proof', 'proof-field', undefined],
      ['default', 'sorry-in-data', 'data-field', undefined],
    ]);
  });

  it('reads the declared types of Mathlib’s structures, and those they extend, where .lake/packages holds their sources', () => {
    const root = mkdtempSync(join(tmpdir(), 'leanaudit-fields-'));
    const files: Record<string, string> = {
      'lake-manifest.json': JSON.stringify({
        version: 7,
        packagesDir: '.lake/packages',
        packages: [{ type: 'git', name: 'mathlib', rev: 'abc' }],
      }),
      '.lake/packages/mathlib/Mathlib/CategoryTheory/Subfunctor.lean': [
        'namespace CategoryTheory',
        '/-- A subfunctor of a functor to types. -/',
        'structure Subfunctor (F : C ⥤ Type w) where',
        '  /-- The sets of the subfunctor. -/',
        '  obj : ∀ U, Set (F.obj U)',
        "  map : ∀ {U V : C} (i : U ⟶ V), obj U ⊆ F.map i ⁻¹' obj V",
        'end CategoryTheory',
      ].join('\n'),
      '.lake/packages/mathlib/Mathlib/Algebra/GroupTheory/GroupAction/Defs.lean': [
        'class MulAction (α : Type*) (β : Type*) [Monoid α] extends SMul α β where',
        '  protected one_smul : ∀ b : β, (1 : α) • b = b',
        '  mul_smul : ∀ (x y : α) (b : β), (x * y) • b = x • y • b',
        'class DistribMulAction (M A : Type*) [Monoid M] [AddMonoid A] extends MulAction M A where',
        '  smul_zero : ∀ a : M, a • (0 : A) = 0',
        '  smul_add : ∀ (a : M) (x y : A), a • (x + y) = a • x + a • y',
      ].join('\n'),
      '.lake/packages/mathlib/Mathlib/Algebra/Notation.lean': ['class SMul (M α : Type*) where', '  smul : M → α → α'].join('\n'),
    };
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      expect(classified(root)).toEqual([
        ['map', 'sorry-in-proof', 'proof-field', 'CategoryTheory.Subfunctor'],
        ['one_smul', 'sorry-in-proof', 'proof-field', 'MulAction'],
        ['smul', 'sorry-in-data', 'data-field', 'SMul'],
        ['mul_smul', 'sorry-in-proof', 'proof-field', 'MulAction'],
        ['smul_zero', 'sorry-in-proof', 'proof-field', 'DistribMulAction'],
        ['smul_add', 'sorry-in-proof', 'proof-field', 'DistribMulAction'],
        ['default', 'sorry-in-data', 'data-field', undefined],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('tries the names Lean would, as it prefers them: under each enclosing namespace, as written, under each open one', () => {
    expect(candidateNames('Subfunctor', { namespace: 'Deformation.Lift', opens: addLink(undefined, ['CategoryTheory']) })).toEqual([
      'Deformation.Lift.Subfunctor',
      'Deformation.Subfunctor',
      'Subfunctor',
      'CategoryTheory.Subfunctor',
    ]);
    expect(candidateNames('Foo', { namespace: 'A' })).toEqual(['A.Foo', 'Foo']);
    expect(candidateNames('_root_.Foo', { namespace: 'A', opens: addLink(undefined, ['B']) })).toEqual(['Foo']);
  });
});

describe('classifyFieldsByType on arguments', () => {
  it('reads a sorry argument by the type of the parameter it fills in the callee’s signature', () => {
    const { file, decls, src } = model(
      [
        'structure IsHardly {ℓ : ℕ} [Fact ℓ.Prime] (hodd : Odd ℓ) {V : Type*} (hdim : Module.rank R V = 2) (ρ : Rep V) : Prop where',
        '  det : True',
        'def ofComplex (z : ℂ) {n : ℕ} (ρ : Weight n) (hρ : ρ.IsTrivial) : Form n ρ := sorry',
        'def scale (k : ℕ) (f : Form n ρ) : Form n ρ := f',
        // FLT's GLzero: the third explicit argument is the proof hρ.
        'noncomputable def classification (ρ : Weight 0) : Form 0 ρ ≃ ℂ where',
        '  toFun f := f 1',
        '  invFun z := ofComplex z ρ sorry',
        '  left_inv := sorry',
        // FLT's Frey.lean: a proof argument inside a statement.
        'theorem frey :',
        '    haveI : Fact p.Prime := ⟨pp⟩',
        '    IsHardly hodd sorry (rep P) := sorry',
        'def data : Form 0 ρ := scale sorry f',
        'def named : Form 0 ρ := ofComplex 1 ρ (hρ := sorry)',
        'def unknown : Form 0 ρ := Mathlib.make z sorry',
        'def grouped : Form 0 ρ := ofComplex 1 ρ (sorry)',
      ].join('\n'),
    );
    const gaps = proofGapsOf(file, src);
    expect(gaps.map((g) => [g.line, g.kind, g.context])).toEqual([
      [3, 'sorry-in-data', 'value'],
      [7, 'sorry-undetermined', 'argument'],
      [8, 'sorry-in-proof', 'proof-field'],
      [11, 'sorry-in-statement', 'statement'],
      [11, 'sorry-in-proof', 'theorem'],
      [12, 'sorry-undetermined', 'argument'],
      [13, 'sorry-undetermined', 'argument'],
      [14, 'sorry-undetermined', 'argument'],
      [15, 'sorry-undetermined', 'argument'],
    ]);
    expect(classifyFieldsByType(gaps, { decls }).map((g) => [g.line, g.kind, g.context, g.parameter])).toEqual([
      [3, 'sorry-in-data', 'value', undefined],
      [7, 'sorry-in-proof', 'proof-argument', { callee: 'ofComplex', name: 'hρ' }],
      [8, 'sorry-in-proof', 'proof-field', undefined],
      [11, 'sorry-in-proof', 'proof-argument', { callee: 'IsHardly', name: 'hdim', inStatement: true }],
      [11, 'sorry-in-proof', 'theorem', undefined],
      [12, 'sorry-in-data', 'data-argument', { callee: 'scale', name: 'k' }],
      [13, 'sorry-in-proof', 'proof-argument', { callee: 'ofComplex', name: 'hρ' }],
      [14, 'sorry-undetermined', 'argument', undefined],
      [15, 'sorry-in-proof', 'proof-argument', { callee: 'ofComplex', name: 'hρ' }],
    ]);
  });

  it('reads the components of an anonymous constructor that is the whole value: a subtype’s, a project structure’s', () => {
    const { file, decls, src } = model(
      [
        'structure Pos where',
        '  val : Nat',
        '  pos : 0 < val',
        'def n : { k : Nat // k > 0 } := ⟨0, sorry⟩',
        'def p : Pos := ⟨sorry, sorry⟩',
        'def f : Fin 3 := ⟨sorry, by omega⟩',
        'def q : Nat × Nat := ⟨1, sorry⟩',
      ].join('\n'),
    );
    const gaps = classifyFieldsByType(proofGapsOf(file, src), { decls });
    expect(gaps.map((g) => [g.line, g.kind, g.context])).toEqual([
      [4, 'sorry-in-proof', 'proof-field'],
      [5, 'sorry-in-data', 'data-field'],
      [5, 'sorry-in-proof', 'proof-field'],
      [6, 'sorry-in-data', 'data-field'],
      [7, 'sorry-undetermined', 'component'],
    ]);
  });
});

describe('classifyFieldsByType on a hostile anonymous constructor', () => {
  it('reads the structure once per declaration: time grows linearly with `⟨sorry, …⟩` over as many fields', () => {
    const make = (n: number) => {
      const fields = Array.from({ length: n }, (_, i) => `  f${i} : f${i - 1} = f${i - 1}`);
      const src = ['structure Big where', ...fields, `def big : Big := ⟨${Array(n).fill('sorry').join(', ')}⟩`].join('\n');
      const { file, decls } = model(src);
      return { gaps: proofGapsOf(file, src), decls };
    };
    const classified = classifyFieldsByType(make(3).gaps, { decls: make(3).decls });
    expect(classified.map((g) => g.context)).toEqual(['proof-field', 'proof-field', 'proof-field']);
    expect(growthRatio(make, ({ gaps, decls }) => classifyFieldsByType(gaps, { decls }), 200, 3)).toBeLessThan(LOOSELY_LINEAR);
  });
});
