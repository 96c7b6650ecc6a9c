import { describe, expect, it } from 'vitest';
import { findingAnchor, fingerprints } from '../../src/core/fingerprint.js';
import type { Finding } from '../../src/core/types.js';
import { sorryFinding as sorry } from '../helpers/findings.js';

describe('fingerprints', () => {
  it('are 16 hex digits, distinct, and the same when lines are added above the findings', () => {
    const before = [sorry('Foo.bar', 10), sorry('Foo.baz', 20)];
    const after = [sorry('Foo.bar', 15), sorry('Foo.baz', 31)];
    const fps = fingerprints(before);
    expect(fps.every((fp) => /^[0-9a-f]{16}$/.test(fp))).toBe(true);
    expect(new Set(fps).size).toBe(2);
    expect(fingerprints(after)).toEqual(fps);
  });

  it('tell two sorries of one declaration apart by their order, whatever the order of the list', () => {
    const [first, second] = fingerprints([sorry('Foo.bar', 10), sorry('Foo.bar', 12)]);
    expect(first).not.toBe(second);
    expect(fingerprints([sorry('Foo.bar', 14), sorry('Foo.bar', 11)])).toEqual([second, first]);
  });

  it('change with the file, the rule or the entity', () => {
    const [base] = fingerprints([sorry('Foo.bar', 10)]);
    expect(fingerprints([sorry('Foo.bar', 10, 'A/C.lean')])[0]).not.toBe(base);
    expect(fingerprints([{ ...sorry('Foo.bar', 10), messageId: 'sorry-in-data' }])[0]).not.toBe(base);
    expect(fingerprints([sorry('Foo.qux', 10)])[0]).not.toBe(base);
  });

  it('do not depend on the severity a configuration gives', () => {
    expect(fingerprints([{ ...sorry('Foo.bar', 10), severity: 'warning' }])).toEqual(fingerprints([sorry('Foo.bar', 10)]));
  });
});

describe('findingAnchor', () => {
  it('drops the line number from the name of an anonymous declaration and from file:line in a message', () => {
    expect(findingAnchor(sorry('Foo.«instance@Foo.Basic:79»', 80))).toBe('Foo.«instance@Foo.Basic»');
    const problem: Finding = {
      auditorId: 'pairing',
      messageId: 'source-problem',
      severity: 'warning',
      message: 'unterminated \\begin{proof} (opened at ch1.tex:12:3)',
    };
    expect(findingAnchor(problem)).toBe('unterminated \\begin{proof} (opened at ch1.tex)');
  });

  it('keeps numbers that are part of a name', () => {
    expect(findingAnchor(sorry('Imo1964P1.part_2', 3))).toBe('Imo1964P1.part_2');
  });
});
