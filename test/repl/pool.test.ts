import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvChain } from '../../src/repl/chain.js';
import { type FileJob, type PoolOptions, ReplPool } from '../../src/repl/pool.js';
import type { ReplCommandSpec } from '../../src/repl/process.js';
import { loggedRequests, type StandinScenario, simSpec } from '../helpers/lean-repl-fixtures.js';

let dir: string;
const pools: ReplPool[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'leanaudit-pool-'));
});
afterEach(() => {
  for (const p of pools.splice(0)) p.close();
  rmSync(dir, { recursive: true, force: true });
});

const pool = (scenario: StandinScenario, options: Partial<PoolOptions> = {}, spec?: ReplCommandSpec) => {
  const p = new ReplPool(spec ?? simSpec(dir, scenario), {
    workers: 2,
    timeoutMs: 5_000,
    importTimeoutMs: 10_000,
    limits: { maxOutputChars: 1_000_000, memoryPollMs: 100 },
    ...options,
  });
  pools.push(p);
  return p;
};

/** A file job: elaborates its declarations in a chain, probing each at the tip before adding it. */
function fileJob(id: string, header: string, decls: { text: string; costMs: number }[]): FileJob<string[]> {
  return {
    id,
    header,
    weight: decls.reduce((n, d) => n + d.costMs, 0),
    async run(session) {
      const chain = new EnvChain(session);
      const out: string[] = [];
      for (const decl of decls) {
        const probe = await chain.probe({ cmd: `example : probe := by exact? -- ${decl.text} sim-cost-ms:${decl.costMs}` });
        out.push(probe.ok ? 'probed' : probe.failure.cause);
        await chain.extend(`${decl.text} -- sim-cost-ms:1`);
      }
      return out;
    },
  };
}

const imports = (dirPath: string) => loggedRequests(dirPath).filter((r) => /^import/.test(String(r.request.cmd ?? '')));

describe('ReplPool', () => {
  it('imports a header once per worker and spreads the files over the workers', async () => {
    const p = pool({ importMs: 150 }, { workers: 3 });
    const jobs = Array.from({ length: 9 }, (_, i) =>
      fileJob(
        `F${i}.lean`,
        'import Mathlib',
        Array.from({ length: 3 }, (_, k) => ({ text: `theorem t${i}_${k} : True`, costMs: 10 + 10 * i })),
      ),
    );
    const results = await p.run(jobs);
    expect(results.map((r) => r.id)).toEqual(jobs.map((j) => j.id));
    expect(results.every((r) => r.ok && r.value.every((v) => v === 'probed'))).toBe(true);
    expect(new Set(results.map((r) => r.worker)).size).toBe(3);
    const byPid = new Map<number, number>();
    for (const r of imports(dir)) byPid.set(r.pid, (byPid.get(r.pid) ?? 0) + 1);
    expect([...byPid.values()]).toEqual([1, 1, 1]);
    expect(p.stats()).toMatchObject({ workers: 3, starts: 3, restarts: 0, imports: 3 });
  });

  it('prefers files whose header a worker already imported', async () => {
    const p = pool({ importMs: 100 }, { workers: 2 });
    const jobs = ['A', 'B'].flatMap((h) =>
      Array.from({ length: 4 }, (_, i) => fileJob(`${h}${i}.lean`, `import ${h}`, [{ text: `theorem ${h}${i} : True`, costMs: 5 }])),
    );
    await p.run(jobs);
    const seen = new Set<string>();
    for (const r of imports(dir)) {
      const key = `${r.pid} ${String(r.request.cmd)}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    expect(p.stats().imports).toBeLessThanOrEqual(4);
  });

  it('runs each probe in the environment of exactly the declarations before it', async () => {
    const p = pool({}, { workers: 1 });
    await p.run([
      fileJob('F.lean', 'import Mathlib', [
        { text: 'theorem a : True', costMs: 1 },
        { text: 'theorem b : True', costMs: 1 },
      ]),
    ]);
    const probes = loggedRequests(dir).filter((r) => String(r.request.cmd).startsWith('example'));
    expect(probes.map((r) => r.lineage)).toEqual([['import Mathlib'], ['import Mathlib', 'theorem a : True -- sim-cost-ms:1']]);
  });

  it('reports a hung declaration, restarts, rebuilds the chain without it, and finishes the other files', async () => {
    const p = pool({ rules: [{ match: '^theorem hang', fault: 'hang' }] }, { workers: 2, timeoutMs: 400 });
    const faulty = fileJob('Bad.lean', 'import Mathlib', [
      { text: 'theorem a : True', costMs: 1 },
      { text: 'theorem hang : True', costMs: 1 },
      { text: 'theorem c : True', costMs: 1 },
    ]);
    const fine = Array.from({ length: 4 }, (_, i) =>
      fileJob(`Ok${i}.lean`, 'import Mathlib', [{ text: `theorem ok${i} : True`, costMs: 20 }]),
    );
    const results = await p.run([faulty, ...fine]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results[0]).toMatchObject({ ok: true, value: ['probed', 'probed', 'probed'] });
    expect(p.stats()).toMatchObject({ restarts: 1, failures: { timeout: 1 } });
    const lastProbe = loggedRequests(dir)
      .filter((r) => String(r.request.cmd).includes('theorem c'))
      .find((r) => String(r.request.cmd).startsWith('example'));
    expect(lastProbe!.lineage).toEqual(['import Mathlib', 'theorem a : True -- sim-cost-ms:1']);
  });

  it("fails every file of a header that does not elaborate, with Lean's message, importing it once", async () => {
    const broken = {
      env: 0,
      messages: [
        { severity: 'error', pos: { line: 1, column: 0 }, endPos: { line: 1, column: 14 }, data: "unknown module prefix 'Missing'" },
      ],
    };
    const p = pool({ rules: [{ match: '^import Missing', response: broken }] }, { workers: 1 });
    const results = await p.run([
      fileJob('A.lean', 'import Missing', [{ text: 'theorem a : True', costMs: 1 }]),
      fileJob('B.lean', 'import Missing', [{ text: 'theorem b : True', costMs: 1 }]),
    ]);
    expect(results.map((r) => r.ok && r.value)).toEqual([['header'], ['header']]);
    expect(p.stats().imports).toBe(1);
  });

  it('gives up a header whose import crashes twice, without trying it for every file', async () => {
    const p = pool({ rules: [{ match: '^import Crashing', fault: 'crash' }] }, { workers: 1 });
    const jobs = ['A', 'B', 'C', 'D'].map((n) => fileJob(`${n}.lean`, 'import Crashing', [{ text: `theorem ${n} : True`, costMs: 1 }]));
    const results = await p.run(jobs);
    expect(results.map((r) => r.ok && r.value)).toEqual([['header'], ['header'], ['header'], ['header']]);
    expect(p.stats()).toMatchObject({ imports: 2, failures: { crashed: 2 } });
  });

  it('pickles a header once and unpickles it in the other workers', async () => {
    const p = pool({ importMs: 100, unpickleMs: 10 }, { workers: 3, pickleDir: dir });
    const jobs = Array.from({ length: 3 }, (_, i) =>
      fileJob(`F${i}.lean`, 'import Mathlib', [{ text: `theorem t${i} : True`, costMs: 50 }]),
    );
    const results = await p.run(jobs);
    expect(results.every((r) => r.ok && r.value[0] === 'probed')).toBe(true);
    expect(p.stats()).toMatchObject({ imports: 1, unpickles: 2 });
    expect(loggedRequests(dir).filter((r) => 'unpickleEnvFrom' in r.request)).toHaveLength(2);
  });
});
