import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { SAMPLE } from '../helpers/algebra-basics.js';
import { loggedRequests, simCommand } from '../helpers/lean-repl-fixtures.js';
import { leanaudit } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-audit-repl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('leanaudit audit --repl-cmd', () => {
  it('starts the Lean-backed auditors with the given command instead of skipping them', () => {
    const command = simCommand(dir, { importMs: 1, axioms: { 'AlgebraBasics.Parity.even_add_even': [] } });
    const { status, stdout } = leanaudit('audit', SAMPLE, '--only', 'axiom-usage', '--format', 'json', '--repl-cmd', command);
    expect(status).toBe(0);
    const run = (JSON.parse(stdout) as Report).runs[0]!;
    expect(run).toMatchObject({ auditorId: 'axiom-usage', status: 'ok' });
    const unchecked = run.findings.map((f) => f.entityId);
    expect(unchecked).toContain('AlgebraBasics.Parity.odd_add_odd');
    expect(unchecked).not.toContain('AlgebraBasics.Parity.even_add_even');
    expect(loggedRequests(dir).some(({ request }) => String(request.cmd ?? '').includes('#print axioms'))).toBe(true);
  });
});
