/**
 * Verso documents: after `#doc (Genre) "Title" =>` the rest of a `.lean` file is a document —
 * prose, directives (`:::theorem "label" … :::`) and code blocks — not Lean commands. Its ```lean
 * blocks are Lean, elaborated in the document's module: VersoBlueprint attaches a block labeled
 * ```lean "label" to the blueprint node of that label, and Verso manuals elaborate their examples.
 * `leanBlocksOnly` blanks everything of the document but those blocks' code, so that the lexer and
 * the parser read the blocks' declarations (and their `sorry`s) where they stand, at their own lines
 * and columns, and never the prose.
 */

/** A fenced block of a Verso document: its info word (`lean`, `tex`, …), what follows it, and its code lines [from, to) (0-based). */
export interface VersoFence {
  info: string;
  args: string;
  from: number;
  to: number;
}

/** A line opening a fence: its backticks, the info word and the rest (a CRLF line's `\r` left out). */
const FENCE_OPEN = /^[ \t]*(`{3,})[ \t]*([^\s`"(]*)(.*?)\r?$/;

/** Arguments of a block shown to fail (`(error := true)`, `+error`) or whose declarations are dropped (`(keep := false)`, `-keep`). */
const NOT_KEPT = /\(\s*(?:error\s*:=\s*true|keep\s*:=\s*false)\s*\)|(?:^|\s)(?:\+error|-keep)\b/;

/** Whether a ```lean block is elaborated and kept (see NOT_KEPT). */
export const elaboratedLean = (fence: VersoFence): boolean => fence.info === 'lean' && !NOT_KEPT.test(fence.args);

/**
 * The fenced blocks of the lines of a Verso document, outermost only: a longer fence holds shorter
 * ones as text (Verso's own manual shows ```lean blocks inside ````). An unclosed fence runs to the end.
 */
export function versoFences(lines: readonly string[]): VersoFence[] {
  const fences: VersoFence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]!);
    if (!open) continue;
    const ticks = open[1]!.length;
    const close = new RegExp(`^[ \\t]*\`{${ticks},}[ \\t\\r]*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j]!)) j++;
    fences.push({ info: open[2]!, args: open[3]!, from: i + 1, to: j });
    i = j;
  }
  return fences;
}

/** The text of a line blanked: every code unit but a line break a space, so that offsets, lines and columns stay. */
const blank = (line: string): string => line.replace(/[^\r\n]/g, ' ');

/**
 * The text with the Verso document that starts at offset `docStart` (its `#doc`) blanked but the
 * code of its elaborated ```lean blocks: the same length, the same lines.
 */
export function leanBlocksOnly(text: string, docStart: number): string {
  const lineStart = text.lastIndexOf('\n', docStart - 1) + 1;
  const lines = text.slice(lineStart).split('\n');
  const kept = new Uint8Array(lines.length);
  for (const fence of versoFences(lines)) if (elaboratedLean(fence)) kept.fill(1, fence.from, fence.to);
  return text.slice(0, lineStart) + lines.map((line, k) => (kept[k] ? line : blank(line))).join('\n');
}
