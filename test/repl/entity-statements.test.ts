import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairEntities } from '../../extractors/pairing.js';
import { loadProject } from '../../src/lean/project.js';
import type { Entity, PairedEntity } from '../../src/model/entity.js';
import type { LeanProject } from '../../src/model/lean.js';
import { checkEntityStatements } from '../../src/repl/entity-statements.js';
import { simCommand } from '../helpers/lean-repl-fixtures.js';

const SOURCE = `import Mathlib

namespace Demo

def Nice (n : ℕ) : Prop := 0 < n

theorem good (n : ℕ) (h : Nice n) : 0 < n := h

theorem bad (x : ℝ) : foo x := by
  simp

end Demo
`;

const error = (line: number, column: number, data: string) => ({
  messages: [{ severity: 'error', pos: { line, column }, endPos: { line, column: column + 3 }, data }],
});

let root: string;
let project: LeanProject;
let entities: PairedEntity[];
const entity = (id: string, leanNames: string[]): Entity => ({
  id,
  kind: 'theorem',
  statement: 'text',
  leanNames,
  uses: [],
  flags: {},
  location: { file: 'bp.tex', line: 1 },
  origin: 'test',
});

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'leanaudit-entity-statements-'));
  mkdirSync(join(root, 'Demo'));
  writeFileSync(join(root, 'Demo', 'Basic.lean'), SOURCE);
  project = await loadProject(root);
  entities = pairEntities(
    [entity('e-good', ['Demo.good']), entity('e-bad', ['Demo.bad']), entity('e-both', ['Demo.good', 'Demo.bad'])],
    project,
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = (config: Record<string, unknown>) => ({ root, config, signal: new AbortController().signal, project: async () => project });

describe('checkEntityStatements', () => {
  it('elaborates each paired declaration in its file, after the declarations before it, a theorem with sorry for its proof', async () => {
    const log = mkdtempSync(join(tmpdir(), 'leanaudit-entity-statements-log-'));
    const scenario = { importMs: 5, rules: [{ match: 'foo x := by', response: error(1, 22, 'Unknown identifier `foo`') }] };
    const statuses = await checkEntityStatements(env({ repl: { command: simCommand(log, scenario), workers: 1 } }), entities);
    expect(statuses.get('e-good')).toEqual({ state: 'compiles' });
    const bad = { state: 'fails', messages: [{ declaration: 'Demo.bad', line: 9, column: 22, message: 'Unknown identifier `foo`' }] };
    expect(statuses.get('e-bad')).toEqual(bad);
    expect(statuses.get('e-both')).toEqual(bad);
    const sent = readFileSync(join(log, 'requests.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { request: { cmd?: string } }).request.cmd ?? '');
    expect(sent).toContain('theorem bad (x : ℝ) : foo x := by\n  sorry');
    expect(sent).toContain('theorem good (n : ℕ) (h : Nice n) : 0 < n := by\n  sorry');
    expect(sent.some((c) => c.includes('def Nice (n : ℕ) : Prop := 0 < n'))).toBe(true);
    rmSync(log, { recursive: true, force: true });
  });

  it('says every status is unknown, with the reason, when no REPL can run', async () => {
    const statuses = await checkEntityStatements(env({ repl: { command: undefined } }), entities);
    const status = statuses.get('e-good');
    expect(status?.state).toBe('unknown');
    expect(status?.state === 'unknown' && status.reason).toMatch(/^no Lean REPL/);
  });
});
