/**
 * The heading of a docstring that formalizes a textbook item, in the forms formalizers write:
 * plain, bold or italic (`Theorem 2.1 (Title): …`, `**Theorem 301A** (title): …`,
 * `*Lemma 3.4.* …`, `## Definition 355A`), with a qualifier that makes the declaration one part of
 * the item (`Theorem 301A at order 2`, `**Theorem 212A, Case L = 0**`, `Theorem 358A, `only if`
 * direction`, `**Theorem 355F** specialized to backward Euler`), led by a phrase that names the
 * part (`Necessity direction of Theorem 351B`, `Part (ii) of Lemma 8.0.1`, `Helper for Theorem
 * 2.1`, `Matrix bridge for Theorem 358A`), or naming in its text the equation of an item it proves
 * (`the implication (342m) from Theorem 342C`). Anything else that names an item is a citation.
 */
import type { PartRole } from '../src/model/entity.js';
import { normalizeKind } from './text.js';

/** Words that open an entity heading (canonical kinds and the abbreviations or misspellings seen in the wild). */
const KIND_WORDS = [
  'Theorem',
  'Lemma',
  'Definition',
  'Proposition',
  'Corollary',
  'Remark',
  'Example',
  'Exercise',
  'Claim',
  'Conjecture',
  'Axiom',
  'Fact',
  'Problem',
  'Notation',
  'Assumption',
  'Algorithm',
  'Text',
  'Observation',
  'Defn',
  'Def',
  'Thm',
  'Lem',
  'Prop',
  'Cor',
  'Defintion',
  'Definiton',
  'Propositon',
  'Crollary',
];
const KIND = `(?:${KIND_WORDS.join('|')})`;

/** A number as books print them: `2.1`, `142C`, `3.4.5`, `A.1`, `1.2a`. */
export const ENTITY_NUMBER = String.raw`(?:\d+[A-Za-z]?(?:[.\-]\d+[A-Za-z]?)*|[A-Z](?:\.\d+)+)`;

/** One textbook item a heading names. */
export interface DocItem {
  /** Canonical kind, e.g. `theorem`. */
  kind: string;
  number: string;
  /** `Theorem 2.1`: the kind as a capitalised canonical word, then the number. */
  label: string;
}

/**
 * Where the docstring names the item: opening with it (`heading`), after an emphasized title
 * (`titled`: `**Dahlquist's Second Barrier** (Iserles, Theorem 3.4)`), at the end of a leading
 * phrase (`phrase`), naming one of its equations in the text (`text`), or on a `Reference:` line
 * (`reference`). The last two are weak: whether the declaration states the item or serves it
 * depends on what it declares (see `partRole`).
 */
export type HeadingForm = 'heading' | 'titled' | 'phrase' | 'text' | 'reference';

/** What the opening words of a docstring say it formalizes. */
export interface DocHeading {
  form: HeadingForm;
  /** The items the declaration serves (two for `layer of Theorems 355C/355D`). */
  items: DocItem[];
  role: PartRole;
  /** The words that make it a part, as written: `Case L = 0`, `Necessity direction`, `Helper`. */
  qualifier?: string;
  title?: string;
  /** The rest of the docstring: the informal statement. */
  text: string;
}

const item = (kind: string, number: string): DocItem => {
  const canonical = normalizeKind(kind);
  return { kind: canonical, number, label: `${canonical[0]!.toUpperCase()}${canonical.slice(1)} ${number}` };
};

const HEADING = new RegExp(
  String.raw`^(?<open>\*{1,3}|_{1,3})?[ \t]*(?<kind>${KIND})\.?[ \t]+(?<number>${ENTITY_NUMBER})(?![\p{L}\p{N}])`,
  'u',
);
/** `… of Theorem 351B`, `… for Theorems 355C/355D`: a phrase ending in a link word, then items. */
const PREFIXED = new RegExp(
  String.raw`\b(?:of|for|from|by|in)\s+(?:the\s+)?(?:textbook'?s?\s+)?(?<kind>${KIND})s?\.?\s+(?<numbers>${ENTITY_NUMBER}(?:\s*(?:\/|,|&|and)\s*${ENTITY_NUMBER})*)(?![\p{L}\p{N}])`,
  'u',
);
const NUMBERS = new RegExp(ENTITY_NUMBER, 'g');
/** An emphasized title, then in parentheses an optional author or book and the item, then a qualifier. */
const TITLED = new RegExp(
  String.raw`^(?<open>\*{1,3}|_{1,3})(?<title>[^*_\n]{1,100}?)\k<open>[ \t]*\((?:[\p{Lu}][\p{L}'’.\-–]*(?:\s+(?:&|and)\s+[\p{Lu}][\p{L}'’.\-–]*)*,?\s+)?(?<kind>${KIND})\.?\s+(?<number>${ENTITY_NUMBER})(?![\p{L}\p{N}])(?<tail>[^()]*)\)`,
  'u',
);
/** A `Reference:` line naming an item, after an optional author or book. */
const REFERENCE = new RegExp(
  String.raw`(?:^|\s)Reference:\s*(?:[\p{Lu}][^,;\n]{0,40},\s*)?(?:Section\s+[\d.]+,\s*)?(?<proof>proof of\s+)?(?<kind>${KIND})\.?\s+(?<number>${ENTITY_NUMBER})(?![\p{L}\p{N}])`,
  'u',
);
/** An equation or implication of an item named in the text: `the implication (342m) from Theorem 342C`, `Theorem 343B, equation (343d)`. */
const TEXT_PART = new RegExp(
  String.raw`\b(?<noun>implication|equation|part|case|item|clause|statement)\s+(?<tag>\([^()\s]{1,12}\))\s+(?:of|from|in)\s+(?:the\s+)?(?<kind>${KIND})\s+(?<number>${ENTITY_NUMBER})(?![\p{L}\p{N}])` +
    String.raw`|\b(?<kind2>${KIND})\s+(?<number2>${ENTITY_NUMBER}),\s+(?<noun2>equation|implication|part|case|item)\s+(?<tag2>\([^()\s]{1,12}\))`,
  'u',
);

/** Another item named in a qualifier. */
const OTHER_ITEM = new RegExp(String.raw`\b${KIND}\.?\s+${ENTITY_NUMBER}(?![\p{L}\p{N}])`, 'u');
/** `/ Theorem 1.3`: a second item the declaration states. */
const ALSO_ITEM = new RegExp(String.raw`^(?:\/|&|and)\s*(?<kind>${KIND})\.?\s+(?<number>${ENTITY_NUMBER})$`, 'u');

/** Roles read from a qualifier's words, most specific first. */
const INSTANCE_WORDS = /\bspeciali[sz](?:ed|ation)\b|\bspecial case\b|\binstance\b|\bapplied to\b/i;
/** A direction of an equivalence, not the word "direction" of geometry (`extreme direction`). */
const DIRECTION_WORDS =
  /\b(?:forward|backward|reverse|converse|necessity|sufficiency|necessary|sufficient|one|other|first|second|left|right|mp|mpr|`?if`?|`?only if`?)\s+(?:direction|implication)\b|^(?:the\s+)?(?:necessity|sufficiency|converse|contrapositive direction|`?only if`?|`?if`?)$|[⇒⇐→←]/i;
const VARIANT_WORDS = /\bform\b|\bversion\b|\bcontrapositive\b|\brestate(?:d|ment)\b|\breformulation\b/i;
const CASE_WORDS =
  /\bcases?\b|\bpart\b(?!s)|\bitem\b|\bclause\b|\b(?:row|order|degree|dimension|stage|step|rank)\s+\d|[=<>≤≥≠]|^\(?(?:[a-h]|[ivx]{1,4})\)?$/i;
/** A phrase before `of Theorem …` that makes the declaration serve the item, not state it. */
const HELPER_WORDS =
  /\bhelper\b|\bauxiliary\b|\baux\b|\bbridge\b|\bsteps?\b|\bingredient\b|\blayer\b|\bseam\b|\binterface\b|\breduction\b|\bpreparation\b|\bused\b|\bneeded\b|\bproof\b|\basserted\b|\bversion\b|\blemma\b|\bpolynomial\b|\bfunction\b|\bpredicate\b|\bdefinition\b|\bfrom$/i;
/** Phrases that only cite an item they relate to: never a part of it. */
const CITING_WORDS =
  /\banalog(?:ue)?\b|\bgenerali[sz]ation\b|\bconsequence\b|\bcorollary\b|\bcompare\b|\bcf\b|\bsee\b|\bsimilar\b|\bsymmetric\b/i;

/** The role a heading's qualifier gives (`statement` when it names none: a title or a remark). */
function roleOfQualifier(written: string, parenthesis = false): PartRole {
  // Lean code in the qualifier (`Fin n → ℝ`) is no arrow of a direction; `` `only if` `` is words.
  const words = written.replace(/`[^`]*[^\w\s'`][^`]*`/g, '');
  // A longer parenthesis names the item ("Fundamental theorem of calculus, first form"): a title.
  if (parenthesis && (words.match(/\p{L}+/gu) ?? []).length > 4) return 'statement';
  if (INSTANCE_WORDS.test(words)) return 'instance';
  if (DIRECTION_WORDS.test(words)) return 'direction';
  if (VARIANT_WORDS.test(words)) return 'variant';
  if (CASE_WORDS.test(words)) return 'case';
  return 'statement';
}

/** The role a leading phrase gives (`… of Theorem 2.1`), or undefined when it only cites the item. */
function roleOfPhrase(words: string): PartRole | undefined {
  const phrase = words.replace(/^(?:the|a|an)\s+/i, '');
  if (CITING_WORDS.test(phrase)) return undefined;
  if (/\b(?:implication|equation|part|case|item|clause)\s+\([^()\s]{1,12}\)(?:\s+from)?$/i.test(phrase)) return 'case';
  if (/^(?:helper|auxiliary)\b/i.test(phrase)) return 'helper';
  if (/^(?:special case|speciali[sz]ation|instance)\b/i.test(phrase)) return 'instance';
  if (
    /^(?:necessity|sufficiency|forward|backward|reverse|converse|one|`?only if`?|`?if`?)\b.{0,30}?\b(?:direction|implication|part)?$/i.test(
      phrase,
    )
  )
    return 'direction';
  if (/^\S*\s*(?:direction|implication)$/i.test(phrase)) return 'direction';
  if (/^(?:part|case|item|clause|statement)\b/i.test(phrase)) return 'case';
  if (/^(?:version|restatement|reformulation|contrapositive)\b/i.test(phrase)) return 'variant';
  if (HELPER_WORDS.test(phrase)) return 'helper';
  return undefined;
}

/** The offset just after the parenthesis that closes the one at `open`, or -1. */
function closeParen(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    if (text[at] === '(') depth++;
    else if (text[at] === ')' && --depth === 0) return at + 1;
    else if (text[at] === '\n' && text[at + 1] === '\n') return -1;
  }
  return -1;
}

/** Where qualifier words end: at a parenthesis, a stop, a line end or an emphasis mark outside code spans. */
function qualifierEnd(text: string): number {
  for (let at = 0; at < text.length; at++) {
    const c = text[at]!;
    if (c === '`') {
      const close = text.indexOf('`', at + 1);
      if (close < 0) return at;
      at = close;
    } else if (c === '(' || c === '\n' || ((c === ':' || c === '.') && /\s/.test(text[at + 1] ?? ' '))) return at;
    else if ((c === '*' || c === '_') && text[at + 1] === c) return at;
  }
  return text.length;
}

/** What follows a heading's number: qualifier words, a parenthesis, a stop; and the text left. */
interface Lead {
  qualifiers: string[];
  parenthesis?: string;
  rest: string;
}

/**
 * Reads `, Case L = 0`, ` at order 2`, ` (Title)`, `: ` or `. ` at the start of `text`: qualifier
 * words start after a comma, or with a lower-case word or code (`Theorem 2.1 The set` has none).
 */
function readLead(text: string): Lead {
  const qualifiers: string[] = [];
  let rest = text;
  const words = /^[ \t]*(?:(,)[ \t]*)?/.exec(rest)!;
  const afterComma = words[1] !== undefined;
  rest = rest.slice(words[0].length);
  if (afterComma || /^(?:\p{Ll}|\/)/u.test(rest)) {
    const cut = qualifierEnd(rest);
    if (cut > 0) {
      qualifiers.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut);
    }
  }
  let parenthesis: string | undefined;
  const space = /^[ \t]*/.exec(rest)![0].length;
  if (rest[space] === '(') {
    const close = closeParen(rest, space);
    if (close > 0) {
      parenthesis = rest.slice(space + 1, close - 1).trim();
      rest = rest.slice(close);
    }
  }
  // `Definition 17.2.4 (Half-space), LaTeX label `def:halfspace`. A closed …`: the label names the item again.
  rest = rest.replace(/^[ \t]*,[ \t]*LaTeX label[ \t]+`[^`]*`/, '').replace(/^[ \t]*[.:]?/, '');
  return { qualifiers: qualifiers.filter((q) => q !== ''), ...(parenthesis !== undefined ? { parenthesis } : {}), rest };
}

/** A heading opening the docstring with the item itself: `**Theorem 212A, Case L = 0**: …`. */
function headingForm(doc: string): DocHeading | undefined {
  const match = HEADING.exec(doc);
  if (!match?.groups) return undefined;
  const { open, kind, number } = match.groups;
  let after = doc.slice(match[0].length);
  const qualifiers: string[] = [];
  const parentheses: string[] = [];
  const take = (lead: Lead): void => {
    qualifiers.push(...lead.qualifiers);
    if (lead.parenthesis !== undefined) parentheses.push(lead.parenthesis);
  };
  const close = open === undefined ? -1 : after.indexOf(open);
  if (open !== undefined && close >= 0 && !after.slice(0, close).includes('\n\n')) {
    const inner = readLead(after.slice(0, close));
    take(inner);
    if (inner.rest.trim() !== '') qualifiers.push(inner.rest.trim().replace(/[.:]$/, ''));
    after = after.slice(close + open.length);
  }
  const lead = readLead(after);
  take(lead);
  after = lead.rest.replace(/^[ \t]*(?:\*{1,3}|_{1,3})/, '');
  // A qualifier naming another item relates the two (`Conjecture 4.1 → Conjecture 4.4`), and
  // `Proposition 1.2 / Theorem 1.3` names a second item the declaration states: neither is a part.
  const roleOf = (words: string, parenthesis = false) => (OTHER_ITEM.test(words) ? 'statement' : roleOfQualifier(words, parenthesis));
  const roles = [...qualifiers.map((q) => roleOf(q)), ...parentheses.map((p) => roleOf(p, true))];
  const role = roles.find((r) => r !== 'statement') ?? 'statement';
  const titles = parentheses.filter((p) => roleOf(p, true) === 'statement' && !OTHER_ITEM.test(p));
  const qualifier = [...qualifiers, ...parentheses.filter((p) => roleOf(p, true) !== 'statement')].join(', ');
  const also = qualifiers.flatMap((q) => {
    const more = ALSO_ITEM.exec(q);
    return more?.groups ? [item(more.groups.kind!, more.groups.number!)] : [];
  });
  return {
    form: 'heading',
    items: [item(kind!, number!), ...also],
    role,
    ...(qualifier ? { qualifier } : {}),
    ...(titles[0] ? { title: titles[0] } : {}),
    text: after.trim(),
  };
}

/** A phrase leading to the item: `Necessity direction of Theorem 351B, …`, `Helper for Theorem 2.1: …`. */
function prefixedForm(doc: string): DocHeading | undefined {
  const sentenceEnd = doc.search(/[.:](?:\s|$)|\n\s*\n/);
  const sentence = sentenceEnd < 0 ? doc : doc.slice(0, sentenceEnd + 1);
  const match = PREFIXED.exec(sentence);
  if (!match?.groups || match.index > 150) return undefined;
  const words = sentence
    .slice(0, match.index)
    .replace(/^(?:\*{1,3}|_{1,3})/, '')
    .trim();
  const link = match[0].split(/\s/)[0]!;
  const role = roleOfPhrase(link === 'from' ? `${words} from` : words);
  if (words === '' || role === undefined) return undefined;
  const items = (match.groups.numbers!.match(NUMBERS) ?? []).map((n) => item(match.groups!.kind!, n));
  const text = doc
    .slice(match.index + match[0].length)
    .replace(/^[ \t]*(?:\*{1,3}|_{1,3})?[ \t]*[,.:]?/, '')
    .trim();
  return { form: 'phrase', items, role, qualifier: words.replace(/\*{2,3}|_{2,3}/g, '').trim(), text };
}

/** An equation of an item named in the text: a case of the item. */
function textPartForm(doc: string): DocHeading | undefined {
  const match = TEXT_PART.exec(doc);
  if (!match?.groups) return undefined;
  const g = match.groups;
  return {
    form: 'text',
    items: [item((g.kind ?? g.kind2)!, (g.number ?? g.number2)!)],
    role: 'case',
    qualifier: `${g.noun ?? g.noun2} ${g.tag ?? g.tag2}`,
    text: doc.trim(),
  };
}

/** `**Title** (Author, Theorem 3.4, uniqueness part): …`: an emphasized title, then the item it is, with its source. */
function titledForm(doc: string): DocHeading | undefined {
  const match = TITLED.exec(doc);
  if (!match?.groups) return undefined;
  const { title, kind, number, tail } = match.groups;
  // A LaTeX label beside the item (`thm:110C`) names it again: no qualifier.
  const qualifier = (tail ?? '').replace(/\b[a-z]{2,5}:[\w.:-]+/g, '').replace(/^[\s,;]+|[\s,;]+$/g, '');
  const role = qualifier ? roleOfQualifier(qualifier) : 'statement';
  const text = doc
    .slice(match[0].length)
    .replace(/^[ \t]*(?:\*{1,3}|_{1,3})?[ \t]*[.:]?/, '')
    .trim();
  return { form: 'titled', items: [item(kind!, number!)], role, ...(qualifier ? { qualifier } : {}), title: title!.trim(), text };
}

/** `Reference: Iserles, Definition 3.3.` or `Reference: Iserles, proof of Theorem 3.4, step 1.`: the item a declaration points to. */
function referenceForm(doc: string): DocHeading | undefined {
  const match = REFERENCE.exec(doc);
  if (!match?.groups) return undefined;
  const { proof, kind, number } = match.groups;
  return {
    form: 'reference',
    items: [item(kind!, number!)],
    role: proof ? 'helper' : 'statement',
    ...(proof ? { qualifier: proof.trim() } : {}),
    text: doc.slice(0, match.index).trim(),
  };
}

/** Reads the heading of a docstring, or undefined when it formalizes no item (it may still cite some). */
export function parseDocHeading(doc: string): DocHeading | undefined {
  const text = doc.replace(/^\s*(?:#{1,6}[ \t]+)?/, '');
  return headingForm(text) ?? titledForm(text) ?? prefixedForm(text) ?? textPartForm(text) ?? referenceForm(text);
}

/** Roles of the declarations that state the item, in whole or in part; the others serve it. */
export const STATING_ROLES: ReadonlySet<PartRole> = new Set(['statement', 'case', 'direction', 'variant']);
