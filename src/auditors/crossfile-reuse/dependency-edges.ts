/**
 * Dependency edges between informal entities, as the source gives them: a blueprint's `\uses{…}`,
 * explicit citations (`\ref{label}`, `\cref{a, b}`, "by Theorem 1.2", "Lemma 142C", also in the
 * docstrings of an entity's parts: a helper's citations are its proof's), and the terms a definition
 * introduces (its title, `\emph{…}`, `\textbf{…}`, `**…**`) mentioned by another entity. Each edge
 * reads "`to` depends on `from`". Citations and `\uses` are the author's own; term edges are
 * guesses for an LLM to confirm (see the crossfile-reuse auditor).
 */

import { STATING_ROLES } from '../../../extractors/doc-heading.js';
import { normalizeKind } from '../../../extractors/text.js';
import { escapeRegExp } from '../../core/regexp.js';
import type { Entity } from '../../model/entity.js';

export type EdgeSource = 'uses' | 'citation' | 'term';

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
  /**
   * A citation by analogy ("analogous to Lemma 2.1"), for a term or notation only ("F as defined in
   * Lemma 2.1"), in a remark ("Lemma 2.1 is the particular case …"), or by only some of the item's
   * proofs when it has several (`other-proof`): no use of the result the statement needs.
   */
  weak?: WeakCitation;
}

export type WeakCitation = 'analogy' | 'terminology' | 'remark' | 'other-proof';

/**
 * Words before a citation, in its clause, that cite by analogy: the result is not used, its proof is
 * imitated ("analogous to", "repeat the proof of", "the same as that of", "as in the beginning of"),
 * or it is what something else replaces ("with Lemma 3 in place of Lemma 2", "replace Lemma 2 with").
 */
const ANALOGY_WORDS = [
  'analogous(?:ly)?|symmetric(?:ally)?|similar(?:ly)?|likewise|mimic(?:s|king)?|mirrors?|parallels?|cf\\.|compare',
  'in the same (?:way|manner|fashion)|(?:same|similar|identical) (?:argument|proof|reasoning|strategy)',
  '(?:repeat|repeating|follow|following|adapt|adapting|modify|modifying|imitate|imitating)s? the (?:proof|argument|strategy|method)s?',
  '(?:the )?same as (?:that|those|the proof)|along the lines|variant of|in place of|replac(?:e|es|ed|ing)',
  'as in(?= the (?:beginning|proof|end|case|setting|derivation|argument))',
  '(?:same|similar|identical) (?:method|approach|technique|idea)s?',
  // A step inside another result's proof ("Claim 1 in the proof of Proposition 2"): no declaration states it.
  '(?:in|from) the proof of',
];
const ANALOGY = new RegExp(`\\b(?:${ANALOGY_WORDS.join('|')})\\b(?:[^.;:,]|\\.(?=\\d)){0,80}$`, 'i');
/**
 * Words before a citation that cite it for a definition, a notation, hypotheses or the statement
 * itself only: "F as defined in Lemma 2", "as in Lemma 2", "if equality holds in Lemma 2", "under
 * the hypotheses of Theorem 2", "the Lean formalization of Proposition 2", or a "where" clause
 * naming an object ("where C is the matrix from Lemma 2").
 */
const TERMINOLOGY = new RegExp(
  [
    '\\b(?:(?:as )?defined in|(?:as )?introduced in|in the (?:sense|notation) of|(?:with|using) the notation (?:of|from)|notation (?:of|from|as in)',
    'as in|equality (?:holds )?in|under the (?:hypotheses|assumptions|conditions|notations?|setting) of',
    '(?:lean )?(?:formali[sz]ation|version|restatement|reformulation) of)\\s*$',
    '\\bwhere\\b[^.;]{0,100}\\b(?:from|in)\\s*$',
  ].join('|'),
  'i',
);
/**
 * Words that make a citation a remark rather than a step: the same statement said again ("This is the
 * exact same statement as Lemma 2") or how two other results relate ("Theorem 1 is the particular case of
 * Theorem 2", not "This is a special case of Theorem 2"), before it; the cited result a special case of
 * the citing one ("Theorem 2 is the particular case p = 1"), after it.
 */
const REMARK_BEFORE =
  /(?:\b(?:the )?(?:exact )?same (?:statement|result|claim) as|(?:\\c?ref\{[^{}]*\}|\d+(?:\.\d+)*[A-Za-z]?) (?:is|are)(?:,? of course,)? (?:the|a) (?:particular|special) cases? of)\s*$/i;
const REMARK_AFTER = /^\s*(?:is|are)(?:,? of course,)? (?:the|a) (?:particular|special) cases?\b/i;
/** A generalization of the cited result is what is used: "(Lemma 2, generalized)". */
const GENERALIZED_AFTER = /^\s*,?\s*(?:suitably |appropriately )?generali[sz]ed\b/i;
/** How far before a citation its sentence is read for the words above. */
const CONTEXT = 160;

/** Words around a citation in a statement that say the result is used, at most three words before it: "a consequence of Theorem 4", "by Theorem 1.2 and Theorem 4", "Theorem 4 yields". */
const USE_BEFORE =
  /\b(?:by|using|uses?|via|thanks to|because of|consequences? of|follows? from|applying|apply|from which)\s+(?:[^\s.;:,]+\s+|\d+(?:\.\d+)*\s+){0,3}$/i;
/** Kinds of entities that state no result of their own: their statements cite to name an object or a setting. */
const DESCRIPTIVE_KINDS = new Set(['definition', 'remark', 'text', 'notation']);
const USE_AFTER = /^[^.;:,]{0,20}?\b(?:yields?|gives|implies|shows)\b/i;

/**
 * Whether a citation in a statement says the result is used. A statement cites mostly for its
 * setting ("in the setting of Definition 4", "assume the hypotheses of Theorem 4", "the map from
 * Proposition 2"), or to define, restate or illustrate: such a citation is weak unless these words say otherwise.
 */
function citedForUse(text: string, index: number, cue: string): boolean {
  const spaced = (part: string): string => part.replace(/[~\s]+/g, ' ');
  return USE_BEFORE.test(spaced(text.slice(Math.max(0, index - CONTEXT), index))) || USE_AFTER.test(spaced(text.slice(index + cue.length)));
}

/**
 * Whether the citation `cue` at `index` of `text` is by analogy, for terminology only or in a remark,
 * from the words before it in its sentence and those right after it.
 */
export function weakCitation(text: string, index: number, cue = ''): WeakCitation | undefined {
  const before = text.slice(Math.max(0, index - CONTEXT), index);
  const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n\n')) + 1).replace(/[~\s]+/g, ' ');
  const after = text.slice(index + cue.length, index + cue.length + CONTEXT).replace(/[~\s]+/g, ' ');
  if (REMARK_BEFORE.test(sentence.replace(/\b(?:Theorem|Lemma|Proposition|Corollary|Definition)\s*$/i, '')) || REMARK_AFTER.test(after))
    return 'remark';
  if (ANALOGY.test(sentence) || GENERALIZED_AFTER.test(after)) return 'analogy';
  if (TERMINOLOGY.test(sentence.replace(/\b(?:Theorem|Lemma|Proposition|Corollary|Definition)\s*$/i, ''))) return 'terminology';
  return undefined;
}

/** Citations as prose writes them: "Theorem 1.2", "Lemma 142C", "Lemmas 2.1, 2.2 and 2.4", ranges "Lemmas 2.1–2.4", "Theorems 142A--142C". */
const NUMBER = '\\d+[A-Za-z]?(?:\\.\\d+[A-Za-z]?)*';
/**
 * Between two numbers of a range: an en or em dash, LaTeX's `--`, a spaced hyphen, "to", "through";
 * a bare hyphen only after a plural ("Lemmas 4-6"), as "Proposition 3-14" may be one number.
 */
const RANGE_MARK = '–|—|--|\\s-\\s|-|\\bto\\b|\\bthrough\\b';
const LIST_SEPARATOR = `\\s*,\\s*|\\s*/\\s*|\\s+and\\s+|\\s*,\\s*and\\s+|\\s*(?:${RANGE_MARK})\\s*`;
const CITATION = new RegExp(
  `\\b(Theorem|Lemma|Proposition|Corollary|Definition|Claim|Remark|Example|Exercise|Algorithm|Thm|Lem|Prop|Cor|Defn)(s?)\\.?\\s+(${NUMBER}(?:(?:${LIST_SEPARATOR})${NUMBER})*)`,
  'gi',
);
/** A number as a book prints its items, with a capital letter (`355D`, `1.12B`): cited bare ("a corollary of 355D") when one entity has it. */
const LETTERED_NUMBER = /(?<![\w.])\d+(?:\.\d+)*[A-Z](?![\w])/g;
const NUMBER_OR_RANGE = new RegExp(`${NUMBER}|${RANGE_MARK}`, 'g');
/** The longest range read as every number in it; a longer one, or one whose ends differ before their last part, is read as its two ends. */
const MAX_RANGE = 30;
const LATEX_REF = /\\(?:c?ref|Cref|autoref|nameref)\*?\{([^{}]+)\}/g;
const LATEX_TERM = /\\(?:emph|textbf|textit|defn|term)\{([^{}$]+)\}/g;
const MARKDOWN_TERM = /\*\*([^*$]+)\*\*|(?<![*\w])\*([^*\s$][^*$]*)\*(?![*\w])|(?<![_\w])_([^_\s$][^_$]*)_(?![_\w])/g;
/** A term used by more than this share of the entities (and more than COMMON_TERM_FLOOR of them) is too common to signal a dependency. */
const COMMON_TERM_SHARE = 0.5;
const COMMON_TERM_FLOOR = 3;

const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The numbers a citation's list names, ranges spelled out: `2.1–2.3` is 2.1, 2.2 and 2.3,
 * `142A--142C` is 142A, 142B and 142C, `7.1.4-6` is 7.1.4, 7.1.5 and 7.1.6. After a singular noun
 * (`plural` false) a bare hyphen ends the list.
 */
export function citedNumbers(list: string, plural = true): string[] {
  const out: string[] = [];
  const tokens = list.match(NUMBER_OR_RANGE) ?? [];
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (/^\d/.test(token)) out.push(token);
    else if (token === '-' && !plural) break;
    else if (out.length > 0 && k + 1 < tokens.length && /^\d/.test(tokens[k + 1]!))
      out.push(...rangeAfter(out[out.length - 1]!, tokens[++k]!));
  }
  return out;
}

/** The numbers after `from` up to `to` (`6` standing for `7.1.6` after `7.1.4`), when both differ only in their last part, by an integer or a letter. */
function rangeAfter(from: string, short: string): string[] {
  const parts = from.split('.');
  const given = short.split('.');
  const to = given.length < parts.length ? [...parts.slice(0, parts.length - given.length), ...given].join('.') : short;
  const cut = from.lastIndexOf('.');
  const [prefix, first, last] = [from.slice(0, cut + 1), from.slice(cut + 1), to.slice(cut + 1)];
  if (!to.startsWith(prefix) || last.includes('.')) return [to];
  const numbers = /^\d+$/.test(first) && /^\d+$/.test(last) ? [Number(first), Number(last)] : undefined;
  const letters = /^(\d+)([A-Za-z])$/.exec(first);
  const lettersTo = /^(\d+)([A-Za-z])$/.exec(last);
  let steps: string[] = [];
  if (numbers && numbers[1]! > numbers[0]! && numbers[1]! - numbers[0]! <= MAX_RANGE) {
    steps = Array.from({ length: numbers[1]! - numbers[0]! }, (_, k) => String(numbers[0]! + k + 1));
  } else if (letters && lettersTo && letters[1] === lettersTo[1]) {
    const [a, b] = [letters[2]!.charCodeAt(0), lettersTo[2]!.charCodeAt(0)];
    if (b > a && b - a <= 25 && a >= 97 === b >= 97)
      steps = Array.from({ length: b - a }, (_, k) => `${letters[1]}${String.fromCharCode(a + k + 1)}`);
  }
  return steps.length > 0 ? steps.map((step) => prefix + step) : [to];
}

/**
 * The entity ids cited in `text`: LaTeX references to labels, and prose citations such as
 * "Theorem 1.2" — in the citing entity's own book first when ids are scoped (`book#Theorem 1.2`).
 */
function citations(
  text: string,
  ids: Map<string, string>,
  lettered: Map<string, string>,
  scope: string,
  part: 'statement' | 'proof',
): { id: string; cue: string; weak?: WeakCitation }[] {
  const found: { id: string; cue: string; weak?: WeakCitation }[] = [];
  const lookup = (cited: string): string | undefined => ids.get(norm(`${scope}${cited}`)) ?? ids.get(norm(cited));
  const push = (id: string, cue: string, index: number): void => {
    const weak = weakCitation(text, index, cue) ?? (part === 'statement' && !citedForUse(text, index, cue) ? 'terminology' : undefined);
    found.push({ id, cue, ...(weak ? { weak } : {}) });
  };
  for (const m of text.matchAll(LATEX_REF)) {
    for (const label of m[1]!.split(',').map((l) => l.trim())) {
      const id = lookup(label);
      if (id) push(id, m[0], m.index);
    }
  }
  const cited: [number, number][] = [];
  for (const m of text.matchAll(CITATION)) {
    cited.push([m.index, m.index + m[0].length]);
    const kind = normalizeKind(m[1]!);
    for (const number of citedNumbers(m[3]!, m[2] !== '')) {
      const id = lookup(`${kind} ${number}`);
      if (id) push(id, m[0], m.index);
    }
  }
  for (const m of text.matchAll(LETTERED_NUMBER)) {
    if (cited.some(([start, end]) => m.index >= start && m.index < end)) continue;
    const id = lettered.get(`${scope}${m[0]}`) ?? lettered.get(m[0]);
    if (id) push(id, m[0], m.index);
  }
  return found;
}

/** Lettered item numbers (`355D`, scoped as `book#355D`) that exactly one entity has, to its id. */
function letteredNumbers(entities: Entity[]): Map<string, string> {
  const owners = new Map<string, string[]>();
  for (const e of entities) {
    const scope = e.id.includes('#') ? e.id.slice(0, e.id.indexOf('#') + 1) : '';
    const number = /\s(\d+(?:\.\d+)*[A-Z])$/.exec(e.id)?.[1];
    if (number) owners.set(`${scope}${number}`, [...(owners.get(`${scope}${number}`) ?? []), e.id]);
  }
  return new Map([...owners].filter(([, ids]) => ids.length === 1).map(([number, [id]]) => [number, id!]));
}

/**
 * For an entity the source proves more than once, makes weak (`other-proof`) each dependency of its
 * proofs that some of them do without: the statement does not need a result another proof avoids,
 * and its Lean may follow that proof.
 */
function markOtherProofs(entity: Entity, edges: DependencyEdge[], ids: Map<string, string>, lettered: Map<string, string>): void {
  const scope = entity.id.includes('#') ? entity.id.slice(0, entity.id.indexOf('#') + 1) : '';
  const cited = (entity.proofs ?? []).map(
    (proof) =>
      new Set([
        ...proof.uses.flatMap((label) => ids.get(norm(label)) ?? []),
        ...citations(proof.text, ids, lettered, scope, 'proof').map((c) => c.id),
      ]),
  );
  for (const edge of edges) {
    if (edge.to !== entity.id || edge.part !== 'proof' || edge.weak !== undefined) continue;
    if (cited.some((ids) => !ids.has(edge.from))) edge.weak = 'other-proof';
  }
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
 * Every dependency edge among `entities`, one per pair: `\uses` (statement, then proof),
 * citations, then term mentions — never for a term more than half of the entities mention.
 */
export function dependencyEdges(entities: Entity[]): DependencyEdge[] {
  const ids = new Map<string, string>(entities.map((e) => [norm(e.id), e.id]));
  const lettered = letteredNumbers(entities);
  const edges: DependencyEdge[] = [];
  const linked = new Map<string, DependencyEdge>();
  /** One edge per pair: the first source that links it (`\uses`, citation, then term); a plain citation makes a weak one plain. */
  const add = (edge: DependencyEdge): void => {
    const key = `${edge.from}\0${edge.to}`;
    const known = linked.get(key);
    if (known?.weak !== undefined && edge.source === 'citation' && edge.weak === undefined) {
      known.part = edge.part;
      known.cue = edge.cue;
      delete known.weak;
    }
    if (edge.from === edge.to || known !== undefined) return;
    linked.set(key, edge);
    edges.push(edge);
  };
  const idOf = (label: string): string | undefined => ids.get(norm(label));
  for (const entity of entities) {
    for (const [labels, part] of [
      [entity.uses, 'statement'],
      [entity.proofUses ?? [], 'proof'],
    ] as const) {
      for (const label of labels) {
        const from = idOf(label);
        if (from) add({ from, to: entity.id, source: 'uses', part });
      }
    }
  }
  for (const entity of entities) {
    const parts: ['statement' | 'proof', string][] = [
      ['statement', entity.statement],
      ['proof', entity.proof ?? ''],
      ...(entity.parts ?? []).flatMap((p): ['proof', string][] => (p.text && !STATING_ROLES.has(p.role) ? [['proof', p.text]] : [])),
    ];
    const scope = entity.id.includes('#') ? entity.id.slice(0, entity.id.indexOf('#') + 1) : '';
    // A definition, remark or text uses no result: what its statement cites names an object or a setting.
    const describes = DESCRIPTIVE_KINDS.has(entity.kind.toLowerCase());
    for (const [part, text] of parts)
      for (const { id, cue, weak } of citations(text, ids, lettered, scope, part)) {
        const kind = weak ?? (describes && part === 'statement' ? 'terminology' : undefined);
        add({ from: id, to: entity.id, source: 'citation', part, cue, ...(kind ? { weak: kind } : {}) });
      }
  }
  for (const entity of entities) if (entity.proofs && entity.proofs.length > 1) markOtherProofs(entity, edges, ids, lettered);
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
