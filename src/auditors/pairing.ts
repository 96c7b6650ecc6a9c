/**
 * pairing — how the informal source's entities pair with the project's Lean declarations.
 *
 * What it checks: Lean names that match no declaration (what leanblueprint's `checkdecls` checks,
 * without building Lean; Mathlib is not searched, so `\mathlibok` names are left alone) or match
 * several; blueprint names that only end a project declaration's name (`\lean{}` takes full
 * names: `countableInfClosure` is not `IsCompactSystem.countableInfClosure`); `\leanok` (or status `proved`) claimed while the Lean proof contains `sorry`; entities
 * with no Lean name; one declaration claimed by several entities; `\uses` of unknown labels;
 * unknown `\lean…` markers; and what the extractor could not parse. Metrics: entities, with Lean
 * names, found, proof-complete.
 *
 * Why it matters: every semantic check starts from these pairs. A dangling name or a green
 * `\leanok` over a `sorry` makes a blueprint's progress figures wrong before any judge runs.
 *
 * Example: `\begin{lemma}\lean{Foo.bar}\leanok … \end{lemma}` with `theorem Foo.bar … := sorry`
 * → `leanok-sorry` on the lemma.
 */
import { extractAndPair } from '../../extractors/index.js';
import { coverage, sharedDecls } from '../../extractors/pairing.js';
import type { AuditContext, AuditorMeta, PairedEntity } from '../core/types.js';

export const meta: AuditorMeta = {
  id: 'pairing',
  description: 'pairs informal entities (blueprint, Markdown, docstrings, status JSON) with Lean declarations',
  defaultSeverity: 'warning',
  messages: {
    'not-found': '{{entity}}: Lean name `{{name}}` matches no declaration in the project sources',
    ambiguous: '{{entity}}: Lean name `{{name}}` is ambiguous: {{candidates}}',
    'not-full-name':
      "{{entity}}: `{{name}}` is not the full name of a project declaration (`\\lean{}` takes full names, as checkdecls does); the project's declarations ending with it: {{candidates}}",
    'leanok-sorry': '{{entity}} is marked {{claim}} but `{{decl}}` contains sorry',
    'no-lean-name': '{{entity}} ({{kind}}) names no Lean declaration',
    'shared-decl': '`{{decl}}` is claimed by {{count}} entities: {{entities}}',
    'unknown-use': '{{entity}} uses `{{label}}`, which labels no entity',
    'unknown-marker': '{{entity}}: marker \\{{marker}} is not a leanblueprint macro; kept, not interpreted',
    'source-problem': '{{message}}',
  },
  needs: ['entities'],
};

/** Whether the source claims a complete Lean proof: `\leanok` on the proof, or on a statement without one. */
function claim(entity: PairedEntity): string | undefined {
  if (entity.flags.proofLeanok) return entity.origin === 'json' ? `status ${entity.status}` : '\\leanok (proof)';
  if (entity.flags.leanok && entity.proof === undefined) return entity.origin === 'json' ? `status ${entity.status}` : '\\leanok';
  return undefined;
}

/** Reports the pairing findings and the coverage metrics. */
export async function run(ctx: AuditContext): Promise<void> {
  const entities = await ctx.entities();
  const { problems } = await extractAndPair(ctx);
  for (const problem of problems) {
    ctx.report({ messageId: 'source-problem', data: { message: problem.message }, location: problem.location, evidence: { problem: problem.messageId } });
  }
  const labels = new Set(entities.map((e) => e.id));
  for (const entity of entities) {
    const at = entity.location ? { location: entity.location } : {};
    const base = { entityId: entity.id, ...at };
    if (entity.leanNames.length === 0) {
      ctx.report({ ...base, messageId: 'no-lean-name', severity: 'info', data: { entity: entity.id, kind: entity.kind } });
    }
    for (const { leanName, candidates } of entity.unresolved) {
      if (entity.flags.mathlibok && entity.origin === 'blueprint') continue;
      if (entity.origin === 'blueprint' && candidates.length > 0) {
        ctx.report({ ...base, messageId: 'not-full-name', data: { entity: entity.id, name: leanName, candidates: candidates.join(', ') }, evidence: { candidates } });
      } else if (candidates.length > 1) {
        ctx.report({ ...base, messageId: 'ambiguous', data: { entity: entity.id, name: leanName, candidates: candidates.join(', ') }, evidence: { candidates } });
      } else if (!entity.flags.mathlibok) {
        ctx.report({ ...base, messageId: 'not-found', data: { entity: entity.id, name: leanName } });
      }
    }
    const claimed = claim(entity);
    for (const decl of claimed ? entity.decls.filter((d) => d.hasSorry) : []) {
      ctx.report({
        ...base,
        messageId: 'leanok-sorry',
        severity: 'error',
        data: { entity: entity.id, claim: claimed!, decl: decl.fullName },
        ...(decl.location ? { related: [{ location: decl.location, message: `${decl.fullName} contains sorry` }] } : {}),
      });
    }
    for (const label of new Set([...entity.uses, ...(entity.proofUses ?? [])])) {
      if (!labels.has(label)) ctx.report({ ...base, messageId: 'unknown-use', data: { entity: entity.id, label } });
    }
    for (const marker of entity.markers ?? []) {
      ctx.report({
        entityId: entity.id,
        ...(marker.location ? { location: marker.location } : at),
        messageId: 'unknown-marker',
        severity: 'info',
        data: { entity: entity.id, marker: marker.name },
        ...(marker.argument !== undefined ? { evidence: { argument: marker.argument } } : {}),
      });
    }
  }
  for (const [decl, claimants] of sharedDecls(entities)) {
    ctx.report({
      messageId: 'shared-decl',
      entityId: claimants[0]!.id,
      ...(claimants[0]!.location ? { location: claimants[0]!.location } : {}),
      data: { decl, count: claimants.length, entities: claimants.map((c) => c.id).join(', ') },
      related: claimants.slice(1).flatMap((c) => (c.location ? [{ location: c.location, message: `also claimed by ${c.id}` }] : [])),
    });
  }
  for (const [name, value] of Object.entries(coverage(entities))) ctx.metric(name, value);
  ctx.metric('problems', problems.length);
}
