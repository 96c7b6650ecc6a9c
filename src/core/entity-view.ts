/** Entities as the reports show them: the informal text, the paired declarations, what each uses. */
import type { PairedEntity } from '../model/entity.js';
import type { EntityView } from './types.js';

/** Informal statements and Lean headers longer than this are cut in the report (the JSON stays small on large blueprints). */
export const ENTITY_TEXT_CHARS = 4000;

const cut = (text: string): string => (text.length > ENTITY_TEXT_CHARS ? `${text.slice(0, ENTITY_TEXT_CHARS)}…` : text);

/** The report's view of one paired entity. */
export function entityView(entity: PairedEntity): EntityView {
  const uses = [...new Set([...entity.uses, ...(entity.proofUses ?? [])])];
  return {
    id: entity.id,
    kind: entity.kind,
    ...(entity.title !== undefined ? { title: entity.title } : {}),
    statement: cut(entity.statement),
    ...(entity.location ? { location: entity.location } : {}),
    origin: entity.origin,
    ...(entity.status !== undefined ? { status: entity.status } : {}),
    leanNames: entity.leanNames,
    decls: entity.decls.map((d) => ({
      fullName: d.fullName,
      kind: d.kind,
      header: cut(d.header),
      ...(d.location ? { location: d.location } : {}),
      hasSorry: d.hasSorry,
    })),
    unresolved: entity.unresolved.map((u) => u.leanName),
    uses,
    ...(entity.selfConsistency ? { selfConsistency: true } : {}),
  };
}
