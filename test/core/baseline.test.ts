import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Baseline, baselineOf, readBaseline, type StatementOf, statementsOf, writeBaseline } from '../../src/core/baseline.js';
import { buildReport } from '../../src/core/report.js';
import type { AuditorRun, Finding, Report } from '../../src/core/types.js';
import { sorryFinding as sorry } from '../helpers/findings.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-baseline-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const runOf = (auditorId: string, findings: Finding[], status: AuditorRun['status'] = 'ok'): AuditorRun => ({
  auditorId,
  status,
  findings: structuredClone(findings),
  metrics: {},
  durationMs: 0,
});

const meta = { root: '/p', name: 'p' };
const report = (...runs: AuditorRun[]): Report => buildReport(meta, runs, 'error');
const withBaseline = (baseline: Baseline, ...runs: AuditorRun[]): Report =>
  buildReport(meta, runs, 'error', { baseline: { baseline, file: 'leanaudit-baseline.json' } });

const warning: Finding = {
  auditorId: 'pairing',
  messageId: 'not-found',
  severity: 'warning',
  message: 'lbl: Lean name `X` matches no declaration',
  entityId: 'lbl',
  location: { file: 'bp/ch1.tex', line: 3 },
};
const accepted = baselineOf(report(runOf('proof-gaps', [sorry('Foo.b', 20), sorry('Foo.a', 10)]), runOf('pairing', [warning])));

describe('baselineOf', () => {
  it('lists every finding with its fingerprint, rule, place and message, sorted by place', () => {
    expect(accepted.schemaVersion).toBe(1);
    expect(accepted.findings.map((e) => [e.file, e.line, e.entityId])).toEqual([
      ['A/B.lean', 10, 'Foo.a'],
      ['A/B.lean', 20, 'Foo.b'],
      ['bp/ch1.tex', 3, 'lbl'],
    ]);
    expect(accepted.findings[0]).toEqual({
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      auditorId: 'proof-gaps',
      messageId: 'sorry-in-proof',
      severity: 'error',
      file: 'A/B.lean',
      line: 10,
      entityId: 'Foo.a',
      message: '`sorry` in the proof of Foo.a',
    });
  });

  it('reads back what it wrote', () => {
    const file = join(tmp, 'roundtrip.json');
    writeBaseline(file, accepted);
    expect(readBaseline(file)).toEqual(accepted);
    expect(readFileSync(file, 'utf8')).toMatch(/^\{\n {2}"schemaVersion": 1,/);
  });
});

describe('a report compared with a baseline', () => {
  it('passes when only known findings remain, even moved down the file', () => {
    const r = withBaseline(accepted, runOf('proof-gaps', [sorry('Foo.a', 14), sorry('Foo.b', 24)]), runOf('pairing', [warning]));
    expect(r.summary.failed).toBe(false);
    expect(r.summary.baseline).toEqual({ file: 'leanaudit-baseline.json', unchanged: 3, new: 0, absent: 0, absentFindings: [] });
    expect(r.runs.flatMap((run) => run.findings.map((f) => f.baselineState))).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(reportSchemaErrors(r)).toEqual([]);
  });

  it('fails on a new finding at or above failOn and reports the fixed ones as absent', () => {
    const r = withBaseline(accepted, runOf('proof-gaps', [sorry('Foo.a', 10), sorry('Foo.c', 30)]), runOf('pairing', [warning]));
    expect(r.summary.failed).toBe(true);
    expect(r.summary.baseline).toMatchObject({ unchanged: 2, new: 1, absent: 1 });
    expect(r.summary.baseline!.absentFindings.map((e) => e.entityId)).toEqual(['Foo.b']);
    expect(r.runs[0]!.findings.map((f) => [f.entityId, f.baselineState])).toEqual([
      ['Foo.a', 'unchanged'],
      ['Foo.c', 'new'],
    ]);
    expect(reportSchemaErrors(r)).toEqual([]);
  });

  it('keeps the findings of a moved file known by their declaration, and the others new', () => {
    const moved = { ...warning, location: { file: 'bp/chapter-one.tex', line: 3 } };
    const r = withBaseline(
      accepted,
      runOf('proof-gaps', [
        sorry('Foo.a', 10, 'A/Moved.lean'),
        sorry('Foo.a', 12, 'A/Moved.lean'),
        sorry('Foo.b', 20),
        sorry('Foo.c', 30, 'A/Moved.lean'),
      ]),
      runOf('pairing', [moved]),
    );
    expect(r.runs.flatMap((run) => run.findings.map((f) => [f.entityId, f.location!.file, f.baselineState]))).toEqual([
      ['Foo.a', 'A/Moved.lean', 'unchanged'],
      ['Foo.a', 'A/Moved.lean', 'new'],
      ['Foo.b', 'A/B.lean', 'unchanged'],
      ['Foo.c', 'A/Moved.lean', 'new'],
      ['lbl', 'bp/chapter-one.tex', 'unchanged'],
    ]);
    expect(r.summary.baseline).toMatchObject({ unchanged: 3, new: 2, absent: 0 });
    expect(reportSchemaErrors(r)).toEqual([]);
  });

  it('matches an anonymous declaration by kind across files only', () => {
    const anonymous = (module: string, line: number, file: string): Finding => sorry(`Foo.«instance@${module}:${line}»`, line, file);
    const before = baselineOf(report(runOf('proof-gaps', [anonymous('A.B', 10, 'A/B.lean')])));
    expect(withBaseline(before, runOf('proof-gaps', [anonymous('A.C', 30, 'A/C.lean')])).summary.baseline).toMatchObject({
      unchanged: 1,
      new: 0,
      absent: 0,
    });
    expect(withBaseline(before, runOf('proof-gaps', [anonymous('A.Other', 30, 'A/B.lean')])).summary.baseline).toMatchObject({
      unchanged: 0,
      new: 1,
      absent: 1,
    });
  });

  it('knows the findings of a renamed declaration again by its unchanged statement, and only then', () => {
    const theorem = (header: string) => ({ kind: 'theorem' as const, header });
    const project = (decls: Record<string, ReturnType<typeof theorem>>) => statementsOf({ decls: new Map(Object.entries(decls)) });
    const before = project({ 'Foo.a': theorem('(n : Nat) :\n    n + 0 = n'), 'Foo.b': theorem(': True') });
    const written = baselineOf(report(runOf('proof-gaps', [sorry('Foo.a', 10), sorry('Foo.b', 20)])), before);
    expect(written.findings.map((e) => e.statement)).toEqual([
      expect.stringMatching(/^[0-9a-f]{16}$/),
      expect.stringMatching(/^[0-9a-f]{16}$/),
    ]);
    const compare = (statementOf: StatementOf, ...findings: Finding[]) =>
      buildReport(meta, [runOf('proof-gaps', findings)], 'error', { baseline: { baseline: written, file: 'b.json' }, statementOf });
    // Foo.a renamed Foo.c, its statement the same but for its blanks: known.
    const renamed = compare(
      project({ 'Foo.c': theorem('(n : Nat) : n + 0 = n'), 'Foo.b': theorem(': True') }),
      sorry('Foo.c', 10),
      sorry('Foo.b', 20),
    );
    expect(renamed.summary).toMatchObject({ failed: false, baseline: { unchanged: 2, new: 0, absent: 0 } });
    expect(reportSchemaErrors(renamed)).toEqual([]);
    // Renamed and restated: another claim.
    const restated = compare(
      project({ 'Foo.c': theorem('(n : Nat) : 0 + n = n'), 'Foo.b': theorem(': True') }),
      sorry('Foo.c', 10),
      sorry('Foo.b', 20),
    );
    expect(restated.summary).toMatchObject({ failed: true, baseline: { unchanged: 1, new: 1, absent: 1 } });
    // Foo.a still there, its sorry fixed, and a copy of its statement with a sorry of its own: new.
    const copied = compare(
      project({ 'Foo.a': theorem('(n : Nat) : n + 0 = n'), 'Foo.c': theorem('(n : Nat) : n + 0 = n'), 'Foo.b': theorem(': True') }),
      sorry('Foo.c', 30),
      sorry('Foo.b', 20),
    );
    expect(copied.summary).toMatchObject({ failed: true, baseline: { unchanged: 1, new: 1, absent: 1 } });
  });

  it('counts a second sorry in a known declaration as new', () => {
    const r = withBaseline(
      accepted,
      runOf('proof-gaps', [sorry('Foo.a', 10), sorry('Foo.a', 11), sorry('Foo.b', 20)]),
      runOf('pairing', [warning]),
    );
    expect(r.summary.baseline).toMatchObject({ unchanged: 3, new: 1, absent: 0 });
    expect(r.summary.failed).toBe(true);
  });

  it('does not fail on new findings below failOn', () => {
    const other = { ...warning, entityId: 'other', message: 'other' };
    const r = withBaseline(accepted, runOf('proof-gaps', [sorry('Foo.a', 10), sorry('Foo.b', 20)]), runOf('pairing', [warning, other]));
    expect(r.summary).toMatchObject({ failed: false, baseline: { new: 1 } });
  });

  it('does not call the findings of a skipped auditor fixed', () => {
    const r = withBaseline(accepted, runOf('proof-gaps', [sorry('Foo.a', 10), sorry('Foo.b', 20)]), runOf('pairing', [], 'skipped'));
    expect(r.summary.baseline).toMatchObject({ unchanged: 2, new: 0, absent: 0 });
  });
});

describe('readBaseline', () => {
  const write = (name: string, text: string): string => {
    const file = join(tmp, name);
    writeFileSync(file, text);
    return file;
  };

  it('reads a baseline the user names only if it is a regular file: /dev/zero is refused, not read for ever', () => {
    const zero = join(tmp, 'zero-baseline.json');
    symlinkSync('/dev/zero', zero);
    expect(() => readBaseline(zero)).toThrow(`baseline ${zero}: not a regular file (a folder, FIFO, socket or device); not read`);
  });

  it('names a missing file and how to create it', () => {
    const file = join(tmp, 'missing.json');
    expect(() => readBaseline(file)).toThrow(`no baseline at ${file}: write one with --write-baseline ${file}`);
  });

  it('points at the line of malformed JSON', () => {
    const file = write('broken.json', '{\n  "schemaVersion": 1,\n  "findings": [\n    {,}\n  ]\n}\n');
    expect(() => readBaseline(file)).toThrow(new RegExp(`^${file}:4: the baseline is not valid JSON`));
  });

  it('refuses a file that is not a baseline, one of another fingerprint scheme and a bad entry', () => {
    expect(() => readBaseline(write('report.json', JSON.stringify({ schemaVersion: 1, runs: [] })))).toThrow(/not a leanaudit baseline/);
    expect(() => readBaseline(write('old.json', JSON.stringify({ ...accepted, fingerprintScheme: 'leanaudit/v0' })))).toThrow(
      /written with fingerprints leanaudit\/v0, this leanaudit uses leanaudit\/v1/,
    );
    const bad = { ...accepted, findings: [accepted.findings[0], { fingerprint: 'x' }] };
    expect(() => readBaseline(write('bad.json', JSON.stringify(bad)))).toThrow(/findings\[1\] is not a baseline entry/);
  });
});
