import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { leanaudit } from './cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-exit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes a project of these files and audits its proof gaps as JSON. */
function audit(name: string, files: Record<string, string>): { status: number | null; report: Report } {
  const root = join(tmp, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = leanaudit('audit', root, '--only', 'proof-gaps', '--format', 'json');
  return { status: run.status, report: JSON.parse(run.stdout) as Report };
}

describe('the exit code of an audit of proof gaps', () => {
  it('is 1 for a sorry in an instance named `module` (FLT’s `instance module`, once read as a `module` command)', () => {
    const { status, report } = audit('module', {
      'lakefile.toml': 'name = "M"\n\n[[lean_lib]]\nname = "M"\n',
      'M/Basic.lean': 'instance module : Module S W := ⟨sorry⟩\n',
    });
    expect(status).toBe(1);
    expect(report.runs[0]!.findings.map((f) => [f.messageId, f.entityId, f.severity])).toEqual([['sorry-undetermined', 'module', 'error']]);
  });

  it('is 0 for a finished library whose test driver states axioms and sorries on purpose', () => {
    const { status, report } = audit('tests', {
      'lakefile.toml':
        'name = "L"\ntestDriver = "LTest"\n\n[[lean_lib]]\nname = "L"\n\n[[lean_lib]]\nname = "LTest"\nglobs = ["LTest.+"]\n',
      'L/Basic.lean': 'theorem ok : 1 = 1 := rfl\n',
      'LTest/Linter.lean': 'axiom test_sorry : ∀ {α}, α\ntheorem t : 1 = 2 := sorry\n',
    });
    expect(status).toBe(0);
    expect(report.runs[0]!.findings.map((f) => [f.messageId, f.severity])).toEqual([['test-library', 'info']]);
  });
});
