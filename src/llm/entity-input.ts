/** Renders a paired entity into what the judges are shown. */
import type { PairedDecl, PairedEntity } from '../model/entity.js';
import type { LeanProject } from '../model/lean.js';
import { type JudgeInput, truncateMarked } from './protocols.js';

const AUX_KINDS = new Set(['def', 'abbrev', 'structure', 'class', 'inductive', 'opaque', 'axiom', 'instance']);
const AUX_CHARS = 600;
const AUX_TOTAL = 3000;

/** `theorem Foo.bar (x : ℕ) : x = x`: the declaration as a reader would write it, without its proof. */
export function formalText(decl: Pick<PairedDecl, 'kind' | 'fullName' | 'header'>): string {
  return `${decl.kind} ${decl.fullName} ${decl.header}`.trim();
}

/**
 * Project definitions the entity's declaration headers refer to, with their values (so a definition made
 * `True` or `sorry` is visible to the judge), each cut at 600 characters, 3000 in all.
 */
export function auxiliaryText(entity: PairedEntity, project: LeanProject | undefined): string {
  if (!project) return '';
  const own = new Set(entity.decls.map((d) => d.fullName));
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const d of entity.decls) {
    const decl = project.decls.get(d.fullName);
    for (const ref of decl?.references.slice(0, decl.headerReferences) ?? []) {
      const target = project.decls.get(ref);
      if (!target || own.has(ref) || seen.has(ref) || !AUX_KINDS.has(target.kind)) continue;
      seen.add(ref);
      const value = target.body === undefined ? '' : ` ${target.body.trim()}`;
      parts.push(truncateMarked(`${target.kind} ${target.fullName} ${target.header}${value}`, AUX_CHARS));
    }
  }
  return truncateMarked(parts.join('\n\n'), AUX_TOTAL);
}

/** The judge input of one entity; `contextChars` bounds the surrounding text. */
export function judgeInputOf(entity: PairedEntity, contextChars: number, auxiliary = ''): JudgeInput {
  const variables = [...new Set(entity.decls.flatMap((d) => d.variables))];
  return {
    kind: entity.kind,
    name: entity.title ? `${entity.id} (${entity.title})` : entity.id,
    leanName: entity.decls.map((d) => d.fullName).join(', '),
    informal: entity.statement.trim(),
    formal: entity.decls.map(formalText).join('\n\n'),
    variables: variables.join('\n'),
    auxiliary,
    context: entity.context ? truncateMarked(entity.context.trim(), contextChars) : '',
    caseSplit: entity.decls.length > 1,
  };
}

/** Why an entity cannot be judged at all, or undefined when it can. */
export function unjudgeableCause(entity: PairedEntity): string | undefined {
  if (entity.decls.length === 0) {
    const names = entity.unresolved.map((u) => u.leanName).join(', ');
    return names ? `no Lean declaration resolved for ${names}` : 'no Lean declaration paired';
  }
  if (!entity.statement.trim()) return 'empty informal statement';
  return undefined;
}
