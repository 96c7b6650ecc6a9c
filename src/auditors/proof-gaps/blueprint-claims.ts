/**
 * A blueprint's claims held to the code: an entity the informal source shows as proved whose
 * declarations rest on a gap (a `sorry`, a project axiom, `native_decide`) through the declarations
 * they reference, with the chain; and the per-kind statistics (stated, proved, fully proved: proved,
 * every name found, and no declaration resting on a gap), in all and per chapter. A node leanblueprint colours "fully proved" only looks at its `\uses` ancestors;
 * a gap in a declaration no node names is invisible there.
 */
import { provedClaim } from '../../../extractors/pairing.js';
import type { FindingInput } from '../../core/types.js';
import type { PairedDecl, PairedEntity } from '../../model/entity.js';
import type { LeanDecl, LeanFile } from '../../model/lean.js';
import type { Dependents } from './resting-on.js';

/** One entity's standing: what its source says of it, and what its declarations rest on. */
interface Standing {
  stated: boolean;
  proved: boolean;
  fullyProved: boolean;
}

/** The claim findings and the statistics of these entities. */
export interface ClaimsOutcome {
  findings: FindingInput[];
  metrics: Record<string, number>;
}

/**
 * Holds each entity's claim to its declarations: `gaps` are the declarations with a gap, each with
 * what it is (`a sorry`, `the axiom`, …), and `dependents` answers which chain reaches one.
 */
export function blueprintClaims(
  entities: readonly PairedEntity[],
  files: readonly LeanFile[],
  gaps: ReadonlyMap<LeanDecl, string>,
  dependents: Dependents,
): ClaimsOutcome {
  const byName = new Map<string, LeanDecl[]>();
  for (const file of files) for (const decl of file.decls) byName.set(decl.fullName, [...(byName.get(decl.fullName) ?? []), decl]);
  const declOf = (paired: PairedDecl): LeanDecl | undefined => {
    const found = byName.get(paired.fullName) ?? [];
    return found.length === 1 ? found[0] : found.find((decl) => decl.location?.file === paired.location?.file);
  };
  const roots = new Set(gaps.keys());
  const findings: FindingInput[] = [];
  const metrics: Record<string, number> = { 'claims-contradicted': 0, 'fully-proved': 0 };
  const count = (name: string): void => {
    metrics[name] = (metrics[name] ?? 0) + 1;
  };
  for (const entity of entities) {
    if (entity.flags.mathlibok) continue;
    const claim = provedClaim(entity);
    let restsOnGap = entity.decls.some((d) => d.hasSorry);
    for (const paired of claim === undefined ? [] : entity.decls) {
      const decl = declOf(paired);
      const chain = decl === undefined ? undefined : dependents.chain(decl, roots);
      if (chain === undefined) continue;
      restsOnGap = true;
      // A sorry in the declaration itself is pairing's `leanok-sorry`.
      if (chain.length === 1 && paired.hasSorry) continue;
      const root = chain[chain.length - 1]!;
      findings.push({
        messageId: 'claim-rests-on-gap',
        entityId: entity.id,
        ...(entity.location ? { location: entity.location } : {}),
        data: {
          entity: entity.id,
          claim: claim!,
          decl: decl!.fullName,
          gap: gaps.get(root)!,
          root: root.fullName,
          chain: chain.map((d) => d.fullName).join(' → '),
        },
        related: chain.flatMap((d, i) =>
          d.location
            ? [
                {
                  location: d.location,
                  message: i === chain.length - 1 ? `${d.fullName}: ${gaps.get(d)}` : `${d.fullName} uses ${chain[i + 1]!.fullName}`,
                },
              ]
            : [],
        ),
        evidence: {
          chain: chain.map((d) => ({ name: d.fullName, ...(d.location ? { file: d.location.file, line: d.location.line } : {}) })),
        },
      });
      count('claims-contradicted');
    }
    const standing: Standing = {
      stated: claim !== undefined || entity.flags.leanok === true,
      proved: claim !== undefined,
      fullyProved: claim !== undefined && !restsOnGap && entity.decls.length > 0 && entity.unresolved.length === 0,
    };
    if (standing.fullyProved) count('fully-proved');
    // A blueprint written as one file of sections (carleson's) has its sections for chapters.
    const chapter = entity.chapter ?? entity.section;
    const scopes = [`kind:${entity.kind}`, ...(chapter ? [`chapter:${chapter}:${entity.kind}`] : [])];
    for (const scope of scopes) {
      count(`${scope}:entities`);
      for (const [name, held] of Object.entries(standing)) if (held) count(`${scope}:${STAT_NAMES[name as keyof Standing]}`);
    }
  }
  return { findings, metrics };
}

const STAT_NAMES: Record<keyof Standing, string> = { stated: 'stated', proved: 'proved', fullyProved: 'fully-proved' };
