import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAgreement, measureAgreement, registerAgreementCommand } from '../../src/commands/agreement.js';
import type { SampleFile } from '../../src/commands/sample.js';
import type { Grouped } from '../../src/llm/verdict.js';

function filled(rows: [Grouped, string | null][]): SampleFile {
  return {
    instructions: '',
    auditor: 'direct-judge',
    seed: 1,
    perClass: 3,
    items: rows.map(([, human], i) => ({
      n: i + 1,
      entityId: `e${i}`,
      informal: 'i',
      formal: 'f',
      human: human as Grouped | null,
      comment: i === 1 ? 'adds n ≤ 7' : '',
    })),
    key: rows.map(([judge], i) => ({
      n: i + 1,
      entityId: `e${i}`,
      verdict: judge === 'OK' ? 'Faithful' : 'Different',
      grouped: judge,
      reason: 'r',
    })),
  };
}

const dirs: string[] = [];
afterEach(() => {
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  vi.restoreAllMocks();
});

describe('leanaudit agreement', () => {
  it('reports agreement, κ and per-class confirmation, skipping unlabelled items', () => {
    const r = measureAgreement(
      filled([
        ['OK', 'OK'],
        ['OK', 'different'],
        ['OK', 'Faithful'],
        ['Different', 'Different'],
        ['Different', 'OK'],
        ['Different', null],
      ]),
    );
    expect(r).toMatchObject({ labelled: 5, unlabelled: 1, agreement: 0.6 });
    expect(r.perClass.OK).toEqual({ labelled: 3, agreed: 2, rate: 2 / 3 });
    expect(r.perClass.Different).toEqual({ labelled: 2, agreed: 1, rate: 0.5 });
    expect(r.kappa).toBeCloseTo(1 / 6);
    expect(r.disagreements[0]).toEqual({ entityId: 'e1', judge: 'OK', human: 'Different', comment: 'adds n ≤ 7' });
    expect(formatAgreement(r)).toContain('judge Different: 1/2 confirmed by the person (50.0%)');
  });

  it('names an item with a label it cannot read', () => {
    expect(() => measureAgreement(filled([['OK', 'maybe']]))).toThrow('item 1 (e0): "human" must be OK or Different');
  });

  it('runs from the command line on a filled file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leanaudit-agreement-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'filled.json'),
      JSON.stringify(
        filled([
          ['OK', 'OK'],
          ['Different', 'Different'],
        ]),
      ),
    );
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    const program = new Command().exitOverride();
    registerAgreementCommand(program);
    await program.parseAsync(['agreement', join(dir, 'filled.json')], { from: 'user' });
    expect(out).toContain("labelled 2, unlabelled 0\nagreement 100.0%, Cohen's κ 1.000");
    writeFileSync(join(dir, 'bad.json'), '{"items": 1}');
    await expect(program.parseAsync(['agreement', join(dir, 'bad.json')], { from: 'user' })).rejects.toThrow('not a leanaudit sample');
  });
});
