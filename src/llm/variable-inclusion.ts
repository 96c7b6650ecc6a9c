/**
 * Lean's rule for which `variable` binders a declaration takes: those its statement (a definition:
 * also its value) mentions, those their types mention in turn, and the instance binders all of whose
 * variables are taken. An instance binder only some of whose variables are taken is taken when
 * elaboration uses it (a notation for one of the class's fields), which text cannot tell; an
 * `include` command adds binders that text here does not follow either.
 */
import { boundNames, closingIndex } from './statement-reading.js';

const IDENTS = /[\p{L}_][\p{L}\p{N}_'!?]*/gu;

export interface VariableInclusion {
  /** Binders Lean adds to the statement. */
  taken: string[];
  /** Instance binders taken only if elaboration uses the instance. */
  ifUsed: string[];
  /** Binders the statement does not take (unless an `include` names them). */
  left: string[];
}

interface Binder {
  text: string;
  instance: boolean;
  names: string[];
  /** The identifiers of its type, notations expanded. */
  mentions: Set<string>;
}

function parseBinder(text: string, expand: (text: string) => string): Binder {
  const inner = text.trim().slice(1, closingIndex(text.trim(), 0) - 1);
  const colon = inner.search(/:(?!=)/);
  const instance = text.trim().startsWith('[');
  const names = colon >= 0 ? inner.slice(0, colon).trim().split(/\s+/).filter(Boolean) : [];
  const type = colon >= 0 ? inner.slice(colon + 1) : inner;
  return { text, instance, names, mentions: new Set(expand(type).match(IDENTS) ?? []) };
}

/** Splits `binders` (each one group as written, `{X : Type*}`) by whether `statement` takes them; `expand` appends to a text the expansions of the notations it uses. */
export function variableInclusion(binders: readonly string[], statement: string, expand: (text: string) => string): VariableInclusion {
  const parsed = binders.map((b) => parseBinder(b, expand));
  // The statement's own binders shadow a variable of the same name (`theorem t (n : ℕ)` under `variable (n : ℕ) [NeZero n]`).
  const own = boundNames(statement);
  const written = new Set((expand(statement).match(IDENTS) ?? []).filter((w) => !own.has(w)));
  for (const w of [...written]) written.add(w.split('.')[0]!);
  const taken = new Set<Binder>();
  const names = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const b of parsed) {
      if (taken.has(b) || b.instance) continue;
      if (b.names.some((n) => written.has(n) || names.has(n) || [...taken].some((t) => t.mentions.has(n)))) {
        taken.add(b);
        for (const n of b.names) names.add(n);
        grew = true;
      }
    }
  }
  const variableNames = new Set(parsed.flatMap((b) => b.names));
  const out: VariableInclusion = { taken: [], ifUsed: [], left: [] };
  for (const b of parsed) {
    if (!b.instance) {
      (taken.has(b) ? out.taken : out.left).push(b.text);
      continue;
    }
    const deps = [...b.mentions].filter((m) => variableNames.has(m));
    const inNames = deps.filter((d) => names.has(d));
    if (b.names.some((n) => written.has(n)) || inNames.length === deps.length) out.taken.push(b.text);
    else if (inNames.length > 0) out.ifUsed.push(b.text);
    else out.left.push(b.text);
  }
  return out;
}
