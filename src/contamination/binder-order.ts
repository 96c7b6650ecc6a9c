/**
 * The binders of a statement as Lean sees them, whatever their written order and names: variables
 * are placed in a dependency-respecting order (a variable after those its type mentions), each step
 * taking the variable whose role comes first: where the conclusion uses it, then its type, then how
 * the hypotheses use it, the variables already placed written by their canonical names; never by
 * its written name or place. `(n : ℕ) (β : Type*) [Fintype β] … : Fintype.card (Fin n → β) = …` and
 * `(α : Type*) [Fintype α] (n : ℕ) … : Fintype.card (Fin n → α) = …` both become
 * `(v1 : ℕ) (v2 : Type*) … [Fintype v2] : Fintype.card Fin v1 → v2 = …`.
 */
import { BINDER_KEYWORDS } from './notation.js';

/** A canonical token of Lean text. */
export interface Tok {
  text: string;
  /** An identifier that could name a variable (not a keyword, not rewritten by the table). */
  ident: boolean;
  opener: boolean;
  closer: boolean;
  /** The spelling the notation table rewrote, when it did. */
  from?: string;
}

/** One binder of a header, one name each. */
export interface Binder {
  open: string;
  close: string;
  name?: string;
  type: Tok[];
}

const REGION_END = new Set([',', '↦', '|']);
/** In ordering keys (never output): the variable being placed, and a variable not placed yet; SELF sorts first. */
const SELF = '\u0001';
const UNPLACED = '\u0002';

/** The head of a dotted identifier (`s.card` -> `s`). */
export const head = (text: string): string => {
  const dot = text.indexOf('.', 1);
  return dot < 0 ? text : text.slice(0, dot);
};

function rename(t: Tok, names: ReadonlyMap<string, string>): string {
  if (!t.ident) return t.text;
  const whole = names.get(t.text);
  if (whole !== undefined) return whole;
  const h = head(t.text);
  const mapped = h === t.text ? undefined : names.get(h);
  return mapped === undefined ? t.text : mapped + t.text.slice(h.length);
}

/**
 * Renders a segment without its round parentheses, `outer` names renamed and its own bound
 * variables renamed `b1, b2, …`; the bound variables' written names are appended to `bound`.
 */
export function renderSegment(all: Tok[], outer: ReadonlyMap<string, string>, bound: string[] = []): string[] {
  const toks = all.filter((t) => t.text !== '(' && t.text !== ')');
  const names = new Map(outer);
  const out: string[] = [];
  let count = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const setBuilder = t.text === '{' && toks[i + 1]?.ident === true && toks[i + 2]?.text === '|';
    if (!BINDER_KEYWORDS.has(t.text) && !setBuilder) {
      out.push(rename(t, names));
      continue;
    }
    out.push(t.text);
    let expectName = true;
    let depth = 0;
    for (i++; i < toks.length; i++) {
      const b = toks[i]!;
      if (depth === 0 && REGION_END.has(b.text)) {
        i--;
        break;
      }
      if (b.opener) depth++;
      else if (b.closer) depth--;
      if (expectName && (b.ident || b.text === '_')) {
        const fresh = `b${++count}`;
        names.set(b.text, fresh);
        bound.push(b.text);
        out.push(fresh);
        continue;
      }
      out.push(rename(b, names));
      expectName = b.opener || b.text === '!';
    }
  }
  return out;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The canonical order of `variables` (indices into it) and their names in it, `v1, v2, …`: a name
 * says the variable's role (the first met in the conclusion is `v1`), never what it was written.
 * Dependencies come first; among the variables whose dependencies are placed, the one met first in
 * the conclusion, then the one whose bracket and type come first, then the one whose uses in the
 * hypotheses and the other variables' types come first; written order last.
 */
export function orderVariables(
  variables: Binder[],
  hypotheses: Binder[],
  conclusion: Tok[],
): { order: number[]; names: Map<string, string> } {
  const index = new Map<string, number>();
  variables.forEach((v, i) => index.set(v.name!, i));
  const deps = variables.map((v, i) => {
    const out = new Set<number>();
    for (const t of v.type) {
      const d = t.ident ? index.get(head(t.text)) : undefined;
      if (d !== undefined && d !== i) out.add(d);
    }
    return out;
  });
  const names = new Map<string, string>();
  for (const v of variables) names.set(v.name!, UNPLACED);
  const order: number[] = [];
  const left = new Set(variables.keys());
  while (left.size > 0) {
    const ready = [...left].filter((i) => [...deps[i]!].every((d) => !left.has(d)));
    // Only shadowed names (`(x : ℕ) (x : Fin x)`) make a cycle: written order decides.
    const candidates = ready.length > 0 ? ready : [Math.min(...left)];
    const typeOf = (i: number): string => renderSegment(variables[i]!.type, names).join(' ');
    const keyed = candidates.map((i) => ({
      i,
      key: roleKey(i, variables, hypotheses, conclusion, names, `${variables[i]!.open} ${typeOf(i)}`),
    }));
    const first = keyed.reduce((m, c) => (compare(c.key, m) < 0 ? c.key : m), keyed[0]!.key);
    const best = keyed.filter((c) => c.key === first);
    const chosen = Math.min(...best.map((c) => c.i));
    order.push(chosen);
    left.delete(chosen);
    names.set(variables[chosen]!.name!, `v${order.length}`);
  }
  return { order, names };
}

/**
 * The ordering key of variable `i`: the conclusion, then its `type`, then its uses in the hypotheses
 * and the unplaced variables' types, with it written SELF, placed variables by their names and the
 * others UNPLACED.
 */
function roleKey(
  i: number,
  variables: Binder[],
  hypotheses: Binder[],
  conclusion: Tok[],
  placed: ReadonlyMap<string, string>,
  type: string,
): string {
  const names = new Map(placed);
  names.set(variables[i]!.name!, SELF);
  const uses = [
    ...hypotheses.map((h) => `${h.open} ${renderSegment(h.type, names).join(' ')}`),
    ...variables
      .filter((_, j) => j !== i && placed.get(variables[j]!.name!) === UNPLACED)
      .map((v) => renderSegment(v.type, names).join(' ')),
  ]
    .filter((u) => u.includes(SELF))
    .sort(compare);
  return `${renderSegment(conclusion, names).join(' ')} ⊣ ${type} ⊣ ${uses.join(' ; ')}`;
}
