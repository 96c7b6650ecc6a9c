/**
 * Which informal source `auto` reads when a repository holds several: every source present is
 * extracted and paired; a source written apart from the Lean (blueprint, Verso blueprint, status
 * JSON, Markdown textbook) that pairs a declaration is preferred to the formalizer's docstrings,
 * then the one pairing the most declarations is taken; sources that number items the same way (a
 * Markdown textbook and the Lean docstrings) are combined where they do not conflict, and every
 * other candidate is reported with the reason it was left out. A Markdown file found by looking
 * (not configured) is a textbook only if its entities pair with declarations.
 */
import type { Entity, PairedEntity } from '../src/model/entity.js';
import { extractBlueprint, findBlueprintEntry } from './blueprint-latex.js';
import { documentedDecls, extractDocstrings } from './lean-docstring.js';
import { extractMarkdown, listMarkdown, looksLikeTextbook, readDocument } from './markdown.js';
import { extractStatusJson, findStatusJson } from './status-json.js';
import type { ExtractInput, Extraction, SourceCandidate, SourceKind } from './types.js';
import { extractVerso, findVersoBlueprint } from './verso-blueprint.js';

/** The order sources are preferred in when they pair as many declarations (or none can be paired). */
const PRIORITY: readonly SourceKind[] = ['blueprint', 'verso', 'json', 'markdown', 'docstring'];
/** Sources that name items by their number in the book (`Theorem 2.1`), so that one item has one id in each. */
const NUMBERED: ReadonlySet<SourceKind> = new Set(['markdown', 'docstring']);

/** Pairs entities with the project's declarations (pairing.ts's `pairEntities`, given by the caller). */
export type Pair = (entities: Entity[]) => PairedEntity[];

interface Tried {
  extraction: Extraction;
  paired: PairedEntity[];
  decls: Set<string>;
}

/** The sources present in the repository, in order of preference. */
function presentSources(input: ExtractInput): SourceKind[] {
  const { root, options, project } = input;
  const present: SourceKind[] = [];
  if (findBlueprintEntry(root, options.blueprint)) present.push('blueprint');
  if (findVersoBlueprint(root, options.verso).length > 0) present.push('verso');
  if (findStatusJson(root, options.json)) present.push('json');
  if (options.markdown || listMarkdown(root, '', 4).some((f) => looksLikeTextbook(readDocument(root, f, []) ?? '')))
    present.push('markdown');
  if (project && documentedDecls(project).length > 0) present.push('docstring');
  return present;
}

/** The extractor of each kind of source. */
export const EXTRACTORS: Record<SourceKind, (input: ExtractInput) => Extraction> = {
  blueprint: extractBlueprint,
  verso: extractVerso,
  markdown: extractMarkdown,
  docstring: extractDocstrings,
  json: extractStatusJson,
};

const pairedDecls = (paired: PairedEntity[]): Set<string> => new Set(paired.flatMap((e) => e.decls.map((d) => d.fullName)));

function attempt(kind: SourceKind, input: ExtractInput, pair: Pair): Tried {
  const extraction = EXTRACTORS[kind](input);
  const paired = pair(extraction.entities);
  return { extraction, paired, decls: pairedDecls(paired) };
}

/**
 * Markdown files found by looking are kept when one of their entities pairs with a declaration;
 * the others (design notes, plans, READMEs with a "Problem 1") are rejected, each with its reason.
 * Without a Lean project nothing can pair, and every textbook-like file is kept.
 */
function keepTextbooks(tried: Tried, input: ExtractInput, candidates: SourceCandidate[]): Tried {
  if (input.options.markdown || !input.project) return tried;
  const pairs = new Set(tried.paired.filter((e) => e.decls.length > 0).map((e) => e.location.file));
  for (const file of tried.extraction.files.filter((f) => !pairs.has(f))) {
    const count = tried.extraction.entities.filter((e) => e.location.file === file).length;
    candidates.push({
      source: 'markdown',
      files: [file],
      entities: count,
      pairedDecls: 0,
      outcome: 'rejected',
      reason: `${count === 1 ? 'its one entity does not pair' : `none of its ${count} entities pairs`} with a Lean declaration, so it is not read as a textbook (list it in extract.markdown to read it anyway)`,
    });
  }
  const keep = (e: { location: { file: string } }) => pairs.has(e.location.file);
  const entities = tried.extraction.entities.filter(keep);
  return {
    extraction: {
      ...tried.extraction,
      entities,
      files: tried.extraction.files.filter((f) => pairs.has(f)),
      problems: tried.extraction.problems.filter((p) => pairs.has(p.location.file) || !tried.extraction.files.includes(p.location.file)),
    },
    paired: tried.paired.filter(keep),
    decls: tried.decls,
  };
}

/** Adds to `chosen` the entities of `other` that conflict with none of it; returns what was done, for the candidate's reason. */
function combine(chosen: Tried, other: Tried): { added: number; merged: number; conflicting: number } {
  const ids = new Map(chosen.extraction.entities.map((e, k) => [e.id.toLowerCase(), k]));
  let [added, merged, conflicting] = [0, 0, 0];
  other.paired.forEach((paired, k) => {
    const entity = other.extraction.entities[k]!;
    const same = ids.get(entity.id.toLowerCase());
    if (same !== undefined) {
      // One item in both: the textbook's words are the informal statement, the docstrings' parts its Lean.
      if (entity.origin === 'markdown' && chosen.extraction.entities[same]!.origin === 'docstring') {
        chosen.extraction.entities[same] = entity;
        chosen.paired[same] = paired;
      }
      merged++;
    } else if (paired.decls.some((d) => chosen.decls.has(d.fullName))) conflicting++;
    else {
      chosen.extraction.entities.push(entity);
      chosen.paired.push(paired);
      ids.set(entity.id.toLowerCase(), chosen.extraction.entities.length - 1);
      for (const d of paired.decls) chosen.decls.add(d.fullName);
      added++;
    }
  });
  chosen.extraction.files.push(...other.extraction.files.filter((f) => !chosen.extraction.files.includes(f)));
  chosen.extraction.problems.push(...other.extraction.problems);
  return { added, merged, conflicting };
}

/**
 * The source to read: a blueprint, Verso blueprint or status JSON pairing the most declarations,
 * unless the numbered sources together (a Markdown textbook and the docstrings, combined) pair
 * more; the formalizer's docstrings alone never beat a source written apart from the Lean that
 * pairs at all. Among the numbered sources, the one pairing more (the textbook on a tie).
 */
function choose(present: SourceKind[], tried: Map<SourceKind, Tried>): SourceKind {
  const decls = (k: SourceKind) => tried.get(k)!.decls.size;
  const byDecls = (kinds: SourceKind[]) =>
    kinds
      .filter((k) => tried.get(k)!.extraction.entities.length > 0)
      .sort((a, b) => decls(b) - decls(a) || PRIORITY.indexOf(a) - PRIORITY.indexOf(b))[0];
  const labelled = byDecls(present.filter((k) => !NUMBERED.has(k)));
  const numbered = byDecls(present.filter((k) => NUMBERED.has(k)));
  if (!numbered) return labelled ?? present[0]!;
  if (!labelled) return numbered;
  const together = new Set(present.filter((k) => NUMBERED.has(k)).flatMap((k) => [...tried.get(k)!.decls])).size;
  const textbook = present.includes('markdown') && decls('markdown') > 0;
  return decls(labelled) > 0 && (!textbook || decls(labelled) >= together) ? labelled : numbered;
}

/**
 * Extracts every source present, takes the one pairing the most declarations (by preference on a
 * tie), combines the numbered ones, and lists every candidate with what became of it.
 */
export function chooseSources(input: ExtractInput, pair: Pair): { extraction: Extraction; paired: PairedEntity[] } {
  const present = presentSources(input);
  if (present.length === 0) {
    const extraction = extractDocstrings(input);
    return { extraction: { ...extraction, candidates: [] }, paired: pair(extraction.entities) };
  }
  const candidates: SourceCandidate[] = [];
  const tried = new Map<SourceKind, Tried>();
  for (const kind of present) {
    const result = attempt(kind, input, pair);
    tried.set(kind, kind === 'markdown' ? keepTextbooks(result, input, candidates) : result);
  }
  const kind = choose(present, tried);
  const chosen = tried.get(kind)!;
  const summary = (k: SourceKind, t: Tried) => ({
    source: k,
    files: [...t.extraction.files],
    entities: t.extraction.entities.length,
    pairedDecls: t.decls.size,
  });
  const chosenSummary = summary(kind, chosen);
  const others: SourceCandidate[] = [];
  for (const k of present.filter((p) => p !== kind)) {
    const other = tried.get(k)!;
    const base = summary(k, other);
    if (other.extraction.entities.length === 0) {
      others.push({ ...base, outcome: 'rejected', reason: 'no entities' });
    } else if (NUMBERED.has(kind) && NUMBERED.has(k)) {
      const { added, merged, conflicting } = combine(chosen, other);
      const parts = [
        `${added} ${added === 1 ? 'entity' : 'entities'} added`,
        ...(merged > 0 ? [`${merged} merged with the same item of the ${kind}`] : []),
        ...(conflicting > 0 ? [`${conflicting} left out: they claim declarations the ${kind}'s entities claim`] : []),
      ];
      others.push({ ...base, outcome: 'combined', reason: parts.join(', ') });
    } else {
      const shared = [...other.decls].filter((d) => chosen.decls.has(d)).length;
      const why =
        k === 'docstring'
          ? `the ${kind} is the informal source and the docstrings restate it in the formalizer's words (${shared} of their ${other.decls.size} declarations are the ${kind}'s)`
          : `the ${kind} pairs more declarations (${chosen.decls.size} against ${other.decls.size}; ${shared} are both's)`;
      const naming =
        NUMBERED.has(kind) === NUMBERED.has(k) ? '' : ', and the two name items differently, so one item could be counted twice';
      others.push({ ...base, outcome: 'rejected', reason: why + naming });
    }
  }
  const problems = chosen.extraction.problems;
  return {
    extraction: { ...chosen.extraction, problems, candidates: [{ ...chosenSummary, outcome: 'chosen' }, ...others, ...candidates] },
    paired: chosen.paired,
  };
}
