import { describe, expect, it } from 'vitest';
import { parseLean } from '../../src/lean/syntax/parser.js';
import { planFile } from '../../src/repl/file-plan.js';

const source = `/- Copyright -/
import Mathlib
import Foo.Bar

/-! # Module doc -/
namespace X
variable {a : Nat}
/-- doc -/
@[simp] private theorem t1 (n : Nat) : n = n := rfl

open Nat in
theorem t2 : True := trivial

mutual
theorem m1 : True := trivial
theorem m2 : True := trivial
end
set_option maxHeartbeats 400 in
lemma t4.{u} (α : Sort u) : True := trivial
end X
`;

describe('planFile', () => {
  it("keeps the header's commands (without comments) and cuts each declaration with the commands before it and its `… in` prefix", () => {
    const plan = planFile(source, parseLean(source, 'X.lean'));
    expect(plan.header).toBe('import Mathlib\nimport Foo.Bar');
    const other = '-- another licence\nimport Mathlib  -- the library\n\nimport Foo.Bar\ntheorem a : True := trivial\n';
    expect(planFile(other, parseLean(other, 'Y.lean')).header).toBe(plan.header);
    expect(
      plan.steps.map((s) => ({ names: s.decls.map((d) => d.name), before: s.before.trim(), prefix: s.prefix.trim(), text: s.text })),
    ).toEqual([
      {
        names: ['t1'],
        before: '/-! # Module doc -/\nnamespace X\nvariable {a : Nat}',
        prefix: '',
        text: '/-- doc -/\n@[simp] private theorem t1 (n : Nat) : n = n := rfl',
      },
      { names: ['t2'], before: '', prefix: 'open Nat in', text: 'theorem t2 : True := trivial' },
      { names: ['m1', 'm2'], before: '', prefix: '', text: 'mutual\ntheorem m1 : True := trivial\ntheorem m2 : True := trivial\nend' },
      { names: ['t4'], before: '', prefix: 'set_option maxHeartbeats 400 in', text: 'lemma t4.{u} (α : Sort u) : True := trivial' },
    ]);
  });

  it('covers the whole file between the header and the last declaration, once', () => {
    const plan = planFile(source, parseLean(source, 'X.lean'));
    const body = plan.steps.map((s) => s.before + s.prefix + s.text).join('');
    const start = source.indexOf('\n\n/-! # Module doc');
    expect(source.slice(start).startsWith(body)).toBe(true);
    expect(source.slice(start + body.length).trim()).toBe('end X');
  });

  it('has an empty header for a file without imports', () => {
    const plan = planFile('theorem a : True := trivial\n', parseLean('theorem a : True := trivial\n', 'A.lean'));
    expect(plan.header).toBe('');
    expect(plan.steps).toHaveLength(1);
  });
});
