import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { auditPath, declViolations, inertViolation } from '../../../bench/fuzz/audit-path.js';
import { corpusFiles, FUZZED_PATH, makeProject } from '../../../bench/fuzz/corpus.js';
import { MUTATIONS, PLANTED_COMMAND } from '../../../bench/fuzz/mutations.js';
import { parseLean } from '../../../src/lean/syntax/parser.js';
import { random } from '../../helpers/lean-texts.js';

const samples = fileURLToPath(new URL('../../../samples', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'leanaudit-fuzz-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the fuzzed audit path', () => {
  it('passes on a sample project, reading its declarations and rendering every format', async () => {
    const outcome = await auditPath(join(samples, 'algebra-basics'));
    expect(outcome.violations).toEqual([]);
    expect(outcome.declarations).toBeGreaterThan(10);
    expect(outcome.outputChars).toBeGreaterThan(10_000);
  });

  it('tells declarations whose ranges leave the text or overlap', () => {
    const text = 'theorem a : True := trivial\ntheorem b : True := trivial\n';
    const [a, b] = parseLean(text, 'T.lean').decls;
    expect(declViolations('T.lean', text, [a!, b!], 3)).toEqual([]);
    expect(declViolations('T.lean', text, [b!, a!], 3)[0]).toMatch(/^T\.lean: a has ranges out of order/);
    expect(declViolations('T.lean', text.slice(0, 30), [a!, b!], 3)[0]).toMatch(/^T\.lean: b has ranges/);
    expect(declViolations('T.lean', text, [{ ...a!, header: 'False' }], 3)[0]).toBe("T.lean: a's header is not its range");
  });

  it('tells a report whose text a planted name made active: markup, a workflow command, a raw control, broken JSON', () => {
    expect(inertViolation('html', 'x <script>alert(1)</script> y')).toBe('a planted <script> came through');
    expect(inertViolation('github', `::notice::ok\n${PLANTED_COMMAND}`)).toBe('a planted workflow command');
    expect(inertViolation('github', `::error file=F.lean,line=2::sorry in «x${PLANTED_COMMAND}»`)).toBeUndefined();
    expect(inertViolation('terminal', 'name \u001b[2J')).toBe('a raw control or bidirectional character');
    expect(inertViolation('json', '{"a": ')).toMatch(/^not JSON/);
    expect(inertViolation('markdown', 'a \\<script\\> b')).toBeUndefined();
  });

  it('finds the planted names of every hostile-names mutation inert in every format', async () => {
    const dir = join(work, 'planted');
    const made = makeProject(
      [join(samples, 'algebra-basics', 'AlgebraBasics', 'Groups', 'Basic.lean')],
      random(2),
      dir,
      Number.POSITIVE_INFINITY,
    );
    expect(made.steps.length).toBeGreaterThan(0);
    const hostile = MUTATIONS.find((m) => m.name === 'hostile-names')!;
    const next = random(3);
    let bytes: Buffer = readFileSync(join(dir, FUZZED_PATH));
    for (let k = 0; k < 8; k++) bytes = hostile.apply(bytes, next);
    writeFileSync(join(dir, FUZZED_PATH), bytes);
    expect((await auditPath(dir)).violations).toEqual([]);
  });

  // The fuzzer in small: seeded mutations of the samples' files, in this process, none large. `npm run fuzz` runs it for minutes.
  it('finds no crash, hang or broken invariant in 60 mutated sample files', async () => {
    const files = corpusFiles([samples]);
    const next = random(1);
    for (let index = 0; index < 60; index++) {
      const dir = join(work, `input-${index}`);
      const made = makeProject(files, next, dir, Number.POSITIVE_INFINITY);
      const started = performance.now();
      const outcome = await auditPath(dir, { invariants: true, alone: made.comparable ? [FUZZED_PATH] : [] });
      expect({ index, steps: made.steps, violations: outcome.violations }).toEqual({ index, steps: made.steps, violations: [] });
      expect(performance.now() - started).toBeLessThan(10_000);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
