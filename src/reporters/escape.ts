/**
 * Escaping shared by the reporters: what a report shows comes from the audited repository (file
 * and declaration names, source text) or from a model (reasons), so each format makes it inert for
 * its medium: no control sequence reaches a terminal, no line break starts a workflow command, no
 * HTML, image or mention survives in Markdown.
 */

/**
 * C0 and C1 controls, DEL, the bidirectional marks and overrides (a name can reorder what a reader
 * sees, as in Trojan Source) and the Unicode line and paragraph separators.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The character as a visible escape: `\n`, `\x1b`, `\u202e`. */
function visible(c: string): string {
  const named = NAMED[c];
  if (named !== undefined) return named;
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text with every control, bidirectional-override and separator character written as a visible
 * escape; with `newlines`, line feeds are kept (a carriage return never is).
 */
export function inert(text: string, options: { newlines?: boolean } = {}): string {
  return text.replace(UNSAFE, (c) => (options.newlines && c === '\n' ? c : visible(c)));
}

/**
 * Text for a terminal or a CI log (standard error, plain-text output): controls escaped as by
 * `inert`, its own line breaks kept, and a line starting with `::` (GitHub's workflow commands,
 * which repository text could otherwise issue) shown with its first colon escaped.
 */
export function logText(text: string): string {
  return inert(text, { newlines: true }).replace(/^(\s*):/gm, '$1\\x3a');
}

/** One record of a log (a file name, a problem) on one line: as `logText`, its line breaks escaped too. */
export function logLine(text: string): string {
  return logText(inert(text));
}

/** Escapes text for HTML element content and attribute values, controls made visible. */
export function escapeHtml(text: string, options: { newlines?: boolean } = {}): string {
  return inert(text, options).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Markdown punctuation that could start markup: emphasis, links, images, HTML, code, tables, headings, strikethrough. */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]<>|!~#&]/g;

/**
 * Text as literal Markdown on one line: punctuation backslash-escaped (no HTML, link or image),
 * mentions and issue references broken by a zero-width space (GitHub links them after rendering,
 * so an escape would not stop them), line breaks as spaces.
 */
export function markdownText(text: string): string {
  return inert(text.replace(/\r\n?|\n|\u2028|\u2029/g, ' '))
    .replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`)
    .replace(/@(?=[\p{L}\p{N}_-])/gu, '@&#8203;')
    .replace(/\\#(?=\d)/g, '\\#&#8203;');
}

/** Text in a Markdown code span on one line that survives backticks and table pipes inside it. */
export function markdownCode(text: string): string {
  const body = inert(text.replace(/\r\n?|\n|\u2028|\u2029/g, ' ')).replace(/\|/g, '\\|');
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 || body.startsWith(' ') || body.endsWith(' ') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** Characters JSON.stringify leaves raw that a terminal or an editor would still act on. */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/g;

/** Indented JSON whose strings hold no raw control or bidirectional character (JSON.stringify escapes only C0). */
export function inertJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Text as literal Markdown on one line, its `code spans` kept as code (a lone backtick is escaped). */
export function markdownInline(text: string): string {
  const parts = text.replace(/\r\n?|\n|\u2028|\u2029/g, ' ').split(/(`[^`]+`)/);
  return parts.map((part, i) => (i % 2 === 1 ? markdownCode(part.slice(1, -1)) : markdownText(part))).join('');
}
