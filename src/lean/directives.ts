/**
 * Reads the inline suppression directives of a project's Lean files (see core/suppressions.ts): line
 * comments `-- leanaudit-disable-next-line <rule>[, <rule>]: reason` and `-- leanaudit-disable
 * <rule>: reason`, found by the lexer, so the words in a string, a block comment or a docstring are
 * no directive.
 */
import { DIRECTIVE_WORD, type Directive, type DirectiveKind, type DirectiveScan } from '../core/suppressions.js';
import type { LeanProject } from '../model/lean.js';
import type { Location } from '../model/location.js';
import { readLeanSource } from './project.js';
import { lex } from './syntax/lexer.js';

/** `-- leanaudit-disable-next-line …` or `-- leanaudit-disable …`: the word and what follows it. */
const DIRECTIVE = /^--\s*(leanaudit-disable-next-line|leanaudit-disable)(?![\w-])(.*)$/s;

const KIND_OF: Record<string, DirectiveKind> = Object.fromEntries(
  Object.entries(DIRECTIVE_WORD).map(([kind, word]) => [word, kind as DirectiveKind]),
);

/** A rule id: `<auditor>/<messageId>`, both kebab-case. */
const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Adds the directives of one file's text to `scan`. */
export function scanDirectives(text: string, file: string, scan: DirectiveScan): void {
  if (!text.includes('leanaudit-disable')) return;
  for (const token of lex(text, file).tokens) {
    if (token.kind !== 'lineComment') continue;
    const match = DIRECTIVE.exec(token.text.trimEnd());
    if (match === null) continue;
    const word = match[1]!;
    const location: Location = { file, line: token.line, column: token.column };
    const rest = match[2]!;
    const colon = rest.indexOf(':');
    const names = (colon < 0 ? rest : rest.slice(0, colon)).split(/[\s,]+/).filter((name) => name !== '');
    const reason = colon < 0 ? '' : rest.slice(colon + 1).trim();
    const malformed = names.filter((name) => !RULE_ID.test(name));
    if (names.length === 0 || malformed.length > 0) {
      const what = names.length === 0 ? 'names no rule' : `has ${malformed.map((name) => `"${name}"`).join(', ')}, not a rule id`;
      scan.invalid.push({ location, message: `\`${word}\` ${what}: write \`-- ${word} <auditor>/<rule>[, …]: reason\`` });
      continue;
    }
    const directive: Directive = { kind: KIND_OF[word]!, rules: names, ...(reason ? { reason } : {}), location };
    scan.directives.set(file, [...(scan.directives.get(file) ?? []), directive]);
  }
}

/** The directives of every Lean file of the project. */
export function projectDirectives(project: LeanProject): DirectiveScan {
  const scan: DirectiveScan = { directives: new Map(), invalid: [] };
  for (const file of project.files) {
    const text = readLeanSource(project, file);
    if (text !== undefined) scanDirectives(text, file.path, scan);
  }
  return scan;
}
