/**
 * Reading a Lean statement as Lean does, from its text: which names it binds (a binder, a quantified
 * or set-builder variable) as against the constants it applies (`(C2_0_5 a : ℝ≥0∞)` ascribes a type
 * to a constant and binds nothing), and where a tactic proof stands inside a definition's value.
 */

const CLOSE: Record<string, string> = { '(': ')', '{': '}', '[': ']', '⦃': '⦄', '⟨': '⟩' };
const CLOSERS = new Set(Object.values(CLOSE));
const IDENT = /^[\p{L}_][\p{L}\p{N}_'!?.]*/u;
const KEYWORDS = new Set(['in', 'with', 'at', 'from', 'then', 'else', 'if', 'fun', 'by', 'do', 'let', 'have', 'show', 'where']);
const QUANTIFIER = /(?:∀ᶠ|∀ᵐ|∃ᶠ|∃ᵐ|∀|∃!|∃|(?<![\p{L}\p{N}_'.])(?:fun|λ)(?![\p{L}\p{N}_'])|∑ᶠ|∑'|∑|∏ᶠ|∏|⋃|⋂|⨆|⨅|∫⁻|∫|Π|Σ)/gu;

/** The index just past the bracket closing the one at `open`, or the text's length when it is not closed. */
export function closingIndex(text: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (CLOSE[c]) stack.push(CLOSE[c]);
    else if (CLOSERS.has(c)) {
      if (stack.pop() !== c) return i + 1;
      if (stack.length === 0) return i + 1;
    }
  }
  return text.length;
}

/** The index of the first match of the sticky `stop` in `text` outside any bracket, or -1. */
function topLevel(text: string, stop: RegExp): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (CLOSE[c]) depth += 1;
    else if (CLOSERS.has(c)) depth -= 1;
    else if (depth === 0) {
      stop.lastIndex = i;
      if (stop.test(text)) return i;
    }
  }
  return -1;
}

/** Where a declaration's value starts in its text: its first `:=` or `where` outside brackets, or -1. */
export function valueStart(text: string): number {
  return topLevel(text, /:=|(?<![\p{L}\p{N}_'])where(?![\p{L}\p{N}_'])/uy);
}

/** The identifiers a binder group's text starts with (`x y` of `x y : ℝ`, `p'` of `p' ∈ 𝔓'`); all of them in an anonymous constructor pattern. */
function leadingIdents(group: string, pattern: boolean): string[] {
  if (pattern) return group.split(/[\s,⟨⟩()]+/).filter((w) => IDENT.test(w) && w !== '_');
  const names: string[] = [];
  let rest = group.trimStart();
  for (let m = IDENT.exec(rest); m; m = IDENT.exec(rest)) {
    if (KEYWORDS.has(m[0])) break;
    if (m[0] !== '_') names.push(m[0]);
    rest = rest.slice(m[0].length).trimStart();
  }
  return names;
}

/**
 * A run of binders starting at `pos`: bracketed groups (with a colon, unless `loose`) and, when
 * `loose` (after a quantifier), bare identifiers; it ends at the first thing that is neither.
 */
function binderRun(text: string, pos: number, loose: boolean, bound: Set<string>): void {
  let i = pos;
  while (i < text.length) {
    while (/\s/.test(text[i] ?? '')) i++;
    const c = text[i];
    if (c !== undefined && CLOSE[c] && c !== '⟨') {
      const end = closingIndex(text, i);
      const group = text.slice(i + 1, end - 1);
      const colon = topLevel(group, /:(?!=)/y);
      // An anonymous instance binder (`[Fintype α]`) binds nothing but the run goes on.
      if (!loose && colon < 0 && c !== '[') return;
      if (colon >= 0 || c !== '[') for (const name of leadingIdents(colon >= 0 ? group.slice(0, colon) : group, false)) bound.add(name);
      i = end;
      continue;
    }
    if (c === '⟨' && loose) {
      const end = closingIndex(text, i);
      for (const name of leadingIdents(text.slice(i + 1, end - 1), true)) bound.add(name);
      i = end;
      continue;
    }
    const word = loose ? IDENT.exec(text.slice(i)) : null;
    if (!word || KEYWORDS.has(word[0])) return;
    if (word[0] !== '_') bound.add(word[0]);
    i += word[0].length;
  }
}

/**
 * Names a declaration's text binds itself: its leading binders, quantified and `fun` variables,
 * set-builder variables, implicit and instance binders anywhere (`{f g : Θ X}` of a field). A
 * parenthesized `(e : T)` elsewhere is a type ascription: its constant is used, not bound.
 */
export function boundNames(text: string): Set<string> {
  const bound = new Set<string>();
  binderRun(text, 0, false, bound);
  for (const m of text.matchAll(QUANTIFIER)) binderRun(text, m.index + m[0].length, true, bound);
  // A structure's or class's fields: `name binders : type` on the lines after `where`.
  const where = /(?<![\p{L}\p{N}_'])where(?![\p{L}\p{N}_'])/u.exec(text);
  if (where) {
    for (const m of text.slice(where.index).matchAll(/\n[ \t]*(?:protected\s+)?[\p{L}_][\p{L}\p{N}_'.]*/gu))
      binderRun(text, where.index + m.index + m[0].length, false, bound);
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '{' && c !== '⦃' && c !== '[') continue;
    const group = text.slice(i + 1, closingIndex(text, i) - 1);
    const stop = topLevel(group, c === '[' ? /:(?!=)/y : /:(?!=)|\||\/\//y);
    if (stop >= 0) for (const name of leadingIdents(group.slice(0, stop), false)) bound.add(name);
  }
  return bound;
}

const BY = /(?<![\p{L}\p{N}_'.])by(?![\p{L}\p{N}_'])/gu;

/** The bracket depth at each `by`: the innermost open bracket's index, or -1 at top level. */
function openBracketAt(text: string, pos: number): number {
  const stack: number[] = [];
  for (let i = 0; i < pos; i++) {
    if (CLOSE[text[i]!]) stack.push(i);
    else if (CLOSERS.has(text[i]!)) stack.pop();
  }
  return stack.at(-1) ?? -1;
}

/** Where the tactic block starting at `at` ends: at its bracket's `,` or closing bracket, else before the next line indented no deeper than its own. */
function tacticEnd(text: string, at: number): number {
  const open = openBracketAt(text, at);
  if (open >= 0) {
    const close = closingIndex(text, open) - 1;
    const comma = topLevel(text.slice(at, close), /,/y);
    return comma >= 0 ? at + comma : close;
  }
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0].length;
  const lines = /\n([ \t]*)(?=\S)/g;
  lines.lastIndex = at;
  for (let m = lines.exec(text); m; m = lines.exec(text)) if (m[1]!.length <= indent) return m.index;
  return text.length;
}

/**
 * A definition's text with the tactic proofs inside its value replaced by `by …` (a field's proof
 * obligation, a proof term passed to a function): what a definition means does not depend on them.
 * A value that is a tactic block as a whole builds the definition itself and stays.
 */
export function withoutTacticProofs(text: string, valueStart: number): string {
  const value = text.slice(valueStart);
  const whole = /^\s*(?::=\s*)?by(?![\p{L}\p{N}_'])/u.exec(value);
  let out = '';
  let cursor = 0;
  for (const m of value.matchAll(BY)) {
    if (m.index < cursor || (whole && m.index === whole[0].length - 2)) continue;
    const end = tacticEnd(value, m.index);
    if (!value.slice(m.index + 2, end).trim()) continue;
    out += `${value.slice(cursor, m.index)}by …`;
    cursor = end;
  }
  return text.slice(0, valueStart) + out + value.slice(cursor);
}
