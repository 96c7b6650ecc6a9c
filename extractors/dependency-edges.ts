/**
 * Dependency edges between informal entities, as the source gives them: a blueprint's `\uses{…}`,
 * explicit citations (`\ref{label}`, `\cref{a, b}`, "by Theorem 1.2", "Lemma 142C"), a docstring
 * helper and the theorem it serves ("Helper for Theorem 2.1"), and the terms a definition
 * introduces (its title, `\emph{…}`, `\textbf{…}`, `**…**`) mentioned by another entity. Each edge
 * reads "`to` depends on `from`". Citations, `\uses` and helpers are the author's own; term edges
 * are guesses for an LLM to confirm (see the crossfile-reuse auditor).
 */
import { escapeRegExp } from '../src/core/regexp.js';
import type { Entity } from '../src/core/types.js';

export type EdgeSource = 'uses' | 'citation' | 'helper' | 'term';

export interface DependencyEdge {
  /** The entity depended on. */
  from: string;
  /** The entity that depends on it. */
  to: string;
  source: EdgeSource;
  /** Where in `to` the dependency is stated. */
  part: 'statement' | 'proof';
  /** The citation as written, or the term. */
  cue?: string;
}

/** Citations as prose writes them: "Theorem 1.2", "Lemma 142C", "Lemmas 2.1, 2.2 and 2.4". */
const NUMBER = '\\d+[A-Za-z]?(?:\\.\\d+[A-Za-z]?)*';
const CITATION = new RegExp(`\\b(Theorem|Lemma|Proposition|Corollary|Definition|Claim|Remark|Example|Exercise)s?\\s+(${NUMBER}(?:(?:\\s*,\\s*|\\s+and\\s+|\\s*,\\s*and\\s+)${NUMBER})*)`, 'gi');
const NUMBERS = new RegExp(NUMBER, 'g');
const LATEX_REF = /\\(?:c?ref|Cref|autoref|nameref)\*?\{([^{}]+)\}/g;
const LATEX_TERM = /\\(?:emph|textbf|textit|defn|term)\{([^{}$]+)\}/g;
const MARKDOWN_TERM = /\*\*([^*$]+)\*\*|(?<![*\w])\*([^*\s$][^*$]*)\*(?![*\w])|(?<![_\w])_([^_\s$][^_$]*)_(?![_\w])/g;
/** A term used by more than this share of the entities (and more than COMMON_TERM_FLOOR of them) is too common to signal a dependency. */
const COMMON_TERM_SHARE = 0.5;
const COMMON_TERM_FLOOR = 3;

const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The entity ids cited in `text`: LaTeX references to labels, and prose citations such as
 * "Theorem 1.2" — in the citing entity's own book first when ids are scoped (`book#Theorem 1.2`).
 */
function citations(text: string, ids: Map<string, string>, scope: string): { id: string; cue: string }[] {
  const found: { id: string; cue: string }[] = [];
  const lookup = (cited: string): string | undefined => ids.get(norm(`${scope}${cited}`)) ?? ids.get(norm(cited));
  for (const m of text.matchAll(LATEX_REF)) {
    for (const label of m[1]!.split(',').map((l) => l.trim())) {
      const id = lookup(label);
      if (id) found.push({ id, cue: m[0] });
    }
  }
  for (const m of text.matchAll(CITATION)) {
    for (const number of m[2]!.match(NUMBERS) ?? []) {
      const id = lookup(`${m[1]} ${number}`);
      if (id) found.push({ id, cue: m[0] });
    }
  }
  return found;
}

/** The terms a definition introduces: its short title and the words it sets in emphasis. */
export function introducedTerms(entity: Entity): string[] {
  if (entity.kind !== 'definition') return [];
  const terms = new Set<string>();
  const add = (raw: string | undefined): void => {
    const term = norm((raw ?? '').replace(/[()[\].,;:]/g, ' '));
    if (term.length >= 3 && term.split(' ').length <= 4 && !/\d/.test(term)) terms.add(term);
  };
  add(entity.title);
  const pattern = entity.origin === 'blueprint' ? LATEX_TERM : MARKDOWN_TERM;
  for (const m of entity.statement.matchAll(pattern)) add(m[1] ?? m[2] ?? m[3]);
  return [...terms];
}

/** A test for `term` as words in a text (a plural `s` allowed). */
function termPattern(term: string): RegExp {
  return new RegExp(`(?<![\\w-])${escapeRegExp(term).replace(/ /g, '\\s+')}s?(?![\\w-])`, 'i');
}

/**
 * Every dependency edge among `entities`, one per pair: `\uses` (statement, then proof), helpers,
 * citations, then term mentions — never for a term more than half of the entities mention.
 */
export function dependencyEdges(entities: Entity[]): DependencyEdge[] {
  const ids = new Map<string, string>(entities.map((e) => [norm(e.id), e.id]));
  const edges: DependencyEdge[] = [];
  const linked = new Set<string>();
  /** One edge per pair: the first source that links it (`\uses`, helper, citation, then term). */
  const add = (edge: DependencyEdge): void => {
    const key = `${edge.from}\0${edge.to}`;
    if (edge.from === edge.to || linked.has(key)) return;
    linked.add(key);
    edges.push(edge);
  };
  for (const entity of entities) {
    for (const label of entity.uses) if (ids.has(norm(label))) add({ from: ids.get(norm(label))!, to: entity.id, source: 'uses', part: 'statement' });
    for (const label of entity.proofUses ?? []) if (ids.has(norm(label))) add({ from: ids.get(norm(label))!, to: entity.id, source: 'uses', part: 'proof' });
    if (entity.helperOf && ids.has(norm(entity.helperOf))) add({ from: entity.id, to: ids.get(norm(entity.helperOf))!, source: 'helper', part: 'proof' });
  }
  for (const entity of entities) {
    const parts: ['statement' | 'proof', string][] = [['statement', entity.statement], ['proof', entity.proof ?? '']];
    const scope = entity.id.includes('#') ? entity.id.slice(0, entity.id.indexOf('#') + 1) : '';
    for (const [part, text] of parts) for (const { id, cue } of citations(text, ids, scope)) add({ from: id, to: entity.id, source: 'citation', part, cue });
  }
  for (const definition of entities) {
    for (const term of introducedTerms(definition)) {
      const pattern = termPattern(term);
      const users = entities.filter((e) => e !== definition && (pattern.test(e.statement) || pattern.test(e.proof ?? '')));
      if (users.length > Math.max(COMMON_TERM_FLOOR, COMMON_TERM_SHARE * entities.length)) continue;
      for (const user of users) {
        add({ from: definition.id, to: user.id, source: 'term', part: pattern.test(user.statement) ? 'statement' : 'proof', cue: term });
      }
    }
  }
  return edges;
}
