/**
 * contamination — do benchmark items already appear in a corpus?
 *
 * What it checks: every benchmark item (from `contamination.bench`, else the audited project's own
 * entities) against the corpora of `contamination.corpus`, on four channels: exact 50-character
 * windows (η), word 13-/8-grams, Lean-aware token n-grams, and the theorem name.
 * Why it matters: an item found in training data or a library measures recall, not proving; a
 * formalization whose statements match a public source may have copied its answers.
 * Example: `{"contamination": {"bench": ["minif2f.jsonl"], "corpus": ["/data/lean-corpus"]}}` reports
 * `mathd_algebra_10 (minif2f) is dirty: exact windows η=0.93 (27/29); best match Corpus/Algebra.lean:41`.
 */
import { isAbsolute, resolve } from 'node:path';
import type { BenchSpec, ContaminationConfig } from '../contamination/config.js';
import { resolveSettings } from '../contamination/config.js';
import { CONTAMINATION_RULES, reportOutcome } from '../contamination/findings.js';
import { itemsFromEntities } from '../contamination/items.js';
import { defaultThreads } from '../contamination/pool.js';
import { runScan } from '../contamination/run.js';
import type { AuditContext, AuditorMeta } from '../core/types.js';

export const meta: AuditorMeta = {
  id: 'contamination',
  description: 'benchmark items (or the project statements) found in a corpus: exact windows, word n-grams, Lean tokens, names',
  rules: CONTAMINATION_RULES,
};

/** Runs the scan configured in the `contamination` section; skipped when no corpus is configured. */
export async function run(ctx: AuditContext): Promise<void> {
  const section = ctx.config.contamination as ContaminationConfig | undefined;
  if (!section?.corpus?.length) ctx.skip('no corpus configured (contamination.corpus)');
  const settings = resolveSettings(section);
  const at = (p: string): string => (isAbsolute(p) ? p : resolve(ctx.root, p));
  const bench: BenchSpec[] = (section.bench ?? []).map((b) => (typeof b === 'string' ? { path: at(b) } : { ...b, path: at(b.path) }));
  const items = bench.length === 0 ? itemsFromEntities(await ctx.entities()) : [];
  if (bench.length === 0 && items.length === 0) ctx.skip('no benchmark configured and the project has no entities');
  const outcome = await runScan({
    bench,
    items,
    corpus: section.corpus.map(at),
    ...(section.corpusFields ? { corpusFields: section.corpusFields } : {}),
    settings,
    threads: section.threads ?? defaultThreads(),
    signal: ctx.signal,
  });
  reportOutcome(outcome, ctx);
}
