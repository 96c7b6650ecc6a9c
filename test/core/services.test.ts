import { describe, expect, it } from 'vitest';
import { runAuditors } from '../../src/core/runner.js';
import { createServices, NO_EXTRACTOR, once, type ServiceSources } from '../../src/core/services.js';
import type { Auditor, Need } from '../../src/core/types.js';
import type { PairedEntity } from '../../src/model/entity.js';
import type { LeanProject } from '../../src/model/lean.js';
import { TEST_RULE_DOCS } from '../helpers/rule-docs.js';

const signal = new AbortController().signal;

/** An auditor that records which services it reached and what they returned. */
function probe(id: string, needs: Need[], use: 'project' | 'entities' | 'none'): Auditor {
  return {
    meta: { id, description: id, rules: { seen: { message: 'saw {{n}}', severity: 'info', docs: TEST_RULE_DOCS } }, needs },
    async run(ctx) {
      if (use === 'project') ctx.report({ messageId: 'seen', data: { n: (await ctx.project()).files.length } });
      if (use === 'entities') ctx.report({ messageId: 'seen', data: { n: (await ctx.entities()).length } });
      if (use === 'none') ctx.metric('ran', 1);
    },
  };
}

function countingSources(extra: Partial<ServiceSources> = {}): ServiceSources & { loads: () => number } {
  let loads = 0;
  const project = { name: 'p', files: [{ path: 'A.lean' }, { path: 'B.lean' }] } as unknown as LeanProject;
  return {
    loadProject: async () => {
      loads += 1;
      return project;
    },
    loads: () => loads,
    ...extra,
  };
}

describe('once', () => {
  it('computes once and replays a rejection rather than retrying', async () => {
    let calls = 0;
    const failing = once(async () => {
      calls += 1;
      throw new Error(`failure ${calls}`);
    });
    await expect(failing()).rejects.toThrow('failure 1');
    await expect(failing()).rejects.toThrow('failure 1');
    expect(calls).toBe(1);
  });
});

describe('createServices', () => {
  it('parses the project once for every auditor of the run', async () => {
    const sources = countingSources();
    const services = createServices('/repo', {}, signal, sources);
    const runs = await runAuditors([probe('a', [], 'project'), probe('b', ['lean-project'], 'project')], services);
    expect(runs.map((r) => [r.status, r.findings[0]?.message])).toEqual([
      ['ok', 'saw 2'],
      ['ok', 'saw 2'],
    ]);
    expect(sources.loads()).toBe(1);
  });

  it("hands the project loader the configuration's ignore patterns", async () => {
    const seen: unknown[] = [];
    const services = createServices('/repo', { ignore: ['Tests/**'] }, signal, {
      loadProject: async (_root, options) => {
        seen.push(options.ignore);
        return { name: 'p', files: [] } as unknown as LeanProject;
      },
    });
    await runAuditors([probe('a', [], 'project')], services);
    expect(seen).toEqual([['Tests/**']]);
  });

  it('reports a project that fails to load as an error of each auditor using it', async () => {
    const services = createServices('/repo', {}, signal, {
      loadProject: () => Promise.reject(new Error('lakefile.lean:3: unterminated string')),
    });
    const [run] = await runAuditors([probe('a', [], 'project')], services);
    expect(run).toMatchObject({ status: 'error', reason: 'lakefile.lean:3: unterminated string' });
  });

  it('skips an auditor that reaches for entities when no extractor is wired', async () => {
    const services = createServices('/repo', {}, signal, countingSources());
    const runs = await runAuditors([probe('uses', [], 'entities'), probe('declares', ['entities'], 'entities')], services);
    expect(runs[0]).toMatchObject({ status: 'skipped', reason: NO_EXTRACTOR });
    expect(runs[1]).toMatchObject({ status: 'skipped', reason: `needs entities: ${NO_EXTRACTOR}` });
  });

  it('hands the entity source the project and shares its result', async () => {
    let extractions = 0;
    const entity = { id: 'thm:1' } as PairedEntity;
    const sources = countingSources({
      loadEntities: async (env) => {
        extractions += 1;
        expect((await env.project()).name).toBe('p');
        return [entity, entity];
      },
    });
    const services = createServices('/repo', {}, signal, sources);
    const runs = await runAuditors([probe('a', ['entities'], 'entities'), probe('b', [], 'entities')], services);
    expect(runs.map((r) => r.findings[0]?.message)).toEqual(['saw 2', 'saw 2']);
    expect(extractions).toBe(1);
    expect(sources.loads()).toBe(1);
  });

  it('skips an auditor whose need check fails, with the reason, and leaves unchecked needs to the auditor', async () => {
    let checks = 0;
    const services = createServices(
      '/repo',
      {},
      signal,
      countingSources({
        needChecks: {
          repl: async () => {
            checks += 1;
            return 'lake is not on PATH';
          },
        },
      }),
    );
    const runs = await runAuditors(
      [probe('judge', ['llm'], 'none'), probe('probe1', ['repl'], 'none'), probe('probe2', ['repl'], 'none'), probe('free', [], 'none')],
      services,
    );
    expect(runs.map((r) => [r.auditorId, r.status, r.reason])).toEqual([
      ['judge', 'ok', undefined],
      ['probe1', 'skipped', 'needs repl: lake is not on PATH'],
      ['probe2', 'skipped', 'needs repl: lake is not on PATH'],
      ['free', 'ok', undefined],
    ]);
    expect(checks).toBe(1);
    expect(runs.every((r) => r.meta?.id === r.auditorId)).toBe(true);
  });

  it('runs an auditor whose needs are all met', async () => {
    const services = createServices('/repo', {}, signal, countingSources({ needChecks: { llm: async () => undefined } }));
    const [run] = await runAuditors([probe('judge', ['llm', 'lean-project'], 'none')], services);
    expect(run).toMatchObject({ status: 'ok', metrics: { ran: 1 } });
  });

  it('checks the statements once for every auditor that reads the compile status, after the entities are paired', async () => {
    let checks = 0;
    const entity = { id: 'e', decls: [{ fullName: 'A.t' }] } as unknown as PairedEntity;
    const sources = countingSources({
      loadEntities: async () => [entity],
      checkStatements: async (_env, entities) => {
        checks += 1;
        return new Map(entities.map((e) => [e.id, { state: 'compiles' as const }]));
      },
    });
    const services = createServices('/repo', {}, signal, sources);
    const reader = (id: string): Auditor => ({
      meta: { id, description: id, rules: {} },
      async run(ctx) {
        ctx.metric('compiles', (await ctx.compileStatus()).get('e')?.state === 'compiles' ? 1 : 0);
      },
    });
    const runs = await runAuditors([reader('statement-compiles'), reader('direct-judge')], services);
    expect(runs.map((r) => r.metrics.compiles)).toEqual([1, 1]);
    expect(checks).toBe(1);
  });

  it('looks each library constant up once, whatever the batches it is asked in', async () => {
    const asked: string[][] = [];
    const services = createServices(
      '/repo',
      {},
      signal,
      countingSources({
        lookupConstants: async (_env, names) => {
          asked.push(names);
          return new Map(names.filter((n) => n !== 'Nope').map((n) => [n, { name: n, signature: ': Type', source: 'mathlib' }]));
        },
      }),
    );
    const first = await services.groundConstants!(['Finset.range', 'Nope']);
    const second = await services.groundConstants!(['Finset.range', 'Real.exp', 'Nope']);
    expect([...first.keys()]).toEqual(['Finset.range']);
    expect([...second.keys()]).toEqual(['Finset.range', 'Real.exp']);
    expect(asked).toEqual([['Finset.range', 'Nope'], ['Real.exp']]);
  });
});
