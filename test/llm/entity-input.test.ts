import { describe, expect, it } from 'vitest';
import { auxiliaryText, formalText, judgeInputOf, unjudgeableCause } from '../../src/llm/entity-input.js';
import type { LeanDecl, LeanProject } from '../../src/model/lean.js';
import { entity } from '../auditors/fixtures/judge-entities.js';

const decl = (fullName: string, kind: LeanDecl['kind'], header: string, body: string, references: string[] = [], headerReferences = 0) =>
  ({ fullName, kind, header, body, references, headerReferences }) as unknown as LeanDecl;

describe('judge input', () => {
  it('renders kind, full name and header, collects variables and marks a case split', () => {
    const e = entity('x', '[F]', { title: 'Bound' });
    e.decls[0]!.variables = ['variable {n : ℕ}'];
    e.decls.push({ ...e.decls[0]!, fullName: 'Demo.x_neg', header: '(n : ℤ) (h : n < 0) : Q n' });
    const input = judgeInputOf(e, 2000);
    expect(input).toMatchObject({
      name: 'x (Bound)',
      leanName: 'Demo.x, Demo.x_neg',
      variables: 'variable {n : ℕ}',
      caseSplit: true,
      context: '',
    });
    expect(input.formal).toBe('theorem Demo.x (n : ℕ) : P_x n\n\ntheorem Demo.x_neg (n : ℤ) (h : n < 0) : Q n');
    expect(formalText({ kind: 'def', fullName: 'f', header: ': ℕ' })).toBe('def f : ℕ');
  });

  it('shows the values of project definitions the header uses, not those only the proof uses', () => {
    const project = {
      decls: new Map<string, LeanDecl>([
        ['Demo.x', decl('Demo.x', 'theorem', '(n : ℕ) : IsNice n', 'by simp [helper]', ['Demo.IsNice', 'Demo.helper'], 1)],
        ['Demo.IsNice', decl('Demo.IsNice', 'def', '(n : ℕ) : Prop', ':= True')],
        ['Demo.helper', decl('Demo.helper', 'def', ': ℕ', ':= 3')],
      ]),
    } as unknown as LeanProject;
    expect(auxiliaryText(entity('x', '[F]'), project)).toBe('def Demo.IsNice (n : ℕ) : Prop := True');
    expect(auxiliaryText(entity('x', '[F]'), undefined)).toBe('');
  });

  it('says why an entity cannot be judged', () => {
    expect(unjudgeableCause(entity('x', '[F]', { decls: [], unresolved: [] }))).toBe('no Lean declaration paired');
    expect(unjudgeableCause(entity('x', '[F]', { statement: '  ' }))).toBe('empty informal statement');
    expect(unjudgeableCause(entity('x', '[F]'))).toBeUndefined();
  });
});
