/**
 * An auditor tester in the spirit of ESLint's RuleTester: valid and invalid cases given as Lean
 * source, written to a temporary Lake project, run through the real project loader and runner.
 * Every case runs twice: as written, and with the locations stripped from the source model
 * (declarations, source problems, entities), where the auditor must still work and report the same
 * messages.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/core/config.js';
import { runAuditor } from '../../src/core/runner.js';
import { createServices } from '../../src/core/services.js';
import type { Auditor, AuditorRun, Finding } from '../../src/core/types.js';
import { loadProject } from '../../src/lean/project.js';
import type { PairedEntity } from '../../src/model/entity.js';
import type { LeanProject } from '../../src/model/lean.js';
import type { Severity } from '../../src/model/location.js';

export interface TesterCase {
  /** Test title; defaults to the first line of `code`. */
  name?: string;
  /** Lean source of the file under test. */
  code: string;
  /** Path of that file in the project (default `Test/Main.lean`, inside the `Test` library). */
  path?: string;
  /** Further files of the project: path -> source. */
  files?: Record<string, string>;
  config?: Config;
  options?: unknown;
  /** Paired entities the auditor sees through `ctx.entities()`. */
  entities?: PairedEntity[];
  /** Metrics the run must report with these values (others are not checked). */
  metrics?: Record<string, number>;
}

export interface ExpectedFinding {
  messageId: string;
  line?: number;
  column?: number;
  file?: string;
  severity?: Severity;
  entityId?: string;
  message?: string | RegExp;
}

export interface InvalidCase extends TesterCase {
  /** Expected findings in order of position (file, line, column); findings without a location last. */
  findings: ExpectedFinding[];
}

const DEFAULT_PATH = 'Test/Main.lean';
const LAKEFILE = 'name = "Test"\ndefaultTargets = ["Test"]\n\n[[lean_lib]]\nname = "Test"\n';

/** Writes the case as a Lake project (lakefile.toml with the `Test` library) in a fresh temp folder. */
export function writeCaseProject(testCase: TesterCase): string {
  const root = mkdtempSync(join(tmpdir(), 'leanaudit-tester-'));
  const files = { 'lakefile.toml': LAKEFILE, ...testCase.files, [testCase.path ?? DEFAULT_PATH]: testCase.code };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Removes the locations the source model carries, as a positionless model would have none. */
function stripLocations(project: LeanProject): LeanProject {
  for (const problem of project.problems ?? []) delete (problem as { location?: unknown }).location;
  for (const file of project.files) {
    for (const decl of file.decls) delete (decl as { location?: unknown }).location;
    for (const problem of file.problems) delete (problem as { location?: unknown }).location;
  }
  return project;
}

function stripEntityLocations(entities: PairedEntity[]): PairedEntity[] {
  return structuredClone(entities).map((entity) => {
    delete (entity as { location?: unknown }).location;
    for (const decl of entity.decls) delete (decl as { location?: unknown }).location;
    return entity;
  });
}

/** Runs the auditor on the project at `root`, optionally with locations stripped from the model. */
export async function runCase(auditor: Auditor, root: string, testCase: TesterCase, stripped = false): Promise<AuditorRun> {
  const entities = testCase.entities && (stripped ? stripEntityLocations(testCase.entities) : testCase.entities);
  const config: Config = {
    ...testCase.config,
    auditors: {
      ...testCase.config?.auditors,
      [auditor.meta.id]: { ...testCase.config?.auditors?.[auditor.meta.id], options: testCase.options as Record<string, unknown> },
    },
  };
  const services = createServices(root, config, new AbortController().signal, {
    loadProject: async (dir, opts) => {
      const project = await loadProject(dir, opts);
      return stripped ? stripLocations(project) : project;
    },
    ...(entities ? { loadEntities: async () => entities } : {}),
  });
  return runAuditor(auditor, services);
}

const byPosition = (a: Finding, b: Finding): number => {
  if (!a.location || !b.location) return (a.location ? 0 : 1) - (b.location ? 0 : 1);
  return (
    a.location.file.localeCompare(b.location.file) ||
    a.location.line - b.location.line ||
    (a.location.column ?? 0) - (b.location.column ?? 0)
  );
};

/** Checks the invariants of every run: it finished, and each message is filled in and well placed. */
function assertWellFormed(run: AuditorRun): void {
  expect(run.status, `run ${run.status}: ${run.reason ?? ''}`).toBe('ok');
  for (const f of run.findings) {
    expect(f.message, `unfilled placeholder in "${f.message}"`).not.toMatch(/\{\{\s*\w+\s*\}\}/);
    if (f.location) {
      expect(f.location.file, 'location.file').toMatch(/\S/);
      expect(Number.isInteger(f.location.line) && f.location.line >= 1, `location.line ${f.location.line}`).toBe(true);
      if (f.location.column !== undefined) expect(f.location.column, 'location.column').toBeGreaterThanOrEqual(0);
    }
  }
}

/** Compares findings, sorted by position, with the expected ones (only the keys given are checked). */
export function assertFindings(run: AuditorRun, expected: ExpectedFinding[], defaultFile = DEFAULT_PATH): void {
  assertWellFormed(run);
  const actual = [...run.findings].sort(byPosition);
  const summary = actual.map((f) => `${f.messageId}@${f.location?.line ?? '-'}`).join(', ');
  expect(actual.length, `expected ${expected.length} findings, got ${actual.length}: ${summary}`).toBe(expected.length);
  expected.forEach((want, i) => {
    const got = actual[i]!;
    const label = `finding ${i + 1} (${summary})`;
    expect(got.messageId, label).toBe(want.messageId);
    if (want.line !== undefined) {
      expect(got.location?.line, `${label}: line`).toBe(want.line);
      expect(got.location?.file, `${label}: file`).toBe(want.file ?? defaultFile);
    }
    if (want.column !== undefined) expect(got.location?.column, `${label}: column`).toBe(want.column);
    if (want.severity !== undefined) expect(got.severity, `${label}: severity`).toBe(want.severity);
    if (want.entityId !== undefined) expect(got.entityId, `${label}: entityId`).toBe(want.entityId);
    if (typeof want.message === 'string') expect(got.message, `${label}: message`).toBe(want.message);
    if (want.message instanceof RegExp) expect(got.message, `${label}: message`).toMatch(want.message);
  });
}

/** With locations stripped, the same messages in the same number, and nothing malformed. */
function assertSameMessages(stripped: AuditorRun, original: AuditorRun): void {
  assertWellFormed(stripped);
  const ids = (run: AuditorRun): string[] => run.findings.map((f) => f.messageId).sort();
  expect(ids(stripped), 'messages with locations stripped').toEqual(ids(original));
}

function title(testCase: TesterCase): string {
  return (
    testCase.name ??
    testCase.code
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ??
    '(empty file)'
  );
}

/** Registers a vitest suite for `auditor` with one test per case and one per case with locations stripped. */
export function testAuditor(auditor: Auditor, cases: { valid?: TesterCase[]; invalid?: InvalidCase[] }): void {
  const roots: string[] = [];
  const project = (testCase: TesterCase): string => {
    const root = writeCaseProject(testCase);
    roots.push(root);
    return root;
  };
  describe(`auditor ${auditor.meta.id}`, () => {
    afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
    for (const testCase of cases.valid ?? []) {
      it(`valid: ${title(testCase)}`, async () => {
        const root = project(testCase);
        const run = await runCase(auditor, root, testCase);
        assertFindings(run, []);
        if (testCase.metrics) expect(run.metrics).toMatchObject(testCase.metrics);
        assertSameMessages(await runCase(auditor, root, testCase, true), run);
      });
    }
    for (const testCase of cases.invalid ?? []) {
      it(`invalid: ${title(testCase)}`, async () => {
        expect(testCase.findings.length, 'an invalid case expects at least one finding (else make it valid)').toBeGreaterThan(0);
        const root = project(testCase);
        const run = await runCase(auditor, root, testCase);
        assertFindings(run, testCase.findings, testCase.path);
        if (testCase.metrics) expect(run.metrics).toMatchObject(testCase.metrics);
        assertSameMessages(await runCase(auditor, root, testCase, true), run);
      });
    }
  });
}
