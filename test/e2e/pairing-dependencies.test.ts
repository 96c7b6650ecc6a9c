import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { leanaudit } from './cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-deps-e2e-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the sample with Mathlib's sources checked out as `lake exe cache get` leaves them (here: one file of ours). */
const project = join(tmp, 'algebra-basics');
cpSync(SAMPLE, project, { recursive: true });
const write = (path: string, text: string): void => {
  mkdirSync(dirname(join(project, path)), { recursive: true });
  writeFileSync(join(project, path), text);
};

const pairing = (): Report['runs'][number] => {
  const run = leanaudit('audit', project, '--only', 'pairing', '--format', 'json');
  return (JSON.parse(run.stdout) as Report).runs[0]!;
};

describe('pairing against checked-out dependencies', () => {
  it('without them, says which names could not be looked up and how to fetch the sources', () => {
    const ids = pairing().findings.map((f) => f.messageId);
    expect(ids.filter((id) => id === 'dependencies-absent')).toHaveLength(1);
    expect(ids).not.toContain('mathlibok-not-found');
  });

  it('with Mathlib checked out, a \\mathlibok name it lacks is caught and one it declares passes; a name under the project namespace is not found', () => {
    write(
      '.lake/packages/mathlib/lakefile.lean',
      'import Lake\nopen Lake DSL\npackage mathlib where\n  testDriver := "MathlibTest"\nlean_lib Mathlib\n',
    );
    write(
      '.lake/packages/mathlib/Mathlib/GroupTheory/OrderOfElement.lean',
      'theorem orderOf_dvd_of_pow_eq_one_renamed : True := trivial\n',
    );
    const renamed = pairing();
    const caught = renamed.findings.find((f) => f.messageId === 'mathlibok-not-found')!;
    expect(caught).toMatchObject({
      entityId: 'lem:order-dvd-mathlib',
      severity: 'warning',
      location: { file: 'blueprint/src/chapter/order.tex', line: 11 },
    });
    expect(caught.message).toContain(
      'no declaration in the checked-out Mathlib sources (.lake/packages/mathlib) makes `orderOf_dvd_of_pow_eq_one`',
    );
    const notFound = renamed.findings.find((f) => f.messageId === 'not-found')!;
    expect(notFound.message).toBe(
      'sub:odd-sq-mod-8: Lean name `AlgebraBasics.Modular.odd_sq_zmod_8` matches no declaration in the project sources or the checked-out sources of mathlib',
    );
    // The only name found nowhere stands under the project's own namespace: no dependency can declare it.
    expect(renamed.findings.map((f) => f.messageId)).not.toContain('dependencies-absent');

    write('.lake/packages/mathlib/Mathlib/GroupTheory/OrderOfElement.lean', 'theorem orderOf_dvd_of_pow_eq_one : True := trivial\n');
    expect(pairing().findings.map((f) => f.messageId)).not.toContain('mathlibok-not-found');
  });
});
