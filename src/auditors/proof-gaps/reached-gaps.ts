/**
 * The results (theorems and lemmas nothing else in the project uses) that rest on a gap in another
 * file: a sorry, a sorry macro's use or a project axiom, reached through the references the source
 * model resolved. Their own proof is complete, so a reader of their file sees nothing; the chain
 * `result → A → B → gap` says where to look.
 */
import type { FindingInput } from '../../core/types.js';
import type { LeanDecl, LeanFile } from '../../model/lean.js';
import type { Dependents } from './resting-on.js';

/** The declarations whose value is a proof and that state a result. */
const RESULT_KINDS: ReadonlySet<string> = new Set(['theorem', 'lemma']);

/** What a gap at the end of a chain is, for the message. */
const gapName = (gap: LeanDecl): string => (gap.kind === 'axiom' ? `the axiom ${gap.fullName}` : `the sorry in ${gap.fullName}`);

/**
 * One finding per result of `files` resting on one of `gaps` declared in another file, with the
 * shortest chain; `skip` holds the files whose declarations are not results (deliberate gaps).
 */
export function* reachedGapFindings(
  files: readonly LeanFile[],
  dependents: Dependents,
  gaps: ReadonlySet<LeanDecl>,
  skip: (path: string) => boolean,
): Generator<FindingInput> {
  if (gaps.size === 0) return;
  const resting = new Set(dependents.restingOn(gaps));
  const fileOf = new Map(files.flatMap((file) => file.decls.map((decl) => [decl, file.path] as const)));
  const place = (decl: LeanDecl): string => `${fileOf.get(decl)}${decl.location ? `:${decl.location.line}` : ''}`;
  for (const file of files) {
    if (skip(file.path)) continue;
    for (const decl of file.decls) {
      if (!RESULT_KINDS.has(decl.kind) || !resting.has(decl) || dependents.isUsed(decl)) continue;
      const chain = dependents.chain(decl, gaps);
      const gap = chain?.at(-1);
      const gapFile = gap && fileOf.get(gap);
      if (chain === undefined || gap === undefined || gapFile === file.path) continue;
      yield {
        messageId: 'rests-on-gap',
        entityId: decl.fullName,
        ...(decl.location ? { location: decl.location } : {}),
        data: { decl: decl.fullName, gap: gapName(gap), file: gapFile ?? '', chain: chain.map((d) => d.fullName).join(' → ') },
        ...(gap.location ? { related: [{ location: gap.location, message: gapName(gap) }] } : {}),
        evidence: {
          chain: chain.map((d) => ({ name: d.fullName, place: place(d) })),
          gap: { name: gap.fullName, kind: gap.kind === 'axiom' ? 'axiom' : 'sorry' },
        },
      };
    }
  }
}
