import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/lean/project.js';
import type { LeanProject } from '../../src/model/lean.js';
import { checkConstants } from '../../src/repl/constant-check.js';
import { simCommand } from '../helpers/lean-repl-fixtures.js';

let root: string;
let project: LeanProject;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'leanaudit-constant-check-'));
  mkdirSync(join(root, 'Demo'));
  writeFileSync(join(root, 'Demo', 'Basic.lean'), 'import Mathlib\n\ntheorem Demo.t : True := trivial\n');
  project = await loadProject(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = (config: Record<string, unknown>) => ({ root, config, signal: new AbortController().signal, project: async () => project });

describe('checkConstants', () => {
  it('reads the signature #check prints for each name, in the environment of the dependency imports', async () => {
    const log = mkdtempSync(join(tmpdir(), 'leanaudit-constants-log-'));
    const info = (line: number, data: string) => ({ severity: 'info', pos: { line, column: 0 }, endPos: { line, column: 6 }, data });
    const scenario = {
      importMs: 5,
      rules: [
        {
          match: '#check @QuaternionGroup',
          response: {
            messages: [
              info(1, 'QuaternionGroup : ℕ → Type'),
              { severity: 'error', pos: { line: 2, column: 7 }, endPos: null, data: 'unknown constant Demo.Nope' },
            ],
          },
        },
      ],
    };
    const found = await checkConstants(env({ repl: { command: simCommand(log, scenario), workers: 1 } }), ['QuaternionGroup', 'Demo.Nope']);
    expect([...found.values()]).toEqual([{ name: 'QuaternionGroup', signature: ': ℕ → Type', source: 'Lean REPL (#check)' }]);
    const requests = readFileSync(join(log, 'requests.jsonl'), 'utf8');
    expect(requests).toContain('import Mathlib');
    rmSync(log, { recursive: true, force: true });
  });
});
