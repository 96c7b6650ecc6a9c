/**
 * The macros a blueprint defines for itself (`\newcommand`, `\renewcommand`, `\providecommand`,
 * `\DeclareMathOperator`, `\def`), read from the LaTeX source, so that judges reading a statement see
 * `\mathfrak P` where the blueprint writes `\fP`. A small reader of these few forms rather than a
 * LaTeX engine: only the definitions are needed, never their typesetting.
 */
import type { LatexMacro } from '../src/model/entity.js';

const DEFINERS = /\\(?:(re)?newcommand|providecommand|DeclareMathOperator|def)(\*?)/g;

/** The text of the balanced `{…}` group opening at `text[i]`, and the index after it. */
function group(text: string, i: number): { inner: string; end: number } | undefined {
  if (text[i] !== '{') return undefined;
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { inner: text.slice(i + 1, j), end: j + 1 };
  }
  return undefined;
}

const skipSpace = (text: string, i: number): number => {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
};

/** `\name` or `{\name}` at `i`: the name without backslash and the index after it. */
function macroName(text: string, i: number): { name: string; end: number } | undefined {
  const braced = group(text, i);
  const source = braced ? braced.inner.trim() : text.slice(i);
  const m = /^\\([A-Za-z]+|.)/.exec(source);
  if (!m) return undefined;
  return { name: m[1]!, end: braced ? braced.end : i + m[0].length };
}

/** Adds every macro definition of `text` (LaTeX comments ignored) to `into`; a later definition of a name replaces an earlier one. */
export function collectMacros(text: string, into: Map<string, LatexMacro>): void {
  const source = text.replace(/(^|[^\\])%.*$/gm, '$1');
  for (const m of source.matchAll(DEFINERS)) {
    const definer = m[0].replace(/\*$/, '');
    let i = skipSpace(source, m.index + m[0].length);
    const named = macroName(source, i);
    if (!named) continue;
    i = skipSpace(source, named.end);
    let args = 0;
    if (definer === '\\def') {
      if (source[i] !== '{') continue; // a \def with parameter text (#1…) is not one of the simple forms read here
    } else if (definer !== '\\DeclareMathOperator') {
      const count = /^\[(\d)\]/.exec(source.slice(i));
      if (count) {
        args = Number(count[1]);
        i = skipSpace(source, i + count[0].length);
        const optional = /^\[[^\]]*\]/.exec(source.slice(i));
        if (optional) i = skipSpace(source, i + optional[0].length);
      }
    }
    const body = group(source, i);
    if (!body) continue;
    const definition = definer === '\\DeclareMathOperator' ? `\\operatorname{${body.inner.trim()}}` : body.inner.trim();
    if (definer === '\\providecommand' && into.has(named.name)) continue;
    into.set(named.name, { name: named.name, args, definition });
  }
}

/** The macros of `macros` that `texts` use, and those their definitions use in turn, in order of first use. */
export function macrosUsed(texts: string[], macros: ReadonlyMap<string, LatexMacro>): LatexMacro[] {
  const used = new Map<string, LatexMacro>();
  const visit = (text: string, depth: number) => {
    if (depth > 8) return;
    for (const m of text.matchAll(/\\([A-Za-z]+)/g)) {
      const macro = macros.get(m[1]!);
      if (!macro || used.has(macro.name)) continue;
      used.set(macro.name, macro);
      visit(macro.definition, depth + 1);
    }
  };
  for (const text of texts) visit(text, 0);
  return [...used.values()];
}
