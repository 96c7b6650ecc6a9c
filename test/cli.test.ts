import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/commands/index.js';

const dir = mkdtempSync(join(tmpdir(), 'leanaudit-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The modules `leanaudit <args>` loads, as URLs (the built CLI, traced by a resolve hook). */
function modulesLoadedBy(args: string[]): { status: number | null; stdout: string; modules: string[] } {
  const trace = join(dir, `${args.join('_') || 'none'}.txt`);
  const run = spawnSync(process.execPath, ['--import', './test/helpers/module-trace.mjs', 'bin/leanaudit.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, MODULE_TRACE_FILE: trace },
  });
  let modules: string[] = [];
  try {
    modules = readFileSync(trace, 'utf8').trim().split('\n');
  } catch {
    // No module traced: the assertions below say so.
  }
  return { status: run.status, stdout: run.stdout, modules };
}

const HEAVY = /node_modules\/(openai|ajv|remark-|unified|@unified-latex|micromark|mdast)/;

describe('the command line', () => {
  it('registers each command under the name and summary the command list gives', async () => {
    for (const entry of COMMANDS) {
      const program = new Command();
      (await entry.load())(program);
      const registered = program.commands.find((c) => c.name() === entry.name);
      expect(registered?.description(), entry.name).toBe(entry.summary);
    }
  });

  it('answers --version and --help without loading a command, the LLM client, ajv or the LaTeX and Markdown readers', () => {
    for (const args of [['--version'], ['--help']]) {
      const { status, stdout, modules } = modulesLoadedBy(args);
      expect(status, args[0]).toBe(0);
      expect(modules.length, args[0]).toBeGreaterThan(0);
      expect(modules.filter((url) => HEAVY.test(url) || /dist\/src\/(commands\/(?!index)|auditors|llm|lean|repl)/.test(url))).toEqual([]);
      if (args[0] === '--help') for (const entry of COMMANDS) expect(stdout).toContain(entry.name);
    }
  });

  it("loads the command it runs, and a command's help shows its options", () => {
    const { status, stdout, modules } = modulesLoadedBy(['help', 'scan']);
    expect(status).toBe(0);
    expect(stdout).toContain('--no-body');
    expect(modules.some((url) => url.endsWith('dist/src/commands/scan.js'))).toBe(true);
    expect(modules.some((url) => url.endsWith('dist/src/commands/audit.js'))).toBe(false);
  });

  it('answers a mistake with a short error and where to look, not the whole help', () => {
    const cases: [string[], RegExp][] = [
      [
        ['audit', 'samples/algebra-basics', '--bogus'],
        /^error: unknown option '--bogus'\n(.*\n)?\(leanaudit audit --help lists its options\)\n$/,
      ],
      [
        ['audit', 'samples/algebra-basics', '--format', 'jsn'],
        /argument 'jsn' is invalid[^\n]*\n\(leanaudit audit --help lists its options\)\n$/,
      ],
      [['no-such-command'], /^error: unknown command 'no-such-command'\n(.*\n)?\(leanaudit --help lists the commands\)\n$/],
    ];
    for (const [args, message] of cases) {
      const run = spawnSync(process.execPath, ['bin/leanaudit.js', ...args], { encoding: 'utf8' });
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stderr).not.toContain('Usage:');
      expect(run.stdout).toBe('');
    }
  });
});
