import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contamination from '../../src/auditors/contamination.js';
import type { Config } from '../../src/core/config.js';
import { runAuditor } from '../../src/core/runner.js';
import type { PairedEntity } from '../../src/model/entity.js';

const root = join(import.meta.dirname, '..', 'contamination', 'fixtures', 'planted');

function services(config: Config, entities: PairedEntity[] = []) {
  return {
    root,
    config,
    signal: new AbortController().signal,
    project: () => Promise.reject(new Error('no project')),
    entities: () => Promise.resolve(entities),
  };
}

const entity = (id: string, statement: string): PairedEntity => ({
  id,
  kind: 'theorem',
  statement,
  leanNames: [],
  uses: [],
  flags: {},
  location: { file: 'blueprint/src/content.tex', line: 3 },
  origin: 'blueprint-latex',
  decls: [],
  unresolved: [],
});

describe('contamination auditor', () => {
  it('is skipped, with the reason, when no corpus is configured', async () => {
    const run = await runAuditor(contamination, services({}));
    expect(run.status).toBe('skipped');
    expect(run.reason).toMatch(/no corpus configured/);
  });

  it('reports dirty and suspicious items, name leaks and the configuration hash', async () => {
    const run = await runAuditor(contamination, services({ contamination: { bench: ['bench.jsonl'], corpus: ['corpus'], threads: 0 } }));
    expect(run.status).toBe('ok');
    const byMessage = (id: string) => run.findings.filter((f) => f.messageId === id);
    expect(byMessage('dirty').map((f) => [f.entityId, f.severity, f.location?.line])).toEqual([
      ['planted_verbatim', 'error', 1],
      ['planted_renamed', 'error', 2],
      ['planted_ascii', 'error', 3],
      ['planted_reordered', 'error', 4],
      ['planted_binders', 'error', 5],
      ['planted_spacing', 'error', 6],
      ['planted_informal_case', 'error', 8],
    ]);
    const renamed = byMessage('dirty')[1]!;
    expect(renamed.message).toMatch(/Lean statement matches product_bound/);
    expect(byMessage('dirty')[4]!.message).toMatch(
      /Lean statement matches card_fun_fin \(token 8-gram coverage 1.00, longest run \d+ of \d+ tokens; shares the conclusion; after canonicalizing binder order, variable names, hypothesis names\)/,
    );
    expect(renamed.related?.[0]?.location.line).toBe(3);
    expect(byMessage('name-leak').map((f) => f.entityId)).toEqual(['planted_verbatim', 'planted_spacing']);
    expect(byMessage('configuration')[0]!.message).toMatch(/^configuration [0-9a-f]{16}: normalizer v1/);
    expect(run.metrics).toMatchObject({ items: 11, dirty: 7, suspicious: 0, clean: 4, nameLeaks: 2 });
  });

  it('scans the project entities when no benchmark is configured', async () => {
    const run = await runAuditor(
      contamination,
      services({ contamination: { corpus: ['corpus'], threads: 0 } }, [
        entity(
          'thm:copied',
          'Show that if you multiply four successive natural numbers together and add one, you always obtain a square number.',
        ),
        entity('thm:own', 'Every finite integral domain is a field.'),
      ]),
    );
    expect(run.findings.filter((f) => f.messageId === 'dirty').map((f) => f.entityId)).toEqual(['thm:copied']);
    expect(run.metrics.items).toBe(2);
  });

  it('is an error run naming the bad setting when the section is invalid', async () => {
    const run = await runAuditor(
      contamination,
      services({ contamination: { corpus: ['corpus'], thresholds: { suspicious: 0.9, dirty: 0.5 } } }),
    );
    expect(run.status).toBe('error');
    expect(run.reason).toMatch(/thresholds.suspicious must not exceed thresholds.dirty/);
  });
});
