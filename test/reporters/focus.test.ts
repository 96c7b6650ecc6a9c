import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { entityNamed, focusOn, inFocus } from '../../src/reporters/focus.js';
import { richReport } from './rich-report.js';

describe('focus', () => {
  it('finds an entity by its label or by a Lean name it is paired with', () => {
    const report = richReport();
    expect(entityNamed(report, 'thm:bar')?.id).toBe('thm:bar');
    expect(entityNamed(report, 'Foo.base')?.id).toBe('lem:base');
    expect(entityNamed(report, 'Foo')).toBeUndefined();
  });

  it('keeps the entity and every entity it depends on, transitively, and nothing that depends on it', () => {
    const report = richReport();
    const base = report.entities![0]!;
    report.entities!.push({ ...base, id: 'def:root', leanNames: [], decls: [], uses: [] }, { ...base, id: 'cor:top', uses: ['thm:bar'] });
    report.entities![0]!.uses = ['def:root'];
    expect(focusOn(report, 'thm:bar')?.ids).toEqual(new Set(['thm:bar', 'lem:base', 'def:root']));
    expect(focusOn(report, 'lem:base')?.ids).toEqual(new Set(['lem:base', 'def:root']));
    expect(focusOn(report, 'nothing')).toBeUndefined();
  });

  it('keeps the findings about those entities or inside their Lean declarations', () => {
    const report = richReport();
    report.entities![1]!.decls[0]!.location = { file: 'Foo/B.lean', line: 11, endLine: 14 };
    const keep = inFocus(report, focusOn(report, 'lem:base')!);
    const at = (file: string, line: number, entityId?: string): Finding => ({
      auditorId: 'proof-gaps',
      messageId: 'sorry',
      severity: 'error',
      message: 'm',
      location: { file, line },
      ...(entityId ? { entityId } : {}),
    });
    expect(keep(at('Foo/A.lean', 1))).toBe(true);
    expect(keep(at('Foo/X.lean', 3, 'lem:base'))).toBe(true);
    expect(keep(at('Foo/B.lean', 12))).toBe(false);
    expect(inFocus(report, focusOn(report, 'thm:bar')!)(at('Foo/B.lean', 12))).toBe(true);
    expect(inFocus(report, focusOn(report, 'thm:bar')!)(at('Foo/B.lean', 15))).toBe(false);
  });
});
