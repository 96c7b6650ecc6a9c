/**
 * The hostile-code corpus (hostile/README.md): every case audited by the auditors that read source
 * alone, as `audit` runs them, with the per-family counts of cases flagged at warning or error.
 */
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDITORS } from '../../../src/auditors/index.js';
import type { Finding } from '../../../src/core/types.js';
import { runCase, writeCaseProject } from '../../helpers/auditor-tester.js';

const HERE = join(dirname(fileURLToPath(import.meta.url)), 'hostile');
interface Expected {
  case: string;
  rule: string;
  line: number;
  file?: string;
  family?: string;
  check?: string;
  /** A stop of reading must fail the gate: the severity the finding must have. */
  severity?: string;
}
const manifest = JSON.parse(readFileSync(join(HERE, 'manifest.json'), 'utf8')) as {
  hostile: Expected[];
  needsLean: Expected[];
  controls: { case: string }[];
};
const SOURCE_ONLY = AUDITORS.filter((a) => (a.meta.needs ?? []).every((n) => n === 'lean-project'));
const roots: string[] = [];
/** The file of a one-file case, as the tester writes it. */
const CASE_FILE = 'Test/Main.lean';

/** Every finding of the source-only auditors on one case, and the file its expectations default to. */
async function audit(name: string): Promise<{ findings: Finding[]; file: string }> {
  const folder = !name.endsWith('.lean');
  const code = folder ? '' : readFileSync(join(HERE, name), 'utf8');
  const root = folder ? join(HERE, name) : writeCaseProject({ code });
  if (!folder) roots.push(root);
  const findings: Finding[] = [];
  for (const auditor of SOURCE_ONLY) {
    const run = await runCase(auditor, root, { code });
    findings.push(...run.findings);
  }
  return { findings, file: CASE_FILE };
}

const at = (f: Finding, file: string, line: number): boolean => f.location?.file === file && f.location.line === line;
const blocking = (f: Finding): boolean => f.severity === 'warning' || f.severity === 'error';
const ruleOf = (f: Finding): string => `${f.auditorId}/${f.messageId}`;
const show = (fs: Finding[]): string => fs.map((f) => `${ruleOf(f)}@${f.location?.file}:${f.location?.line}`).join(', ');

describe('hostile-code corpus', () => {
  // Cases flagged at warning or error at their line by any rule, per family: the corpus's measure.
  const flagged = new Map<string, [number, number]>();
  afterAll(() => {
    roots.forEach((root) => rmSync(root, { recursive: true, force: true }));
    console.log([...flagged].map(([family, [n, of]]) => `${family} ${n}/${of}`).join('; '));
  });
  for (const want of manifest.hostile) {
    it(`${want.case}: ${want.rule} at line ${want.line}`, async () => {
      const { findings, file } = await audit(want.case);
      const here = findings.filter((f) => blocking(f) && at(f, want.file ?? file, want.line));
      const counts = flagged.get(want.family!) ?? [0, 0];
      flagged.set(want.family!, [counts[0] + (here.length > 0 ? 1 : 0), counts[1] + 1]);
      expect(here.map(ruleOf), show(findings)).toContain(want.rule);
      if (want.severity) expect(here.find((f) => ruleOf(f) === want.rule)!.severity).toBe(want.severity);
    });
  }
  for (const want of manifest.needsLean) {
    it(`${want.case}: needs Lean (${want.check}) at line ${want.line}`, async () => {
      const { findings, file } = await audit(want.case);
      const here = findings.filter((f) => ruleOf(f) === want.rule && at(f, file, want.line));
      expect(here.length, show(findings)).toBe(1);
      expect((here[0]!.evidence!.check as { kind: string }).kind).toBe(want.check);
    });
  }
  for (const control of manifest.controls) {
    it(`${control.case} stays silent`, async () => {
      const { findings } = await audit(control.case);
      expect(show(findings.filter(blocking))).toBe('');
    });
  }
});
