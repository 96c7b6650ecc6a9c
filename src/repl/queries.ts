/** The Lean text leanaudit sends to the REPL, rendered from the templates in `queries/`. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../core/paths.js';
import { formatMessage } from '../core/runner.js';

export type QueryName = 'check-constant' | 'exact-probe' | 'exact-verify' | 'print-axioms' | 'statement-sorry';

const cache = new Map<QueryName, string>();

/** The template text of `queries/<name>.lean`. */
export function queryTemplate(name: QueryName): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(join(packageRoot(), 'queries', `${name}.lean`), 'utf8');
    cache.set(name, text);
  }
  return text;
}

/** Fills a template; throws when a placeholder has no value. Multi-line values keep the placeholder's indentation. */
export function renderQuery(name: QueryName, values: Record<string, string | number>): string {
  const template = queryTemplate(name).replace(/^([ \t]*)\{\{\s*(\w+)\s*\}\}/gm, (whole, indent: string, key: string) =>
    key in values ? indent + String(values[key]).replace(/\n/g, `\n${indent}`) : whole,
  );
  const text = formatMessage(template, values);
  const missing = /\{\{\s*(\w+)\s*\}\}/.exec(text);
  if (missing) throw new Error(`query ${name}: no value for {{${missing[1]}}}`);
  return text.replace(/\n+$/, '');
}

/** One `#print axioms` command per name, in one text. */
export function printAxiomsQuery(names: readonly string[]): string {
  return names.map((name) => renderQuery('print-axioms', { name })).join('\n');
}
