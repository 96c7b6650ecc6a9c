import { describe, expect, it } from 'vitest';
import { NameTable } from '../../src/lean/names.js';
import { nativeScanner } from '../../src/lean/native.js';
import { parseLean } from '../../src/lean/parser.js';
import { linkReferences } from '../../src/lean/references.js';
import { leanFiles, random } from '../helpers/lean-texts.js';

/**
 * Every declaration of `texts` (linked together as one project) with its references and how many
 * its header gives, then the duplicate declarations found and the declarations by name.
 */
function linked(texts: string[], native: boolean): [string, string[], number][] {
  const names = new NameTable({ native });
  const files = texts.map((text, k) => parseLean(text, `F${k}.lean`, { names, module: `M${k}` }));
  const { decls, problems } = linkReferences(files);
  const byName = [...decls].map(([name, decl]): [string, string[], number] => [name, [decl.location.file], decl.location.line]);
  const duplicates = problems.map((p): [string, string[], number] => [p.message, [p.location.file], p.location.line]);
  return [
    ...files.flatMap((file) =>
      file.decls.map((decl): [string, string[], number] => [decl.fullName, decl.references, decl.headerReferences]),
    ),
    ...duplicates,
    ...byName,
  ];
}

/**
 * Lines that name things and use them every way resolution tells apart: nested and reopened
 * namespaces, `open … in`, `_root_`, `protected`, structure fields through locals and constants,
 * `this`, pattern names and constructors, auto-bound names, many declarations of one last name.
 */
const RESOLVER_LINES = [
  'namespace A',
  'namespace A.B',
  'namespace B',
  'end A',
  'end A.B',
  'end B',
  'end',
  'section',
  'open A',
  'open B',
  'open A B',
  'open A in',
  'open A.B in',
  'def f := 1',
  'def g : Nat := f',
  'protected def A.g := 1',
  'protected theorem p : True := trivial',
  'theorem A.h : f = 1 := rfl',
  'def _root_.r := A.g',
  'def A.B.f := 2',
  'def B.f := f',
  'def k := f.succ',
  'def m := A.B.f',
  'def n := B.f + A.f',
  'def q := g + h',
  'def rr := _root_.r + _root_.A.f',
  'structure S where',
  '  x : Nat',
  '  y : Nat := 1',
  'inductive T | a | b (n : Nat)',
  'def use (s : S) : Nat := s.x + s.y',
  'theorem u (h : S) : h.x = h.x := rfl',
  'def S.z (s : S) : Nat := s.x',
  'def c : S := ⟨1, 2⟩',
  'theorem cz : c.z = 1 := rfl',
  'theorem cx : c.x.succ = 2 := rfl',
  'def w := A.g.foo.bar',
  'theorem v : True := by',
  '  have : S := c',
  '  exact this.x',
  '  intro s',
  '  obtain ⟨x, hx⟩ := s.z',
  'variable (s : S)',
  'def vv := s.y + s.z',
  'def p2 (t : T) : Nat := match t with',
  '  | a => 0',
  '  | b n => n',
  '  | x => x.f',
  'def t2 := T.a',
  'def t3 := T.b 1',
  'def auto := (G.x : Nat)',
  'def big := f + g + k + m + n + q + r + use c',
  'def x.y.z := 3',
  'def dd := x.y.z.w',
  'def ee := Nat.f',
  'private def pp := f',
  'instance : Inhabited S := ⟨c⟩',
  'namespace N1',
  'namespace N2',
  'namespace N3',
  'end N1',
  'end N2',
  'end N3',
  'open N1 N2 N3',
  'def N1.f := 1',
  'def N2.f := 2',
  'def N3.f := 3',
  'def N4.f := 4',
  'def many := f + N1.f + A.B.f.succ',
  'def A.S.x := 5',
  'def fields (s : S) (t : A.S) := s.x + t.x',
  'theorem ind (t : T) : t = t := by cases t with | a => rfl | b n => rfl',
  'open T',
  '  | f => f',
  '  | S => 1',
  'def N1.this := 0',
  'def nsf (s : S) := Foo.z + foo.z',
  'def nsf2 := (Foo.y, "S")',
  'def usep : True := p',
];

describe.skipIf(nativeScanner === undefined)('the native resolver', () => {
  it('refuses arguments that would make it read out of bounds', () => {
    const native = nativeScanner!;
    const names = new NameTable();
    const id = names.internName('f');
    const resolver = native.createResolver(Int32Array.of(1), Uint8Array.of(0));
    native.resolverLoad(resolver, 'f\ng', 1, new Int32Array(1));
    native.resolverScope(resolver, '\0\0');
    const out = new Int32Array(64);
    const resolve = (ids: Int32Array, bounds: Int32Array): number => {
      native.resolverBindFile(names.nativeHandle!, ids, bounds);
      return native.resolveDeclaration(resolver, 0, out);
    };
    expect(resolve(Int32Array.of(id), Int32Array.of(0, 1, 1, 1, 1))).toBe(1);
    expect(Array.from(out.subarray(0, 5))).toEqual([1, 0, 0, -1, -1]);
    expect(() => resolve(Int32Array.of(id), Int32Array.of(0, 2, 2, 2, 2))).toThrow();
    expect(() => resolve(Int32Array.of(names.size), Int32Array.of(0, 1, 1, 1, 1))).toThrow();
    // A binding refused leaves nothing bound.
    expect(() => native.resolveDeclaration(resolver, 0, out)).toThrow();
    expect(() => resolve(Int32Array.of(id), Int32Array.of(0, 1, 1, 1))).toThrow();
    expect(() => native.resolverText(resolver, 1 << 20)).toThrow();
    expect(() => native.resolverScope(resolver, 'no separators')).toThrow();
    expect(() => native.resolverLoad(native.createResolver(Int32Array.of(3), Uint8Array.of(0)), 'f', 1, new Int32Array(1))).toThrow();
    expect(() => native.createResolver(Int32Array.of(-1), Uint8Array.of(0))).toThrow();
    expect(() => native.createResolver(Int32Array.of(0, 0), Uint8Array.of(0))).toThrow();
    const twoDeclarations = native.createResolver(Int32Array.of(0, 0), Uint8Array.of(0, 0));
    expect(() => native.resolverLoad(twoDeclarations, 'f\ng', 2, new Int32Array(1))).toThrow();
    expect(() => native.resolverLoad(twoDeclarations, 'f\ng', 3, new Int32Array(3))).toThrow();
    native.resolverLoad(twoDeclarations, 'f', 1, new Int32Array(2));
    expect(() => native.resolverLoad(twoDeclarations, 'g', 0, new Int32Array(2))).toThrow();
  });

  it("gives the TypeScript resolver's references on the samples", () => {
    const texts = leanFiles('samples');
    const native = linked(texts, true);
    expect(native).toEqual(linked(texts, false));
    expect(native.some(([, references]) => references.length > 0)).toBe(true);
  });

  it('agrees with it on a project whose names take several loads, duplicates across them included', () => {
    const structures = Array.from(
      { length: 700 },
      (_, k) => `structure S${k} where\n  a : Nat\n  b : Nat\n  c : Nat\n  d : Nat\n  e : Nat`,
    ).join('\n');
    const uses = Array.from(
      { length: 700 },
      (_, k) => `def u${k} (s : S${k}) := s.e + S${(k * 7) % 700}.mk 1 2 3 4 5 |>.a\ndef S${k} := u${k}`,
    ).join('\n');
    // The second file imports the first: their modules meet, and the repeated names clash.
    const importing = `import M0\n${uses}`;
    const native = linked([structures, importing], true);
    expect(native).toEqual(linked([structures, importing], false));
    expect(native.filter(([message]) => message.includes(' is also declared at '))).toHaveLength(700);
    expect(native.find(([name]) => name === 'u699')?.[1]).toEqual(['S699', 'S693']);
  });

  it('agrees with it on 400 random projects of 6 files, and finds references of every kind', () => {
    const next = random(11);
    const pick = (): string => RESOLVER_LINES[Math.floor(next() * RESOLVER_LINES.length)]!;
    const all: [string, string[], number][] = [];
    for (let project = 0; project < 400; project++) {
      const texts = Array.from({ length: 6 }, () => Array.from({ length: 1 + Math.floor(next() * 30) }, pick).join('\n'));
      const native = linked(texts, true);
      expect(native).toEqual(linked(texts, false));
      all.push(...native);
    }
    const referencing = (name: string, target: string): boolean =>
      all.some(([decl, references]) => decl.endsWith(name) && references.includes(target));
    // Plain, through an open, `_root_`, a local's field (the structure), a constant's field, a prefix of a dotted name, a constructor in a pattern.
    expect(referencing('g', 'f')).toBe(true);
    expect(referencing('n', 'A.f') || referencing('n', 'B.f')).toBe(true);
    expect(referencing('rr', 'r')).toBe(true);
    expect(referencing('use', 'S')).toBe(true);
    expect(referencing('cz', 'S.z')).toBe(true);
    expect(referencing('k', 'f')).toBe(true);
    expect(referencing('p2', 'T')).toBe(true);
    expect(referencing('usep', 'p')).toBe(true);
    expect(all.some(([message]) => message.includes(' is also declared at '))).toBe(true);
    expect(all.some(([, references, header]) => header > 0 && header < references.length)).toBe(true);
  });
});
