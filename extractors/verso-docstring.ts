/**
 * Docstrings in Verso's markup (Lean's `doc.verso` option; teorth/analysis, Mathlib's roles) read as
 * the Markdown other docstrings are written in, so that an informal statement shows what it says:
 * `{name}`Foo.bar`` is the code `Foo.bar`, `{deftech}[group]` the text `group`, `$`x^2`` the math
 * `$x^2$`, `\{` a brace. Which docstrings are Verso follows Lean: the lakefile's `leanOptions`, then
 * each `set_option doc.verso true|false` of the file (with `in`, for the next command alone).
 */
import type { Token } from '../src/model/lean.js';

/** Characters a backslash escapes in Verso's inline text. */
const ESCAPABLE = new Set('\\`*_{}[]()#+-.!$<>|~^:"\'');

/** A Verso role's name after its brace: `name`, `syntax`, `Foo.bar`, `given` (sticky: tried where `lastIndex` says). */
const ROLE_NAME = /\{[\p{L}_][\p{L}\p{N}_.'!?-]*/uy;

/** Whether a role's name follows the brace at `at`. */
function roleStarts(text: string, at: number): boolean {
  ROLE_NAME.lastIndex = at;
  return ROLE_NAME.test(text);
}

/** The offset after the run of backticks that starts at `from` (`from` itself when none does). */
function backticks(text: string, from: number): number {
  let end = from;
  while (text[end] === '`') end++;
  return end;
}

/** The offset of the next run of exactly `count` backticks from `from`, or -1. */
function closingRun(text: string, from: number, count: number): number {
  for (let at = text.indexOf('`', from); at >= 0; at = text.indexOf('`', at)) {
    const end = backticks(text, at);
    if (end - at === count) return at;
    at = end;
  }
  return -1;
}

/** The offset after the bracket that closes the one at `open` (`{`/`}` or `[`/`]`), skipping strings and code, or -1. */
function closingBracket(text: string, open: number): number {
  const opener = text[open]!;
  const closer = opener === '{' ? '}' : ']';
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const c = text[at]!;
    if (c === '\\') at++;
    else if (c === '"') {
      const end = text.indexOf('"', at + 1);
      if (end < 0) return -1;
      at = end;
    } else if (c === '`') {
      const end = backticks(text, at);
      const close = closingRun(text, end, end - at);
      if (close < 0) return -1;
      at = close + (end - at) - 1;
    } else if (c === opener) depth++;
    else if (c === closer && --depth === 0) return at + 1;
  }
  return -1;
}

/** Verso inline markup rendered as Markdown (text that is no role, math or escape is kept as written). */
export function versoToMarkdown(text: string): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const c = text[at]!;
    if (c === '\\' && at + 1 < text.length && ESCAPABLE.has(text[at + 1]!)) {
      out += text[at + 1];
      at += 2;
    } else if (c === '`') {
      const end = backticks(text, at);
      const close = closingRun(text, end, end - at);
      const stop = close < 0 ? end : close + (end - at);
      out += text.slice(at, stop);
      at = stop;
    } else if (c === '$' && (text.startsWith('$`', at) || text.startsWith('$$`', at))) {
      const dollars = text.startsWith('$$', at) ? '$$' : '$';
      const open = at + dollars.length;
      const end = backticks(text, open);
      const close = closingRun(text, end, end - open);
      if (close < 0) {
        out += text.slice(at, end);
        at = end;
      } else {
        out += dollars + text.slice(end, close) + dollars;
        at = close + (end - open);
      }
    } else if (c === '{' && roleStarts(text, at)) {
      const role = roleAt(text, at);
      out += role.markdown;
      at = role.end;
    } else {
      out += c;
      at++;
    }
  }
  return out;
}

/** The role `{name args}` at `at` with its code or `[…]` argument as Markdown, or its brace alone kept when it is none. */
function roleAt(text: string, at: number): { markdown: string; end: number } {
  const header = closingBracket(text, at);
  if (header > 0 && text[header] === '`') {
    const end = backticks(text, header);
    const close = closingRun(text, end, end - header);
    if (close >= 0) return { markdown: text.slice(header, close + (end - header)), end: close + (end - header) };
  }
  if (header > 0 && text[header] === '[') {
    const close = closingBracket(text, header);
    if (close > 0) return { markdown: versoToMarkdown(text.slice(header + 1, close - 1)), end: close };
  }
  return { markdown: '{', end: at + 1 };
}

/** A `set_option doc.verso` of a file: from which offset it holds, its value, and whether it is for the next command alone (`… in`). */
interface VersoSetting {
  from: number;
  verso: boolean;
  once: boolean;
}

/**
 * Whether a docstring at an offset of a file is Verso markup, from the file's tokens and the
 * lakefile's setting for it. A `set_option … in` holds for the command right after its `in`; a
 * setting made inside a section is taken to hold to the end of the file.
 */
export function versoDocsAt(tokens: readonly Token[], byDefault: boolean): (offset: number) => boolean {
  const code = tokens.filter((t) => t.kind !== 'lineComment' && t.kind !== 'blockComment');
  const settings: VersoSetting[] = [];
  for (let k = 0; k + 2 < code.length; k++) {
    if (code[k]!.text !== 'set_option' || code[k + 1]!.text !== 'doc.verso') continue;
    const value = code[k + 2]!.text;
    if (value !== 'true' && value !== 'false') continue;
    const once = code[k + 3]?.text === 'in';
    settings.push({ from: once ? (code[k + 4]?.start ?? Infinity) : code[k + 2]!.end, verso: value === 'true', once });
  }
  return (offset) => {
    let verso = byDefault;
    for (const setting of settings) {
      if (setting.from > offset) break;
      if (!setting.once) verso = setting.verso;
      else if (setting.from === offset) return setting.verso;
    }
    return verso;
  };
}
