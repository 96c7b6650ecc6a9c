/**
 * Cuts a Lean file into what the REPL elaborates in order: the header (its import commands) and,
 * per declaration, the commands before it, the `open … in` / `set_option … in` prefix it carries, and
 * its own text. Consecutive declarations of one `mutual … end` block form a single step.
 */
import { lex } from '../lean/syntax/lexer.js';
import type { LeanDecl, LeanFile, Token } from '../model/lean.js';

export interface DeclStep {
  decls: LeanDecl[];
  /** Commands between the previous step and this one (namespaces, variables, opens, ...). */
  before: string;
  /** `open … in` / `set_option … in` modifiers that apply to this declaration only. */
  prefix: string;
  /** The declaration(s), with doc comments and attributes, without the prefix. */
  text: string;
}

export interface FilePlan {
  header: string;
  steps: DeclStep[];
}

const CODE_KINDS = new Set(['ident', 'keyword', 'symbol', 'number', 'string', 'char', 'attributeOpen']);
const HEADER_WORDS = new Set(['module', 'prelude', 'import', 'public', 'meta', 'private']);

/** Offset where the header (module / prelude / import commands) ends. */
function headerEnd(tokens: Token[]): number {
  let end = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!CODE_KINDS.has(t.kind)) continue;
    if (!HEADER_WORDS.has(t.text)) break;
    if (t.text === 'import' || t.text === 'prelude' || t.text === 'module') {
      const next = tokens.slice(i + 1).find((n) => CODE_KINDS.has(n.kind));
      end = t.text === 'import' && next ? next.end : t.end;
      if (t.text === 'import') i = tokens.indexOf(next!);
    }
  }
  return end;
}

/** The header's commands without comments or blank lines, so files importing the same modules share one. */
function headerCommands(text: string, tokens: Token[], end: number): string {
  let out = '';
  let cursor = 0;
  for (const t of tokens) {
    if (t.start >= end) break;
    if (CODE_KINDS.has(t.kind)) continue;
    out += text.slice(cursor, t.start);
    cursor = t.end;
  }
  out += text.slice(cursor, end);
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}

/** Splits the text before a declaration into its own commands and a trailing `… in` prefix. */
function splitPrefix(text: string): { before: string; prefix: string } {
  const code = lex(text).tokens.filter((t) => CODE_KINDS.has(t.kind));
  let cut = text.length;
  let i = code.length - 1;
  while (i >= 0 && code[i]!.text === 'in') {
    let k = i - 1;
    while (k >= 0 && code[k]!.text !== 'open' && code[k]!.text !== 'set_option') k--;
    if (k < 0) break;
    cut = code[k]!.start;
    i = k - 1;
  }
  return { before: text.slice(0, cut), prefix: text.slice(cut) };
}

/** The plan of a file whose source is `text`. */
export function planFile(text: string, file: LeanFile): FilePlan {
  const tokens = lex(text, file.path).tokens;
  const start = headerEnd(tokens);
  const decls = [...file.decls].sort((a, b) => a.range.start - b.range.start);
  const steps: DeclStep[] = [];
  let cursor = start;
  for (let i = 0; i < decls.length; i++) {
    const group = [decls[i]!];
    while (decls[i]!.mutual && decls[i + 1]?.mutual) group.push(decls[++i]!);
    let begin = group[0]!.range.start;
    let end = group.at(-1)!.range.end;
    if (group[0]!.mutual) {
      const open = tokens.filter((t) => t.end <= begin && t.start >= cursor && t.text === 'mutual').at(-1);
      const close = tokens.find((t) => t.start >= end && t.kind === 'keyword' && t.text === 'end');
      if (open) begin = open.start;
      if (close) end = close.end;
    }
    const { before, prefix } = splitPrefix(text.slice(cursor, begin));
    steps.push({ decls: group, before, prefix, text: text.slice(begin, end) });
    cursor = end;
  }
  return { header: headerCommands(text, tokens, start), steps };
}
